package integration

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/controller"
	"github.com/crossplane/crossplane-runtime/v2/pkg/feature"
	"github.com/crossplane/crossplane-runtime/v2/pkg/gate"
	"github.com/crossplane/crossplane-runtime/v2/pkg/logging"
	"github.com/crossplane/crossplane-runtime/v2/pkg/ratelimiter"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
	ghcontroller "github.com/crossplane-github/provider-github/internal/controller"
	"github.com/crossplane-github/provider-github/internal/controller/shared"
)

// kube is an uncached client of the test API server, shared by all tests.
var kube client.Client

// ghMetrics are the GitHub client metrics of the provider under test.
var ghMetrics = transport.NewMetrics()

// pollInterval is short so that drift is corrected within a test's patience.
const pollInterval = 2 * time.Second

// fullReadInterval, as short as the poll, leaves the full-read cadence to
// the budget (the default hour would outlast every test): the drift
// GitHub's ETag hides is set back within seconds.
const fullReadInterval = pollInterval

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	root, err := filepath.Abs("../..")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := ensureAssets(root); err != nil {
		fmt.Fprintln(os.Stderr, "integration:", err)
		return 1
	}

	scheme, err := newScheme()
	if err != nil {
		fmt.Fprintln(os.Stderr, "integration:", err)
		return 1
	}

	env := &envtest.Environment{
		CRDDirectoryPaths:     []string{filepath.Join(root, "package", "crds")},
		ErrorIfCRDPathMissing: true,
		Scheme:                scheme,
	}
	cfg, err := env.Start()
	if err != nil {
		fmt.Fprintln(os.Stderr, "integration: cannot start the control plane:", err)
		return 1
	}
	defer func() { _ = env.Stop() }()

	stopKCM, err := startControllerManager(env)
	if err != nil {
		fmt.Fprintln(os.Stderr, "integration: cannot start kube-controller-manager:", err)
		return 1
	}
	defer stopKCM()

	zl := zap.New(zap.UseDevMode(os.Getenv("INTEGRATION_DEBUG") != ""), zap.WriteTo(logSink()))
	ctrl.SetLogger(zl)
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{
		Scheme:                 scheme,
		Metrics:                metricsserver.Options{BindAddress: "0"},
		HealthProbeBindAddress: "0",
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "integration: cannot create manager:", err)
		return 1
	}
	o := shared.Options{
		Options: controller.Options{
			Logger:                  logging.NewLogrLogger(zl),
			GlobalRateLimiter:       ratelimiter.NewGlobal(100),
			PollInterval:            pollInterval,
			MaxConcurrentReconciles: 16, // shared by every kind (kind.Pool)
			Features:                &feature.Flags{},
			// As in production: each kind starts once its CRD is established.
			Gate: new(gate.Gate[schema.GroupVersionKind]),
		},
		Clients: transport.NewClientCache(transport.Options{UserAgent: "provider-github-integration", Timeout: 10 * time.Second,
			PollInterval: pollInterval, FullReadInterval: fullReadInterval, ResolveLogin: true, Metrics: ghMetrics}),
	}
	if err := ghcontroller.Setup(mgr, o); err != nil {
		fmt.Fprintln(os.Stderr, "integration: cannot set up controllers:", err)
		return 1
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- mgr.Start(ctx) }()
	if !mgr.GetCache().WaitForCacheSync(ctx) {
		fmt.Fprintln(os.Stderr, "integration: cache did not sync")
		return 1
	}
	// Tests read straight from the API server, not the manager's cache.
	if kube, err = client.New(cfg, client.Options{Scheme: scheme}); err != nil {
		fmt.Fprintln(os.Stderr, "integration: cannot create client:", err)
		return 1
	}

	code := m.Run()
	cancel()
	if err := <-done; err != nil {
		fmt.Fprintln(os.Stderr, "integration: manager:", err)
	}
	return code
}

// ensureAssets points envtest at kube-apiserver, etcd and kubectl: those in
// KUBEBUILDER_ASSETS, else the ones hack/envtest-assets.sh provides (it
// builds them once and caches them).
func ensureAssets(root string) error {
	if os.Getenv("KUBEBUILDER_ASSETS") != "" {
		return nil
	}
	cmd := exec.Command(filepath.Join(root, "hack", "envtest-assets.sh"))
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("hack/envtest-assets.sh failed: %w", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return os.Setenv("KUBEBUILDER_ASSETS", lines[len(lines)-1])
}

// logSink keeps controller logs out of test output unless asked for.
func logSink() *os.File {
	if os.Getenv("INTEGRATION_DEBUG") != "" {
		return os.Stderr
	}
	f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return os.Stderr
	}
	return f
}

// startControllerManager runs kube-controller-manager's garbage collector
// and namespace controllers against the test API server, as a real cluster
// has them: ProviderConfigUsages go away with their managed resources only
// through garbage collection.
func startControllerManager(env *envtest.Environment) (func(), error) {
	user, err := env.AddUser(envtest.User{Name: "kube-controller-manager", Groups: []string{"system:masters"}}, nil)
	if err != nil {
		return nil, err
	}
	kubeconfig, err := user.KubeConfig()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "kcm-")
	if err != nil {
		return nil, err
	}
	path := filepath.Join(dir, "kubeconfig")
	if err := os.WriteFile(path, kubeconfig, 0o600); err != nil {
		return nil, err
	}
	cmd := exec.Command(filepath.Join(os.Getenv("KUBEBUILDER_ASSETS"), "kube-controller-manager"),
		"--kubeconfig="+path, "--authentication-kubeconfig="+path, "--authorization-kubeconfig="+path,
		"--bind-address=127.0.0.1", "--secure-port=0", "--cert-dir="+filepath.Join(dir, "certs"),
		"--leader-elect=false", "--use-service-account-credentials=false",
		"--controllers=garbagecollector,namespace")
	log, err := os.Create(filepath.Join(dir, "kcm.log"))
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		_ = log.Close()
		_ = os.RemoveAll(dir)
	}, nil
}
