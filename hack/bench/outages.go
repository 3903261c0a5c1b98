package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// make outages (issue 16, item 3): the provider runs as two replicas with
// leader election while its control plane and its own leader go away, with
// a resource of every kind for each repository:
//
//  1. a first batch is created while kube-apiserver is SIGKILLed and
//     started again: the replicas carry on (neither exits, the leader stays);
//  2. a second batch is created while the leader is SIGKILLed: the other
//     replica takes over within the lease and nothing is written twice;
//  3. everything is deleted.
//
// GitHub's side of an outage (unreachable, a rotated or revoked token) is
// tested against the emulator in internal/integration (outage_test.go).

// leaseSeconds is the provider's leader election lease (cmd/provider). The
// other replica takes over once the lease has run out since it last saw
// the leader renew it: it looks every 2 s (jittered up to 2.4 s), and the
// leader renewed up to 2 s before its crash; takeoverSlack allows for that
// and for this driver reading the replicas' metrics every 250 ms.
const (
	leaseSeconds  = 60
	takeoverSlack = 10
)

// outagesResult is what make outages found.
type outagesResult struct {
	chaosResult
	APIServerRestartSeconds float64 `json:"apiServerRestartSeconds"`
	ProviderExits           int     `json:"providerExitsNotCausedByTheTest"`
	LeaderChanged           bool    `json:"leaderChangedOverTheAPIServerRestart"`
	TakeoverSeconds         float64 `json:"takeoverSeconds"`
	CreatesRefused          int     `json:"createsGitHubRefused"`
	OtherWritesRefused      int     `json:"otherWritesGitHubRefused"`
}

// replica is one provider process of the two.
type replica struct {
	name            string
	metrics, health string
	cmd             *exec.Cmd
	exited          chan struct{}
	killed          atomic.Bool
	unexpectedExits *atomic.Int32
	logf            *os.File
	c               config
	ctx             context.Context
}

func (r *replica) start() error {
	c := r.c
	c.metricsAddr, c.healthAddr = r.metrics, r.health
	sc := scenario{Poll: time.Minute, Extra: []string{"--leader-election", "--leader-election-namespace=" + outagesNamespace}}
	cmd, err := startProvider(r.ctx, c, sc, profiler{}, r.logf)
	if err != nil {
		return fmt.Errorf("replica %s: %w", r.name, err)
	}
	r.cmd, r.exited = cmd, make(chan struct{})
	r.killed.Store(false)
	exited := r.exited
	go func() {
		_ = cmd.Wait()
		if !r.killed.Load() {
			r.unexpectedExits.Add(1)
			fmt.Printf("   replica %s exited on its own\n", r.name)
		}
		close(exited)
	}()
	return nil
}

// kill SIGKILLs the replica (a crash) and waits until it is gone.
func (r *replica) kill() {
	r.killed.Store(true)
	_ = r.cmd.Process.Kill()
	<-r.exited
}

// stop ends the replica with SIGTERM (SIGKILL after 40 s).
func (r *replica) stop() {
	r.killed.Store(true)
	_ = r.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-r.exited:
	case <-time.After(40 * time.Second):
		r.kill()
	}
}

// leads tells whether the replica holds the lease, from its metrics.
func (r *replica) leads() bool {
	c := http.Client{Timeout: 2 * time.Second}
	resp, err := httpGet(&c, "http://"+r.metrics+"/metrics")
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "leader_election_master_status{") && strings.HasSuffix(strings.TrimSpace(line), " 1") {
			return true
		}
	}
	return false
}

const outagesNamespace = "outages"

// leader waits up to patience for one of the replicas to lead.
func leader(rs []*replica, patience time.Duration) (*replica, error) {
	deadline := time.Now().Add(patience)
	for time.Now().Before(deadline) {
		for _, r := range rs {
			if r.leads() {
				return r, nil
			}
		}
		time.Sleep(250 * time.Millisecond)
	}
	return nil, fmt.Errorf("no replica leads after %s", patience)
}

