package kind

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"
	gogithub "github.com/google/go-github/v37/github"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
)

// thing is an object of a test kind.
type thing struct {
	ID      int64
	Name    string
	Created *time.Time
	Color   string // what the create sends
	Full    bool   // read whole, not from a list
}

// reasonsOf are the reasons of events.
func reasonsOf(got []event.Event) []event.Reason {
	var r []event.Reason
	for _, e := range got {
		r = append(r, e.Reason)
	}
	return r
}

var errBoom = errors.New("boom")

func notFoundErr() error {
	return &gogithub.ErrorResponse{Response: httpResponse(404), Message: "Not Found"}
}

func TestByIDFind(t *testing.T) {
	pending := time.Date(2026, 5, 1, 19, 0, 0, 0, time.UTC)
	during := ptr.To(pending.Add(time.Second))
	ours := thing{ID: 7, Name: "ci", Created: during, Color: "blue"}
	type state struct {
		ext      string
		pending  bool // a create started, and its answer was lost
		refused  bool // GitHub refused that create
		deleting bool
		untimed  bool // the kind's objects have no creation time
	}
	type want struct {
		obj       *thing
		recovered bool
		ext       string
		err       error
		events    []event.Reason
	}
	cases := map[string]struct {
		reason  string
		state   state
		get     map[int64]thing
		getErr  error
		list    []thing
		listErr error
		want    want
	}{
		"ByExternalName": {
			reason: "the object of the external name is read by its id",
			state:  state{ext: "7"}, get: map[int64]thing{7: ours},
			want: want{obj: &thing{ID: 7, Name: "ci", Created: during, Color: "blue", Full: true}, ext: "7"},
		},
		"Gone": {
			reason: "an object GitHub no longer has does not exist, and an event says it is made again",
			state:  state{ext: "7"},
			want:   want{ext: "7", events: []event.Reason{ReasonMissing}},
		},
		"GoneWhileDeleting": {
			reason: "an object gone while the resource is deleted is simply deleted: no event",
			state:  state{ext: "7", deleting: true},
			want:   want{ext: "7"},
		},
		"ReadFails": {
			reason: "a failed read says what could not be read",
			state:  state{ext: "7"}, getErr: errBoom,
			want: want{ext: "7", err: errors.Wrap(errBoom, "cannot read thing 7 of o/r")},
		},
		"NotAnID": {
			reason: "an external name that is not an id says how to fix it",
			state:  state{ext: "ci"},
			want:   want{ext: "ci", err: errors.New(`the crossplane.io/external-name annotation "ci" is not a thing id: set it to the number at the end of the thing's address on GitHub (…/things/<id>), or remove it to create the thing`)},
		},
		"NotAnIDWhileDeleting": {
			reason: "a resource being deleted with an external name that is no id made nothing: nothing to delete",
			state:  state{ext: "ci", deleting: true},
			want:   want{ext: "ci"},
		},
		"NeverCreated": {
			reason:  "without an external name and a lost create, nothing is the resource's; nothing is listed",
			listErr: errors.New("must not list"),
			want:    want{},
		},
		"Recovered": {
			reason: "the exact object a lost create made is recovered: its id becomes the external name",
			state:  state{pending: true}, list: []thing{ours}, get: map[int64]thing{7: ours},
			want: want{obj: &thing{ID: 7, Name: "ci", Created: during, Color: "blue", Full: true}, recovered: true, ext: "7", events: []event.Reason{ReasonRecovered}},
		},
		"Refused": {
			reason: "after a create GitHub refused, a look-alike is someone else's",
			state:  state{pending: true, refused: true}, list: []thing{ours}, listErr: errors.New("must not list"),
			want: want{},
		},
		"Differs": {
			reason: "an object that differs from what the create sent is someone else's",
			state:  state{pending: true}, list: []thing{{ID: 7, Name: "ci", Created: during, Color: "red"}}, get: map[int64]thing{7: {ID: 7, Name: "ci", Created: during, Color: "red"}},
			want: want{},
		},
		"MadeBefore": {
			reason: "an object made before the create started is someone else's, and is not read whole",
			state:  state{pending: true}, list: []thing{{ID: 7, Name: "ci", Created: ptr.To(pending.Add(-time.Hour)), Color: "blue"}}, getErr: errors.New("must not read"),
			want: want{},
		},
		"UntimedRecovered": {
			reason: "of a kind GitHub keeps no creation time of, the exact object a lost create would have made is recovered by its content",
			state:  state{pending: true, untimed: true}, list: []thing{{ID: 7, Name: "ci", Color: "blue"}}, get: map[int64]thing{7: {ID: 7, Name: "ci", Color: "blue"}},
			want: want{obj: &thing{ID: 7, Name: "ci", Color: "blue", Full: true}, recovered: true, ext: "7", events: []event.Reason{ReasonRecovered}},
		},
		"UntimedDiffers": {
			reason: "of a kind GitHub keeps no creation time of, an object that differs from what the create sent is someone else's",
			state:  state{pending: true, untimed: true}, list: []thing{{ID: 7, Name: "ci", Color: "red"}}, get: map[int64]thing{7: {ID: 7, Name: "ci", Color: "red"}},
			want: want{},
		},
		"UntimedRefused": {
			reason: "of a kind GitHub keeps no creation time of, after a create GitHub refused a look-alike is someone else's",
			state:  state{pending: true, refused: true, untimed: true}, list: []thing{{ID: 7, Name: "ci", Color: "blue"}}, listErr: errors.New("must not list"),
			want: want{},
		},
		"NoCandidate": {
			reason: "no candidate, nothing recovered",
			state:  state{pending: true}, list: []thing{{ID: 8, Name: "other", Created: during}},
			want: want{},
		},
		"NoRepository": {
			reason: "a 404 on the list means no repository: nothing of the resource's, and the create says why",
			state:  state{pending: true}, listErr: notFoundErr(),
			want: want{},
		},
		"ListFails": {
			reason: "a failed list says what it looked for",
			state:  state{pending: true}, listErr: errBoom,
			want: want{err: errors.Wrap(errBoom, "cannot list the things of o/r to look for one an interrupted create made")},
		},
		"FullReadFails": {
			reason: "a failed whole read of a candidate names it",
			state:  state{pending: true}, list: []thing{ours}, getErr: errBoom,
			want: want{err: errors.Wrap(errBoom, "cannot read thing 7 of o/r to tell whether an interrupted create made it")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			mg := &repomv1alpha1.Repository{}
			if tc.state.ext != "" {
				meta.SetExternalName(mg, tc.state.ext)
			}
			if tc.state.pending {
				meta.SetExternalCreatePending(mg, pending)
				meta.SetExternalCreateFailed(mg, pending.Add(2*time.Second))
			}
			if tc.state.refused {
				meta.AddAnnotations(mg, map[string]string{AnnotationCreateRefused: pending.Format(time.RFC3339)})
			}
			if tc.state.deleting {
				mg.SetDeletionTimestamp(&metav1.Time{Time: pending})
			}
			var recorded []event.Event
			get := func(_ context.Context, id int64) (*thing, error) {
				if tc.getErr != nil {
					return nil, tc.getErr
				}
				th, ok := tc.get[id]
				if !ok {
					return nil, notFoundErr()
				}
				th.Full = true
				return &th, nil
			}
			f := ByID[thing]{
				Noun: "thing", Address: "…/things/<id>", In: Repository{Owner: "o", Name: "r"}, Record: events{&recorded},
				Get:  get,
				List: func(context.Context) ([]thing, error) { return tc.list, tc.listErr },
				Match: func(l []thing) *thing {
					for i := range l {
						if l[i].Name == "ci" {
							return &l[i]
						}
					}
					return nil
				},
				Full:      func(ctx context.Context, th *thing) (*thing, error) { return get(ctx, th.ID) },
				ID:        func(th *thing) int64 { return th.ID },
				CreatedAt: func(th *thing) *time.Time { return th.Created },
				Drift: func(th *thing) []string {
					if th.Color != "blue" {
						return []string{"color"}
					}
					return nil
				},
				Describe: func(th *thing) string { return fmt.Sprintf("thing %d", th.ID) },
				Made:     "made by this Thing",
				Untimed:  tc.state.untimed,
			}
			obj, recovered, err := f.Find(context.Background(), mg)
			if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
				t.Errorf("%s\nFind(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want.obj, obj); diff != "" {
				t.Errorf("%s\nFind(...): -want object, +got object:\n%s", tc.reason, diff)
			}
			if recovered != tc.want.recovered {
				t.Errorf("%s\nFind(...): recovered %t, want %t", tc.reason, recovered, tc.want.recovered)
			}
			if got := meta.GetExternalName(mg); got != tc.want.ext {
				t.Errorf("%s\nexternal name: %q, want %q", tc.reason, got, tc.want.ext)
			}
			if diff := cmp.Diff(tc.want.events, reasonsOf(recorded)); diff != "" {
				t.Errorf("%s\nevents: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestByNameFindAndClaim(t *testing.T) {
	pending := time.Date(2026, 5, 1, 19, 0, 0, 0, time.UTC)
	during := ptr.To(pending.Add(time.Second))
	type want struct {
		obj       *thing
		unclaimed bool
		err       error
		claimErr  error
		ext       string
		events    []event.Reason
	}
	taken := errors.New(`thing "CI" of o/r already exists and this Thing did not create it: to manage it (it becomes blue), set the annotation crossplane.io/external-name: "CI"; or choose another name`)
	cases := map[string]struct {
		reason   string
		ext      string
		pending  bool
		deleting bool
		got      *thing
		getErr   error
		want     want
	}{
		"Ours": {
			reason: "the object of the declared name is the resource's when the external name names it, whatever its case",
			ext:    "ci", got: &thing{Name: "CI", Created: during},
			want: want{obj: &thing{Name: "CI", Created: during}, ext: "ci"},
		},
		"OtherName": {
			reason: "an external name that is not the declared name says how to fix it, and nothing is read",
			ext:    "cd", getErr: errors.New("must not read"),
			want: want{ext: "cd", err: errors.New(`the crossplane.io/external-name annotation "cd" is not the thing's name "CI" (spec.forProvider.name): set the annotation to the name, or remove it to create the thing`)},
		},
		"OtherNameWhileDeleting": {
			reason: "a resource being deleted made nothing under another name",
			ext:    "cd", deleting: true,
			want: want{ext: "cd"},
		},
		"Gone": {
			reason: "an object GitHub no longer has does not exist, and an event says it is made again",
			ext:    "CI", getErr: notFoundErr(),
			want: want{ext: "CI", events: []event.Reason{ReasonMissing}},
		},
		"NotYetMade": {
			reason: "before the create, no object: no event",
			getErr: notFoundErr(),
			want:   want{},
		},
		"ReadFails": {
			reason: "a failed read says what could not be read",
			ext:    "CI", getErr: errBoom,
			want: want{ext: "CI", err: errors.Wrap(errBoom, `cannot read thing "CI" of o/r`)},
		},
		"SomeoneElses": {
			reason: "an object of the name the resource never made is someone else's: Claim refuses it with advice",
			got:    &thing{Name: "CI", Created: during},
			want:   want{obj: &thing{Name: "CI", Created: during}, unclaimed: true, claimErr: taken},
		},
		"SomeoneElsesWhileDeleting": {
			reason:   "a resource being deleted without an external name has nothing of its own",
			deleting: true, got: &thing{Name: "CI", Created: during},
			want: want{},
		},
		"LostCreate": {
			reason:  "the exact object a lost create made is claimed: its name becomes the external name",
			pending: true, got: &thing{Name: "CI", Created: during, Color: "blue"},
			want: want{obj: &thing{Name: "CI", Created: during, Color: "blue"}, unclaimed: true, ext: "CI", events: []event.Reason{ReasonRecovered}},
		},
		"LostCreateDiffers": {
			reason:  "an object that differs from what the lost create sent is someone else's",
			pending: true, got: &thing{Name: "CI", Created: during, Color: "red"},
			want: want{obj: &thing{Name: "CI", Created: during, Color: "red"}, unclaimed: true, claimErr: taken},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			mg := &repomv1alpha1.Repository{}
			if tc.ext != "" {
				meta.SetExternalName(mg, tc.ext)
			}
			if tc.pending {
				meta.SetExternalCreatePending(mg, pending)
				meta.SetExternalCreateFailed(mg, pending.Add(2*time.Second))
			}
			if tc.deleting {
				mg.SetDeletionTimestamp(&metav1.Time{Time: pending})
			}
			var recorded []event.Event
			f := ByName[thing]{
				Noun: "thing", Kind: "Thing", In: Repository{Owner: "o", Name: "r"}, Record: events{&recorded},
				What:  func(name string) string { return fmt.Sprintf("thing %q of o/r", name) },
				Taken: " (it becomes blue)",
				Same:  strings.EqualFold,
				Get:   func(context.Context) (*thing, error) { return tc.got, tc.getErr },
			}
			obj, unclaimed, err := f.Find(context.Background(), mg, "CI")
			if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
				t.Errorf("%s\nFind(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want.obj, obj); diff != "" {
				t.Errorf("%s\nFind(...): -want object, +got object:\n%s", tc.reason, diff)
			}
			if unclaimed != tc.want.unclaimed {
				t.Errorf("%s\nFind(...): unclaimed %t, want %t", tc.reason, unclaimed, tc.want.unclaimed)
			}
			if unclaimed {
				var differs []string
				if obj.Color != "blue" {
					differs = []string{"color"}
				}
				err := f.Claim(mg, obj.Name, obj.Created, differs)
				if diff := cmp.Diff(tc.want.claimErr, err, test.EquateErrors()); diff != "" {
					t.Errorf("%s\nClaim(...): -want error, +got error:\n%s", tc.reason, diff)
				}
			}
			if got := meta.GetExternalName(mg); got != tc.want.ext {
				t.Errorf("%s\nexternal name: %q, want %q", tc.reason, got, tc.want.ext)
			}
			if diff := cmp.Diff(tc.want.events, reasonsOf(recorded)); diff != "" {
				t.Errorf("%s\nevents: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

// TestByNameClaimUntimed: for a kind whose objects GitHub keeps no
// creation time of, content alone tells a lost create's result.
func TestByNameClaimUntimed(t *testing.T) {
	pending := time.Date(2026, 5, 1, 19, 0, 0, 0, time.UTC)
	cases := map[string]struct {
		lost    bool
		differs []string
		claimed bool
	}{
		"LostAndExact":    {lost: true, claimed: true},
		"LostButDiffers":  {lost: true, differs: []string{"color"}},
		"NoCreateWasLost": {},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			mg := &repomv1alpha1.Repository{}
			if tc.lost {
				meta.SetExternalCreatePending(mg, pending)
				meta.SetExternalCreateFailed(mg, pending.Add(time.Second))
			}
			var recorded []event.Event
			f := ByName[thing]{Noun: "thing", Kind: "Thing", Untimed: true, Record: events{&recorded},
				What: func(name string) string { return "thing " + name }}
			err := f.Claim(mg, "ci", nil, tc.differs)
			if claimed := err == nil && meta.GetExternalName(mg) == "ci"; claimed != tc.claimed {
				t.Errorf("Claim(...): %v, external name %q; want claimed %t", err, meta.GetExternalName(mg), tc.claimed)
			}
		})
	}
}

func TestExists(t *testing.T) {
	if got := Exists(nil, false); !got.ResourceExists || !got.ResourceUpToDate || got.ResourceLateInitialized || got.Diff != "" {
		t.Errorf("Exists(nil, false) = %+v: want an existing, up-to-date object", got)
	}
	if got := Exists([]string{"color", "description"}, true); got.ResourceUpToDate || !got.ResourceLateInitialized || got.Diff != "color, description" {
		t.Errorf("Exists(drift, true) = %+v: want drift listed, not up to date, late initialized", got)
	}
}
