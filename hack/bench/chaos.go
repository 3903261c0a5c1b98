package main

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"golang.org/x/crypto/ssh"
	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	mv1alpha1 "github.com/crossplane-github/provider-github/apis/m/v1alpha1"
	"github.com/crossplane-github/provider-github/apis/v1alpha1"
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
	// clusterShare is the share of the Repositories whose resources are
	// all cluster-scoped (the others' are namespaced).
	clusterShare float64
	// plant makes GitHub objects behind the provider's back in the first
	// cluster-scoped Repository (a second deploy key titled as the
	// DeployKey's, before the end state is compared): the run must then
	// fail with one object duplicated and one left behind there.
	plant bool
}

// chaosEmulatorConfig gives the storm's repositories, made by the
// provider, Go code for their CodeScanningDefaultSetups to analyse.
const chaosEmulatorConfig = `{"codeScanningLanguages":["go"]}`

// chaosFaults are the faults of a storm.
func chaosFaults(seed uint64) string {
	return fmt.Sprintf(`{"latency":{"fixed":"20ms","jitter":"30ms"},"errors":{"fraction":0.1,"codes":[500,502,503]},`+
		`"secondaryRateLimit":{"fraction":0.03,"retryAfter":1},"stall":{"fraction":0.01,"max":"5s"},`+
		`"lostAnswers":{"fraction":0.05},"seed":%d}`, seed)
}

// lossFigures are what a storm must not leave behind, counted for each
// scope and for all together.
type lossFigures struct {
	NotReady        int `json:"notReadyAfterCreateStorm"`
	WaitingForHuman int `json:"waitingForAHuman"`
	// RefusingOwn are resources that refuse, as someone else's, the
	// object their own create made (its answer lost): make chaos makes
	// no object behind the provider's back.
	RefusingOwn int `json:"refusingWhatTheirCreateMade"`
	Duplicated  int `json:"duplicated"`
	Lost        int `json:"lost"`
	LeftBehind  int `json:"leftBehind"`
	Stuck       int `json:"stuckInDeletion"`
}

func (f *lossFigures) add(g lossFigures) {
	f.NotReady += g.NotReady
	f.WaitingForHuman += g.WaitingForHuman
	f.RefusingOwn += g.RefusingOwn
	f.Duplicated += g.Duplicated
	f.Lost += g.Lost
	f.LeftBehind += g.LeftBehind
	f.Stuck += g.Stuck
}

// A stormScope is what a storm makes in one scope: the Repositories whose
// resources (a resource of every kind each) are of that scope, and the
// figures counted for them.
type stormScope struct {
	Scope        string `json:"scope"`
	Repositories int    `json:"repositories"`
	// Resources are the resources of the scope the storm waits to be
	// Ready.
	Resources int `json:"resources"`
	lossFigures
	// Panics are those of the scope's controllers.
	Panics int `json:"panics"`

	repos []string
	kinds []benchKind
}

func newScope(name string, repos []string, kinds []benchKind) *stormScope {
	return &stormScope{Scope: name, Repositories: len(repos), Resources: len(repos) * len(kinds), repos: repos, kinds: kinds}
}

// phase is the scope's kinds deleted in one delete storm: the children,
// or the parents (Repository and Team), which go after them.
func (sc *stormScope) phase(parents bool) []benchKind {
	children, ps := splitParents(sc.kinds)
	if parents {
		return ps
	}
	return children
}

// chaosResult is what make chaos found.
type chaosResult struct {
	Seed      uint64 `json:"seed"`
	N         int    `json:"repositories"`
	Resources int    `json:"resources"`
	Kinds     int    `json:"kinds"`
	Kills     int    `json:"kills"`
	// The figures of all scopes together.
	lossFigures
	Panics              int           `json:"panics"`
	Requests            float64       `json:"requests"`
	RequestsPerResource float64       `json:"requestsPerResource"`
	Seconds             float64       `json:"seconds"`
	Scopes              []*stormScope `json:"scopes"`
	Problems            []string      `json:"problems,omitempty"`

	// before, when set, runs once all are Ready, before the end state is
	// compared (make chaos's plant).
	before func() error
}

