package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/issuelabels"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// labelSetFixture is a fixture with a repository of its own for the
// IssueLabels tests, which has GitHub's nine default labels. Its name
// holds the scope's and the test's: an IssueLabels refuses to share its
// repository with the IssueLabels and IssueLabel resources of every
// namespace and both scopes, those of tests running beside it included.
type labelSetFixture struct {
	*fixture
	repo string
}

func newLabelSetFixture(t *testing.T, s scope, test string) *labelSetFixture {
	f := &labelSetFixture{fixture: newFixture(t), repo: "labelset-" + test + "-" + strings.ToLower(s.name)}
	f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", fmt.Sprintf(`{"name":%q}`, f.repo))
	return f
}

func (f *labelSetFixture) full() string   { return owner + "/" + f.repo }
func (f *labelSetFixture) labels() string { return "/repos/" + f.full() + "/labels" }

// set builds, without creating it, an IssueLabels of scope s called name
// of f's repository, in mode, declaring labels.
func (f *labelSetFixture) set(s scope, name, mode string, labels ...common.IssueLabelsLabel) twins.IssueLabelsObject {
	f.t.Helper()
	o := twins.IssueLabels.In(s.of)
	p := o.Parameters()
	p.RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(f.repo)}
	p.Mode, p.Labels = mode, labels
	return place(f.fixture, s, o, name, "github")
}

// label is a declared label.
func label(name, color, description string) common.IssueLabelsLabel {
	l := common.IssueLabelsLabel{Name: name, Color: color}
	if description != "" {
		l.Description = ptr.To(description)
	}
	return l
}

// ghSetLabel is a label as GitHub answers it.
type ghSetLabel struct {
	ID          int64   `json:"id"`
	Name        string  `json:"name"`
	Color       string  `json:"color"`
	Description *string `json:"description"`
}

// ghLabels are GitHub's labels of f's repository, by name.
func (f *labelSetFixture) ghLabels() map[string]ghSetLabel {
	f.t.Helper()
	var list []ghSetLabel
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, f.labels()+"?per_page=100", ""), &list))
	out := map[string]ghSetLabel{}
	for _, l := range list {
		out[l.Name] = l
	}
	return out
}

// has says how GitHub's labels differ from want (name: "color
// description"); "" when they are the same.
func (f *labelSetFixture) has(want map[string]string) string {
	got := map[string]string{}
	for n, l := range f.ghLabels() {
		got[n] = strings.TrimSpace(l.Color + " " + ptr.Deref(l.Description, ""))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		return fmt.Sprintf("GitHub has %v, want %v", got, want)
	}
	return ""
}

// names are the names of GitHub's labels, sorted.
func (f *labelSetFixture) names() []string {
	var out []string
	for n := range f.ghLabels() {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// An authoritative IssueLabels makes the repository's labels exactly the
// declared ones — GitHub's defaults deleted, with an event naming them —
// and names the repository as its external name; a label added on GitHub
// is deleted, one changed is put back, one deleted is made again; a name
// changed only in case renames the label (same id); deleting the resource
// leaves the labels as they are.
func TestIssueLabelsLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newLabelSetFixture(t, s, "life")
		o := f.set(s, "labels", common.IssueLabelsAuthoritative, label("bug", "B60205", "Something is broken"), label("needs triage", "fbca04", ""))
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f.fixture, o)
		if ext := meta.GetExternalName(got); ext != f.full() {
			t.Errorf("external name %q, want the repository's full name %q", ext, f.full())
		}
		want := map[string]string{"bug": "b60205 Something is broken", "needs triage": "fbca04"}
		f.eventually("the declared labels alone", func() string { return f.has(want) })
		f.waitEvent(o, string(issuelabels.ReasonDeletedUndeclared), "Deleted 8 labels of repository "+f.full(), `"wontfix"`, `"good first issue"`)
		if obs := got.Observation(); ptr.Deref(obs.Repository, "") != f.full() {
			t.Errorf("status.atProvider.repository %v, want %s", obs.Repository, f.full())
		}

		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, f.labels(), `{"name":"added by hand","color":"000000"}`)
		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, f.labels()+"/bug", `{"color":"000000","description":"changed"}`)
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, f.labels()+"/"+url.PathEscape("needs triage"), "")
		f.eventually("the labels set back: the added one deleted, the changed one put back, the deleted one made again", func() string { return f.has(want) })

		id := f.ghLabels()["needs triage"].ID
		update(f.fixture, o, func(o twins.IssueLabelsObject) { o.Parameters().Labels[1].Name = "Needs Triage" })
		f.eventually("the label renamed in case", func() string {
			return f.has(map[string]string{"bug": "b60205 Something is broken", "Needs Triage": "fbca04"})
		})
		if l := f.ghLabels()["Needs Triage"]; l.ID != id {
			t.Errorf("the label renamed in case has id %d, want %d: it was deleted and made again, and its issues lost it", l.ID, id)
		}

		f.must(kube.Delete(f.ctx, get(f.fixture, o)))
		f.eventually("the IssueLabels gone", func() string {
			if err := kube.Get(f.ctx, s.key(f.fixture, "labels"), fresh(o)); !kerrors.IsNotFound(err) {
				return "IssueLabels still there"
			}
			return ""
		})
		if msg := f.has(map[string]string{"bug": "b60205 Something is broken", "Needs Triage": "fbca04"}); msg != "" {
			t.Errorf("deleting the IssueLabels changed the labels, which it leaves as they are: %s", msg)
		}
	})
}