func runOutages(c config) error {
	ctx := context.Background()
	ns := outagesNamespace
	n := c.chaos.n
	res := outagesResult{chaosResult: chaosResult{N: n, Kinds: len(chaosKinds), Resources: 2 * n * len(chaosKinds)}}
	start := time.Now()
	emu, k, logf, logPath, done, err := prepareStorm(ctx, c, ns)
	if err != nil {
		return err
	}
	defer done()
	exits := &atomic.Int32{}
	rs := []*replica{
		{name: "a", metrics: "127.0.0.1:29180", health: "127.0.0.1:29181", unexpectedExits: exits, logf: logf, c: c, ctx: ctx},
		{name: "b", metrics: "127.0.0.1:29182", health: "127.0.0.1:29183", unexpectedExits: exits, logf: logf, c: c, ctx: ctx},
	}
	defer func() {
		for _, r := range rs {
			if r.cmd != nil {
				r.stop()
			}
		}
	}()
	for _, r := range rs {
		if err := r.start(); err != nil {
			return err
		}
	}
	first, err := leader(rs, (leaseSeconds+10)*time.Second)
	if err != nil {
		return err
	}
	fmt.Printf("== replica %s leads\n", first.name)
	s0, err := emu.stats()
	if err != nil {
		return err
	}
	gh, invitee := newGitHub(c.emulatorURL, "demo-token"), newGitHub(c.emulatorURL, "other-token")
	batch := func(prefix string) []string {
		repos := make([]string, n)
		for i := range repos {
			repos[i] = fmt.Sprintf("%s-%03d", prefix, i)
		}
		return repos
	}

	// 1. kube-apiserver goes away in the middle of a create storm.
	one, two := batch("outage1"), batch("outage2")
	if err := seedPeople(emu, append(append([]string{}, one...), two...)); err != nil {
		return err
	}
	fmt.Printf("== %d resources of %d kinds; kube-apiserver SIGKILLed and started again\n", len(one)*len(chaosKinds), len(chaosKinds))
	applied := make(chan error, 1)
	// make outages storms the namespaced kinds (make chaos both scopes).
	sc := newScope(scopeNamespaced, one, chaosKinds)
	res.Scopes = []*stormScope{sc}
	go func() { applied <- k.applyAll(ctx, ns, one, sameKinds(chaosKinds)) }()
	time.Sleep(3 * time.Second)
	t0 := time.Now()
	if err := localCluster(c, "restart-apiserver"); err != nil {
		return err
	}
	res.APIServerRestartSeconds = time.Since(t0).Seconds()
	fmt.Printf("   kube-apiserver back after %.1fs\n", res.APIServerRestartSeconds)
	if err := <-applied; err != nil {
		// Applies in flight when it went away failed: apply the batch again.
		if err := k.applyAll(ctx, ns, one, sameKinds(chaosKinds)); err != nil {
			return err
		}
	}
	if _, err := res.settleCreation(ctx, k, ns, emu, gh, invitee, res.Scopes); err != nil {
		return err
	}
	now, err := leader(rs, 10*time.Second)
	if err != nil {
		return err
	}
	res.LeaderChanged = now != first
	fmt.Printf("   all Ready after %.0fs; replica %s leads\n", time.Since(start).Seconds(), now.name)

	// 2. The leader is SIGKILLed in the middle of a create storm.
	fmt.Printf("== %d more resources; the leader (replica %s) SIGKILLed\n", len(two)*len(chaosKinds), now.name)
	go func() { applied <- k.applyAll(ctx, ns, two, sameKinds(chaosKinds)) }()
	time.Sleep(2 * time.Second)
	t0 = time.Now()
	now.kill()
	var other *replica
	for _, r := range rs {
		if r != now {
			other = r
		}
	}
	if _, err := leader([]*replica{other}, (2*leaseSeconds)*time.Second); err != nil {
		return err
	}
	res.TakeoverSeconds = time.Since(t0).Seconds()
	fmt.Printf("   replica %s leads %.1fs after the kill\n", other.name, res.TakeoverSeconds)
	if err := now.start(); err != nil {
		return err
	}
	if err := <-applied; err != nil {
		return err
	}
	all := append(append([]string{}, one...), two...)
	// Every resource of both batches is waited for; those of the second
	// are compared with GitHub.
	sc.repos, sc.Resources = two, len(all)*len(chaosKinds)
	if _, err := res.settleCreation(ctx, k, ns, emu, gh, invitee, res.Scopes); err != nil {
		return err
	}
	fmt.Printf("   all Ready after %.0fs\n", time.Since(start).Seconds())

	// 3. Everything goes.
	sc.repos, sc.Repositories = all, len(all)
	for _, parents := range []bool{false, true} {
		if err := k.deleteAll(ctx, ns, sc.phase(parents)); err != nil {
			return err
		}
		if err := res.settleDeletion(ctx, k, ns, gh, res.Scopes, parents); err != nil {
			return err
		}
	}

	s1, err := emu.stats()
	if err != nil {
		return err
	}
	res.Requests = s1.total - s0.total
	res.RequestsPerResource = res.Requests / float64(res.Resources)
	res.CreatesRefused, res.OtherWritesRefused = refusedWrites(s0, s1, &res.chaosResult)
	res.ProviderExits = int(exits.Load())
	if res.Panics, err = countPanics(logPath, res.Scopes); err != nil {
		return err
	}
	res.Seconds = time.Since(start).Seconds()
	res.sum()
	return res.report(c.out)
}

