package kind

import (
	"context"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/logging"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"github.com/crossplane/crossplane-runtime/v2/pkg/statemetrics"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"

	"github.com/crossplane-github/provider-github/internal/controller/shared"
)

// addStateRecorder records how many resources of a kind exist, are Ready
// and are Synced (crossplane_managed_resource_exists/ready/synced), once
// at once and then every interval.
func addStateRecorder(mgr ctrl.Manager, o Options, gvk schema.GroupVersionKind) error {
	mo := o.MetricOptions
	if mo == nil || mo.MRStateMetrics == nil {
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
	interval := mo.PollStateMetricInterval
	if interval <= 0 {
		interval = time.Minute
	}
	log := o.Logger.WithValues("controller", "state-metrics", "kind", gvk.GroupKind().String())
	// Only conditions are read: the cached resources need not be copied.
	rec := statemetrics.NewMRStateRecorder(shared.WithUncopiedLists(mgr).GetClient(), log, mo.MRStateMetrics, list, interval)
	return errors.Wrap(mgr.Add(stateRecorder{rec: rec, log: log, interval: interval}), "cannot add the state metrics recorder")
}

// stateRecorder runs an MRStateRecorder. Unlike its own Start, a failed
// recording is logged and tried again at the next tick: it must not stop
// the manager, and so the whole provider.
type stateRecorder struct {
	rec      *statemetrics.MRStateRecorder
	log      logging.Logger
	interval time.Duration
}

func (s stateRecorder) Start(ctx context.Context) error {
	t := time.NewTicker(s.interval)
	defer t.Stop()
	for {
		if err := s.rec.Record(ctx); err != nil {
			s.log.Info("cannot record the state metrics of managed resources", "error", err)
		}
		select {
		case <-t.C:
		case <-ctx.Done():
			return nil
		}
	}
}