// An additive IssueLabels creates and keeps its labels and leaves the
// others alone: GitHub's defaults, and a label added by hand.
func TestIssueLabelsAdditive(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newLabelSetFixture(t, s, "add")
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, f.labels(), `{"name":"by hand","color":"000000"}`)
		o := f.set(s, "labels", common.IssueLabelsAdditive, label("Released", "0e8a16", "Shipped"), label("BUG", "d73a4a", "Something isn't working"))
		f.must(kube.Create(f.ctx, o))
		waitReady(f.fixture, o)
		f.eventually("the declared label made, the default one renamed in case, the others left", func() string {
			names := f.names()
			if want := []string{"BUG", "Released", "by hand", "documentation", "duplicate", "enhancement", "good first issue", "help wanted", "invalid", "question", "wontfix"}; fmt.Sprint(names) != fmt.Sprint(want) {
				return fmt.Sprintf("GitHub has %v, want %v", names, want)
			}
			return ""
		})
		f.ghMust(http.StatusCreated, goodToken, http.MethodPost, f.labels(), `{"name":"later","color":"000000"}`)
		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, f.labels()+"/released", `{"description":"changed"}`)
		f.eventually("the declared label put back", func() string {
			if l := f.ghLabels()["Released"]; ptr.Deref(l.Description, "") != "Shipped" {
				return fmt.Sprintf("Released is %+v", l)
			}
			return ""
		})
		if _, ok := f.ghLabels()["later"]; !ok {
			t.Error("an additive IssueLabels deleted a label it does not declare")
		}
	})
}

// An authoritative IssueLabels beside an IssueLabel of its repository
// changes nothing and names it; additive, beside an IssueLabel of another
// label, it works, and beside one of its own labels it names the label. A
// second IssueLabels of the repository is refused, naming the first.
func TestIssueLabelsRefusesToShare(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newLabelSetFixture(t, s, "share")
		l := twins.IssueLabel.In(s.of)
		l.Parameters().RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(f.repo)}
		l.Parameters().Name, l.Parameters().Color = "triage", ptr.To("fbca04")
		f.must(kube.Create(f.ctx, place(f.fixture, s, l, "triage", "github")))
		waitReady(f.fixture, l)
		labelName := l.GetName()
		if ns := l.GetNamespace(); ns != "" {
			labelName = ns + "/" + labelName
		}

		o := f.set(s, "labels", common.IssueLabelsAuthoritative, label("bug", "d73a4a", "Something isn't working"))
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f.fixture, o, "repository "+f.full()+" has labels managed by IssueLabel "+labelName, "or set mode: additive")
		if n := len(f.names()); n != 10 {
			t.Errorf("GitHub has %d labels, want the nine defaults and triage: the refused set changed them", n)
		}

		update(f.fixture, o, func(o twins.IssueLabelsObject) { o.Parameters().Mode = common.IssueLabelsAdditive })
		waitReady(f.fixture, o)
		update(f.fixture, o, func(o twins.IssueLabelsObject) {
			o.Parameters().Labels = append(o.Parameters().Labels, label("Triage", "000000", ""))
		})
		waitSyncError(f.fixture, o, `labels "triage" of repository `+f.full()+" are declared by IssueLabel "+labelName+" too")
		if c := f.ghLabels()["triage"].Color; c != "fbca04" {
			t.Errorf("triage's color is %s: the refused set changed it", c)
		}

		second := f.set(s, "second", common.IssueLabelsAdditive, label("other", "000000", ""))
		f.must(kube.Create(f.ctx, second))
		setName := o.GetName()
		if ns := o.GetNamespace(); ns != "" {
			setName = ns + "/" + setName
		}
		waitSyncError(f.fixture, second, "are already declared by IssueLabels "+setName+", which is older")
		if _, ok := f.ghLabels()["other"]; ok {
			t.Error("the second IssueLabels made its label")
		}
	})
}

