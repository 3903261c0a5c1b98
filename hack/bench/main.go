// Command bench measures provider-github at scale: a local control plane,
// the GitHub API emulator with injected latency, and the provider as a
// separate process. It is run by hack/bench.sh (make bench); it is not a
// test. It prints a table of measurements next to the targets of issue 6
// and writes them as JSON. With --chaos it runs make chaos instead
// (hack/chaos.sh, chaos.go): storms of every kind with SIGKILLs and GitHub
// faults, which it fails unless nothing is lost, duplicated or stuck; with
// --outages make outages (hack/outages.sh, outages.go): two replicas with
// leader election through a kube-apiserver restart and the leader's crash.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

type config struct {
	root, kubeconfig, kubectl, providerBin string
	emulatorURL, proxyAddr                 string
	latency                                time.Duration
	importRepos                            int
	sizes                                  []int
	secondaryN, restartN, everyKindN       int
	driftN                                 int
	teams, perTeam                         int
	out                                    string
	metricsAddr, healthAddr, pprofAddr     string
	only, profileDir                       string
	// crds are the globs (in package/crds) of the CRDs to install: the
	// kinds the provider's safe-start gate then starts controllers for.
	crds []string
	// chaos runs make chaos instead of the benchmark.
	chaos chaosConfig
}

func main() {
	var c config
	var sizes string
	flag.StringVar(&c.root, "root", ".", "repository root")
	flag.StringVar(&c.kubeconfig, "kubeconfig", os.Getenv("KUBECONFIG"), "kubeconfig of the local control plane")
	flag.StringVar(&c.kubectl, "kubectl", "kubectl", "kubectl binary")
	flag.StringVar(&c.providerBin, "provider", "_output/bin/provider", "provider binary")
	flag.StringVar(&c.emulatorURL, "emulator", "http://127.0.0.1:28089", "URL of the running emulator")
	flag.StringVar(&c.proxyAddr, "proxy", "127.0.0.1:28090", "where the secondary-limit proxy listens")
	flag.IntVar(&c.importRepos, "import-repos", 200, "repositories of the organisation the import scenario imports")
	flag.DurationVar(&c.latency, "latency", 100*time.Millisecond, "latency injected into every emulator answer")
	flag.StringVar(&sizes, "sizes", "100,1000", "numbers of Repositories")
	flag.IntVar(&c.secondaryN, "secondary-n", 240, "Repositories created under the secondary limit (80 creates a minute)")
	flag.IntVar(&c.restartN, "restart-n", 1000, "Repositories of the restart scenario")
	flag.IntVar(&c.everyKindN, "every-kind-n", 1000, "Repositories of the every-kind scenario (each with four more resources, every tenth with the second wave's kinds too)")
	flag.IntVar(&c.teams, "teams", 100, "teams of the team-membership scenario")
	flag.IntVar(&c.perTeam, "members-per-team", 30, "TeamMemberships of each team of the team-membership scenario")
	flag.IntVar(&c.driftN, "drift-n", 20, "Repositories of the merge-drift scenario (a merge setting changed on GitHub behind the provider's back, hidden by the ETag)")
	flag.StringVar(&c.out, "out", "_output/bench/results.json", "JSON results")
	flag.StringVar(&c.metricsAddr, "metrics", "127.0.0.1:28080", "provider metrics address")
	flag.StringVar(&c.healthAddr, "health", "127.0.0.1:28081", "provider health address")
	flag.StringVar(&c.pprofAddr, "pprof", "127.0.0.1:28082", "provider profiling address (with --profile-dir)")
	flag.StringVar(&c.only, "only", "", "run only the scenarios whose name contains this")
	flag.StringVar(&c.profileDir, "profile-dir", "", "write the provider's CPU profile of the steady window and heap profiles (at all Ready, at the end) here")
	var chaos bool
	flag.BoolVar(&chaos, "chaos", false, "run make chaos (storms of every kind with SIGKILLs and GitHub faults) instead of the benchmark")
	flag.Uint64Var(&c.chaos.seed, "seed", 1, "chaos: the storm's seed (the same seed replays the same kills, order and faults)")
	flag.IntVar(&c.chaos.n, "chaos-n", 50, "chaos: Repositories, each with a resource of every other kind")
	flag.IntVar(&c.chaos.kills, "kills", 24, "chaos: SIGKILLs of the provider over the three storms")
	flag.DurationVar(&c.chaos.window, "chaos-window", time.Minute, "chaos: how long the create storm's kills are spread over (the delete storms: half of it)")
	flag.Float64Var(&c.chaos.maxRequests, "chaos-max-requests", 40, "chaos: most GitHub requests per resource over the whole run")
	flag.Float64Var(&c.chaos.clusterShare, "chaos-cluster-share", 0.25, "chaos: share of the Repositories whose resources are all cluster-scoped (the others' namespaced)")
	flag.BoolVar(&c.chaos.plant, "chaos-plant", false, "chaos: plant a duplicate deploy key in the first cluster-scoped Repository behind the provider's back (the run must fail: one duplicated, one left behind)")
	var outages bool
	flag.BoolVar(&outages, "outages", false, "run make outages (two replicas with leader election, kube-apiserver restarted, the leader killed; --chaos-n Repositories a batch) instead of the benchmark")
	var crds string
	flag.StringVar(&crds, "crds", "*.yaml", "comma-separated globs of the package/crds files to install (the kinds that are active); the Repository and provider configuration CRDs are always needed")
	flag.Parse()
	c.crds = strings.Split(crds, ",")
	for _, s := range strings.Split(sizes, ",") {
		var n int
		if _, err := fmt.Sscan(s, &n); err != nil || n <= 0 {
			fail(fmt.Errorf("bad size %q", s))
		}
		c.sizes = append(c.sizes, n)
	}
	if outages {
		if err := runOutages(c); err != nil {
			fail(err)
		}
		return
	}
	if chaos {
		if err := runChaos(c); err != nil {
			fail(err)
		}
		return
	}
	if err := run(c); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}

