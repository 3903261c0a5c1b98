package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// make chaos (issue 16): every kind is created and then deleted in storms
// while the provider is SIGKILLed at random moments and the emulator
// answers with server errors, secondary rate limits, stalls and lost
// answers (a write carried out, then answered 502). With the faults off,
// the end state is compared with what GitHub (the emulator) holds.

// chaosConfig are make chaos's knobs.
type chaosConfig struct {
	seed   uint64
	n      int
	kills  int
	window time.Duration
	// maxRequests bounds the GitHub requests per resource over the whole
	// run: more means a hot loop somewhere.
	maxRequests float64
}

// chaosFaults are the faults of a storm.
func chaosFaults(seed uint64) string {
	return fmt.Sprintf(`{"latency":{"fixed":"20ms","jitter":"30ms"},"errors":{"fraction":0.1,"codes":[500,502,503]},`+
		`"secondaryRateLimit":{"fraction":0.03,"retryAfter":1},"stall":{"fraction":0.01,"max":"5s"},`+
		`"lostAnswers":{"fraction":0.05},"seed":%d}`, seed)
}

// chaosResult is what make chaos found.
type chaosResult struct {
	Seed                uint64   `json:"seed"`
	N                   int      `json:"repositories"`
	Resources           int      `json:"resources"`
	Kinds               int      `json:"kinds"`
	Kills               int      `json:"kills"`
	NotReady            int      `json:"notReadyAfterCreateStorm"`
	WaitingForHuman     int      `json:"waitingForAHuman"`
	Duplicated          int      `json:"duplicated"`
	Lost                int      `json:"lost"`
	LeftBehind          int      `json:"leftBehind"`
	Stuck               int      `json:"stuckInDeletion"`
	Panics              int      `json:"panics"`
	Requests            float64  `json:"requests"`
	RequestsPerResource float64  `json:"requestsPerResource"`
	Seconds             float64  `json:"seconds"`
	Problems            []string `json:"problems,omitempty"`
}

func (r *chaosResult) problem(format string, args ...any) {
	if len(r.Problems) < 40 {
		r.Problems = append(r.Problems, fmt.Sprintf(format, args...))
	}
}

// supervisor runs the provider as a process and kills it on a schedule,
// starting it again at once, as a Deployment would.
type supervisor struct {
	ctx  context.Context
	c    config
	logf *os.File

	mu    sync.Mutex
	cmd   *exec.Cmd
	kills int
}

func (s *supervisor) start() error {
	cmd, err := startProvider(s.ctx, s.c, scenario{Poll: time.Minute}, profiler{}, s.logf)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.cmd = cmd
	s.mu.Unlock()
	return nil
}

// kill SIGKILLs the provider and starts it again.
func (s *supervisor) kill() error {
	s.mu.Lock()
	cmd := s.cmd
	s.kills++
	s.mu.Unlock()
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	return s.start()
}

func (s *supervisor) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		stopProvider(s.cmd)
	}
}

