package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// labelRepo is the repository the IssueLabel tests make their labels in.
const labelRepo = "labelled"

// newLabelFixture is a fixture with the repository labelRepo, which has
// GitHub's nine default labels.
func newLabelFixture(t *testing.T) *fixture {
	f := newFixture(t)
	f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", fmt.Sprintf(`{"name":%q}`, labelRepo))
	return f
}

// issueLabel builds, without creating it, an IssueLabel of scope s called
// name for the label of labelRepo named label.
func (f *fixture) issueLabel(s scope, name, label, color, description string) twins.IssueLabelObject {
	f.t.Helper()
	o := twins.IssueLabel.In(s.of)
	p := o.Parameters()
	p.RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(labelRepo)}
	p.Name, p.Color, p.Description = label, ptr.To(color), ptr.To(description)
	return place(f, s, o, name, "github")
}

// ghLabel is GitHub's label of labelRepo called name; ok false when there
// is none.
type ghLabel struct {
	Color       string  `json:"color"`
	Description *string `json:"description"`
}

func (f *fixture) ghLabel(name string) (l ghLabel, ok bool) {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, f.labelPath(name), "")
	if status == http.StatusNotFound {
		return l, false
	}
	if status != http.StatusOK {
		f.t.Fatalf("GET label %s: status %d: %s", name, status, b)
	}
	f.must(json.Unmarshal(b, &l))
	return l, true
}

func (f *fixture) labelPath(name string) string {
	return "/repos/" + owner + "/" + labelRepo + "/labels/" + url.PathEscape(name)
}

// labelHolds says how GitHub's label name differs from color and
// description; "" when it holds them.
func (f *fixture) labelHolds(name, color, description string) string {
	l, ok := f.ghLabel(name)
	switch {
	case !ok:
		return "GitHub has no label " + name
	case l.Color != color || ptr.Deref(l.Description, "") != description:
		return fmt.Sprintf("GitHub's label %s is %s %q, want %s %q", name, l.Color, ptr.Deref(l.Description, ""), color, description)
	}
	return ""
}

// A label is created as declared, with its name as the external name; a
// color changed on GitHub is put back, a label deleted there is made
// again; a changed spec reaches GitHub; deleting the resource deletes the
// label.
func TestIssueLabelLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newLabelFixture(t)
		o := f.issueLabel(s, "triage", "Needs Triage", "FBCA04", "Not looked at yet")
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		if ext := meta.GetExternalName(got); ext != "Needs Triage" {
			t.Errorf("external name %q, want the label's name", ext)
		}
		if o := got.Observation(); ptr.Deref(o.Repository, "") != owner+"/"+labelRepo || ptr.Deref(o.Color, "") != "fbca04" || ptr.Deref(o.Default, true) {
			t.Errorf("status.atProvider %+v", o)
		}
		if msg := f.labelHolds("Needs Triage", "fbca04", "Not looked at yet"); msg != "" {
			t.Error(msg)
		}

		f.ghMust(http.StatusOK, goodToken, http.MethodPatch, f.labelPath("Needs Triage"), `{"color":"000000"}`)
		f.eventually("the color put back", func() string { return f.labelHolds("Needs Triage", "fbca04", "Not looked at yet") })
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, f.labelPath("Needs Triage"), "")
		f.eventually("the label made again", func() string { return f.labelHolds("Needs Triage", "fbca04", "Not looked at yet") })
		update(f, o, func(o twins.IssueLabelObject) { o.Parameters().Description = ptr.To("Someone look at it") })
		f.eventually("the new description on GitHub", func() string { return f.labelHolds("Needs Triage", "fbca04", "Someone look at it") })

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the label deleted on GitHub and the resource gone", func() string {
			if _, ok := f.ghLabel("Needs Triage"); ok {
				return "GitHub still has the label"
			}
			if err := kube.Get(f.ctx, s.key(f, "triage"), fresh(o)); !kerrors.IsNotFound(err) {
				return "IssueLabel still there"
			}
			return ""
		})
	})
}

// A default label of a new repository is someone else's: the condition
// says how to adopt it, and it is left as it is; with the annotation it
// is adopted and set as declared. A color GitHub would refuse is refused
// at admission.
func TestIssueLabelDefaultIsNotTakenOver(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newLabelFixture(t)
		o := f.issueLabel(s, "bug", "Bug", "b60205", "Broken")
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, `label "bug" of `+owner+"/"+labelRepo+" already exists and this IssueLabel did not create it",
			`set the annotation crossplane.io/external-name: "bug"`)
		if msg := f.labelHolds("bug", "d73a4a", "Something isn't working"); msg != "" {
			t.Errorf("the default label was changed: %s", msg)
		}
		update(f, o, func(o twins.IssueLabelObject) { meta.SetExternalName(o, "bug") })
		waitReady(f, o)
		f.eventually("the adopted label is as declared", func() string { return f.labelHolds("bug", "b60205", "Broken") })

		err := kube.Create(f.ctx, f.issueLabel(s, "red", "red", "#ff0000", ""))
		if want := "spec.forProvider.color"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("color #ff0000: want the API server to refuse it naming %s, got: %v", want, err)
		}
	})
}
