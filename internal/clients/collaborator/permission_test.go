package collaborator

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestPermission(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      v1alpha1.CollaboratorParameters
		want   string
	}{
		"Unset":  {reason: "An unset permission is GitHub's default, push.", want: "push"},
		"Set":    {reason: "A set permission is used as written.", p: v1alpha1.CollaboratorParameters{Permission: ptr.To("maintain")}, want: "maintain"},
		"Custom": {reason: "A custom role's name is used as written.", p: v1alpha1.CollaboratorParameters{Permission: ptr.To("Deployer")}, want: "Deployer"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Permission(&tc.p)); diff != "" {
				t.Errorf("\n%s\nPermission(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestRole(t *testing.T) {
	cases := map[string]struct {
		word string
		want string
	}{
		"Pull":        {word: "pull", want: "read"},
		"Read":        {word: "read", want: "read"},
		"Triage":      {word: "triage", want: "triage"},
		"Push":        {word: "push", want: "write"},
		"Write":       {word: "write", want: "write"},
		"Maintain":    {word: "maintain", want: "maintain"},
		"Admin":       {word: "admin", want: "admin"},
		"UpperCase":   {word: "ADMIN", want: "admin"},
		"None":        {word: "none", want: ""},
		"Empty":       {word: "", want: ""},
		"Custom":      {word: "Security Engineer", want: "security engineer"},
		"CustomLower": {word: "deployer", want: "deployer"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Role(tc.word)); diff != "" {
				t.Errorf("Role(%q): -want, +got:\n%s", tc.word, diff)
			}
		})
	}
}

