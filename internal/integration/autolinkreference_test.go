package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/autolinkreference"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// autolinkRepo is the repository the AutolinkReference tests make their
// autolinks in.
const autolinkRepo = "autolinked"

// autolinkHome is its API path.
const autolinkHome = "/repos/" + owner + "/" + autolinkRepo

// The autolink the tests declare.
const (
	autolinkPrefix   = "TICKET-"
	autolinkTemplate = "https://jira.example.com/browse/TICKET-<num>"
)

// newAutolinkFixture is a fixture with the repository autolinkRepo.
func newAutolinkFixture(t *testing.T) *fixture {
	f := newFixture(t)
	f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", fmt.Sprintf(`{"name":%q}`, autolinkRepo))
	return f
}

// newAutolink builds, without creating it, an AutolinkReference of scope s
// called name for the autolink of autolinkRepo of prefix and template.
func (f *fixture) newAutolink(s scope, name, prefix, template string) twins.AutolinkReferenceObject {
	f.t.Helper()
	o := twins.AutolinkReference.In(s.of)
	p := o.Parameters()
	p.RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(autolinkRepo)}
	p.KeyPrefix, p.URLTemplate = prefix, template
	return place(f, s, o, name, "github")
}

// ghAutolink is GitHub's autolink object.
type ghAutolink struct {
	ID             int64  `json:"id"`
	KeyPrefix      string `json:"key_prefix"`
	URLTemplate    string `json:"url_template"`
	IsAlphanumeric bool   `json:"is_alphanumeric"`
}

// ghAutolinks are GitHub's autolinks of autolinkRepo.
func (f *fixture) ghAutolinks() []ghAutolink {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, autolinkHome+"/autolinks", "")
	if status != http.StatusOK {
		f.t.Fatalf("GET autolinks: status %d: %s", status, b)
	}
	var out []ghAutolink
	f.must(json.Unmarshal(b, &out))
	return out
}

// ghAddAutolink makes an autolink of autolinkRepo on GitHub, as someone
// else would, and returns its id.
func (f *fixture) ghAddAutolink(prefix, template string) int64 {
	f.t.Helper()
	b := f.ghMust(http.StatusCreated, goodToken, http.MethodPost, autolinkHome+"/autolinks", fmt.Sprintf(`{"key_prefix":%q,"url_template":%q}`, prefix, template))
	var a ghAutolink
	f.must(json.Unmarshal(b, &a))
	return a.ID
}

// onlyAutolink says how GitHub's autolinks differ from exactly one, of
// template (and the declared prefix), with the id of the external name of
// o; "" when they do not.
func (f *fixture) onlyAutolink(o twins.AutolinkReferenceObject, template string) string {
	list := f.ghAutolinks()
	if len(list) != 1 {
		return fmt.Sprintf("GitHub has %d autolinks: %+v", len(list), list)
	}
	got := get(f, o)
	if a := list[0]; a.KeyPrefix != autolinkPrefix || a.URLTemplate != template || meta.GetExternalName(got) != fmt.Sprint(a.ID) {
		return fmt.Sprintf("GitHub has %+v; external name %q", a, meta.GetExternalName(got))
	}
	return ""
}

// An autolink is created as declared, with its id as the external name; a
// changed urlTemplate replaces it (delete and create, with an event naming
// the change and both ids, the new id the external name); one deleted on
// GitHub is made again; deleting the resource deletes the autolink.
func TestAutolinkReferenceLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newAutolinkFixture(t)
		o := f.newAutolink(s, "ticket", autolinkPrefix, autolinkTemplate)
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		first := meta.GetExternalName(got)
		if msg := f.onlyAutolink(o, autolinkTemplate); msg != "" {
			t.Fatalf("after the create: %s", msg)
		}
		if a := got.Observation(); ptr.Deref(a.Repository, "") != owner+"/"+autolinkRepo || !ptr.Deref(a.IsAlphanumeric, false) || fmt.Sprint(ptr.Deref(a.ID, 0)) != first {
			t.Errorf("status.atProvider %+v", a)
		}

		const moved = "https://tracker.example.com/TICKET-<num>"
		update(f, o, func(o twins.AutolinkReferenceObject) { o.Parameters().URLTemplate = moved })
		f.eventually("the autolink replaced by one of the new template", func() string { return f.onlyAutolink(o, moved) })
		second := meta.GetExternalName(get(f, o))
		if second == first {
			t.Errorf("external name %q after the replace, want a new id", second)
		}
		f.waitEvent(o, string(autolinkreference.ReasonReplaced), "Replaced autolink "+first, "with autolink "+second, `urlTemplate "`+autolinkTemplate+`" → "`+moved+`"`)
		waitReady(f, o)

		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, autolinkHome+"/autolinks/"+second, "")
		f.eventually("the autolink deleted on GitHub made again", func() string {
			if meta.GetExternalName(get(f, o)) == second {
				return "still the deleted one's id"
			}
			return f.onlyAutolink(o, moved)
		})

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("the autolink deleted on GitHub and the resource gone", func() string {
			if n := len(f.ghAutolinks()); n != 0 {
				return fmt.Sprintf("GitHub still has %d autolinks", n)
			}
			if err := kube.Get(f.ctx, s.key(f, "ticket"), fresh(o)); !kerrors.IsNotFound(err) {
				return "AutolinkReference still there"
			}
			return ""
		})
	})
}

