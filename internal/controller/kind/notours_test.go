package kind

import (
	"context"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
)

func TestOwnOnly(t *testing.T) {
	theirs := NotOursf("demo-org/app already exists on GitHub and this Repository did not create it")
	cases := map[string]struct {
		reason   string
		deleting bool
		err      error
		want     managed.ExternalObservation
		wantErr  error
	}{
		"DeletingFindsSomeoneElses": {reason: "a resource being deleted that finds only someone else's object has nothing of its own to delete: it is gone",
			deleting: true, err: errors.Wrap(theirs, "cannot observe")},
		"NotDeleting": {reason: "a resource not being deleted says whose the object is", err: theirs, wantErr: theirs},
		"DeletingOtherError": {reason: "any other error of a resource being deleted stands",
			deleting: true, err: errors.New("boom"), wantErr: errors.New("boom")},
		"DeletingFindsItsOwn": {reason: "a resource being deleted that finds its own object is observed as its kind says",
			deleting: true, want: managed.ExternalObservation{ResourceExists: true}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			mg := &repomv1alpha1.Repository{}
			if tc.deleting {
				mg.SetDeletionTimestamp(&metav1.Time{Time: time.Now()})
			}
			e := ownOnly[*repomv1alpha1.Repository]{&managed.TypedExternalClientFns[*repomv1alpha1.Repository]{
				ObserveFn: func(context.Context, *repomv1alpha1.Repository) (managed.ExternalObservation, error) {
					if tc.err != nil {
						return managed.ExternalObservation{}, tc.err
					}
					return managed.ExternalObservation{ResourceExists: true}, nil
				},
			}}
			o, err := e.Observe(context.Background(), mg)
			if diff := cmp.Diff(tc.wantErr, err, test.EquateErrors()); diff != "" {
				t.Errorf("%s\nObserve(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want, o); diff != "" {
				t.Errorf("%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}