// sum adds the scopes' figures up.
func (r *chaosResult) sum() {
	r.lossFigures = lossFigures{}
	for _, sc := range r.Scopes {
		r.add(sc.lossFigures)
	}
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

// chaosNamespace holds make chaos's namespaced resources and the Secrets
// of both scopes.
const chaosNamespace = "chaos"

func runChaos(c config) error {
	cc := c.chaos
	if cc.window < 4*time.Second || cc.n < 1 || cc.kills < 0 || cc.clusterShare < 0 || cc.clusterShare > 1 {
		return fmt.Errorf("chaos: N must be at least 1, KILLS at least 0, CHAOS_WINDOW at least 4s and the cluster share within [0, 1] (got %d, %d, %s, %g)",
			cc.n, cc.kills, cc.window, cc.clusterShare)
	}
	ctx := context.Background()
	const ns = chaosNamespace
	res := chaosResult{Seed: cc.seed, N: cc.n, Kinds: len(chaosKinds), Resources: cc.n * len(chaosKinds)}
	rnd := rand.New(rand.NewPCG(cc.seed, cc.seed))
	start := time.Now()
	emu, k, logf, logPath, done, err := prepareStorm(ctx, c, ns)
	if err != nil {
		return err
	}
	defer done()
	// Cluster-scoped resources use the legacy ProviderConfig "default".
	if err := k.legacyProviderConfig(ctx, ns, c.emulatorURL+"/api/v3/"); err != nil {
		return err
	}
	sup := &supervisor{ctx: ctx, c: c, logf: logf}
	if err := sup.start(); err != nil {
		return err
	}
	defer sup.stop()
	s0, err := emu.stats()
	if err != nil {
		return err
	}

	// Both scopes share the clients: a share of the Repositories (and
	// every resource of theirs) are cluster-scoped, the others namespaced,
	// applied in one shuffled order.
	nCluster := clusterRepositories(cc.n, cc.clusterShare)
	var nsRepos, clusterRepos []string
	for i := range cc.n - nCluster {
		nsRepos = append(nsRepos, fmt.Sprintf("chaos-%04d", i))
	}
	for i := range nCluster {
		clusterRepos = append(clusterRepos, fmt.Sprintf("chaos-cluster-%04d", i))
	}
	res.Scopes = []*stormScope{newScope(scopeNamespaced, nsRepos, chaosKinds), newScope(scopeCluster, clusterRepos, clusterScopedKinds(chaosKinds))}
	kindsOf := map[string][]benchKind{}
	var repos []string
	for _, sc := range res.Scopes {
		for _, repo := range sc.repos {
			kindsOf[repo] = sc.kinds
			repos = append(repos, repo)
		}
	}
	rnd.Shuffle(len(repos), func(i, j int) { repos[i], repos[j] = repos[j], repos[i] })
	if err := seedPeople(emu, repos); err != nil {
		return err
	}
	gh, invitee := newGitHub(c.emulatorURL, "demo-token"), newGitHub(c.emulatorURL, "other-token")
	createKills := (cc.kills + 1) / 2
	childKills := (cc.kills - createKills + 1) / 2
	parentKills := cc.kills - createKills - childKills

	// The create storm.
	fmt.Printf("== create storm: %d resources of %d kinds (%d namespaced, %d cluster-scoped), %d kills in %s\n",
		res.Resources, len(chaosKinds), res.Scopes[0].Resources, res.Scopes[1].Resources, createKills, cc.window)
	if err := emu.post("/_emulator/faults", chaosFaults(cc.seed)); err != nil {
		return err
	}
	killed := sup.storm(rnd, createKills, cc.window)
	if err := k.applyAll(ctx, ns, repos, func(repo string) []benchKind { return kindsOf[repo] }); err != nil {
		return err
	}
	if err := <-killed; err != nil {
		return err
	}
	if err := emu.post("/_emulator/faults", "{}"); err != nil {
		return err
	}
	if cc.plant {
		res.before = func() error { return plantDuplicate(gh, clusterRepos) }
	}
	ready, err := res.settleCreation(ctx, k, ns, emu, gh, invitee, res.Scopes)
	if err != nil {
		return err
	}
	fmt.Printf("   %d/%d Ready after %.0fs\n", ready, res.Resources, time.Since(start).Seconds())

	// The delete storms: every kind but Repository and Team, then those.
	for _, phase := range []struct {
		what    string
		parents bool
		kills   int
	}{{"child resources", false, childKills}, {"Repositories and Teams", true, parentKills}} {
		fmt.Printf("== delete storm: %s of both scopes, %d kills in %s\n", phase.what, phase.kills, cc.window/2)
		if err := emu.post("/_emulator/faults", chaosFaults(cc.seed+1)); err != nil {
			return err
		}
		killed := sup.storm(rnd, phase.kills, cc.window/2)
		for _, sc := range res.Scopes {
			if err := k.deleteAll(ctx, ns, sc.phase(phase.parents)); err != nil {
				return err
			}
		}
		if err := <-killed; err != nil {
			return err
		}
		if err := emu.post("/_emulator/faults", "{}"); err != nil {
			return err
		}
		if err := res.settleDeletion(ctx, k, ns, gh, res.Scopes, phase.parents); err != nil {
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
	if res.Panics, err = countPanics(logPath, res.Scopes); err != nil {
		return err
	}
	res.Seconds = time.Since(start).Seconds()
	res.sum()
	return res.report(cc, c.out)
}

// clusterRepositories is how many of n Repositories are cluster-scoped
// for a share: rounded, and at least one of each scope from two on.
func clusterRepositories(n int, share float64) int {
	c := int(math.Round(float64(n) * share))
	if n >= 2 && share > 0 && c == 0 {
		c = 1
	}
	if n >= 2 && share < 1 && c == n {
		c = n - 1
	}
	return c
}

// legacyProviderConfig creates the legacy (cluster-scoped) ProviderConfig
// "default", which cluster-scoped resources use when they name none, with
// the credentials of setup's Secret in ns.
func (k *kube) legacyProviderConfig(ctx context.Context, ns, baseURL string) error {
	return k.c.Create(ctx, &v1alpha1.ProviderConfig{
		ObjectMeta: metav1.ObjectMeta{Name: "default"},
		Spec: v1alpha1.ProviderConfigSpec{
			Credentials: mv1alpha1.ClusterCredentials{Source: xpv2.CredentialsSourceSecret,
				SecretRef: xpv2.SecretKeySelector{SecretReference: xpv2.SecretReference{Namespace: ns, Name: "github"}, Key: "token"}},
			Endpoint: mv1alpha1.Endpoint{BaseURL: ptr.To(baseURL), Owner: ptr.To(owner)},
		},
	})
}

// plantDuplicate adds, behind the provider's back, a second deploy key
// titled as the DeployKey's to the first of repos (the check of the
// figures: it is a duplicate, and left behind after deletion).
func plantDuplicate(gh github, repos []string) error {
	if len(repos) == 0 {
		return fmt.Errorf("chaos: nothing to plant a duplicate in (no cluster-scoped Repository)")
	}
	pub, _, err := ed25519.GenerateKey(nil)
	if err != nil {
		return err
	}
	key, err := ssh.NewPublicKey(pub)
	if err != nil {
		return err
	}
	body := fmt.Sprintf(`{"title":%q,"key":%q,"read_only":true}`, kindDeployKey.want, strings.TrimSpace(string(ssh.MarshalAuthorizedKey(key))))
	if _, err := gh.post(repoPath(repos[0], "/keys"), body); err != nil {
		return err
	}
	fmt.Printf("   planted a second deploy key %q in %s (cluster-scoped)\n", kindDeployKey.want, repos[0])
	return nil
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
	// The storm repositories' code, which code scanning analyses (make
	// chaos and make outages alike).
	if err := emu.post("/_emulator/config", chaosEmulatorConfig); err != nil {
		return emu, nil, nil, "", nil, err
	}
	if err := addChaosMember(emu, newGitHub(c.emulatorURL, "demo-token")); err != nil {
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

// addChaosMember makes chaosMember a member of the organisation, as the
// storm's TeamMemberships want: a user of the emulator, invited by the
// owner and accepting on the emulator's control surface.
func addChaosMember(emu emulator, gh github) error {
	if err := emu.post("/_emulator/seed", `{"users":[{"login":"`+chaosMember+`"}]}`); err != nil {
		return err
	}
	status, err := gh.send(http.MethodPut, "/orgs/"+owner+"/memberships/"+chaosMember, `{"role":"member"}`, nil)
	if err != nil {
		return err
	}
	if status != http.StatusOK {
		return fmt.Errorf("inviting %s to the organisation: status %d", chaosMember, status)
	}
	return emu.post("/_emulator/orgs/"+owner+"/invitations/"+chaosMember+"/accept", "")
}

// seedPeople adds to the emulator the users the storm repositories'
// Memberships invite (chaosPerson).
func seedPeople(emu emulator, repos []string) error {
	users := make([]string, len(repos))
	for i, r := range repos {
		users[i] = `{"login":"` + chaosPerson(r) + `"}`
	}
	return emu.post("/_emulator/seed", `{"users":[`+strings.Join(users, ",")+`]}`)
}

// acceptOrgInvitations accepts, on the emulator's control surface, every
// invitation to the organisation that is pending: the invited people of
// the storm's Memberships say yes.
func acceptOrgInvitations(emu emulator, gh github) error {
	for page := 1; ; page++ {
		logins, err := gh.names(fmt.Sprintf("/orgs/%s/invitations?per_page=100&page=%d", owner, page), "", field("login"))
		if err != nil {
			return err
		}
		for _, l := range logins {
			if err := emu.post("/_emulator/orgs/"+owner+"/invitations/"+l+"/accept", ""); err != nil {
				return err
			}
		}
		if len(logins) < 100 {
			return nil
		}
	}
}

// settleCreation waits (accepting the invitee's invitations) for the
// resources of every scope to be Ready, records those that are not and
// why, and compares the objects of the scope's repositories with what
// GitHub holds: none lost, none duplicated. It returns how many are Ready.
func (r *chaosResult) settleCreation(ctx context.Context, k *kube, ns string, emu emulator, gh, invitee github, scopes []*stormScope) (int, error) {
	total := 0
	for _, sc := range scopes {
		ready, err := waitFor(sc.Scope+" resources", sc.Resources, 10*time.Minute, 2*time.Second, func() (int, error) {
			if _, err := invitee.acceptInvitations(); err != nil {
				return 0, err
			}
			if err := acceptOrgInvitations(emu, gh); err != nil {
				return 0, err
			}
			return k.countReadyAll(ctx, ns, sc.kinds)
		})
		total += ready
		sc.NotReady += sc.Resources - ready
		if err != nil {
			fmt.Println("  ", err)
		}
		if err := k.each(ctx, ns, sc.kinds, func(kind benchKind, u unstructured.Unstructured) {
			if conditionTrue(u, "Ready") && conditionTrue(u, "Synced") {
				return
			}
			msg := conditionMessage(u, "Synced") + " " + conditionMessage(u, "Ready")
			if strings.Contains(msg, "external-create-pending") {
				sc.WaitingForHuman++
			}
			if strings.Contains(msg, "did not create it") {
				sc.RefusingOwn++
			}
			r.problem("not Ready: %s %s %s: %s", sc.Scope, kind.kind, u.GetName(), strings.TrimSpace(msg))
		}); err != nil {
			return total, err
		}
	}
	if r.before != nil {
		if err := r.before(); err != nil {
			return total, err
		}
	}
	for _, sc := range scopes {
		if err := r.compare(gh, sc, sc.kinds, false); err != nil {
			return total, err
		}
	}
	return total, nil
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

// deleteAll deletes every resource of kinds in ns (of a cluster-scoped
// kind: every resource).
func (k *kube) deleteAll(ctx context.Context, ns string, kinds []benchKind) error {
	for _, kind := range kinds {
		u := &unstructured.Unstructured{}
		u.SetGroupVersionKind(kind.gvk())
		if err := k.c.DeleteAllOf(ctx, u, client.InNamespace(kind.namespace(ns))); err != nil {
			return err
		}
	}
	return nil
}

// settleDeletion waits for the deleted resources of a delete storm (the
// scopes' children, or their parents) to go, and records, for each
// scope, those stuck and the GitHub objects left behind.
func (r *chaosResult) settleDeletion(ctx context.Context, k *kube, ns string, gh github, scopes []*stormScope, parents bool) error {
	var kinds []benchKind
	for _, sc := range scopes {
		kinds = append(kinds, sc.phase(parents)...)
	}
	if _, err := k.waitGone(ctx, ns, kinds, 10*time.Minute); err != nil {
		return err
	}
	for _, sc := range scopes {
		if err := k.each(ctx, ns, sc.phase(parents), func(kind benchKind, u unstructured.Unstructured) {
			sc.Stuck++
			r.problem("still there: %s %s %s: %s", sc.Scope, kind.kind, u.GetName(), strings.TrimSpace(conditionMessage(u, "Synced")))
		}); err != nil {
			return err
		}
		if err := r.compare(gh, sc, sc.phase(parents), true); err != nil {
			return err
		}
	}
	return nil
}

// compare counts, for every repository of the scope and every one of
// kinds, the GitHub objects the kind's resource makes: after the create
// storm two are a duplicate and none a loss; after deletion any is left
// behind, but for a kept kind, whose object must still be there.
func (r *chaosResult) compare(gh github, sc *stormScope, kinds []benchKind, deleted bool) error {
	for _, repo := range sc.repos {
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
			case deleted && kind.kept && n == 0:
				sc.Lost++
				r.problem("lost: %s %s of %s: deleting the resource removed what it leaves as it is", sc.Scope, kind.kind, repo)
			case deleted && kind.kept:
				// Left as the kind's page says.
			case deleted && n > 0:
				sc.LeftBehind += n
				r.problem("left behind: %s %s of %s (%d)", sc.Scope, kind.kind, repo, n)
			case !deleted && n > 1:
				sc.Duplicated += n - 1
				r.problem("duplicated: %s %s of %s (%d on GitHub)", sc.Scope, kind.kind, repo, n)
			case !deleted && n == 0:
				sc.Lost++
				r.problem("lost: %s %s of %s (none on GitHub)", sc.Scope, kind.kind, repo)
			}
		}
	}
	return nil
}

// report prints the figures next to their targets, for each scope and
// for both together, writes them as JSON, and fails when one is missed.
func (r *chaosResult) report(cc chaosConfig, out string) error {
	var scopes []string
	for _, sc := range r.Scopes {
		scopes = append(scopes, fmt.Sprintf("%d %s", sc.Resources, sc.Scope))
	}
	fmt.Printf("\nCHAOS seed=%d N=%d: %d resources of %d kinds in both scopes (%s), %d SIGKILLs, %.0fs\n",
		r.Seed, r.N, r.Resources, r.Kinds, strings.Join(scopes, ", "), r.Kills, r.Seconds)
	columns := make([]string, 0, len(r.Scopes)+1)
	for _, sc := range r.Scopes {
		columns = append(columns, strings.ToUpper(sc.Scope))
	}
	t := newTargets(append(columns, "BOTH")...)
	each := func(f func(*stormScope) int, total int) []float64 {
		v := make([]float64, 0, len(r.Scopes)+1)
		for _, sc := range r.Scopes {
			v = append(v, float64(f(sc)))
		}
		return append(v, float64(total))
	}
	cells := func(v []float64) []string {
		c := make([]string, len(v))
		for i, x := range v {
			c[i] = fmt.Sprintf("%.0f", x)
		}
		return c
	}
	t.info("Repositories (each with a resource of every kind)", cells(each(func(sc *stormScope) int { return sc.Repositories }, r.N))...)
	t.info("resources stormed", cells(each(func(sc *stormScope) int { return sc.Resources }, r.Resources))...)
	t.row("resources not Ready after the create storm", 0, "%.0f", each(func(sc *stormScope) int { return sc.NotReady }, r.NotReady)...)
	t.row("resources waiting for a human (create pending)", 0, "%.0f", each(func(sc *stormScope) int { return sc.WaitingForHuman }, r.WaitingForHuman)...)
	t.row("resources refusing what their own create made", 0, "%.0f", each(func(sc *stormScope) int { return sc.RefusingOwn }, r.RefusingOwn)...)
	t.losses(r)
	perResource := make([]float64, 0, len(r.Scopes)+1)
	for range r.Scopes {
		perResource = append(perResource, math.NaN()) // not told apart
	}
	t.row("GitHub requests per resource (no hot loop)", cc.maxRequests, "%.1f", append(perResource, r.RequestsPerResource)...)
	if missed, err := t.finish(r.Problems, out, r); err != nil || !missed {
		return err
	}
	return fmt.Errorf("chaos: a target was missed (seed %d replays this storm)", r.Seed)
}

// targets is the table make chaos and make outages print: each figure
// beside the most it may be, and whether it is met. A figure may have
// several columns (make chaos: each scope and both together).
type targets struct {
	w       *tabwriter.Writer
	columns int
	missed  bool
}

// newTargets starts a table whose figures have the columns named (one,
// MEASURED, when none is).
func newTargets(columns ...string) *targets {
	if len(columns) == 0 {
		columns = []string{"MEASURED"}
	}
	t := &targets{w: tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0), columns: len(columns)}
	fmt.Fprintf(t.w, "MEASURE\tTARGET\t%s\tMET\n", strings.Join(columns, "\t"))
	return t
}

// row prints a figure got (one a column; NaN where it is not told apart,
// shown as "-"), each of which may be at most limit.
func (t *targets) row(what string, limit float64, format string, got ...float64) {
	met := true
	cells := make([]string, t.columns)
	for i := range cells {
		cells[i] = "-"
		if i < len(got) && !math.IsNaN(got[i]) {
			cells[i] = fmt.Sprintf(format, got[i])
			met = met && got[i] <= limit
		}
	}
	t.missed = t.missed || !met
	fmt.Fprintf(t.w, "%s\t<= %g\t%s\t%s\n", what, limit, strings.Join(cells, "\t"), map[bool]string{true: "yes", false: "NO"}[met])
}

// info prints a figure that has no target.
func (t *targets) info(what string, got ...string) {
	cells := make([]string, t.columns)
	for i := range cells {
		cells[i] = "-"
		if i < len(got) {
			cells[i] = got[i]
		}
	}
	fmt.Fprintf(t.w, "%s\t-\t%s\t\n", what, strings.Join(cells, "\t"))
}

// losses prints what a storm must not lose, duplicate, leave or break:
// for each of its scopes and all together when the table has a column
// for each, else all together.
func (t *targets) losses(r *chaosResult) {
	scopes := r.Scopes
	if t.columns == 1 {
		scopes = nil
	}
	figure := func(f func(lossFigures) int) []float64 {
		v := make([]float64, 0, len(scopes)+1)
		for _, sc := range scopes {
			v = append(v, float64(f(sc.lossFigures)))
		}
		return append(v, float64(f(r.lossFigures)))
	}
	t.row("GitHub objects duplicated", 0, "%.0f", figure(func(f lossFigures) int { return f.Duplicated })...)
	t.row("GitHub objects lost", 0, "%.0f", figure(func(f lossFigures) int { return f.Lost })...)
	t.row("GitHub objects left behind after deletion", 0, "%.0f", figure(func(f lossFigures) int { return f.LeftBehind })...)
	t.row("resources stuck in deletion", 0, "%.0f", figure(func(f lossFigures) int { return f.Stuck })...)
	panics := make([]float64, 0, len(scopes)+1)
	for _, sc := range scopes {
		panics = append(panics, float64(sc.Panics))
	}
	what := "panics"
	if len(scopes) > 0 {
		what = "panics (a crash names no scope: in the last column only)"
	}
	t.row(what, 0, "%.0f", append(panics, float64(r.Panics))...)
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

// applyAll applies, 16 at a time, the resource of every one of the
// kinds of each repository, in the order of repos (a namespaced kind's in
// ns). A resource that exists is left as it is, so a batch can be applied
// again after the API server was away.
func (k *kube) applyAll(ctx context.Context, ns string, repos []string, kindsOf func(repo string) []benchKind) error {
	type manifest struct{ ns, text string }
	work := make(chan manifest)
	n := 0
	for _, repo := range repos {
		n += len(kindsOf(repo))
	}
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range work {
				if err := k.apply(ctx, m.ns, m.text); err != nil && !kerrors.IsAlreadyExists(err) {
					errs <- err
				}
			}
		}()
	}
	for _, repo := range repos {
		for _, kind := range kindsOf(repo) {
			work <- manifest{kind.namespace(ns), kind.render(repo, repo+"-devs")}
		}
	}
	close(work)
	wg.Wait()
	close(errs)
	return <-errs
}

// sameKinds is applyAll's kindsOf when every repository has the same kinds.
func sameKinds(kinds []benchKind) func(string) []benchKind {
	return func(string) []benchKind { return kinds }
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
// controller-runtime recovered, and crashes. A recovered panic names its
// controller's group, which tells its scope: those are counted for the
// scopes too (a crash is not told apart).
func countPanics(path string, scopes []*stormScope) (int, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		if !strings.Contains(line, "Observed a panic") && !strings.HasPrefix(line, "panic:") {
			continue
		}
		n++
		scope := ""
		switch {
		case strings.Contains(line, ".github.m.crossplane.io"):
			scope = scopeNamespaced
		case strings.Contains(line, ".github.crossplane.io"):
			scope = scopeCluster
		}
		for _, sc := range scopes {
			if sc.Scope == scope {
				sc.Panics++
			}
		}
	}
	return n, nil
}
