package kind

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestCreatedDuring(t *testing.T) {
	pending := time.Date(2026, 5, 1, 19, 0, 0, 0, time.UTC)
	cases := map[string]struct {
		created *time.Time
		want    bool
	}{
		"JustAfter":           {created: ptr.To(pending.Add(800 * time.Millisecond)), want: true},
		"OtherZone":           {created: ptr.To(pending.Add(time.Second).In(time.FixedZone("", -7*3600))), want: true},
		"SameInstant":         {created: &pending, want: true},
		"ClockBehind":         {created: ptr.To(pending.Add(-ClockSkew)), want: true},
		"TooLongBefore":       {created: ptr.To(pending.Add(-ClockSkew - time.Millisecond))},
		"LongBefore":          {created: ptr.To(pending.Add(-time.Hour))},
		"LongAfter":           {created: ptr.To(pending.Add(time.Hour))},
		"NoTimeGivenByGitHub": {},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := CreatedDuring(tc.created, pending); got != tc.want {
				t.Errorf("CreatedDuring(%v, %v): %t, want %t", tc.created, pending, got, tc.want)
			}
		})
	}
}

func TestCreatedByLostCreate(t *testing.T) {
	pending := time.Date(2026, 5, 1, 19, 0, 0, 0, time.UTC)
	at := func(d time.Duration) *time.Time { return ptr.To(pending.Add(d)) }
	type annotations struct{ pending, succeeded, failed, refused time.Time }
	cases := map[string]struct {
		reason      string
		a           annotations
		created     *time.Time
		unconfirmed bool
		want        bool
	}{
		"NeverCreated": {
			reason: "a resource that never started a create made nothing",
			a:      annotations{}, created: at(0),
		},
		"CutOff": {
			reason: "the provider stopped during the create: an object made while it was under way is its result",
			a:      annotations{pending: pending}, created: at(2 * time.Second), unconfirmed: true, want: true,
		},
		"CutOffLongAgo": {
			reason: "an object made long after the cut-off create started is someone else's",
			a:      annotations{pending: pending}, created: at(CreateWindow + time.Minute), unconfirmed: true,
		},
		"AnswerLost": {
			reason: "the create failed (GitHub's answer was lost) after GitHub made the object: it is the create's result",
			a:      annotations{pending: pending, failed: pending.Add(time.Second)}, created: at(500 * time.Millisecond), unconfirmed: true, want: true,
		},
		"MadeAfterTheFailure": {
			reason: "an object made well after the create failed is someone else's",
			a:      annotations{pending: pending, failed: pending.Add(time.Second)}, created: at(time.Second + ClockSkew + time.Second), unconfirmed: true,
		},
		"MadeBefore": {
			reason: "an object that existed before the create started is not its result",
			a:      annotations{pending: pending, failed: pending.Add(time.Second)}, created: at(-time.Hour), unconfirmed: true,
		},
		"EarlierFailureThenCutOff": {
			reason: "a failure of an earlier attempt does not bound the latest attempt, which was cut off",
			a:      annotations{pending: pending, failed: pending.Add(-time.Minute)}, created: at(time.Minute), unconfirmed: true, want: true,
		},
		"Succeeded": {
			reason: "a create GitHub confirmed is not unconfirmed",
			a:      annotations{pending: pending, succeeded: pending.Add(time.Second)}, created: at(500 * time.Millisecond),
		},
		"Refused": {
			reason: "a create GitHub refused with a definite answer (a 4xx) made nothing: an object made a second before it is someone else's",
			a:      annotations{pending: pending, failed: pending.Add(time.Second), refused: pending}, created: at(-time.Second),
		},
		"RefusedThenLookAlikeDuring": {
			reason: "after a refusal, not even an object GitHub dates within the create is its result",
			a:      annotations{pending: pending, failed: pending.Add(time.Second), refused: pending}, created: at(500 * time.Millisecond),
		},
		"EarlierAttemptRefusedThenAnswerLost": {
			reason: "a refusal of an earlier attempt says nothing of the latest one, whose answer was lost",
			a:      annotations{pending: pending, failed: pending.Add(time.Second), refused: pending.Add(-time.Minute)}, created: at(500 * time.Millisecond), unconfirmed: true, want: true,
		},
		"NoCreationTime": {
			reason: "without GitHub's creation time nothing can be told",
			a:      annotations{pending: pending, failed: pending.Add(time.Second)}, unconfirmed: true,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			mg := &repomv1alpha1.Repository{}
			if !tc.a.pending.IsZero() {
				meta.SetExternalCreatePending(mg, tc.a.pending)
			}
			if !tc.a.succeeded.IsZero() {
				meta.SetExternalCreateSucceeded(mg, tc.a.succeeded)
			}
			if !tc.a.failed.IsZero() {
				meta.SetExternalCreateFailed(mg, tc.a.failed)
			}
			if !tc.a.refused.IsZero() {
				meta.AddAnnotations(mg, map[string]string{AnnotationCreateRefused: tc.a.refused.Format(time.RFC3339)})
			}
			if got := CreateUnconfirmed(mg); got != tc.unconfirmed {
				t.Errorf("%s\nCreateUnconfirmed: %t, want %t", tc.reason, got, tc.unconfirmed)
			}
			if got := CreatedByLostCreate(mg, tc.created); got != tc.want {
				t.Errorf("%s\nCreatedByLostCreate: %t, want %t", tc.reason, got, tc.want)
			}
		})
	}
}

