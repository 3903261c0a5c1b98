package autolinkreference

import (
	"context"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/google/go-cmp/cmp"

	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

// ours is the autolink the default spec declares, of id 7.
var ours = github.Autolink{ID: 7, KeyPrefix: prefix, URLTemplate: tmpl, IsAlphanumeric: true}

// withOtherTemplate is ours with another URL template.
func withOtherTemplate(a github.Autolink) github.Autolink {
	a.URLTemplate = "https://old.example/<num>"
	return a
}

func TestObserve(t *testing.T) {
	type want struct {
		o         managed.ExternalObservation
		err       bool
		ext       string
		replacing bool // AnnotationReplacing is still set
		events    []event.Reason
	}
	cases := map[string]struct {
		reason string
		has    []github.Autolink
		mg     []mod
		want   want
	}{
		"UpToDate": {
			reason: "GitHub's autolink is as declared.",
			has:    []github.Autolink{ours}, mg: []mod{withExternalName("7")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: "7"},
		},
		"Changed": {
			reason: "An autolink that differs from the spec is to be replaced.",
			has:    []github.Autolink{withOtherTemplate(ours)}, mg: []mod{withExternalName("7")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "urlTemplate"}, ext: "7"},
		},
		"Gone": {
			reason: "An autolink GitHub no longer has does not exist, and an event says so.",
			mg:     []mod{withExternalName("7")},
			want:   want{ext: "7", events: []event.Reason{kind.ReasonMissing}},
		},
		"SomeoneElses": {
			reason: "An autolink of the prefix this resource did not create is never taken over.",
			has:    []github.Autolink{ours},
		},
		"Recovered": {
			reason: "A lost create's exact result is recovered by its prefix and content: GitHub keeps no creation time of an autolink.",
			has:    []github.Autolink{ours}, mg: []mod{withLostCreate()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: "7",
				events: []event.Reason{kind.ReasonRecovered}},
		},
		"LookAlikeAfterALostCreate": {
			reason: "An autolink of the prefix that differs from what the lost create sent is someone else's.",
			has:    []github.Autolink{withOtherTemplate(ours)}, mg: []mod{withLostCreate()},
		},
		"DeletingSomeoneElses": {
			reason: "Someone else's autolink is not ours to delete.",
			has:    []github.Autolink{ours}, mg: []mod{deleting()},
		},
		"ReplaceBeforeTheDelete": {
			reason: "In a replace, the old autolink is the resource's until it is deleted: it differs, so Update goes on with the replace.",
			has:    []github.Autolink{withOtherTemplate(ours)}, mg: []mod{withReplacing("7: urlTemplate changed")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "urlTemplate"}, replacing: true},
		},
		"ReplaceTakenBack": {
			reason: "A spec that went back to the old autolink before it was deleted takes it back, and the record of the replace goes.",
			has:    []github.Autolink{ours}, mg: []mod{withReplacing("7: urlTemplate changed")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: "7"},
		},
		"ReplaceAfterTheDelete": {
			reason: "Once the old autolink is deleted, the resource has none: it is created, with no warning that it went missing.",
			mg:     []mod{withReplacing("7: urlTemplate changed")},
			want:   want{replacing: true},
		},
		"ReplaceCreateLost": {
			reason: "The new autolink of a replace whose create's answer was lost is recovered, and the replace is over.",
			has:    []github.Autolink{{ID: 12, KeyPrefix: prefix, URLTemplate: tmpl, IsAlphanumeric: true}},
			mg:     []mod{withReplacing("7: urlTemplate changed"), withLostCreate()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: "12",
				events: []event.Reason{kind.ReasonRecovered, ReasonReplaced}},
		},
		"ReplaceSettled": {
			reason: "A record of a replace beside an external name is settled: it goes, and the resource is saved.",
			has:    []github.Autolink{ours}, mg: []mod{withExternalName("7"), withReplacing("3: urlTemplate changed")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: "7"},
		},
		"DeletingMidReplace": {
			reason: "A resource deleted in the middle of a replace deletes the old autolink while GitHub has it.",
			has:    []github.Autolink{withOtherTemplate(ours)}, mg: []mod{withReplacing("7: urlTemplate changed"), deleting()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, replacing: true},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := newGH(tc.has...)
				rec := &kindtest.Recorder{}
				mg := s.object(tc.mg...)
				got, err := s.external(g.api(), rec, (&kube{}).client()).Observe(context.Background(), mg)
				if (err != nil) != tc.want.err {
					t.Errorf("\n%s\nObserve(...): error %v, want an error: %t", tc.reason, err, tc.want.err)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if e := meta.GetExternalName(mg); e != tc.want.ext {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, e, tc.want.ext)
				}
				if _, r := mg.GetAnnotations()[AnnotationReplacing]; r != tc.want.replacing {
					t.Errorf("\n%s\nrecord of a replace: %t, want %t", tc.reason, r, tc.want.replacing)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// A changed field replaces the autolink: Update records the replace on
// the resource before it deletes the old one, Create makes the new one,
// names it, and says what it replaced.
func TestReplace(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		ctx := context.Background()
		g := newGH(withOtherTemplate(ours), github.Autolink{ID: 8, KeyPrefix: "OTHER-", URLTemplate: tmpl})
		k := &kube{}
		rec := &kindtest.Recorder{}
		mg := s.object(withExternalName("7"))
		e := s.external(g.api(), rec, k.client())
		if o, err := e.Observe(ctx, mg); err != nil || o.ResourceUpToDate {
			t.Fatalf("Observe(...) = %+v, %v: want drift", o, err)
		}
		if _, err := e.Update(ctx, mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		if len(k.saved) != 1 || k.saved[0][meta.AnnotationKeyExternalName] != "" || !strings.HasPrefix(k.saved[0][AnnotationReplacing], "7: urlTemplate") {
			t.Fatalf("saved before the delete: %v, want no external name and the record of replacing autolink 7", k.saved)
		}
		if _, ok := g.has[7]; ok {
			t.Fatalf("autolink 7 is still there after Update")
		}
		// The next reconcile: nothing of the resource's exists, so it is created.
		e = s.external(g.api(), rec, k.client())
		if o, err := e.Observe(ctx, mg); err != nil || o.ResourceExists {
			t.Fatalf("Observe(...) after the delete = %+v, %v: want nothing", o, err)
		}
		if _, err := e.Create(ctx, mg); err != nil {
			t.Fatalf("Create(...): %v", err)
		}
		if got := meta.GetExternalName(mg); got != "10" {
			t.Errorf("external name %q, want the new autolink's id 10", got)
		}
		if _, r := mg.GetAnnotations()[AnnotationReplacing]; r {
			t.Errorf("the record of the replace is still there after the create")
		}
		if len(g.has) != 2 || g.has[10].URLTemplate != tmpl || g.has[8].KeyPrefix != "OTHER-" {
			t.Errorf("GitHub has %+v, want the new autolink 10 and the other 8", g.has)
		}
		if diff := cmp.Diff([]event.Reason{ReasonReplaced, ReasonReplaced}, rec.Reasons()); diff != "" {
			t.Fatalf("events: -want, +got:\n%s", diff)
		}
		last := rec.Events[1].Message
		for _, want := range []string{"autolink 7", "autolink 10", `urlTemplate "https://old.example/<num>" → "` + tmpl + `"`} {
			if !strings.Contains(last, want) {
				t.Errorf("event %q does not say %s", last, want)
			}
		}
	})
}

func TestUpdateRefusals(t *testing.T) {
	cases := map[string]struct {
		reason string
		mg     []mod
		kube   error
		want   string // a part of the error
	}{
		"PrefixOverlaps": {
			reason: "a new key prefix another autolink's overlaps is refused before anything is deleted",
			mg:     []mod{withExternalName("7"), withPrefix("OTHER-X")},
			want:   `overlaps that of autolink 8 (key prefix "OTHER-")`,
		},
		"RecordFails": {
			reason: "nothing is deleted when the record of the replace cannot be saved",
			mg:     []mod{withExternalName("7"), withTemplate("https://new.example/<num>")},
			kube:   errors.New("conflict"),
			want:   "cannot record on the resource that autolink 7 of demo-org/app is being replaced, before deleting it (nothing was deleted): conflict",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				ctx := context.Background()
				g := newGH(ours, github.Autolink{ID: 8, KeyPrefix: "OTHER-", URLTemplate: tmpl})
				mg := s.object(tc.mg...)
				e := s.external(g.api(), &kindtest.Recorder{}, (&kube{failure: tc.kube}).client())
				if _, err := e.Observe(ctx, mg); err != nil {
					t.Fatalf("Observe(...): %v", err)
				}
				_, err := e.Update(ctx, mg)
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("\n%s\nUpdate(...) = %v, want an error saying %q", tc.reason, err, tc.want)
				}
				if _, ok := g.has[7]; !ok {
					t.Errorf("\n%s\nautolink 7 was deleted", tc.reason)
				}
			})
		})
	}
}