// storm kills the provider kills times at random moments within window,
// and returns a channel that yields the first error (or nil) once done.
func (s *supervisor) storm(rnd *rand.Rand, kills int, window time.Duration) <-chan error {
	at := make([]time.Duration, kills)
	for i := range at {
		at[i] = time.Second + time.Duration(rnd.Int64N(int64(window-time.Second)))
	}
	sort.Slice(at, func(i, j int) bool { return at[i] < at[j] })
	done := make(chan error, 1)
	go func() {
		start := time.Now()
		for _, d := range at {
			time.Sleep(time.Until(start.Add(d)))
			if err := s.kill(); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	return done
}

func runChaos(c config) error {
	cc := c.chaos
	if cc.window < 4*time.Second || cc.n < 1 || cc.kills < 0 {
		return fmt.Errorf("chaos: N must be at least 1, KILLS at least 0 and CHAOS_WINDOW at least 4s (got %d, %d, %s)", cc.n, cc.kills, cc.window)
	}
	ctx := context.Background()
	const ns = "chaos"
	res := chaosResult{Seed: cc.seed, N: cc.n, Kinds: len(chaosKinds), Resources: cc.n * len(chaosKinds)}
	rnd := rand.New(rand.NewPCG(cc.seed, cc.seed))
	start := time.Now()
	emu, k, logf, logPath, done, err := prepareStorm(ctx, c, ns)
	if err != nil {
		return err
	}
	defer done()
	sup := &supervisor{ctx: ctx, c: c, logf: logf}
	if err := sup.start(); err != nil {
		return err
	}
	defer sup.stop()
	s0, err := emu.stats()
	if err != nil {
		return err
	}

	repos := make([]string, cc.n)
	for i := range repos {
		repos[i] = fmt.Sprintf("chaos-%04d", i)
	}
	rnd.Shuffle(len(repos), func(i, j int) { repos[i], repos[j] = repos[j], repos[i] })
	gh, invitee := newGitHub(c.emulatorURL, "demo-token"), newGitHub(c.emulatorURL, "other-token")
	createKills := (cc.kills + 1) / 2
	childKills := (cc.kills - createKills + 1) / 2
	parentKills := cc.kills - createKills - childKills

	// The create storm.
	fmt.Printf("== create storm: %d resources of %d kinds, %d kills in %s\n", res.Resources, len(chaosKinds), createKills, cc.window)
	if err := emu.post("/_emulator/faults", chaosFaults(cc.seed)); err != nil {
		return err
	}
	killed := sup.storm(rnd, createKills, cc.window)
	if err := k.applyAll(ctx, ns, repos, chaosKinds); err != nil {
		return err
	}
	if err := <-killed; err != nil {
		return err
	}
	if err := emu.post("/_emulator/faults", "{}"); err != nil {
		return err
	}
	ready, err := res.settleCreation(ctx, k, ns, gh, invitee, repos, res.Resources)
	if err != nil {
		return err
	}
	fmt.Printf("   %d/%d Ready after %.0fs\n", ready, res.Resources, time.Since(start).Seconds())

	// The delete storms: every kind but Repository and Team, then those.
	children, parents := splitParents(chaosKinds)
	for _, phase := range []struct {
		what  string
		kinds []benchKind
		kills int
	}{{"child resources", children, childKills}, {"Repositories and Teams", parents, parentKills}} {
		fmt.Printf("== delete storm: %s, %d kills in %s\n", phase.what, phase.kills, cc.window/2)
		if err := emu.post("/_emulator/faults", chaosFaults(cc.seed+1)); err != nil {
			return err
		}
		killed := sup.storm(rnd, phase.kills, cc.window/2)
		if err := k.deleteAll(ctx, ns, phase.kinds); err != nil {
			return err
		}
		if err := <-killed; err != nil {
			return err
		}
		if err := emu.post("/_emulator/faults", "{}"); err != nil {
			return err
		}
		if err := res.settleDeletion(ctx, k, ns, gh, repos, phase.kinds); err != nil {
			return err
		}
	}

	res.Kills = sup.kills
	s1, err := emu.stats()
	if err != nil {
		return err
	}
	res.Requests = s1.total - s0.total
	res.RequestsPerResource = res.Requests / float64(res.Resources)
	if res.Panics, err = countPanics(logPath); err != nil {
		return err
	}
	res.Seconds = time.Since(start).Seconds()
	return res.report(cc, c.out)
}

// prepareStorm readies a storm of every kind: the emulator reset with its
// rate limits off (a storm needs more than one token's hour; the primary
// limit is not what is tested), a fresh local control plane with the CRDs,
// namespace ns, the provider configuration and a Secret for the kinds'
// values, and the provider's log file. done tears it down.
func prepareStorm(ctx context.Context, c config, ns string) (emulator, *kube, *os.File, string, func(), error) {
	emu := emulator{url: c.emulatorURL}
	if err := emu.post("/_emulator/reset", ""); err != nil {
		return emu, nil, nil, "", nil, err
	}
	if err := emu.rateLimits(false); err != nil {
		return emu, nil, nil, "", nil, err
	}
	if err := localCluster(c, "up"); err != nil {
		return emu, nil, nil, "", nil, err
	}
	fail := func(err error) (emulator, *kube, *os.File, string, func(), error) {
		_ = localCluster(c, "down")
		return emu, nil, nil, "", nil, err
	}
	k, err := newKube(c.kubeconfig)
	if err != nil {
		return fail(err)
	}
	if err := k.setup(ctx, c.root, c.crds, ns, c.emulatorURL+"/api/v3/"); err != nil {
		return fail(err)
	}
	if err := k.c.Create(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: valuesSecret},
		StringData: map[string]string{"token": "chaos-secret-value"}}); err != nil {
		return fail(err)
	}
	logPath := filepath.Join(filepath.Dir(c.out), ns+"-provider.log")
	logf, err := os.Create(logPath)
	if err != nil {
		return fail(err)
	}
	return emu, k, logf, logPath, func() { _ = logf.Close(); _ = localCluster(c, "down") }, nil
}