func TestRecovers(t *testing.T) {
	pending := time.Date(2026, 5, 1, 19, 0, 0, 0, time.UTC)
	lost := func() *repomv1alpha1.Repository {
		mg := &repomv1alpha1.Repository{}
		meta.SetExternalCreatePending(mg, pending)
		meta.SetExternalCreateFailed(mg, pending.Add(time.Second))
		return mg
	}
	refused := func() *repomv1alpha1.Repository {
		mg := lost()
		meta.AddAnnotations(mg, map[string]string{AnnotationCreateRefused: pending.Format(time.RFC3339)})
		return mg
	}
	during := ptr.To(pending.Add(200 * time.Millisecond))
	cases := map[string]struct {
		reason  string
		mg      *repomv1alpha1.Repository
		created *time.Time
		differs []string
		want    bool
		untimed bool
	}{
		"ExactAfterLostAnswer": {reason: "the object a lost create asked for, made during it, is its result", mg: lost(), created: during, want: true},
		"DiffersInOneField":    {reason: "an object that differs from what the create sent in any field is someone else's", mg: lost(), created: during, differs: []string{"description"}},
		"ExactAfterRefusal":    {reason: "an identical object is not taken over after GitHub refused the create", mg: refused(), created: during},
		"UntimedExact":         {reason: "without a creation time, the content of a lost create's object tells", mg: lost(), want: true, untimed: true},
		"UntimedDiffers":       {reason: "without a creation time, content that differs is someone else's", mg: lost(), differs: []string{"sha"}, untimed: true},
		"UntimedAfterRefusal":  {reason: "without a creation time, nothing is taken over after a refusal", mg: refused(), untimed: true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Recovers(tc.mg, tc.created, tc.differs)
			if tc.untimed {
				got = RecoversUntimed(tc.mg, tc.differs)
			}
			if got != tc.want {
				t.Errorf("%s\nrecovers: %t, want %t", tc.reason, got, tc.want)
			}
		})
	}
}

