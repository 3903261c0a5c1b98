package kind

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	gogithub "github.com/google/go-github/v37/github"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// readingExternal is a kind's external client whose observation reads one
// repository from GitHub.
type readingExternal struct {
	managed.TypedExternalClient[*repomv1alpha1.Repository]
	gh        *gogithub.Client
	upToDate  bool
	inputs    string
	inputsErr error
	// extra: the observation also reads a route GitHub answers without a
	// validator.
	extra    bool
	observed int
	// during runs within the observation.
	during func()
}

func (e *readingExternal) Observe(ctx context.Context, _ *repomv1alpha1.Repository) (managed.ExternalObservation, error) {
	e.observed++
	if e.during != nil {
		e.during()
	}
	if _, err := github.NewReposClient(e.gh).Get(ctx, "demo-org", "seeded"); err != nil {
		return managed.ExternalObservation{}, err
	}
	if e.extra {
		if _, err := github.NewVulnerabilityAlertsClient(e.gh).VulnerabilityAlerts(ctx, "demo-org", "seeded"); err != nil {
			return managed.ExternalObservation{}, err
		}
	}
	return managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: e.upToDate}, nil
}

func (e *readingExternal) VerdictInputs(context.Context, *repomv1alpha1.Repository) (string, error) {
	return e.inputs, e.inputsErr
}