// settleCreation waits (accepting the invitee's invitations) for the want
// resources in ns to be Ready, records those that are not and why, and
// compares the objects of repos with what GitHub holds: none lost, none
// duplicated. It returns how many are Ready.
func (r *chaosResult) settleCreation(ctx context.Context, k *kube, ns string, gh, invitee github, repos []string, want int) (int, error) {
	ready, err := waitFor("resources", want, 10*time.Minute, 2*time.Second, func() (int, error) {
		if _, err := invitee.acceptInvitations(); err != nil {
			return 0, err
		}
		return k.countReadyAll(ctx, ns, chaosKinds)
	})
	r.NotReady += want - ready
	if err != nil {
		fmt.Println("  ", err)
	}
	if err := k.each(ctx, ns, chaosKinds, func(kind benchKind, u unstructured.Unstructured) {
		if conditionTrue(u, "Ready") && conditionTrue(u, "Synced") {
			return
		}
		msg := conditionMessage(u, "Synced") + " " + conditionMessage(u, "Ready")
		if strings.Contains(msg, "external-create-pending") {
			r.WaitingForHuman++
		}
		r.problem("not Ready: %s %s: %s", kind.kind, u.GetName(), strings.TrimSpace(msg))
	}); err != nil {
		return ready, err
	}
	return ready, r.compare(gh, repos, chaosKinds, false)
}

// splitParents splits kinds into those that live in a repository or team
// and Repository and Team themselves, which are deleted after them (so
// that what a child leaves behind is not hidden by its parent's deletion).
func splitParents(kinds []benchKind) (children, parents []benchKind) {
	for _, kind := range kinds {
		if kind.parent {
			parents = append(parents, kind)
		} else {
			children = append(children, kind)
		}
	}
	return children, parents
}

// deleteAll deletes every resource of kinds in ns.
func (k *kube) deleteAll(ctx context.Context, ns string, kinds []benchKind) error {
	for _, kind := range kinds {
		u := &unstructured.Unstructured{}
		u.SetGroupVersionKind(kind.gvk())
		if err := k.c.DeleteAllOf(ctx, u, client.InNamespace(ns)); err != nil {
			return err
		}
	}
	return nil
}

// settleDeletion waits for the deleted resources of kinds to go, and
// records those stuck and the GitHub objects left behind.
func (r *chaosResult) settleDeletion(ctx context.Context, k *kube, ns string, gh github, repos []string, kinds []benchKind) error {
	left, err := k.waitGone(ctx, ns, kinds, 10*time.Minute)
	if err != nil {
		return err
	}
	r.Stuck += left
	if err := k.each(ctx, ns, kinds, func(kind benchKind, u unstructured.Unstructured) {
		r.problem("still there: %s %s: %s", kind.kind, u.GetName(), strings.TrimSpace(conditionMessage(u, "Synced")))
	}); err != nil {
		return err
	}
	return r.compare(gh, repos, kinds, true)
}

// compare counts, for every repository and kind, the GitHub objects the
// kind's resource makes: after the create storm two are a duplicate and
// none a loss; after deletion any is left behind.
func (r *chaosResult) compare(gh github, repos []string, kinds []benchKind, deleted bool) error {
	for _, repo := range repos {
		for _, kind := range kinds {
			keys, err := kind.objects(gh, repo)
			if err != nil {
				return fmt.Errorf("reading the %s objects of %s: %w", kind.kind, repo, err)
			}
			n := 0
			for _, key := range keys {
				if key == kind.want {
					n++
				}
			}
			switch {
			case deleted && n > 0:
				r.LeftBehind += n
				r.problem("left behind: %s of %s (%d)", kind.kind, repo, n)
			case !deleted && n > 1:
				r.Duplicated += n - 1
				r.problem("duplicated: %s of %s (%d on GitHub)", kind.kind, repo, n)
			case !deleted && n == 0:
				r.Lost++
				r.problem("lost: %s of %s (none on GitHub)", kind.kind, repo)
			}
		}
	}
	return nil
}