func TestCreatePrefixInUse(t *testing.T) {
	cases := map[string]struct {
		reason string
		has    github.Autolink
		want   string
	}{
		"SamePrefix": {
			reason: "an autolink of the same prefix is someone else's: the error says how to adopt it",
			has:    github.Autolink{ID: 5, KeyPrefix: "ticket-", URLTemplate: tmpl},
			want:   `autolink 5 (key prefix "ticket-") of demo-org/app already exists and this AutolinkReference did not create it: to manage it, set the annotation crossplane.io/external-name: "5"`,
		},
		"Overlapping": {
			reason: "an autolink whose prefix overlaps is named, with GitHub's rule",
			has:    github.Autolink{ID: 5, KeyPrefix: "TICK", URLTemplate: tmpl},
			want:   `it overlaps the key prefix of autolink 5 (key prefix "TICK") of demo-org/app (GitHub allows no key prefix that starts with another's`,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := newGH(tc.has)
				mg := s.object()
				_, err := s.external(g.api(), &kindtest.Recorder{}, (&kube{}).client()).Create(context.Background(), mg)
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("\n%s\nCreate(...) = %v, want an error saying %q", tc.reason, err, tc.want)
				}
				if meta.GetExternalName(mg) != "" {
					t.Errorf("\n%s\nexternal name %q after a refused create", tc.reason, meta.GetExternalName(mg))
				}
			})
		})
	}
}

