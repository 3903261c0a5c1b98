package autolinkreference

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

const tmpl = "https://jira.example.com/browse/TICKET-<num>"

func params(prefix, template string, alnum *bool) common.AutolinkReferenceParameters {
	return common.AutolinkReferenceParameters{KeyPrefix: prefix, URLTemplate: template, IsAlphanumeric: alnum}
}

func TestDrift(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      common.AutolinkReferenceParameters
		got    github.Autolink
		want   []string
	}{
		"UpToDate": {
			reason: "an autolink as declared has no drift",
			p:      params("TICKET-", tmpl, ptr.To(false)),
			got:    github.Autolink{ID: 1, KeyPrefix: "TICKET-", URLTemplate: tmpl},
		},
		"AlphanumericByDefault": {
			reason: "isAlphanumeric left unset is GitHub's default, true",
			p:      params("TICKET-", tmpl, nil),
			got:    github.Autolink{KeyPrefix: "TICKET-", URLTemplate: tmpl, IsAlphanumeric: true},
		},
		"NumericIsDriftFromDefault": {
			reason: "a numeric autolink is not what an unset isAlphanumeric declares",
			p:      params("TICKET-", tmpl, nil),
			got:    github.Autolink{KeyPrefix: "TICKET-", URLTemplate: tmpl},
			want:   []string{"isAlphanumeric"},
		},
		"PrefixCase": {
			reason: "a prefix in another case is drift: GitHub keeps the case it was given",
			p:      params("TICKET-", tmpl, ptr.To(true)),
			got:    github.Autolink{KeyPrefix: "ticket-", URLTemplate: tmpl, IsAlphanumeric: true},
			want:   []string{"keyPrefix"},
		},
		"Everything": {
			reason: "every field that differs is named, in the spec's order",
			p:      params("JIRA-", "https://other.example/<num>", ptr.To(true)),
			got:    github.Autolink{KeyPrefix: "TICKET-", URLTemplate: tmpl},
			want:   []string{"keyPrefix", "urlTemplate", "isAlphanumeric"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Drift(&tc.p, &tc.got)); diff != "" {
				t.Errorf("%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestChanges(t *testing.T) {
	cases := map[string]struct {
		p    common.AutolinkReferenceParameters
		got  github.Autolink
		want string
	}{
		"None": {
			p: params("A-", tmpl, ptr.To(true)), got: github.Autolink{KeyPrefix: "A-", URLTemplate: tmpl, IsAlphanumeric: true},
		},
		"Template": {
			p: params("A-", "https://b.example/<num>", ptr.To(true)), got: github.Autolink{KeyPrefix: "A-", URLTemplate: "https://a.example/<num>", IsAlphanumeric: true},
			want: `urlTemplate "https://a.example/<num>" → "https://b.example/<num>"`,
		},
		"PrefixAndAlphanumeric": {
			p: params("B-", tmpl, nil), got: github.Autolink{KeyPrefix: "A-", URLTemplate: tmpl},
			want: `keyPrefix "A-" → "B-", isAlphanumeric false → true`,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := Changes(&tc.p, &tc.got); got != tc.want {
				t.Errorf("Changes(...) = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestOverlapping(t *testing.T) {
	list := []github.Autolink{{ID: 1, KeyPrefix: "TICKET-"}, {ID: 2, KeyPrefix: "JIRA:"}}
	cases := map[string]struct {
		prefix string
		except int64
		want   int64 // 0: none
	}{
		"Same":               {prefix: "TICKET-", want: 1},
		"SameOtherCase":      {prefix: "jira:", want: 2},
		"PrefixOfExisting":   {prefix: "TICK", want: 1},
		"ExistingIsPrefix":   {prefix: "TICKET-X", want: 1},
		"Unrelated":          {prefix: "BUG-"},
		"SharesAStartOnly":   {prefix: "TICKETS"},
		"TheReplacedOneAway": {prefix: "TICKET-", except: 1},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var got int64
			if a := Overlapping(list, tc.prefix, tc.except); a != nil {
				got = a.ID
			}
			if got != tc.want {
				t.Errorf("Overlapping(%q, except %d) = autolink %d, want %d", tc.prefix, tc.except, got, tc.want)
			}
		})
	}
}

func TestFindByPrefix(t *testing.T) {
	list := []github.Autolink{{ID: 1, KeyPrefix: "TICKET-"}, {ID: 2, KeyPrefix: "JIRA:"}}
	if got := FindByPrefix(list, "jira:"); got == nil || got.ID != 2 {
		t.Errorf("FindByPrefix(jira:) = %+v, want autolink 2: GitHub compares prefixes without regard to case", got)
	}
	if got := FindByPrefix(list, "TICK"); got != nil {
		t.Errorf("FindByPrefix(TICK) = %+v, want none: an overlap is not the same prefix", got)
	}
}

func TestRequestObservationRoundTrip(t *testing.T) {
	updated := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for name, p := range map[string]common.AutolinkReferenceParameters{
		"Default": params("TICKET-", tmpl, nil),
		"Numeric": params("TICKET-", tmpl, ptr.To(false)),
	} {
		t.Run(name, func(t *testing.T) {
			r := Request(&p)
			got := github.Autolink{ID: 7, KeyPrefix: r.KeyPrefix, URLTemplate: r.URLTemplate, IsAlphanumeric: ptr.Deref(r.IsAlphanumeric, true), UpdatedAt: &updated}
			if d := Drift(&p, &got); d != nil {
				t.Errorf("an autolink made from Request(p) drifts from p in %v", d)
			}
			want := common.AutolinkReferenceObservation{
				Repository: ptr.To("o/r"), ID: ptr.To[int64](7), KeyPrefix: ptr.To("TICKET-"), URLTemplate: ptr.To(tmpl),
				IsAlphanumeric: ptr.To(ptr.Deref(p.IsAlphanumeric, true)), UpdatedAt: ptr.To(metav1.NewTime(updated)),
			}
			if diff := cmp.Diff(want, Observation("o/r", &got)); diff != "" {
				t.Errorf("Observation(...): -want, +got:\n%s", diff)
			}
		})
	}
}

// The imported spec of an autolink is GitHub's, with nothing to change.
func TestImported(t *testing.T) {
	for name, got := range map[string]github.Autolink{
		"Alphanumeric": {ID: 1, KeyPrefix: "TICKET-", URLTemplate: tmpl, IsAlphanumeric: true},
		"Numeric":      {ID: 2, KeyPrefix: "JIRA:", URLTemplate: "http://jira/<num>"},
	} {
		t.Run(name, func(t *testing.T) {
			p := Imported(&got)
			if d := Drift(&p, &got); d != nil {
				t.Errorf("the imported spec %+v drifts from GitHub's autolink in %v", p, d)
			}
		})
	}
}