// scenario is one measured run.
type scenario struct {
	Name string        `json:"name"`
	N    int           `json:"repositories"`
	Poll time.Duration `json:"-"`
	// MaxReconcileRate and WriteConcurrency are the provider's flags; 0
	// leaves the flag out, to the provider's default.
	MaxReconcileRate int `json:"maxReconcileRate"`
	WriteConcurrency int `json:"writeConcurrency"`
	CreatesPerMinute int `json:"secondaryLimitCreatesPerMinute,omitempty"`
	Cycles           int `json:"steadyCycles,omitempty"`
	// Restart: SIGKILL the provider in steady state, start it again and
	// count what the next two polls cost.
	Restart bool `json:"restart,omitempty"`
	// EveryKind: each Repository also gets a TeamRepository, a Ruleset, a
	// Webhook and an ActionsVariable (one Team for all), and the
	// organisation members of the Team and shared secrets (everykind.go),
	// created with the emulator's rate limits off.
	EveryKind bool `json:"everyKind,omitempty"`
	// MergeDrift: in steady state, turn a merge setting of every
	// repository off behind the provider's back (GitHub's ETag does not
	// change) and measure until all are set back.
	MergeDrift bool `json:"mergeDrift,omitempty"`
	// Teams and PerTeam: no Repositories, but PerTeam TeamMemberships in
	// each of Teams teams of an organisation of their own (teammembers.go),
	// created with the emulator's rate limits off.
	Teams   int `json:"teams,omitempty"`
	PerTeam int `json:"membersPerTeam,omitempty"`
	// Extra are more provider flags (make outages: leader election).
	Extra []string `json:"-"`
}

// flags are the provider's flags sc sets, besides the poll.
func (sc scenario) flags() []string {
	var f []string
	if sc.MaxReconcileRate > 0 {
		f = append(f, fmt.Sprintf("--max-reconcile-rate=%d", sc.MaxReconcileRate))
	}
	if sc.WriteConcurrency > 0 {
		f = append(f, fmt.Sprintf("--github-write-concurrency=%d", sc.WriteConcurrency))
	}
	return append(f, sc.Extra...)
}

// settings describes sc's rate and writes in flight for the table.
func (sc scenario) settings() string {
	if sc.MaxReconcileRate == 0 && sc.WriteConcurrency == 0 {
		return "no flags"
	}
	return fmt.Sprintf("rate %d, writes %d", sc.MaxReconcileRate, sc.WriteConcurrency)
}