func TestRefusalsRecordDefiniteAnswers(t *testing.T) {
	pending := time.Date(2026, 5, 1, 19, 0, 0, 0, time.UTC)
	refusedAnswer := &github.Error{Status: http.StatusUnprocessableEntity}
	lostAnswer := &github.Error{Status: http.StatusBadGateway}
	cases := map[string]struct {
		reason  string
		err     error
		name    string
		refused bool
	}{
		"Refused":   {reason: "a 4xx answer is recorded as the refusal of the create that started at the create-pending time", err: errors.Wrap(refusedAnswer, "cannot create team"), refused: true},
		"Ours":      {reason: "an error raised before anything was sent made nothing either", err: errors.New("cannot read the webhook's secret"), refused: true},
		"Lost":      {reason: "a lost answer is not a refusal: the create may have been made", err: errors.Wrap(lostAnswer, "cannot create team")},
		"Succeeded": {reason: "a create that succeeded was not refused"},
		"NamedThenRefused": {reason: "a create that recorded an external name made something, whatever failed after it",
			err: errors.Wrap(refusedAnswer, "cannot add the environment's branch policies"), name: "production"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			mg := &repomv1alpha1.Repository{}
			meta.SetExternalCreatePending(mg, pending)
			e := refusals[*repomv1alpha1.Repository]{&managed.TypedExternalClientFns[*repomv1alpha1.Repository]{
				CreateFn: func(_ context.Context, mg *repomv1alpha1.Repository) (managed.ExternalCreation, error) {
					if tc.name != "" {
						meta.SetExternalName(mg, tc.name)
					}
					return managed.ExternalCreation{}, tc.err
				},
			}}
			_, err := e.Create(context.Background(), mg)
			if diff := cmp.Diff(tc.err, err, test.EquateErrors()); diff != "" {
				t.Errorf("%s\nCreate(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			v, got := mg.GetAnnotations()[AnnotationCreateRefused]
			if got != tc.refused || (got && v != pending.Format(time.RFC3339)) {
				t.Errorf("%s\nannotation %s: %q (set %t), want set %t to the create-pending time", tc.reason, AnnotationCreateRefused, v, got, tc.refused)
			}
			meta.SetExternalCreateFailed(mg, pending.Add(time.Second))
			if tc.err != nil && CreateUnconfirmed(mg) == tc.refused {
				t.Errorf("%s\nCreateUnconfirmed after the failure: %t, want %t", tc.reason, !tc.refused, tc.refused)
			}
		})
	}
}

func TestRefusalsForgetARefusalBeforeTheNextCreate(t *testing.T) {
	pending := time.Date(2026, 5, 1, 19, 0, 0, 0, time.UTC)
	cases := map[string]struct {
		reason   string
		exists   bool
		err      error
		deleting bool
		kept     bool
	}{
		"CreateFollows": {reason: "a create follows an observation that finds nothing: the refusal of the last one is not this one's, even when both start in the same second"},
		"Exists":        {reason: "an observation that finds the object leaves the record as it is", exists: true, kept: true},
		"Failed":        {reason: "an observation that failed leaves the record as it is", err: errors.New("boom"), kept: true},
		"Deleting":      {reason: "a resource being deleted creates nothing: the record stays", deleting: true, kept: true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			mg := &repomv1alpha1.Repository{}
			meta.SetExternalCreatePending(mg, pending)
			meta.SetExternalCreateFailed(mg, pending)
			meta.AddAnnotations(mg, map[string]string{AnnotationCreateRefused: pending.Format(time.RFC3339)})
			if tc.deleting {
				mg.SetDeletionTimestamp(&metav1.Time{Time: pending})
			}
			e := refusals[*repomv1alpha1.Repository]{&managed.TypedExternalClientFns[*repomv1alpha1.Repository]{
				ObserveFn: func(context.Context, *repomv1alpha1.Repository) (managed.ExternalObservation, error) {
					return managed.ExternalObservation{ResourceExists: tc.exists}, tc.err
				},
			}}
			_, _ = e.Observe(context.Background(), mg)
			if _, got := mg.GetAnnotations()[AnnotationCreateRefused]; got != tc.kept {
				t.Errorf("%s\nrefusal record kept: %t, want %t", tc.reason, got, tc.kept)
			}
		})
	}
}