func TestReportedRole(t *testing.T) {
	cases := map[string]struct {
		reason string
		answer github.CollaboratorPermission
		want   Reported
	}{
		"RoleName":  {reason: "role_name is the precise role.", answer: github.CollaboratorPermission{Permission: "write", RoleName: "maintain"}, want: Reported{Role: "maintain"}},
		"Custom":    {reason: "A custom role's name is kept, in lower case.", answer: github.CollaboratorPermission{Permission: "write", RoleName: "Deployer"}, want: Reported{Role: "deployer"}},
		"None":      {reason: "role none is no role.", answer: github.CollaboratorPermission{Permission: "none", RoleName: "none"}, want: Reported{}},
		"OldServer": {reason: "Without role_name the coarse permission is all there is.", answer: github.CollaboratorPermission{Permission: "write"}, want: Reported{Role: "write", Coarse: true}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, ReportedRole(&tc.answer)); diff != "" {
				t.Errorf("\n%s\nReportedRole(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestMatches(t *testing.T) {
	cases := map[string]struct {
		reason     string
		permission string
		reported   Reported
		want       bool
	}{
		"PushIsWrite":        {reason: "GitHub grants push and reports write.", permission: "push", reported: Reported{Role: "write"}, want: true},
		"PullIsRead":         {reason: "GitHub grants pull and reports read.", permission: "pull", reported: Reported{Role: "read"}, want: true},
		"Same":               {reason: "triage is triage.", permission: "triage", reported: Reported{Role: "triage"}, want: true},
		"Different":          {reason: "maintain is not write.", permission: "maintain", reported: Reported{Role: "write"}},
		"Higher":             {reason: "admin is not pull.", permission: "pull", reported: Reported{Role: "admin"}},
		"None":               {reason: "No role matches nothing.", permission: "pull", reported: Reported{}},
		"CustomCase":         {reason: "Custom role names match without regard to case.", permission: "Deployer", reported: Reported{Role: "deployer"}, want: true},
		"CustomOther":        {reason: "Another custom role does not match.", permission: "deployer", reported: Reported{Role: "auditor"}},
		"CustomVsBase":       {reason: "A custom role's base role is not the custom role.", permission: "deployer", reported: Reported{Role: "write"}},
		"CoarseMaintain":     {reason: "Against a coarse answer maintain is write.", permission: "maintain", reported: Reported{Role: "write", Coarse: true}, want: true},
		"CoarseTriage":       {reason: "Against a coarse answer triage is read.", permission: "triage", reported: Reported{Role: "read", Coarse: true}, want: true},
		"CoarseDifferent":    {reason: "Against a coarse answer push is not read.", permission: "push", reported: Reported{Role: "read", Coarse: true}},
		"CoarseCustom":       {reason: "A custom role cannot be told apart in a coarse answer: any access matches.", permission: "deployer", reported: Reported{Role: "write", Coarse: true}, want: true},
		"CoarseCustomNoRole": {reason: "No access never matches.", permission: "deployer", reported: Reported{Coarse: true}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Matches(tc.permission, tc.reported)); diff != "" {
				t.Errorf("\n%s\nMatches(%q, %+v): -want, +got:\n%s", tc.reason, tc.permission, tc.reported, diff)
			}
		})
	}
}

func TestUpToDate(t *testing.T) {
	kept := &v1alpha1.KeptPermission{Granted: "pull", Reported: "admin"}
	type want struct {
		upToDate bool
		kept     *v1alpha1.KeptPermission
	}
	cases := map[string]struct {
		reason     string
		permission string
		reported   Reported
		kept       *v1alpha1.KeptPermission
		want       want
	}{
		"Matches": {
			reason:     "A matching role is up to date, and a record of a kept role is dropped.",
			permission: "pull", reported: Reported{Role: "read"}, kept: kept,
			want: want{upToDate: true},
		},
		"KeptRoleStillReported": {
			reason:     "An owner's admin role that GitHub kept after granting pull is up to date, and stays recorded.",
			permission: "pull", reported: Reported{Role: "admin"}, kept: kept,
			want: want{upToDate: true, kept: kept},
		},
		"KeptForAnotherPermission": {
			reason:     "A record made for another permission does not hold once the spec asks for a new one.",
			permission: "triage", reported: Reported{Role: "admin"}, kept: kept,
		},
		"KeptRoleChanged": {
			reason:     "When GitHub reports another role than the one it kept, the permission is granted again.",
			permission: "pull", reported: Reported{Role: "maintain"}, kept: kept,
		},
		"NoRecord": {
			reason:     "A higher role without a record is not up to date: it may be drift.",
			permission: "pull", reported: Reported{Role: "admin"},
		},
		"NoAccess": {
			reason:     "No role is never up to date, whatever was kept.",
			permission: "pull", reported: Reported{}, kept: &v1alpha1.KeptPermission{Granted: "pull"},
		},
		"KeptGrantedInOtherWords": {
			reason:     "The record compares permissions as GitHub does.",
			permission: "Deployer", reported: Reported{Role: "admin"}, kept: &v1alpha1.KeptPermission{Granted: "deployer", Reported: "admin"},
			want: want{upToDate: true, kept: &v1alpha1.KeptPermission{Granted: "deployer", Reported: "admin"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			up, k := UpToDate(tc.permission, tc.reported, tc.kept)
			if diff := cmp.Diff(tc.want, want{upToDate: up, kept: k}, cmp.AllowUnexported(want{})); diff != "" {
				t.Errorf("\n%s\nUpToDate(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestKept(t *testing.T) {
	cases := map[string]struct {
		reason     string
		permission string
		reported   Reported
		want       *v1alpha1.KeptPermission
	}{
		"Granted":   {reason: "GitHub reports the granted role: nothing kept.", permission: "push", reported: Reported{Role: "write"}},
		"OwnerKept": {reason: "GitHub reports admin after granting pull: admin was kept.", permission: "pull", reported: Reported{Role: "admin"}, want: &v1alpha1.KeptPermission{Granted: "pull", Reported: "admin"}},
		"NoRole":    {reason: "No role is nothing kept.", permission: "pull", reported: Reported{}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Kept(tc.permission, tc.reported)); diff != "" {
				t.Errorf("\n%s\nKept(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestMaybeInherited(t *testing.T) {
	cases := map[string]struct {
		reported Reported
		want     bool
	}{
		"Read":   {reported: Reported{Role: "read"}, want: true},
		"Triage": {reported: Reported{Role: "triage"}},
		"Admin":  {reported: Reported{Role: "admin"}},
		"None":   {reported: Reported{}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := MaybeInherited(tc.reported); got != tc.want {
				t.Errorf("MaybeInherited(%+v) = %t, want %t", tc.reported, got, tc.want)
			}
		})
	}
}