// resources is how many managed resources sc creates.
func (sc scenario) resources() int {
	if sc.EveryKind {
		return everyKindRepositoryResources(sc.N) + 1 + everyKindOrgResources
	}
	if sc.Teams > 0 {
		return sc.Teams * sc.PerTeam
	}
	return sc.N
}

// result is what one scenario measured.
type result struct {
	Scenario     scenario `json:"scenario"`
	PollSeconds  float64  `json:"pollSeconds"`
	ReadySeconds float64  `json:"timeToAllReadySeconds"`
	// AppliedSeconds: how long the API server took to take every
	// resource (the bench's creates), within ReadySeconds.
	AppliedSeconds float64 `json:"timeToAllAppliedSeconds"`
	Ready          int     `json:"ready"`
	// CreateRequestsPerResource: GitHub requests from the first create to
	// all Ready, over the managed resources.
	CreateRequestsPerResource float64  `json:"createRequestsPerResource"`
	CreateRequests            []string `json:"createRequests"`

	Steady *steady `json:"steadyState,omitempty"`

	PeakRSSMiB float64 `json:"providerPeakRSSMiB"`
	Memory     memory  `json:"providerMemoryAtEnd"`
	CPUSeconds float64 `json:"providerCPUSeconds"`

	Secondary *secondary `json:"secondaryLimit,omitempty"`
	Restart   *restart   `json:"restart,omitempty"`
	// MergeDrift: the merge-drift scenario's measurements.
	MergeDrift *mergeDrift `json:"mergeDrift,omitempty"`
}

// restart is what the two polls after a SIGKILL and a new start cost.
type restart struct {
	Seconds     float64 `json:"seconds"`
	Requests    float64 `json:"requests"`
	NotModified float64 `json:"notModified"`
	Points      float64 `json:"rateLimitPoints"`
	// PointsPerResource is Points over the managed resources.
	PointsPerResource float64 `json:"rateLimitPointsPerResource"`
	// Ready is how many resources were Ready at the end.
	Ready int `json:"ready"`
	// Answers are GitHub's, by endpoint and status.
	Answers []string `json:"answers"`
}

type steady struct {
	WindowSeconds float64 `json:"windowSeconds"`
	Cycles        float64 `json:"cycles"`
	Requests      float64 `json:"requests"`
	NotModified   float64 `json:"notModified"`
	Points        float64 `json:"rateLimitPoints"`
	FullReads     float64 `json:"fullReads"`
	// FullReadsPerHour is the full reads' rate in the window.
	FullReadsPerHour float64 `json:"fullReadsPerHour"`
	// Extrapolated to a 1-minute poll, per repository per hour.
	RequestsPerRepoHour float64 `json:"requestsPerRepositoryHourAt1mPoll"`
	PointsPerRepoHour   float64 `json:"rateLimitPointsPerRepositoryHourAt1mPoll"`
	// Idle CPU: measured, and scaled to a 1-minute poll.
	CPUPercent      float64 `json:"cpuPercentOfOneCoreAtBenchPoll"`
	CPUPercentAt1m  float64 `json:"cpuPercentOfOneCoreAt1mPoll"`
	CPUSecondsDelta float64 `json:"cpuSeconds"`
	// Charged are the window's answers other than 304 (the ones that
	// cost points), by endpoint and status, most first.
	Charged []string `json:"charged"`
}

type secondary struct {
	Creates          int     `json:"creates"`
	Refused          int     `json:"refused403"`
	Windows          int     `json:"minuteWindows"`
	PermittedCreates int     `json:"permittedCreates"`
	ShareOfPermitted float64 `json:"shareOfPermittedRate"`
	InError          int     `json:"resourcesInErrorAtEnd"`
	Seconds          float64 `json:"seconds"`
}