// An autolink of the declared prefix that this resource did not create is
// never taken over silently: the condition says how to adopt it, and the
// annotation does (the adopted one then replaced to match the spec). A
// prefix overlapping another autolink's is a condition naming it.
func TestAutolinkReferenceNotAdopted(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newAutolinkFixture(t)
		theirs := f.ghAddAutolink(autolinkPrefix, autolinkTemplate)
		o := f.newAutolink(s, "ticket", autolinkPrefix, "https://ours.example/<num>")
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, fmt.Sprintf(`autolink %d (key prefix "TICKET-") of %s/%s already exists and this AutolinkReference did not create it`, theirs, owner, autolinkRepo),
			fmt.Sprintf(`set the annotation crossplane.io/external-name: "%d"`, theirs))
		if list := f.ghAutolinks(); len(list) != 1 || list[0].URLTemplate != autolinkTemplate {
			t.Fatalf("someone else's autolink was changed: %+v", list)
		}
		update(f, o, func(o twins.AutolinkReferenceObject) { meta.SetExternalName(o, fmt.Sprint(theirs)) })
		f.eventually("the adopted autolink replaced as declared", func() string { return f.onlyAutolink(o, "https://ours.example/<num>") })

		other := f.newAutolink(s, "tick", "TICK", "https://other.example/<num>")
		f.must(kube.Create(f.ctx, other))
		waitSyncError(f, other, `it overlaps the key prefix of autolink`, `(key prefix "TICKET-")`, "GitHub allows no key prefix that starts with another's")
	})
}

// A replace the provider stopped in the middle of ends with exactly one
// autolink, as declared: stopped after it recorded the replace and before
// the delete, the old autolink is deleted and the new one made; stopped
// after the create, before its id was saved, the new one is found.
func TestAutolinkReferenceInterruptedReplace(t *testing.T) {
	cases := map[string]struct {
		// on GitHub: the template of the autolink there (the old one, or
		// the new one a lost create made)
		there string
		lost  bool // the create of the replace was under way
	}{
		"BeforeTheDelete": {there: "https://old.example/<num>"},
		"AfterTheCreate":  {there: autolinkTemplate, lost: true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newAutolinkFixture(t)
				began := time.Now()
				id := f.ghAddAutolink(autolinkPrefix, tc.there)
				o := f.newAutolink(s, "ticket", autolinkPrefix, autolinkTemplate)
				meta.AddAnnotations(o, map[string]string{autolinkreference.AnnotationReplacing: fmt.Sprintf("%d: urlTemplate changed", id)})
				if tc.lost {
					// The old autolink (id-1, gone) was deleted, and the
					// new one created; the answer was never saved.
					meta.AddAnnotations(o, map[string]string{autolinkreference.AnnotationReplacing: fmt.Sprintf("%d: urlTemplate changed", id-1)})
					meta.SetExternalCreatePending(o, began)
				}
				f.must(kube.Create(f.ctx, o))
				f.eventually("one autolink, as declared", func() string { return f.onlyAutolink(o, autolinkTemplate) })
				got := waitReady(f, o)
				if _, ok := got.GetAnnotations()[autolinkreference.AnnotationReplacing]; ok {
					t.Errorf("the record of the replace is still there: %v", got.GetAnnotations())
				}
				if tc.lost && meta.GetExternalName(got) != fmt.Sprint(id) {
					t.Errorf("external name %q, want the id %d of the autolink the interrupted create made", meta.GetExternalName(got), id)
				}
			})
		})
	}
}

