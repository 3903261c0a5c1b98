// Command provider runs provider-github: the controllers that manage GitHub
// repositories as Crossplane managed resources.
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/controller"
	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/feature"
	"github.com/crossplane/crossplane-runtime/v2/pkg/gate"
	"github.com/crossplane/crossplane-runtime/v2/pkg/logging"
	"github.com/crossplane/crossplane-runtime/v2/pkg/ratelimiter"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/customresourcesgate"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/statemetrics"
	"go.uber.org/zap/zapcore"
	corev1 "k8s.io/api/core/v1"
	extv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	"sigs.k8s.io/controller-runtime/pkg/metrics"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"github.com/crossplane-github/provider-github/apis"
	"github.com/crossplane-github/provider-github/internal/clients/transport"
	ghcontroller "github.com/crossplane-github/provider-github/internal/controller"
	"github.com/crossplane-github/provider-github/internal/controller/pace"
	"github.com/crossplane-github/provider-github/internal/controller/shared"
	"github.com/crossplane-github/provider-github/internal/gomem"
	"github.com/crossplane-github/provider-github/internal/lazylog"
	"github.com/crossplane-github/provider-github/internal/version"
)

func main() {
	var (
		debug            = flag.Bool("debug", false, "Log at debug level (every reconcile, every GitHub call).")
		pollInterval     = flag.Duration("poll", time.Minute, "How often each resource is checked for drift from its spec.")
		syncInterval     = flag.Duration("sync", time.Hour, "How often every watched object is re-listed from the API server.")
		stateInterval    = flag.Duration("poll-state-metric", time.Minute, "How often the crossplane_managed_resource_exists/ready/synced metrics are recorded.")
		maxReconcileRate = flag.Int("max-reconcile-rate", 0, "The most reconciles per second across all kinds (also the reconciles in flight, shared by all kinds); 0 (the default) derives the rate from the number of managed resources and --poll: 3 polls of each per interval, at least 50 and at most 200 a second, 50 in flight.")
		leaderElection   = flag.Bool("leader-election", false, "Elect a leader, so that several replicas can run with one active.")
		leaderNamespace  = flag.String("leader-election-namespace", "", "Namespace of the leader election Lease; empty (the default) means the provider's own namespace in a cluster (required when it runs outside one).")
		metricsAddr      = flag.String("metrics-bind-address", ":8080", "Where to serve Prometheus metrics; 0 turns them off.")
		healthAddr       = flag.String("health-probe-bind-address", ":8081", "Where to serve /healthz and /readyz.")
		pprofAddr        = flag.String("pprof-bind-address", "", "Where to serve Go's profiles (/debug/pprof/); empty (the default) turns them off.")
		requestTimeout   = flag.Duration("github-request-timeout", 30*time.Second, "Timeout of one GitHub API request.")
		fullReadBudget   = flag.Float64("full-read-budget", transport.DefaultFullReadBudget, "Share (0-1) of each credential's hourly rate limit spent on full, unconditional repository reads, spread evenly over its repositories (GitHub's ETag misses some settings changes); 0 turns them off.")
		fullReadInterval = flag.Duration("full-read-interval", transport.DefaultFullReadInterval, "Least time between two full reads of one resource, however few share --full-read-budget; at --poll or less, the budget alone sets how often.")
		writeConcurrency = flag.Int("github-write-concurrency", 0, "Writes in flight per credential; 0 (the default) means 1 on github.com and ghe.com, as GitHub advises, and 8 on GitHub Enterprise Server, whose rate limits are off unless its administrator turns them on.")
		maxConcurrency   = flag.Int("github-max-concurrency", transport.DefaultMaxConcurrency, "Calls in flight per credential.")
		maxRateWait      = flag.Duration("github-max-rate-limit-wait", transport.DefaultMaxRateLimitWait, "Longest a call waits for a rate limit to pass; longer waits fail the reconcile at once with a condition saying until when.")
		showVersion      = flag.Bool("version", false, "Print the version and exit.")
	)
	flag.Parse()
	if *showVersion {
		fmt.Println(version.Version)
		return
	}
	mem := gomem.Configure(*pprofAddr != "")

	level := zapcore.InfoLevel
	if *debug {
		level = zapcore.DebugLevel
	}
	// Values added to the logger on every reconcile are encoded only
	// when a line is written.
	zl := lazylog.New(zap.New(zap.UseDevMode(*debug), zap.Level(level)))
	ctrl.SetLogger(zl)
	log := logging.NewLogrLogger(zl.WithName("provider-github"))
	rate := "derived from the managed resources"
	if *maxReconcileRate > 0 {
		rate = strconv.Itoa(*maxReconcileRate)
	}
	log.Info("Starting", "version", version.Version, "poll", pollInterval.String(), "sync", syncInterval.String(), "max-reconcile-rate", rate,
		"gc-percent", mem.GCPercent, "memory-limit-bytes", mem.MemoryLimit, "heap-profiles", mem.HeapProfiles)

	cfg, err := ctrl.GetConfig()
	fatal(log, err, "cannot get API server config")
	// The reconcile rate, the reconciles in flight and the Kubernetes API
	// client's rate: fixed by the flag, or following the managed resources.
	var (
		limiter ratelimiter.RateLimiter
		workers = *maxReconcileRate
		paced   *pace.Pace
	)
	if *maxReconcileRate > 0 {
		limiter = ratelimiter.NewGlobal(*maxReconcileRate)
		cfg = ratelimiter.LimitRESTConfig(cfg, *maxReconcileRate)
	} else {
		paced = pace.New(*pollInterval)
		limiter, workers = paced, pace.Workers
		cfg = rest.CopyConfig(cfg)
		cfg.RateLimiter = paced.REST()
	}
	cfg.WarningHandlerWithContext = shared.APIWarnings()

	scheme := runtime.NewScheme()
	fatal(log, clientgoscheme.AddToScheme(scheme), "cannot add Kubernetes APIs to scheme")
	fatal(log, apis.AddToScheme(scheme), "cannot add provider-github APIs to scheme")
	// CustomResourceDefinitions are watched for safe start (see ghcontroller.Setup).
	fatal(log, extv1.AddToScheme(scheme), "cannot add CustomResourceDefinitions to scheme")

	// Managed fields are never read; not caching them saves memory.
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{
		Scheme: scheme,
		Cache: cache.Options{SyncPeriod: syncInterval, DefaultTransform: cache.TransformStripManagedFields(),
			// Only a CRD's names and conditions are read: its schema is not kept.
			ByObject: map[client.Object]cache.ByObject{&extv1.CustomResourceDefinition{}: {Transform: customresourcesgate.TransformStripCRDSchema},
				// Only Secrets' metadata is cached (see kind.Watch), without kubectl's copy of them.
				&corev1.Secret{}: {Transform: shared.TransformSecrets()}}},
		LeaderElection:             *leaderElection,
		LeaderElectionID:           "crossplane-leader-election-provider-github",
		LeaderElectionNamespace:    *leaderNamespace,
		LeaderElectionResourceLock: "leases",
		LeaseDuration:              ptrDuration(60 * time.Second),
		RenewDeadline:              ptrDuration(50 * time.Second),
		Metrics:                    metricsserver.Options{BindAddress: *metricsAddr},
		HealthProbeBindAddress:     *healthAddr,
		PprofBindAddress:           *pprofAddr,
		GracefulShutdownTimeout:    ptrDuration(30 * time.Second),
	})
	fatal(log, err, "cannot create controller manager")
	fatal(log, mgr.AddHealthzCheck("healthz", healthz.Ping), "cannot add health check")
	fatal(log, mgr.AddReadyzCheck("readyz", healthz.Ping), "cannot add ready check")

	mm := managed.NewMRMetricRecorder()
	sm := statemetrics.NewMRStateMetrics()
	metrics.Registry.MustRegister(mm, sm)
	gm := transport.NewMetrics()
	metrics.Registry.MustRegister(gm.Collectors()...)

	if *fullReadBudget < 0 || *fullReadBudget > 1 {
		fatal(log, errors.New("--full-read-budget must be from 0 to 1"), "cannot start")
	}
	if *fullReadInterval <= 0 {
		fatal(log, errors.New("--full-read-interval must be positive: --poll or less leaves the cadence to --full-read-budget"), "cannot start")
	}

	o := shared.Options{
		Options: controller.Options{
			Logger:                  log,
			GlobalRateLimiter:       limiter,
			PollInterval:            *pollInterval,
			MaxConcurrentReconciles: workers,
			Features:                &feature.Flags{},
			MetricOptions:           &controller.MetricOptions{MRMetrics: mm, MRStateMetrics: sm, PollStateMetricInterval: *stateInterval},
			// A managed resource kind's controller starts once its CRD is
			// installed: with safe-start, Crossplane installs only the kinds
			// an activation policy activates, and may activate more later.
			Gate: new(gate.Gate[schema.GroupVersionKind]),
		},
		Pace: paced,
		Clients: transport.NewClientCache(transport.Options{
			UserAgent:        "provider-github/" + version.Version,
			Timeout:          *requestTimeout,
			PollInterval:     *pollInterval,
			FullReadBudget:   *fullReadBudget,
			FullReadInterval: *fullReadInterval,
			NoFullReads:      *fullReadBudget == 0,
			MaxConcurrency:   *maxConcurrency,
			WriteConcurrency: *writeConcurrency,
			MaxRateLimitWait: *maxRateWait,
			ResolveLogin:     true,
			Metrics:          gm,
		}),
	}
	fatal(log, ghcontroller.Setup(mgr, o), "cannot set up controllers")
	fatal(log, mgr.Start(ctrl.SetupSignalHandler()), "cannot start controller manager")
}

func fatal(log logging.Logger, err error, msg string) {
	if err != nil {
		log.Info(msg, "error", err)
		os.Exit(1)
	}
}

func ptrDuration(d time.Duration) *time.Duration { return &d }