func run(c config) error {
	proxy, err := newLimitProxy(c.emulatorURL)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", c.proxyAddr)
	if err != nil {
		return err
	}
	go func() { _ = http.Serve(ln, proxy) }()

	// Tuned: the write concurrency raised (and the reconcile rate with it)
	// for the 60 s target; default: the provider's defaults.
	var scenarios []scenario
	// Small N: a short poll, for a quick look. N > 300: the target's
	// 1-minute poll, measured as it is, over five cycles.
	for _, n := range c.sizes {
		poll, cycles := 10*time.Second, 4
		if n > 300 {
			poll, cycles = time.Minute, 5
		}
		scenarios = append(scenarios, scenario{Name: fmt.Sprintf("N=%d tuned", n), N: n, Poll: poll, MaxReconcileRate: 50, WriteConcurrency: 16, Cycles: cycles})
	}
	for _, n := range c.sizes {
		// No flag but the poll: the rate and the writes in flight are
		// the provider's own choice (0 here). Small N: ten cycles of
		// steady state, in which about 17 of the 100 repositories' hourly
		// full reads fall.
		sc := scenario{Name: fmt.Sprintf("N=%d defaults", n), N: n, Poll: time.Minute}
		if n <= 300 {
			sc.Cycles = 10
		}
		scenarios = append(scenarios, sc)
	}
	scenarios = append(scenarios,
		scenario{Name: "secondary limit", N: c.secondaryN, Poll: time.Minute, MaxReconcileRate: 10, WriteConcurrency: 1, CreatesPerMinute: 80},
		scenario{Name: fmt.Sprintf("N=%d restart", c.restartN), N: c.restartN, Poll: time.Minute, MaxReconcileRate: 50, WriteConcurrency: 16, Restart: true},
		// Every kind at the provider's defaults: what a user who sets no flag gets.
		scenario{Name: fmt.Sprintf("N=%d every kind", c.everyKindN), N: c.everyKindN, Poll: time.Minute, Cycles: 5, EveryKind: true},
		// Where users of other providers run out of rate limit: 3,000 team
		// memberships on one token, at the provider's defaults.
		scenario{Name: fmt.Sprintf("%d team memberships", c.teams*c.perTeam), Poll: time.Minute, Cycles: 5, Teams: c.teams, PerTeam: c.perTeam},
		// A 10 s poll, the provider's default full-read budget and a least
		// full-read interval of the poll (an hour by default): the
		// full-read interval is the budget's 72 s for 20 repositories.
		scenario{Name: fmt.Sprintf("N=%d merge drift", c.driftN), N: c.driftN, Poll: 10 * time.Second, MergeDrift: true,
			Extra: []string{"--full-read-interval=10s"}},
	)

	var results []result
	for i, sc := range scenarios {
		if c.only != "" && !strings.Contains(sc.Name, c.only) {
			continue
		}
		what := fmt.Sprintf("%d Repositories", sc.N)
		if sc.Teams > 0 {
			what = fmt.Sprintf("%d TeamMemberships in %d teams of %s", sc.resources(), sc.Teams, peopleOrg)
		}
		fmt.Printf("== %s: %s, poll %s, %s", sc.Name, what, sc.Poll, sc.settings())
		if sc.CreatesPerMinute > 0 {
			fmt.Printf(", secondary limit %d creates/min", sc.CreatesPerMinute)
		}
		fmt.Println()
		r, err := runScenario(c, proxy, sc, fmt.Sprintf("bench-%d", i))
		if err != nil {
			return fmt.Errorf("%s: %w", sc.Name, err)
		}
		results = append(results, r)
	}
	var imp *importResult
	if name := fmt.Sprintf("import (%d repositories)", c.importRepos); c.only == "" || strings.Contains(name, c.only) {
		fmt.Printf("== %s, latency %s\n", name, c.latency)
		if imp, err = runImport(c, c.importRepos); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	printTable(results, imp)
	if err := os.MkdirAll(filepath.Dir(c.out), 0o755); err != nil {
		return err
	}
	b, _ := json.MarshalIndent(map[string]any{"latency": c.latency.String(), "time": time.Now().UTC().Format(time.RFC3339), "results": results, "import": imp}, "", "  ")
	fmt.Println("JSON:", c.out)
	return os.WriteFile(c.out, b, 0o644)
}

func runScenario(c config, proxy *limitProxy, sc scenario, ns string) (result, error) {
	ctx := context.Background()
	res := result{Scenario: sc, PollSeconds: sc.Poll.Seconds()}
	emu := emulator{url: c.emulatorURL}
	if err := emu.reset(c.latency); err != nil {
		return res, err
	}
	proxy.setLimit(sc.CreatesPerMinute)

	// A fresh control plane for every scenario: nothing of the last one
	// is left for the provider to reconcile.
	if err := localCluster(c, "up"); err != nil {
		return res, err
	}
	defer func() { _ = localCluster(c, "down") }()
	k, err := newKube(c.kubeconfig)
	if err != nil {
		return res, err
	}
	if err := k.setup(ctx, c.root, c.crds, ns, "http://"+c.proxyAddr+"/api/v3/"); err != nil {
		return res, err
	}

	logf, err := os.Create(filepath.Join(filepath.Dir(c.out), ns+"-provider.log"))
	if err != nil {
		return res, err
	}
	defer logf.Close()
	prof := profiler{dir: c.profileDir, url: "http://" + c.pprofAddr + "/debug/pprof/", prefix: ns}
	cmd, err := startProvider(ctx, c, sc, prof, logf)
	if err != nil {
		return res, err
	}
	defer func() { stopProvider(cmd) }()
	pid := cmd.Process.Pid

	bulk := sc.EveryKind || sc.Teams > 0
	if bulk {
		if err := emu.rateLimits(false); err != nil {
			return res, err
		}
	}
	if sc.EveryKind {
		// The repositories' code, which code scanning analyses.
		if err := emu.post("/_emulator/config", chaosEmulatorConfig); err != nil {
			return res, err
		}
	}
	if sc.Teams > 0 {
		if err := emu.seedPeople(sc.Teams); err != nil {
			return res, err
		}
	}
	c0, err := emu.stats()
	if err != nil {
		return res, err
	}
	start := time.Now()
	if err := k.createRepositories(ctx, ns, sc.N); err != nil {
		return res, err
	}
	res.AppliedSeconds = time.Since(start).Seconds()
	timeout := 15 * time.Minute
	var ready int
	switch {
	case sc.EveryKind:
		if err := k.createChildren(ctx, ns, sc.N); err != nil {
			return res, err
		}
		if err := k.createOrgShared(ctx, ns, emu, newGitHub(c.emulatorURL, "demo-token"), sc.N); err != nil {
			return res, err
		}
		res.AppliedSeconds = time.Since(start).Seconds()
		ready, err = k.waitReadyAll(ctx, ns, everyKindKinds(), sc.resources(), timeout)
	case sc.Teams > 0:
		if err := k.createTeamMemberships(ctx, ns, sc.Teams, sc.PerTeam); err != nil {
			return res, err
		}
		res.AppliedSeconds = time.Since(start).Seconds()
		ready, err = k.waitReadyAll(ctx, ns, []benchKind{kindPeopleMembership}, sc.resources(), timeout)
	default:
		ready, err = k.waitReady(ctx, ns, sc.N, timeout)
	}
	res.ReadySeconds, res.Ready = time.Since(start).Seconds(), ready
	if bulk {
		if err := emu.rateLimits(true); err != nil {
			return res, err
		}
	}
	c1, serr := emu.stats()
	if serr != nil {
		return res, serr
	}
	res.CreateRequestsPerResource = (c1.total - c0.total) / float64(sc.resources())
	res.CreateRequests = c1.since(c0)
	fmt.Printf("   %d/%d Ready after %.1fs (all applied after %.1fs), %.2f requests per resource: %s\n", ready, sc.resources(), res.ReadySeconds, res.AppliedSeconds, res.CreateRequestsPerResource, strings.Join(res.CreateRequests, ", "))
	if err != nil {
		return res, err
	}
	prof.heap("ready")

	if sc.CreatesPerMinute > 0 {
		creates, refused := proxy.record()
		s := &secondary{Creates: len(creates), Refused: refused}
		if len(creates) > 0 {
			span := creates[len(creates)-1].Sub(creates[0])
			s.Seconds = span.Seconds()
			s.Windows = int(span/time.Minute) + 1
			s.PermittedCreates = s.Windows * sc.CreatesPerMinute
			if s.PermittedCreates > sc.N {
				s.PermittedCreates = sc.N
			}
			s.ShareOfPermitted = float64(len(creates)) / float64(s.PermittedCreates)
		}
		// Let a poll pass, then count resources not Synced.
		time.Sleep(5 * time.Second)
		s.InError, err = k.countNotSynced(ctx, ns)
		if err != nil {
			return res, err
		}
		res.Secondary = s
		fmt.Printf("   creates %d in %.0fs (%d minute windows), refused %d, in error at the end %d\n", s.Creates, s.Seconds, s.Windows, s.Refused, s.InError)
	}

	if sc.Cycles > 0 {
		// Let two polls pass after Ready: every resource's first
		// observation, and the first round of scheduled full reads
		// (whose pacing bucket fills while none is due yet).
		time.Sleep(2*sc.Poll + 5*time.Second)
		metricsURL := "http://" + c.metricsAddr + "/metrics"
		s0, err := emu.stats()
		if err != nil {
			return res, err
		}
		fr0, _ := metricSum(metricsURL, "github_full_reads_total")
		cpu0, _ := cpuSeconds(pid)
		t0 := time.Now()
		cpuProfile := prof.cpu(time.Duration(sc.Cycles) * sc.Poll)
		time.Sleep(time.Duration(sc.Cycles) * sc.Poll)
		window := time.Since(t0)
		<-cpuProfile
		cpu1, _ := cpuSeconds(pid)
		fr1, _ := metricSum(metricsURL, "github_full_reads_total")
		s1, err := emu.stats()
		if err != nil {
			return res, err
		}
		st := &steady{WindowSeconds: window.Seconds(), Cycles: window.Seconds() / sc.Poll.Seconds(),
			Requests: s1.total - s0.total, NotModified: s1.notModified - s0.notModified,
			Points: s1.points - s0.points, FullReads: fr1 - fr0, CPUSecondsDelta: cpu1 - cpu0}
		n := float64(sc.resources())
		// Requests and non-full-read points happen once a poll cycle:
		// 60 cycles an hour at a 1-minute poll. Full reads follow the
		// planner's clock, whatever the poll.
		perCycle := st.Requests / st.Cycles
		otherPointsPerCycle := (st.Points - st.FullReads) / st.Cycles
		if otherPointsPerCycle < 0 {
			otherPointsPerCycle = 0
		}
		fullPerHour := st.FullReads * 3600 / window.Seconds()
		st.FullReadsPerHour = fullPerHour
		st.RequestsPerRepoHour = (perCycle*60 - st.FullReads/st.Cycles*60 + fullPerHour) / n
		st.PointsPerRepoHour = (otherPointsPerCycle*60 + fullPerHour) / n
		st.CPUPercent = 100 * st.CPUSecondsDelta / window.Seconds()
		st.CPUPercentAt1m = 100 * (st.CPUSecondsDelta / st.Cycles) / 60
		for _, a := range s1.since(s0) {
			if !strings.HasSuffix(a, " 304") {
				st.Charged = append(st.Charged, a)
			}
		}
		res.Steady = st
		fmt.Printf("   steady %.0fs (%.1f cycles): %.0f requests (%.0f answered 304), %.0f points, %.0f full reads (%.1f an hour); CPU %.2fs\n",
			st.WindowSeconds, st.Cycles, st.Requests, st.NotModified, st.Points, st.FullReads, st.FullReadsPerHour, st.CPUSecondsDelta)
		if len(st.Charged) > 0 {
			fmt.Printf("   answered other than 304: %s\n", strings.Join(st.Charged[:min(len(st.Charged), 12)], ", "))
		}
	}
	if sc.MergeDrift {
		// Steady state first: every repository read conditionally.
		time.Sleep(2*sc.Poll + 5*time.Second)
		d, err := measureMergeDrift(emu, "http://"+c.metricsAddr+"/metrics", sc.Poll)
		res.MergeDrift = d
		if d != nil {
			fmt.Printf("   merge drift: %d/%d set back after %.1fs (full-read interval %.0fs); before the full reads: %d polls, %d answered 304, %d conditional 200; %d full reads\n",
				d.SetBack, d.Repositories, d.Seconds, d.IntervalSeconds, d.Polls, d.NotModified, d.Changed, d.FullReads)
		}
		if err != nil {
			return res, err
		}
	}
	if sc.Restart {
		cmd, err = restartProvider(ctx, c, sc, prof, logf, cmd, emu, k, ns, &res)
		if err != nil {
			return res, err
		}
		pid = cmd.Process.Pid
	}
	prof.heap("end")
	res.PeakRSSMiB, _ = peakRSS(pid)
	res.CPUSeconds, _ = cpuSeconds(pid)
	res.Memory = memoryOf(pid, "http://"+c.metricsAddr+"/metrics")
	m := res.Memory
	fmt.Printf("   provider peak RSS %.1f MiB, CPU %.1fs in all\n", res.PeakRSSMiB, res.CPUSeconds)
	fmt.Printf("   at the end: RSS %.1f MiB anonymous + %.1f MiB file-backed; Go heap %.1f MiB in use (%.1f allocated), %.1f idle, stacks %.1f (%.0f goroutines), all Go %.1f\n",
		m.RSSAnonMiB, m.RSSFileMiB, m.HeapInuseMiB, m.HeapAllocMiB, m.HeapIdleMiB, m.StackInuseMiB, m.Goroutines, m.GoSysMiB)
	return res, nil
}

// localCluster runs hack/local-cluster.sh (with the LOCAL_CLUSTER_DIR and
// ports hack/bench.sh exported).
func localCluster(c config, verb string) error {
	cmd := exec.CommandContext(context.Background(), filepath.Join(c.root, "hack", "local-cluster.sh"), verb)
	cmd.Dir = c.root
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("hack/local-cluster.sh %s: %w: %s", verb, err, out)
	}
	return nil
}

