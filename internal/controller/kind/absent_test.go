package kind

import (
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
)

func TestAbsent(t *testing.T) {
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	cases := map[string]struct {
		reason  string
		created time.Time
		want    error
	}{
		"New": {
			reason:  "A resource created less than a minute ago waits for what it names: it may have been applied with it.",
			created: now.Add(-59 * time.Second),
			want:    errors.New("names Repository api, which does not exist yet: this resource waits for it to appear"),
		},
		"Old": {
			reason:  "After a minute, what is missing is a mistake to fix.",
			created: now.Add(-time.Minute),
			want:    errors.New("names Repository api, which does not exist: create it"),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			mg := &repomv1alpha1.Branch{ObjectMeta: metav1.ObjectMeta{CreationTimestamp: metav1.NewTime(tc.created)}}
			got := Absent(mg, now, "names Repository api, which does not exist", "create it")
			if diff := cmp.Diff(tc.want, got, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nAbsent(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestWaitingRecorderAbsent(t *testing.T) {
	var got []event.Event
	for _, created := range []time.Time{time.Now(), time.Now().Add(-time.Hour)} {
		err := Absent(&metav1.ObjectMeta{CreationTimestamp: metav1.NewTime(created)}, time.Now(), "names Repository api, which does not exist", "create it")
		waitingRecorder{events{&got}}.Event(nil, event.Warning("CannotConnectToProvider", err))
	}
	if len(got) != 2 || got[0].Type != event.TypeNormal || got[0].Reason != reasonWaiting || got[1].Type != event.TypeWarning {
		t.Errorf("a new, then an old resource's missing reference: got %+v, want a Normal %s event, then a Warning", got, reasonWaiting)
	}
}