func TestVerdicts(t *testing.T) {
	ctx := context.Background()
	const get = "GET /repos/{owner}/{repo}"
	type change struct {
		// mg, the kind's client and GitHub between the first process's
		// observation and the second's.
		mg     func(mg *repomv1alpha1.Repository)
		ext    func(e *readingExternal)
		github func(t *testing.T, emu *emulator.Server)
		// refs are the objects the second process finds mg to refer to.
		refs []string
		// confirmErr: the second process cannot reach GitHub to confirm.
		confirmErr bool
	}
	type want struct {
		observed bool // the kind's observation ran in the second process
		upToDate bool
		err      bool
		verdict  bool // mg has a verdict after the second observation
		// newVerdict: the verdict is not the first process's.
		newVerdict bool
		answers    []string // GitHub's, in the second process
	}
	cases := map[string]struct {
		reason string
		change change
		want   want
	}{
		"RestartUnchanged": {
			reason: "After a restart, an unchanged resource with an unchanged generation is confirmed by one free 304; the kind's observation does not run.",
			want:   want{upToDate: true, verdict: true, answers: []string{get + " 304"}},
		},
		"GenerationChanged": {
			reason: "A new generation is a new spec: the verdict is not used, the resource is observed (a full read, nothing being cached) and a verdict at the new generation recorded.",
			change: change{mg: func(mg *repomv1alpha1.Repository) {
				mg.SetGeneration(4)
				mg.Spec.ForProvider.Description = ptr.To("new")
			}},
			want: want{observed: true, upToDate: true, verdict: true, newVerdict: true, answers: []string{get + " 200"}},
		},
		"GenerationOnly": {
			reason: "A generation that differs alone (the spec as read is the same) still forces an observation.",
			change: change{mg: func(mg *repomv1alpha1.Repository) { mg.SetGeneration(4) }},
			want:   want{observed: true, upToDate: true, verdict: true, newVerdict: true, answers: []string{get + " 200"}},
		},
		"SpecDefaulted": {
			reason: "A spec that changed without a new generation (a newer CRD's default) forces an observation.",
			change: change{mg: func(mg *repomv1alpha1.Repository) { mg.Spec.ForProvider.HasWiki = ptr.To(true) }},
			want:   want{observed: true, upToDate: true, verdict: true, newVerdict: true, answers: []string{get + " 200"}},
		},
		"ChangedOnGitHub": {
			reason: "A change on GitHub is a 200 to the confirmation: the resource is observed, from the answer the confirmation cached (a 304), and a new verdict recorded.",
			change: change{github: func(t *testing.T, emu *emulator.Server) {
				if err := emu.State().SetField("demo-org", "seeded", "description", "changed on GitHub"); err != nil {
					t.Fatal(err)
				}
			}},
			want: want{observed: true, upToDate: true, verdict: true, newVerdict: true, answers: []string{get + " 200", get + " 304"}},
		},
		"ChangedAndDrifted": {
			reason: "When the observation after a change finds drift, the stale verdict is dropped.",
			change: change{
				github: func(t *testing.T, emu *emulator.Server) {
					if err := emu.State().SetField("demo-org", "seeded", "description", "changed on GitHub"); err != nil {
						t.Fatal(err)
					}
				},
				ext: func(e *readingExternal) { e.upToDate = false },
			},
			want: want{observed: true, answers: []string{get + " 200", get + " 304"}},
		},
		"AnnotationChanged": {
			reason: "A new annotation (an external name set by hand, say) forces an observation.",
			change: change{mg: func(mg *repomv1alpha1.Repository) { meta.SetExternalName(mg, "other") }},
			want:   want{observed: true, upToDate: true, verdict: true, newVerdict: true, answers: []string{get + " 200"}},
		},
		"KindInputsChanged": {
			reason: "A new value of what the kind depends on besides the spec (a Secret's) forces an observation.",
			change: change{ext: func(e *readingExternal) { e.inputs = "secret hash 2" }},
			want:   want{observed: true, upToDate: true, verdict: true, newVerdict: true, answers: []string{get + " 200"}},
		},
		"KindInputsUnknown": {
			reason: "When the kind cannot say what its inputs are, the resource is observed and no verdict kept.",
			change: change{ext: func(e *readingExternal) { e.inputsErr = errors.New("secret not found") }},
			want:   want{observed: true, upToDate: true, answers: []string{get + " 200"}},
		},
		"ReferenceChanged": {
			reason: "When the objects the resource refers to changed (its Repository resource now names another repository), it is observed.",
			change: change{refs: []string{"kind.Repository{Owner:demo-org Name:other}"}},
			want:   want{observed: true, upToDate: true, verdict: true, newVerdict: true, answers: []string{get + " 200"}},
		},
		"Deleting": {
			reason: "A resource being deleted is always observed, and keeps no verdict.",
			change: change{mg: func(mg *repomv1alpha1.Repository) { mg.SetDeletionTimestamp(&metav1.Time{Time: time.Now()}) }},
			want:   want{observed: true, upToDate: true, answers: []string{get + " 200"}},
		},
		"PublishesConnectionSecret": {
			reason: "A resource publishing a connection Secret is always observed (the Secret is written from the observation).",
			change: change{mg: func(mg *repomv1alpha1.Repository) {
				mg.SetWriteConnectionSecretToReference(&xpv2.LocalSecretReference{Name: "conn"})
			}},
			want: want{observed: true, upToDate: true, answers: []string{get + " 200"}},
		},
		"GitHubUnreachable": {
			reason: "When GitHub cannot be asked, the error says so and the verdict is kept for the next attempt.",
			change: change{confirmErr: true},
			want:   want{err: true, verdict: true},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			now := time.Now()
			seed := emulator.DefaultSeed()
			seed.Repos = append(seed.Repos, emulator.SeedRepo{Owner: "demo-org", Name: "seeded", Branches: []string{"main"}})
			srv, emu := emulatortest.NewServer(t, emulator.Options{Seed: seed, Now: func() time.Time { return now }})
			newClient := func() *gogithub.Client {
				gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "demo-token"}, BaseURL: srv.URL},
					transport.Options{Transport: srv.Client().Transport})
				if err != nil {
					t.Fatal(err)
				}
				return gh
			}
			process := func(ext *readingExternal, gh *gogithub.Client, refs []string) managed.TypedExternalClient[*repomv1alpha1.Repository] {
				r := &referred{}
				for _, s := range refs {
					refer(Connection{referred: r}, s)
				}
				w := withVerdicts[*repomv1alpha1.Repository](&repomv1alpha1.Repository{}, ext, gh, "https://api.github.com/\x00demo-org", r)
				if tc.change.confirmErr && gh == nil {
					v := w.(verdicts[*repomv1alpha1.Repository])
					v.confirm = func(context.Context, []transport.ValidatedRead) (bool, error) {
						return false, errors.New("dial tcp: connection refused")
					}
					return v
				}
				return w
			}
			refs := []string{"kind.Repository{Owner:demo-org Name:seeded}"}

			mg := &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Name: "seeded", Namespace: "default", Generation: 3}}
			first := &readingExternal{gh: newClient(), upToDate: true, inputs: "secret hash 1"}
			if _, err := process(first, first.gh, refs).Observe(ctx, mg); err != nil {
				t.Fatal(err)
			}
			recorded := mg.GetVerdict()
			if recorded == nil || recorded.Generation != 3 || len(recorded.Reads) != 1 {
				t.Fatalf("the first observation recorded verdict %+v, want one read at generation 3", recorded)
			}

			second := &readingExternal{gh: newClient(), upToDate: true, inputs: "secret hash 1"}
			if tc.change.mg != nil {
				tc.change.mg(mg)
			}
			if tc.change.ext != nil {
				tc.change.ext(second)
			}
			if tc.change.github != nil {
				tc.change.github(t, emu)
			}
			if tc.change.refs != nil {
				refs = tc.change.refs
			}
			gh := second.gh
			if tc.change.confirmErr {
				gh = nil
			}
			from := len(emu.Requests())
			got, err := process(second, gh, refs).Observe(ctx, mg)

			if (err != nil) != tc.want.err {
				t.Errorf("\n%s\nObserve: error %v, want error %t", tc.reason, err, tc.want.err)
			}
			if (second.observed > 0) != tc.want.observed {
				t.Errorf("\n%s\nthe kind's observation ran %d times, want it to run: %t", tc.reason, second.observed, tc.want.observed)
			}
			if !tc.want.err && (!got.ResourceExists || got.ResourceUpToDate != tc.want.upToDate) {
				t.Errorf("\n%s\nObserve: %+v, want it to exist and be up to date: %t", tc.reason, got, tc.want.upToDate)
			}
			v := mg.GetVerdict()
			if (v != nil) != tc.want.verdict {
				t.Errorf("\n%s\nverdict after: %+v, want one: %t", tc.reason, v, tc.want.verdict)
			}
			if v != nil && (v.Generation != mg.GetGeneration()) {
				t.Errorf("\n%s\nverdict at generation %d, the resource's is %d", tc.reason, v.Generation, mg.GetGeneration())
			}
			if v != nil && cmp.Equal(v, recorded) == tc.want.newVerdict {
				t.Errorf("\n%s\nverdict after: %+v; the first process's: %+v; want a new one: %t", tc.reason, v, recorded, tc.want.newVerdict)
			}
			var answers []string
			for _, r := range emu.Requests()[from:] {
				answers = append(answers, fmt.Sprintf("%s %d", r.Endpoint, r.Status))
			}
			if diff := cmp.Diff(tc.want.answers, answers); diff != "" {
				t.Errorf("\n%s\nGitHub's answers: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestVerdictsUnconfirmableRead(t *testing.T) {
	seed := emulator.DefaultSeed()
	seed.Repos = append(seed.Repos, emulator.SeedRepo{Owner: "demo-org", Name: "seeded", Branches: []string{"main"}})
	srv, _ := emulatortest.NewServer(t, emulator.Options{Seed: seed})
	gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "demo-token"}, BaseURL: srv.URL},
		transport.Options{Transport: srv.Client().Transport})
	if err != nil {
		t.Fatal(err)
	}
	mg := &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Name: "seeded", Namespace: "default", Generation: 1}}
	ext := &readingExternal{gh: gh, upToDate: true, extra: true}
	if _, err := withVerdicts[*repomv1alpha1.Repository](mg, ext, gh, "", &referred{}).Observe(context.Background(), mg); err != nil {
		t.Fatal(err)
	}
	if v := mg.GetVerdict(); v != nil {
		t.Errorf("an observation that read something without a validator (vulnerability alerts: 204 or 404) recorded verdict %+v, want none", v)
	}
}

func TestVerdictsReferredDuringObservation(t *testing.T) {
	seed := emulator.DefaultSeed()
	seed.Repos = append(seed.Repos, emulator.SeedRepo{Owner: "demo-org", Name: "seeded", Branches: []string{"main"}})
	srv, _ := emulatortest.NewServer(t, emulator.Options{Seed: seed})
	gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "demo-token"}, BaseURL: srv.URL},
		transport.Options{Transport: srv.Client().Transport})
	if err != nil {
		t.Fatal(err)
	}
	mg := &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Name: "seeded", Namespace: "default", Generation: 1}}
	refs := &referred{}
	ext := &readingExternal{gh: gh, upToDate: true, during: func() {
		refer(Connection{referred: refs}, Team{Organization: "demo-org", Slug: "parent", ID: 7})
	}}
	if _, err := withVerdicts[*repomv1alpha1.Repository](mg, ext, gh, "", refs).Observe(context.Background(), mg); err != nil {
		t.Fatal(err)
	}
	if v := mg.GetVerdict(); v != nil {
		t.Errorf("an observation that looked up a referenced object itself (not in the digest taken before it) recorded verdict %+v, want none", v)
	}
}