// Steady state costs nothing: once Ready, an AutolinkReference's polls are
// answered 304, which GitHub does not charge.
func TestAutolinkReferenceIdleIsFree(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newAutolinkFixture(t)
		o := f.newAutolink(s, "idle", autolinkPrefix, autolinkTemplate)
		f.must(kube.Create(f.ctx, o))
		waitReady(f, o)
		const get = "GET /repos/{owner}/{repo}/autolinks/{autolink_id}"
		before := f.emu.Stats()
		f.eventually("three polls answered 304", func() string {
			if n := f.emu.Stats().Endpoints[get][http.StatusNotModified] - before.Endpoints[get][http.StatusNotModified]; n < 3 {
				return fmt.Sprintf("%d so far", n)
			}
			return ""
		})
		after := f.emu.Stats()
		if used := after.RateLimitPoints["demo-user"] - before.RateLimitPoints["demo-user"]; used != 0 {
			t.Errorf("an idle AutolinkReference used %d rate-limit points, want 0; requests since Ready: %v", used, after.Endpoints)
		}
	})
}

// Bad manifests are refused at admission, saying what is allowed.
func TestAutolinkReferenceAdmission(t *testing.T) {
	cases := map[string]struct {
		prefix, template string
		want             string
	}{
		"PrefixEndsInADigit": {prefix: "PTFY25", template: autolinkTemplate, want: "keyPrefix cannot end with a digit"},
		"PrefixSpace":        {prefix: "MY KEY-", template: autolinkTemplate, want: "keyPrefix may contain only letters, digits and the characters . - _ + = : / #"},
		"PrefixEmpty":        {prefix: "", template: autolinkTemplate, want: "spec.forProvider.keyPrefix"},
		"PrefixTooLong":      {prefix: strings.Repeat("K", 256), template: autolinkTemplate, want: "spec.forProvider.keyPrefix"},
		"NoNum":              {prefix: autolinkPrefix, template: "https://jira.example.com/browse", want: "urlTemplate must contain <num>"},
		"Relative":           {prefix: autolinkPrefix, template: "jira/<num>", want: "urlTemplate must be an absolute http:// or https:// URL"},
		"OtherScheme":        {prefix: autolinkPrefix, template: "ftp://jira.example.com/<num>", want: "urlTemplate must be an absolute http:// or https:// URL"},
		"Space":              {prefix: autolinkPrefix, template: "https://jira.example.com/a b/<num>", want: "urlTemplate must be an absolute http:// or https:// URL"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				err := kube.Create(f.ctx, f.newAutolink(s, "refused", tc.prefix, tc.template))
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the API server to refuse, saying %q; got %v", tc.want, err)
				}
			})
		})
	}
}

// The AutolinkReference examples of both scopes are accepted by the API
// server, and every repositoryRef in them names a Repository example of
// its scope.
func TestAutolinkReferenceExamplesAreAccepted(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		examples := examplesOf(t, s, "autolinkreference")
		if len(examples) == 0 {
			t.Fatal("no AutolinkReference examples")
		}
		repos := map[string]bool{}
		for _, r := range examplesOf(t, s, "repository") {
			repos[r.GetName()] = true
		}
		for _, mg := range examples {
			a, ok := mg.(twins.AutolinkReferenceObject)
			if !ok {
				t.Fatalf("%s: %T is not an AutolinkReference", mg.GetName(), mg)
			}
			if ref := a.Parameters().RepositoryRef; ref != nil && !repos[ref.Name] {
				t.Errorf("%s: repositoryRef %s names no Repository example of its scope", a.GetName(), ref.Name)
			}
			placeExample(f, s, a)
			if err := kube.Create(f.ctx, a, client.DryRunAll); err != nil {
				t.Errorf("%s: refused: %v", a.GetName(), err)
			}
		}
	})
}

// A replace GitHub would refuse — a new key prefix that another autolink
// of the repository overlaps — is refused before anything is deleted: the
// condition names that autolink, and the resource's autolink stays as it
// was, under its id.
func TestAutolinkReferenceReplaceRefusedKeepsTheAutolink(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newAutolinkFixture(t)
		other := f.ghAddAutolink("OTHER-", "https://other.example/<num>")
		o := f.newAutolink(s, "ticket", autolinkPrefix, autolinkTemplate)
		f.must(kube.Create(f.ctx, o))
		id := meta.GetExternalName(waitReady(f, o))
		update(f, o, func(o twins.AutolinkReferenceObject) { o.Parameters().KeyPrefix = "OTHER-X" })
		waitSyncError(f, o, fmt.Sprintf(`overlaps that of autolink %d (key prefix "OTHER-")`, other), "is left as it is")
		list := f.ghAutolinks()
		if len(list) != 2 || list[0].ID != other || fmt.Sprint(list[1].ID) != id || list[1].KeyPrefix != autolinkPrefix {
			t.Errorf("GitHub has %+v, want autolink %s (TICKET-) and %d (OTHER-) as they were", list, id, other)
		}
		if got := get(f, o); meta.GetExternalName(got) != id {
			t.Errorf("external name %q, want %s", meta.GetExternalName(got), id)
		}
	})
}