// refusedWrites counts the writes GitHub answered 409 or 422 between two
// snapshots of the emulator's counts: creates (a POST, or a PUT of a file)
// refused are writes made twice (a create of what exists), with valid
// resources and no faults; other writes refused are told apart (a branch
// deleted while its protection is still there is refused until the
// protection goes, then deleted).
func refusedWrites(s0, s1 emuStats, r *chaosResult) (twice, other int) {
	keys := make([]string, 0, len(s1.byAnswer))
	for key := range s1.byAnswer {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		if strings.HasPrefix(key, "GET ") || !(strings.HasSuffix(key, " 409") || strings.HasSuffix(key, " 422")) {
			continue
		}
		n := int(s1.byAnswer[key] - s0.byAnswer[key])
		if n <= 0 {
			continue
		}
		if strings.HasPrefix(key, "POST ") || strings.HasPrefix(key, "PUT /repos/{owner}/{repo}/contents/") {
			twice += n
			r.problem("create refused: %d × %s", n, key)
		} else {
			other += n
			fmt.Printf("   refused, then done: %d × %s\n", n, key)
		}
	}
	return twice, other
}

// report prints the figures next to their targets, writes them as JSON,
// and fails when one is missed.
func (r *outagesResult) report(out string) error {
	fmt.Printf("\nOUTAGES N=%d a batch: %d resources of %d kinds, 2 replicas, %.0fs\n", r.N, r.Resources, r.Kinds, r.Seconds)
	t := newTargets()
	leaderChanged := 0.0
	if r.LeaderChanged {
		leaderChanged = 1
	}
	t.info("kube-apiserver away (SIGKILL to ready again)", fmt.Sprintf("%.1f s", r.APIServerRestartSeconds))
	t.row("provider replicas that exited on their own", 0, "%.0f", float64(r.ProviderExits))
	t.row("leader changes over the kube-apiserver restart", 0, "%.0f", leaderChanged)
	t.row("takeover after the leader's SIGKILL, s (lease 60 s)", leaseSeconds+takeoverSlack, "%.1f", r.TakeoverSeconds)
	t.row("resources not Ready", 0, "%.0f", float64(r.NotReady))
	t.losses(&r.chaosResult)
	t.row("GitHub creates refused (written twice)", 0, "%.0f", float64(r.CreatesRefused))
	t.info("other GitHub writes refused, then done", fmt.Sprint(r.OtherWritesRefused))
	t.info("GitHub requests per resource", fmt.Sprintf("%.1f", r.RequestsPerResource))
	if missed, err := t.finish(r.Problems, out, r); err != nil || !missed {
		return err
	}
	return fmt.Errorf("outages: a target was missed")
}
