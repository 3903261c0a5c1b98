package kind

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
)

func TestUserLogin(t *testing.T) {
	cases := map[string]struct {
		ext, login string
		wantErr    string
	}{
		"NoExternalName":       {login: "Pat"},
		"SameButForCase":       {ext: "pat", login: "Pat"},
		"AnotherUserAnnotated": {ext: "sam", login: "pat", wantErr: `spec.forProvider.user "pat" and the crossplane.io/external-name annotation "sam" name different users`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			mg := teamChild(common.TeamTarget{TeamSlug: ptr.To("platform")})
			if tc.ext != "" {
				meta.SetExternalName(mg, tc.ext)
			}
			got, err := UserLogin(mg, tc.login)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("UserLogin(...): want an error with %q, got %v", tc.wantErr, err)
				}
				return
			}
			if err != nil || got != tc.login {
				t.Fatalf("UserLogin(...) = %q, %v; want %q", got, err, tc.login)
			}
		})
	}
}

func TestUserNotFound(t *testing.T) {
	place := UserPlace{Joins: "members", Missing: "cannot find organization acme", Doing: "cannot invite pat to acme"}
	cases := map[string]struct {
		account *github.Account
		err     error
		want    string
	}{
		"UnknownUser":   {err: notFoundErr(), want: "GitHub knows no user pat: check spec.forProvider.user"},
		"Organization":  {account: &github.Account{Login: "pat", Type: "Organization"}, want: "pat is an organization, not a user: only users can be members"},
		"UserKnown":     {account: &github.Account{Login: "pat", Type: "User"}, want: "cannot find organization acme: 404"},
		"AccountUnread": {err: errors.New("boom"), want: "cannot invite pat to acme: 404"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			api := &fake.MockUsersAPI{MockGetAccount: func(context.Context, string) (*github.Account, error) { return tc.account, tc.err }}
			got := UserNotFound(context.Background(), api, "pat", place, errors.New("404"))
			if got == nil || got.Error() != tc.want {
				t.Errorf("UserNotFound(...) = %v, want %q", got, tc.want)
			}
		})
	}
}
