package issuelabels

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// A scope is one of the IssueLabels kinds.
type scope struct {
	name     string
	object   func(m ...mod) Object
	external func(api github.IssueLabelsAPI, rec event.Recorder, shared error) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

var repo = kind.Repository{Owner: "demo-org", Name: "app"}

// full is the external name of an IssueLabels of repo.
var full = repo.FullName()

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		object: func(m ...mod) Object {
			o := newT("ns", "x")
			o.Parameters().Mode = common.IssueLabelsAuthoritative
			o.Parameters().Labels = []common.IssueLabelsLabel{{Name: "bug", Color: "d73a4a", Description: ptr.To("Broken")}}
			for _, f := range m {
				f(o)
			}
			return o
		},
		external: func(api github.IssueLabelsAPI, rec event.Recorder, shared error) kindtest.Client[Object] {
			return kindtest.Typed[Object, T]{E: &external[T]{api: api, repo: repo, record: rec,
				shared: func(context.Context, T) error { return shared }}}
		},
	}
}

var scopes = twins.EachIssueLabels(scopeOf, scopeOf)

type mod func(Object)

func withExternalName(n string) mod { return func(o Object) { meta.SetExternalName(o, n) } }
func additive() mod                 { return func(o Object) { o.Parameters().Mode = common.IssueLabelsAdditive } }
func declaring(l ...common.IssueLabelsLabel) mod {
	return func(o Object) { o.Parameters().Labels = l }
}
func deleting() mod { return func(o Object) { now := metav1.Now(); o.SetDeletionTimestamp(&now) } }

// gh is a fake GitHub: the labels of repo, or no repository at all.
type gh struct {
	has     []github.IssueLabel // nil with missing: GitHub has no such repository
	missing bool
	err     error // when set, GitHub answers every request with it
	calls   []string
}

func (g *gh) answer(call string) error {
	g.calls = append(g.calls, call)
	switch {
	case g.err != nil:
		return g.err
	case g.missing:
		return kindtest.GitHubErr(http.MethodGet, "/repos/demo-org/app/labels", http.StatusNotFound, "Not Found")
	}
	return nil
}

func (g *gh) find(name string) int {
	for i := range g.has {
		if strings.EqualFold(g.has[i].Name, name) {
			return i
		}
	}
	return -1
}

func (g *gh) api() *fake.MockIssueLabelsAPI {
	return &fake.MockIssueLabelsAPI{
		MockListIssueLabels: func(context.Context, string, string) ([]github.IssueLabel, error) {
			if err := g.answer("list"); err != nil {
				return nil, err
			}
			return append([]github.IssueLabel(nil), g.has...), nil
		},
		MockCreateIssueLabel: func(_ context.Context, _, _ string, r *github.IssueLabelRequest) (*github.IssueLabel, error) {
			if err := g.answer("create " + r.Name); err != nil {
				return nil, err
			}
			l := github.IssueLabel{Name: r.Name, Color: strings.ToLower(ptr.Deref(r.Color, "ededed")), Description: r.Description}
			g.has = append(g.has, l)
			return &l, nil
		},
		MockUpdateIssueLabel: func(_ context.Context, _, _, name string, r *github.IssueLabelRequest) (*github.IssueLabel, error) {
			if err := g.answer("update " + name); err != nil {
				return nil, err
			}
			i := g.find(name)
			if r.NewName != "" {
				g.has[i].Name = r.NewName
			}
			if r.Color != nil {
				g.has[i].Color = strings.ToLower(*r.Color)
			}
			if r.Description != nil {
				g.has[i].Description = r.Description
			}
			return &g.has[i], nil
		},
		MockDeleteIssueLabel: func(_ context.Context, _, _, name string) error {
			if err := g.answer("delete " + name); err != nil {
				return err
			}
			i := g.find(name)
			g.has = append(g.has[:i], g.has[i+1:]...)
			return nil
		},
	}
}

func ghLabel(name, color, description string) github.IssueLabel {
	return github.IssueLabel{Name: name, Color: color, Description: ptr.To(description)}
}

// defaults are two of the labels GitHub gives a new repository.
func defaults() []github.IssueLabel {
	return []github.IssueLabel{ghLabel("bug", "d73a4a", "Something isn't working"), ghLabel("wontfix", "ffffff", "This will not be worked on")}
}

// asDeclared is GitHub holding just the label the test object declares.
func asDeclared() []github.IssueLabel { return []github.IssueLabel{ghLabel("bug", "d73a4a", "Broken")} }