// report prints the figures next to their targets, writes them as JSON,
// and fails when one is missed.
func (r *chaosResult) report(cc chaosConfig, out string) error {
	fmt.Printf("\nCHAOS seed=%d N=%d: %d resources of %d kinds, %d SIGKILLs, %.0fs\n", r.Seed, r.N, r.Resources, r.Kinds, r.Kills, r.Seconds)
	t := newTargets()
	t.row("resources not Ready after the create storm", float64(r.NotReady), 0, "%.0f")
	t.row("resources waiting for a human (create pending)", float64(r.WaitingForHuman), 0, "%.0f")
	t.losses(r)
	t.row("GitHub requests per resource (no hot loop)", r.RequestsPerResource, cc.maxRequests, "%.1f")
	if missed, err := t.finish(r.Problems, out, r); err != nil || !missed {
		return err
	}
	return fmt.Errorf("chaos: a target was missed (seed %d replays this storm)", r.Seed)
}

// targets is the table make chaos and make outages print: each figure
// beside the most it may be, and whether it is met.
type targets struct {
	w      *tabwriter.Writer
	missed bool
}

func newTargets() *targets {
	t := &targets{w: tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)}
	fmt.Fprintln(t.w, "MEASURE\tTARGET\tMEASURED\tMET")
	return t
}

// row prints a figure got, which may be at most limit.
func (t *targets) row(what string, got, limit float64, format string) {
	met := got <= limit
	t.missed = t.missed || !met
	fmt.Fprintf(t.w, "%s\t<= %g\t"+format+"\t%s\n", what, limit, got, map[bool]string{true: "yes", false: "NO"}[met])
}

// info prints a figure that has no target.
func (t *targets) info(what, got string) { fmt.Fprintf(t.w, "%s\t-\t%s\t\n", what, got) }

// losses prints what a storm must not lose, duplicate, leave or break.
func (t *targets) losses(r *chaosResult) {
	t.row("GitHub objects duplicated", float64(r.Duplicated), 0, "%.0f")
	t.row("GitHub objects lost", float64(r.Lost), 0, "%.0f")
	t.row("GitHub objects left behind after deletion", float64(r.LeftBehind), 0, "%.0f")
	t.row("resources stuck in deletion", float64(r.Stuck), 0, "%.0f")
	t.row("panics", float64(r.Panics), 0, "%.0f")
}

// finish prints the table and the problems, writes v as JSON to out, and
// tells whether a target was missed.
func (t *targets) finish(problems []string, out string, v any) (bool, error) {
	_ = t.w.Flush()
	for _, p := range problems {
		fmt.Println("  ", p)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return t.missed, err
	}
	b, _ := json.MarshalIndent(v, "", "  ")
	fmt.Println("JSON:", out)
	return t.missed, os.WriteFile(out, b, 0o644)
}

// applyAll applies, 16 at a time, the resource of every kind for every
// repository, in the order of repos. A resource that exists is left as it
// is, so a batch can be applied again after the API server was away.
func (k *kube) applyAll(ctx context.Context, ns string, repos []string, kinds []benchKind) error {
	work := make(chan string)
	errs := make(chan error, len(repos)*len(kinds))
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range work {
				if err := k.apply(ctx, ns, m); err != nil && !kerrors.IsAlreadyExists(err) {
					errs <- err
				}
			}
		}()
	}
	for _, repo := range repos {
		for _, kind := range kinds {
			work <- kind.render(repo, repo+"-devs")
		}
	}
	close(work)
	wg.Wait()
	close(errs)
	return <-errs
}

// waitGone waits until no resource of kinds is left in ns, and returns
// how many are left when patience runs out.
func (k *kube) waitGone(ctx context.Context, ns string, kinds []benchKind, patience time.Duration) (int, error) {
	deadline := time.Now().Add(patience)
	for {
		left := 0
		if err := k.each(ctx, ns, kinds, func(benchKind, unstructured.Unstructured) { left++ }); err != nil {
			return left, err
		}
		if left == 0 || time.Now().After(deadline) {
			return left, nil
		}
		time.Sleep(2 * time.Second)
	}
}

func conditionMessage(u unstructured.Unstructured, typ string) string {
	conds, _, _ := unstructured.NestedSlice(u.Object, "status", "conditions")
	for _, c := range conds {
		if m, ok := c.(map[string]any); ok && m["type"] == typ {
			s, _ := m["message"].(string)
			r, _ := m["reason"].(string)
			return strings.TrimSpace(r + " " + s)
		}
	}
	return ""
}

// countPanics counts the panics in the provider's log: reconciler panics
// controller-runtime recovered, and crashes.
func countPanics(path string) (int, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		if strings.Contains(line, "Observed a panic") || strings.HasPrefix(line, "panic:") {
			n++
		}
	}
	return n, nil
}