func waitHTTP(url string, patience time.Duration) error {
	deadline := time.Now().Add(patience)
	c := http.Client{Timeout: 2 * time.Second}
	for {
		resp, err := httpGet(&c, url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(deadline) {
			if err == nil {
				err = fmt.Errorf("%s answered %s", url, resp.Status)
			}
			return err
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// startProvider starts the provider for sc, with its output to logf, and
// waits until it is ready.
func startProvider(ctx context.Context, c config, sc scenario, prof profiler, logf *os.File) (*exec.Cmd, error) {
	cmd := exec.CommandContext(ctx, c.providerBin,
		append([]string{"--poll=" + sc.Poll.String()}, sc.flags()...)...)
	cmd.Args = append(cmd.Args, "--metrics-bind-address="+c.metricsAddr, "--health-probe-bind-address="+c.healthAddr)
	if prof.on() {
		cmd.Args = append(cmd.Args, "--pprof-bind-address="+c.pprofAddr)
	}
	cmd.Env = append(os.Environ(), "KUBECONFIG="+c.kubeconfig, "GOMAXPROCS=2")
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	if err := waitHTTP("http://"+c.healthAddr+"/readyz", time.Minute); err != nil {
		stopProvider(cmd)
		return nil, fmt.Errorf("provider did not become ready: %w", err)
	}
	return cmd, nil
}

// stopProvider stops the provider with SIGTERM, and SIGKILL after 40 s.
func stopProvider(cmd *exec.Cmd) {
	_ = cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(40 * time.Second):
		_ = cmd.Process.Kill()
		<-done
	}
}

// restartProvider lets two polls pass in steady state, SIGKILLs the
// provider, starts it again and records in res what the two polls after
// the start cost. It returns the new provider.
func restartProvider(ctx context.Context, c config, sc scenario, prof profiler, logf *os.File, cmd *exec.Cmd, emu emulator, k *kube, ns string, res *result) (*exec.Cmd, error) {
	time.Sleep(2*sc.Poll + 5*time.Second)
	s0, err := emu.stats()
	if err != nil {
		return cmd, err
	}
	t0 := time.Now()
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	next, err := startProvider(ctx, c, sc, prof, logf)
	if err != nil {
		return cmd, err
	}
	time.Sleep(2*sc.Poll + 10*time.Second)
	s1, err := emu.stats()
	if err != nil {
		return next, err
	}
	r := &restart{Seconds: time.Since(t0).Seconds(), Requests: s1.total - s0.total, NotModified: s1.notModified - s0.notModified, Points: s1.points - s0.points}
	r.PointsPerResource = r.Points / float64(sc.N)
	r.Answers = s1.since(s0)
	if r.Ready, err = k.countReady(ctx, ns); err != nil {
		return next, err
	}
	res.Restart = r
	fmt.Printf("   restart (SIGKILL, then two polls, %.0fs): %.0f requests (%.0f answered 304), %.0f points = %.3f per resource; %d Ready; %s\n",
		r.Seconds, r.Requests, r.NotModified, r.Points, r.PointsPerResource, r.Ready, strings.Join(r.Answers, ", "))
	return next, nil
}
