package kind

import (
	"context"
	"sync"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/logging"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"github.com/crossplane/crossplane-runtime/v2/pkg/statemetrics"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/prometheus/client_golang/prometheus"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A StateRecorder records the state metrics of one kind's resources.
type StateRecorder interface {
	Record(ctx context.Context) error
}

// States records how many resources of every kind exist, are Ready and are
// Synced (crossplane_managed_resource_exists/ready/synced): a kind's at
// once when it joins, then every kind's every interval, in one goroutine
// (a ticker goroutine per kind and scope would be some fifty). A failed
// recording is logged and tried again at the next tick: unlike
// crossplane-runtime's own recorder it never stops the manager, and so the
// whole provider.
type States struct {
	metrics  *statemetrics.MRStateMetrics
	interval time.Duration

	mu  sync.Mutex
	all []state
	// recorded is how many of all were recorded once: the rest joined
	// since the last wake-up.
	recorded int
	wake     chan struct{}
}

type state struct {
	rec StateRecorder
	log logging.Logger
}

// NewStates returns the recorder of every kind's state metrics into m,
// recording every interval (a minute when not positive). Start runs it.
func NewStates(m *statemetrics.MRStateMetrics, interval time.Duration) *States {
	if interval <= 0 {
		interval = time.Minute
	}
	return &States{metrics: m, interval: interval, wake: make(chan struct{}, 1)}
}

// Add records rec's kind from now on; log tells which kind failed.
func (s *States) Add(rec StateRecorder, log logging.Logger) {
	s.mu.Lock()
	s.all = append(s.all, state{rec: rec, log: log})
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default: // a wake-up is already pending; it takes this kind too
	}
}

// Start records until ctx is done.
func (s *States) Start(ctx context.Context) error {
	t := time.NewTicker(s.interval)
	defer t.Stop()
	for {
		select {
		case <-s.wake:
			s.mu.Lock()
			joined := s.all[s.recorded:]
			s.recorded = len(s.all)
			s.mu.Unlock()
			s.record(ctx, joined)
		case <-t.C:
			s.mu.Lock()
			all := s.all
			s.mu.Unlock()
			s.record(ctx, all)
		case <-ctx.Done():
			return nil
		}
	}
}

func (s *States) record(ctx context.Context, states []state) {
	for _, st := range states {
		if ctx.Err() != nil {
			return
		}
		if err := st.rec.Record(ctx); err != nil {
			st.log.Info("cannot record the state metrics of managed resources", "error", err)
		}
	}
}

// addStateRecorder has o.States record the state metrics of gvk.
func addStateRecorder(mgr ctrl.Manager, o Options, gvk schema.GroupVersionKind) error {
	if o.States == nil {
		return nil
	}
	listGVK := gvk.GroupVersion().WithKind(gvk.Kind + "List")
	obj, err := mgr.GetScheme().New(listGVK)
	if err != nil {
		return errors.Wrapf(err, "cannot make a list of %s", gvk.GroupKind())
	}
	list, ok := obj.(resource.ManagedList)
	if !ok {
		return errors.Errorf("%s is not a list of managed resources", listGVK)
	}
	log := o.Logger.WithValues("controller", "state-metrics", "kind", gvk.GroupKind().String())
	o.States.Add(stateRecorder{kube: newCachingClient(mgr), list: list, gvk: gvk, metrics: o.States.metrics}, log)
	return nil
}

// stateRecorder records one kind's state metrics as crossplane-runtime's
// MRStateRecorder does (the same gauges and gvk label), from the cache's
// own objects: its List copied every resource of the kind into a slice
// each interval, a transient of some 3 MiB at every minute's tick with a
// thousand Repositories, seen in heap profiles at the provider's peak.
type stateRecorder struct {
	kube    client.Reader
	list    resource.ManagedList
	gvk     schema.GroupVersionKind
	metrics *statemetrics.MRStateMetrics
}

// Record counts the kind's resources, and those Ready and Synced.
func (r stateRecorder) Record(ctx context.Context) error {
	all, err := items(ctx, r.kube, r.list)
	if err != nil {
		return errors.Wrapf(err, "cannot list the %s resources", r.gvk.Kind)
	}
	var ready, synced float64
	for _, o := range all {
		c, ok := o.(resource.Conditioned)
		if !ok {
			return errors.Errorf("%T among the %s resources has no conditions", o, r.gvk.Kind)
		}
		if c.GetCondition(xpv2.TypeReady).Status == corev1.ConditionTrue {
			ready++
		}
		if c.GetCondition(xpv2.TypeSynced).Status == corev1.ConditionTrue {
			synced++
		}
	}
	labels := prometheus.Labels{"gvk": r.gvk.String()}
	r.metrics.Exists.With(labels).Set(float64(len(all)))
	r.metrics.Ready.With(labels).Set(ready)
	r.metrics.Synced.With(labels).Set(synced)
	return nil
}
