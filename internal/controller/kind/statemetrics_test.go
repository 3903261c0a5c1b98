package kind

import (
	"context"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/logging"
	"github.com/crossplane/crossplane-runtime/v2/pkg/statemetrics"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
)

// countingRecorder reports each recording on got, under its name.
type countingRecorder struct {
	name string
	err  error
	got  chan<- string
}

func (r countingRecorder) Record(context.Context) error {
	r.got <- r.name
	return r.err
}

// next returns the next recording, failing t after a few seconds.
func next(t *testing.T, got <-chan string) string {
	t.Helper()
	select {
	case n := <-got:
		return n
	case <-time.After(5 * time.Second):
		t.Fatal("no recording within 5s")
		return ""
	}
}

func TestStatesRecordJoinedKindsAtOnce(t *testing.T) {
	got := make(chan string, 10)
	s := NewStates(nil, time.Hour) // no tick within the test
	s.Add(countingRecorder{name: "before-start", got: got}, logging.NewNopLogger())

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- s.Start(ctx) }()

	if n := next(t, got); n != "before-start" {
		t.Errorf("first recording: got %q, want the kind added before Start", n)
	}
	s.Add(countingRecorder{name: "joined", got: got}, logging.NewNopLogger())
	if n := next(t, got); n != "joined" {
		t.Errorf("a kind joining a running recorder: got %q, want it recorded at once (and only it)", n)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Start: got %v, want nil when its context is done", err)
	}
	if len(got) != 0 {
		t.Errorf("recordings after the joins: got %d more, want none before a tick", len(got))
	}
}

func TestStatesRecordEveryKindEveryTick(t *testing.T) {
	got := make(chan string, 100)
	s := NewStates(nil, 20*time.Millisecond)
	s.Add(countingRecorder{name: "failing", err: errors.New("boom"), got: got}, logging.NewNopLogger())
	s.Add(countingRecorder{name: "working", got: got}, logging.NewNopLogger())

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- s.Start(ctx) }()

	// Two recordings of each: one when they joined, at least one at a
	// tick, and a failing kind neither stops the recorder nor the others.
	counts := map[string]int{}
	for counts["failing"] < 2 || counts["working"] < 2 {
		counts[next(t, got)]++
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Start: got %v, want nil: a failed recording must not stop the manager", err)
	}
}

func TestNewStatesInterval(t *testing.T) {
	if got := NewStates(nil, 0).interval; got != time.Minute {
		t.Errorf("NewStates(nil, 0).interval: got %v, want a minute", got)
	}
}

// TestStateRecorderCounts: the gauges crossplane-runtime's recorder sets,
// under its gvk label, counted from the kind's resources.
func TestStateRecorderCounts(t *testing.T) {
	ready := &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "ready"}}
	ready.SetConditions(xpv2.Available(), xpv2.ReconcileSuccess())
	unsynced := &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "unsynced"}}
	unsynced.SetConditions(xpv2.Available(), xpv2.ReconcileError(errors.New("boom")))
	creating := &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: "b", Name: "creating"}}
	creating.SetConditions(xpv2.Creating(), xpv2.ReconcileSuccess())
	other := createdRepo("", "cluster-scoped", "acme/x") // another kind: not counted

	m := statemetrics.NewMRStateMetrics()
	gvk := repomv1alpha1.SchemeGroupVersion.WithKind("Repository")
	r := stateRecorder{kube: kubeWith(t, ready, unsynced, creating, other), list: &repomv1alpha1.RepositoryList{}, gvk: gvk, metrics: m}
	if err := r.Record(context.Background()); err != nil {
		t.Fatal(err)
	}
	labels := prometheus.Labels{"gvk": "repo.github.m.crossplane.io/v1alpha1, Kind=Repository"}
	for name, c := range map[string]struct {
		g    *prometheus.GaugeVec
		want float64
	}{"exists": {m.Exists, 3}, "ready": {m.Ready, 2}, "synced": {m.Synced, 2}} {
		var got dto.Metric
		if err := c.g.With(labels).Write(&got); err != nil {
			t.Fatal(err)
		}
		if got.GetGauge().GetValue() != c.want {
			t.Errorf("%s: got %v, want %v", name, got.GetGauge().GetValue(), c.want)
		}
	}
}