// Steady state costs nothing: once Ready, an IssueLabels' polls of the
// labels are answered 304, which GitHub does not charge.
func TestIssueLabelsIdleIsFree(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newLabelSetFixture(t, s, "idle")
		o := f.set(s, "labels", common.IssueLabelsAuthoritative, label("bug", "d73a4a", "Something isn't working"))
		f.must(kube.Create(f.ctx, o))
		waitReady(f.fixture, o)
		f.eventually("the declared label alone", func() string { return f.has(map[string]string{"bug": "d73a4a Something isn't working"}) })
		const list = "GET /repos/{owner}/{repo}/labels"
		before := f.emu.Stats()
		f.eventually("three polls answered 304", func() string {
			if n := f.emu.Stats().Endpoints[list][http.StatusNotModified] - before.Endpoints[list][http.StatusNotModified]; n < 3 {
				return fmt.Sprintf("%d so far", n)
			}
			return ""
		})
		after := f.emu.Stats()
		if used := after.RateLimitPoints["demo-user"] - before.RateLimitPoints["demo-user"]; used != 0 {
			t.Errorf("an idle IssueLabels used %d rate-limit points, want 0; requests since Ready: %v", used, after.Endpoints)
		}
	})
}

// A repository GitHub does not have is an error that says so.
func TestIssueLabelsNoSuchRepository(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := &labelSetFixture{fixture: newFixture(t), repo: "labelset-nowhere-" + strings.ToLower(s.name)}
		o := f.set(s, "nowhere", common.IssueLabelsAuthoritative)
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f.fixture, o, "cannot read the labels of repository "+f.full()+": cannot find the repository")
		if ext := meta.GetExternalName(get(f.fixture, o)); ext != "" {
			t.Errorf("external name %q, want none: nothing was written", ext)
		}
	})
}

// Bad manifests are refused at admission, saying what is allowed.
func TestIssueLabelsAdmission(t *testing.T) {
	cases := map[string]struct {
		mode   string
		labels []common.IssueLabelsLabel
		want   string
	}{
		"ColorWithHash":   {labels: []common.IssueLabelsLabel{label("a", "#ff0000", "")}, want: "spec.forProvider.labels[0].color"},
		"ColorNotHex":     {labels: []common.IssueLabelsLabel{label("a", "red", "")}, want: "spec.forProvider.labels[0].color"},
		"NoColor":         {labels: []common.IssueLabelsLabel{{Name: "a"}}, want: "spec.forProvider.labels[0].color"},
		"BlankName":       {labels: []common.IssueLabelsLabel{label(" ", "000000", "")}, want: "name must not be blank"},
		"NameTooLong":     {labels: []common.IssueLabelsLabel{label(strings.Repeat("n", 51), "000000", "")}, want: "spec.forProvider.labels[0].name"},
		"LongDescription": {labels: []common.IssueLabelsLabel{label("a", "000000", strings.Repeat("d", 101))}, want: "spec.forProvider.labels[0].description"},
		"SameNameInCase":  {labels: []common.IssueLabelsLabel{label("Bug", "000000", ""), label("bug", "000000", "")}, want: "labels must have different names, compared without regard to case"},
		"SameName":        {labels: []common.IssueLabelsLabel{label("bug", "000000", ""), label("bug", "111111", "")}, want: "spec.forProvider.labels[1]"},
		"UnknownMode":     {mode: "exclusive", want: `spec.forProvider.mode: Unsupported value: "exclusive"`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := &labelSetFixture{fixture: newFixture(t), repo: "labelset-admission"}
				err := kube.Create(f.ctx, f.set(s, "refused", tc.mode, tc.labels...))
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the API server to refuse, saying %q; got %v", tc.want, err)
				}
			})
		})
	}
}

// The IssueLabels examples of both scopes become Ready beside the
// IssueLabel examples, with the Repository examples they name, as make
// demo and make e2e apply them: the authoritative ones have repositories
// of their own, the additive one shares payments-api with IssueLabel
// examples of other labels.
func TestIssueLabelsExamples(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		sets := examplesOf(t, s, "issuelabels")
		mgs := append(append([]resource.Managed(nil), sets...), examplesOf(t, s, "issuelabel")...)
		named := map[string]bool{}
		for _, mg := range mgs {
			if rt, ok := mg.(interface {
				RepositoryTarget() *common.RepositoryTarget
			}); ok && rt.RepositoryTarget().RepositoryRef != nil {
				named[rt.RepositoryTarget().RepositoryRef.Name] = true
			}
		}
		for _, r := range examplesOf(t, s, "repository") {
			if named[r.GetName()] {
				mgs = append(mgs, r)
			}
		}
		for _, mg := range mgs {
			placeExample(f, s, mg)
			f.must(kube.Create(f.ctx, mg))
		}
		for _, mg := range mgs {
			waitReady(f, mg)
		}
		authoritative := 0
		for _, mg := range sets {
			o, ok := mg.(twins.IssueLabelsObject)
			if !ok || o.Parameters().Mode == common.IssueLabelsAdditive {
				continue
			}
			authoritative++
			full := ptr.Deref(get(f, o).Observation().Repository, "")
			var list []ghSetLabel
			f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/repos/"+full+"/labels?per_page=100", ""), &list))
			if len(list) != len(o.Parameters().Labels) {
				t.Errorf("%s: %s has %d labels, want the %d declared", o.GetName(), full, len(list), len(o.Parameters().Labels))
			}
		}
		if authoritative == 0 {
			t.Error("no authoritative IssueLabels example")
		}
	})
}