func TestObserve(t *testing.T) {
	type want struct {
		o      managed.ExternalObservation
		err    string // a part of the error; none when ""
		ext    string
		labels int // how many labels status.atProvider lists
		calls  []string
		events []event.Reason
	}
	cases := map[string]struct {
		reason string
		gh     gh
		shared error
		mg     []mod
		want   want
	}{
		"NotWrittenYet": {
			reason: "The labels are not the resource's until it has written them: it does not exist yet, and GitHub's are shown.",
			gh:     gh{has: defaults()},
			want:   want{labels: 2, calls: []string{"list"}},
		},
		"UpToDate": {
			reason: "Written labels as declared exist and are up to date.",
			gh:     gh{has: asDeclared()}, mg: []mod{withExternalName(full)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: full, labels: 1, calls: []string{"list"}},
		},
		"LabelAddedOnGitHub": {
			reason: "A label someone added on GitHub is to be deleted by an authoritative set.",
			gh:     gh{has: append(asDeclared(), ghLabel("extra", "000000", ""))}, mg: []mod{withExternalName(full)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "delete extra"}, ext: full, labels: 2, calls: []string{"list"}},
		},
		"LabelAddedOnGitHubAdditive": {
			reason: "An additive set leaves a label someone added alone.",
			gh:     gh{has: append(asDeclared(), ghLabel("extra", "000000", ""))}, mg: []mod{withExternalName(full), additive()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: full, labels: 2, calls: []string{"list"}},
		},
		"LabelChangedOnGitHub": {
			reason: "A declared label changed on GitHub is put back.",
			gh:     gh{has: []github.IssueLabel{ghLabel("bug", "000000", "Broken")}}, mg: []mod{withExternalName(full)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "update bug (color)"}, ext: full, labels: 1, calls: []string{"list"}},
		},
		"LabelRemovedOnGitHub": {
			reason: "A declared label deleted on GitHub is created again.",
			gh:     gh{has: []github.IssueLabel{}}, mg: []mod{withExternalName(full)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "create bug"}, ext: full, calls: []string{"list"}},
		},
		"RenamedRepository": {
			reason: "The external name follows the repository under its new name, and is saved at once.",
			gh:     gh{has: asDeclared()}, mg: []mod{withExternalName("demo-org/before")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: full, labels: 1, calls: []string{"list"}},
		},
		"NoSuchRepository": {
			reason: "GitHub's 404 means the repository is missing, which the error says.",
			gh:     gh{missing: true}, mg: []mod{withExternalName(full)},
			want: want{err: "cannot read the labels of repository " + full + ": cannot find the repository", ext: full, calls: []string{"list"}},
		},
		"Failed": {
			reason: "Any other error is returned, saying what failed.",
			gh:     gh{err: kindtest.GitHubErr(http.MethodGet, "/repos/demo-org/app/labels", http.StatusBadGateway, "Bad Gateway")},
			want:   want{err: "cannot read the labels of repository " + full, calls: []string{"list"}},
		},
		"Shared": {
			reason: "One that must not share the repository reads nothing, and says why.",
			gh:     gh{has: defaults()}, shared: errors.New("the labels of repository demo-org/app are already declared by IssueLabels other"),
			mg:   []mod{withExternalName(full)},
			want: want{err: "already declared by IssueLabels other", ext: full},
		},
		"DeclaredTwice": {
			reason: "A label declared twice, to GitHub's folding of case, is refused before anything is read.",
			gh:     gh{has: defaults()},
			mg:     []mod{declaring(common.IssueLabelsLabel{Name: "Ärger", Color: "000000"}, common.IssueLabelsLabel{Name: "ärger", Color: "000000"})},
			want:   want{err: `declares "Ärger" and "ärger"`},
		},
		"Deleting": {
			reason: "A resource being deleted leaves the labels as they are, says so, and reads nothing.",
			gh:     gh{has: defaults()}, mg: []mod{withExternalName(full), deleting()},
			want: want{ext: full, events: []event.Reason{ReasonLeftAsIs}},
		},
		"DeletingUnwritten": {
			reason: "A resource deleted before it wrote anything has nothing to say.",
			gh:     gh{has: defaults()}, mg: []mod{deleting()},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := tc.gh
				g.has = append([]github.IssueLabel(nil), tc.gh.has...)
				rec := &kindtest.Recorder{}
				mg := s.object(tc.mg...)
				got, err := s.external(g.api(), rec, tc.shared).Observe(context.Background(), mg)
				switch {
				case tc.want.err == "" && err != nil:
					t.Errorf("\n%s\nObserve(...): %v, want no error", tc.reason, err)
				case tc.want.err != "" && (err == nil || !strings.Contains(err.Error(), tc.want.err)):
					t.Errorf("\n%s\nObserve(...): error %v, want one holding %q", tc.reason, err, tc.want.err)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if e := meta.GetExternalName(mg); e != tc.want.ext {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, e, tc.want.ext)
				}
				if n := len(mg.Observation().Labels); n != tc.want.labels {
					t.Errorf("\n%s\nstatus.atProvider.labels: %d, want %d", tc.reason, n, tc.want.labels)
				}
				if diff := cmp.Diff(tc.want.calls, g.calls); diff != "" {
					t.Errorf("\n%s\nrequests: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// Create makes the labels the declared ones — the undeclared deleted,
// with an event naming them — and names the repository; an update writes
// only what differs, renaming a label whose name changed in case; a
// delete leaves the labels as they are.
func TestCreateUpdateDelete(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{has: defaults()}
		rec := &kindtest.Recorder{}
		mg := s.object(declaring(common.IssueLabelsLabel{Name: "bug", Color: "B60205", Description: ptr.To("Something isn't working")},
			common.IssueLabelsLabel{Name: "triage", Color: "fbca04"}))
		e := s.external(g.api(), rec, nil)
		ctx := context.Background()
		if _, err := e.Observe(ctx, mg); err != nil {
			t.Fatalf("Observe(...): %v", err)
		}
		if _, err := e.Create(ctx, mg); err != nil {
			t.Fatalf("Create(...): %v", err)
		}
		if got := meta.GetExternalName(mg); got != full {
			t.Errorf("external name %q, want the repository's full name %q", got, full)
		}
		want := []string{"list", "update bug", "create triage", "delete wontfix"}
		if diff := cmp.Diff(want, g.calls); diff != "" {
			t.Errorf("Create's requests: -want, +got:\n%s", diff)
		}
		if len(rec.Events) != 1 || rec.Events[0].Reason != ReasonDeletedUndeclared || !strings.Contains(rec.Events[0].Message, `Deleted 1 labels of repository demo-org/app that this IssueLabels does not declare (mode authoritative): "wontfix"`) {
			t.Errorf("events %+v, want one naming the deleted label", rec.Events)
		}

		g.calls = nil
		update := func(what string) {
			t.Helper()
			o, err := e.Observe(ctx, mg)
			if err != nil || !o.ResourceExists || o.ResourceUpToDate {
				t.Fatalf("Observe(...) after %s: %+v, %v: want drift", what, o, err)
			}
			if _, err := e.Update(ctx, mg); err != nil {
				t.Fatalf("Update(...) after %s: %v", what, err)
			}
			if o, err := e.Observe(ctx, mg); err != nil || !o.ResourceUpToDate {
				t.Fatalf("Observe(...) after the update for %s: %+v, %v: want it up to date", what, o, err)
			}
		}
		mg.Parameters().Labels[1].Name = "Triage"
		update("a rename in case")
		if want := []string{"list", "update triage", "list"}; !cmp.Equal(want, g.calls) {
			t.Errorf("a rename in case sent %v, want %v: a rename, never a delete and a create", g.calls, want)
		}
		if g.find("Triage") < 0 || g.has[g.find("Triage")].Name != "Triage" {
			t.Errorf("GitHub has %+v, want triage renamed Triage", g.has)
		}

		g.calls = nil
		deleting()(mg)
		if o, err := e.Observe(ctx, mg); err != nil || o.ResourceExists {
			t.Errorf("Observe(...) of a resource being deleted: %+v, %v: want nothing to delete", o, err)
		}
		if _, err := e.Delete(ctx, mg); err != nil {
			t.Errorf("Delete(...): %v", err)
		}
		if len(g.calls) != 0 || len(g.has) != 2 {
			t.Errorf("deleting sent %v and left GitHub with %+v: want the labels left as they are, without a request", g.calls, g.has)
		}
	})
}

// A write that fails deletes nothing: deletes come last.
func TestWriteFailsBeforeDeleting(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{has: defaults()}
		mg := s.object(declaring(common.IssueLabelsLabel{Name: "triage", Color: "fbca04"}), withExternalName(full))
		e := s.external(g.api(), &kindtest.Recorder{}, nil)
		ctx := context.Background()
		if _, err := e.Observe(ctx, mg); err != nil {
			t.Fatalf("Observe(...): %v", err)
		}
		g.err = kindtest.GitHubErr(http.MethodPost, "/repos/demo-org/app/labels", http.StatusBadGateway, "Bad Gateway")
		_, err := e.Update(ctx, mg)
		if want := `cannot create label "triage" in repository demo-org/app`; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Update(...): %v, want an error holding %q", err, want)
		}
		if want := []string{"list", "create triage"}; !cmp.Equal(want, g.calls) {
			t.Errorf("requests %v, want %v: nothing deleted after a failed create", g.calls, want)
		}
	})
}