// Delete deletes the autolink; one already gone counts as deleted.
func TestDelete(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		ctx := context.Background()
		g := newGH(ours)
		mg := s.object(withExternalName("7"), deleting())
		e := s.external(g.api(), &kindtest.Recorder{}, (&kube{}).client())
		if o, err := e.Observe(ctx, mg); err != nil || !o.ResourceExists {
			t.Fatalf("Observe(...) = %+v, %v", o, err)
		}
		if _, err := e.Delete(ctx, mg); err != nil || len(g.has) != 0 {
			t.Fatalf("Delete(...): %v; GitHub has %+v", err, g.has)
		}
		if _, err := e.Delete(ctx, mg); err != nil {
			t.Errorf("Delete(...) of an autolink already gone: %v", err)
		}
	})
}

// A delete of the old autolink that fails leaves the record of the replace
// in place: the next reconcile finds the old autolink by it, and goes on.
func TestReplaceDeleteFails(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		ctx := context.Background()
		g := newGH(withOtherTemplate(ours))
		api := g.api()
		api.MockDeleteAutolink = func(context.Context, string, string, int64) error { return errors.New("boom") }
		k := &kube{}
		mg := s.object(withExternalName("7"))
		e := s.external(api, &kindtest.Recorder{}, k.client())
		if _, err := e.Observe(ctx, mg); err != nil {
			t.Fatalf("Observe(...): %v", err)
		}
		_, err := e.Update(ctx, mg)
		want := `cannot delete autolink 7 (key prefix "TICKET-") of demo-org/app to replace it (urlTemplate "https://old.example/<num>" → "` + tmpl + `"): GitHub cannot update an autolink: boom`
		if err == nil || err.Error() != want {
			t.Fatalf("Update(...) = %v, want %s", err, want)
		}
		if r, ok := replaceOf(mg); !ok || r.old != 7 || meta.GetExternalName(mg) != "" {
			t.Fatalf("the record of the replace: %+v (%t), external name %q", r, ok, meta.GetExternalName(mg))
		}
		// The next reconcile: the old autolink is still the resource's, to replace.
		e = s.external(g.api(), &kindtest.Recorder{}, k.client())
		if o, err := e.Observe(ctx, mg); err != nil || !o.ResourceExists || o.ResourceUpToDate {
			t.Fatalf("Observe(...) = %+v, %v: want the old autolink, to replace", o, err)
		}
		if _, err := e.Update(ctx, mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		if len(k.saved) != 1 || len(g.has) != 0 {
			t.Errorf("saved %d times (want once: the record was there), GitHub has %+v (want nothing before the create)", len(k.saved), g.has)
		}
	})
}
