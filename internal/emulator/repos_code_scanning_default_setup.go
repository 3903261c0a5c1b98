package emulator

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
)

func init() { registerKind(codeScanningOf.name, codeScanningDefaultSetupRoutes) }

// docCodeScanning is GitHub's page of the code scanning endpoints.
const docCodeScanning = "https://docs.github.com/rest/code-scanning/code-scanning"

// DefaultCodeScanningSetupTime is how long GitHub takes, in the emulator,
// to apply a code scanning default setup a PATCH asked for
// (Config.CodeScanningSetupTime): the run that validates it takes minutes
// on GitHub, seconds here, so that a test sees the wait and its end.
const DefaultCodeScanningSetupTime = 3 * time.Second

// codeQLLanguages are the languages a default setup can be asked to
// analyse, as GitHub's description of the PATCH body lists them.
var codeQLLanguages = []string{"actions", "c-cpp", "csharp", "go", "java-kotlin", "javascript-typescript", "python", "ruby", "swift"}

// codeScanningOf is a repository's code scanning: the CodeQL languages
// GitHub detects in it and its default setup.
var codeScanningOf = subKind[codeScanningState]{name: "codescanningdefaultsetup"}

// codeScanningState is a repository's code scanning as the emulator keeps
// it. The zero value is a repository nobody configured, in which GitHub
// detects no language CodeQL analyses (a new repository has no code).
type codeScanningState struct {
	// Detected are the CodeQL languages of the repository's code
	// (seeded, or set through the control surface), sorted; DetectedSet
	// says they were. A repository whose languages nobody set has
	// Config.CodeScanningLanguages (none by default: a new repository has
	// no code).
	Detected    []string
	DetectedSet bool
	// Setup is the default setup in effect.
	Setup codeScanningSetup
	// UpdatedAt is when the setup in effect was last changed; zero: never.
	UpdatedAt time.Time
	// Pending is the setup a run is applying, nil when none: it takes
	// effect CodeScanningSetupTime after Since, or when the control
	// surface says so (Now).
	Pending *codeScanningRun
}

// codeScanningSetup is one default setup configuration.
type codeScanningSetup struct {
	Configured  bool
	QuerySuite  string // default, extended; "" reads as default
	ThreatModel string // remote, remote_and_local; "" reads as remote
	Languages   []string
	RunnerType  string // standard, labeled; "" until someone sets it
	RunnerLabel string
}

// codeScanningRun is a run applying a setup.
type codeScanningRun struct {
	ID    int64
	Setup codeScanningSetup
	Since time.Time
	// Now is set when the control surface ended the run, at NowAt.
	Now   bool
	NowAt time.Time
}

func (a codeScanningSetup) equal(b codeScanningSetup) bool {
	return a.Configured == b.Configured && a.QuerySuite == b.QuerySuite && a.ThreatModel == b.ThreatModel &&
		slices.Equal(a.Languages, b.Languages) && a.RunnerType == b.RunnerType && a.RunnerLabel == b.RunnerLabel
}

// due tells whether the run has applied its setup by now.
func (p *codeScanningRun) due(s *Server) bool {
	return p.Now || !s.now().Before(p.Since.Add(time.Duration(s.Config().CodeScanningSetupTime)))
}

// effective is the setup GitHub shows now, and when it was last changed: a
// pending run's setup once it is due, changed when the run ended.
func (st *codeScanningState) effective(s *Server) (codeScanningSetup, time.Time) {
	if p := st.Pending; p != nil && p.due(s) {
		ended := p.Since.Add(time.Duration(s.Config().CodeScanningSetupTime))
		if p.Now && p.NowAt.Before(ended) {
			ended = p.NowAt
		}
		return p.Setup, ended
	}
	return st.Setup, st.UpdatedAt
}

// settle makes a due run's setup the one in effect (write lock held).
func (st *codeScanningState) settle(s *Server) {
	if st.Pending != nil && st.Pending.due(s) {
		st.Setup, st.UpdatedAt = st.effective(s)
		st.Pending = nil
	}
}

// codeScanningDefaultSetupRoutes declares a repository's code scanning
// default setup: read and written by its admins.
func codeScanningDefaultSetupRoutes(_ *Server, t *routeTable) {
	op := func(anchor string, write bool) repoOp {
		return repoOp{auth: authRequired, need: accessAdmin, write: write, doc: docCodeScanning + "#" + anchor}
	}
	t.repo(http.MethodGet, "/code-scanning/default-setup", op("get-a-code-scanning-default-setup-configuration", false), getCodeScanningDefaultSetup)
	t.repo(http.MethodPatch, "/code-scanning/default-setup", op("update-a-code-scanning-default-setup-configuration", true), patchCodeScanningDefaultSetup)
}

// codeScanningDefaultSetupJSON is GitHub's code-scanning-default-setup
// object.
type codeScanningDefaultSetupJSON struct {
	State       string   `json:"state"`
	Languages   []string `json:"languages"`
	RunnerType  *string  `json:"runner_type"`
	RunnerLabel *string  `json:"runner_label"`
	QuerySuite  string   `json:"query_suite"`
	ThreatModel string   `json:"threat_model"`
	UpdatedAt   *string  `json:"updated_at"`
	Schedule    *string  `json:"schedule"`
}

func renderCodeScanningDefaultSetup(v codeScanningSetup, updated time.Time) codeScanningDefaultSetupJSON {
	out := codeScanningDefaultSetupJSON{State: "not-configured", Languages: []string{}, QuerySuite: "default", ThreatModel: "remote"}
	if v.QuerySuite != "" {
		out.QuerySuite = v.QuerySuite
	}
	if v.ThreatModel != "" {
		out.ThreatModel = v.ThreatModel
	}
	if v.RunnerType != "" {
		out.RunnerType = ptr(v.RunnerType)
	}
	if v.RunnerLabel != "" {
		out.RunnerLabel = ptr(v.RunnerLabel)
	}
	if !updated.IsZero() {
		out.UpdatedAt = ptr(updated.UTC().Format("2006-01-02T15:04:05.000Z"))
	}
	if v.Configured {
		out.State, out.Languages, out.Schedule = "configured", slices.Clone(v.Languages), ptr("weekly")
	}
	return out
}

// getCodeScanningDefaultSetup answers the setup in effect: a PATCH's shows
// once its run has applied it.
func getCodeScanningDefaultSetup(c *reqCtx, _ *world, r *Repo) {
	st := codeScanningState{}
	if p := codeScanningOf.peek(r); p != nil {
		st = *p
	}
	v, updated := st.effective(c.s)
	c.json(http.StatusOK, renderCodeScanningDefaultSetup(v, updated))
}

// patchCodeScanningDefaultSetup changes the fields the body sends. A
// configured setup is validated and applied by a run: GitHub answers 202
// with the run, and the GET shows the new setup once the run has applied
// it; the same setup again while its run is under way is answered with
// that run, another one 409. Turning the setup off needs no run: it takes
// effect at once (and ends a run under way). A body that changes nothing
// is answered 200 with an empty object. Languages the repository has no
// code in are refused with 422, as is a configured setup of a repository
// without any language CodeQL analyses; left out, the languages are those
// GitHub detects.
func patchCodeScanningDefaultSetup(c *reqCtx, w *world, r *Repo) {
	f, ok := c.fields(true)
	if !ok {
		return
	}
	for k := range f.m {
		if !oneOf(&k, "state", "runner_type", "runner_label", "query_suite", "threat_model", "languages") {
			c.fail(http.StatusUnprocessableEntity, fmt.Sprintf("Invalid request.\n\n%q is not a permitted key.", k), c.doc)
			return
		}
	}
	state, ok := enumField(c, f, "state", []string{"configured", "not-configured"})
	if !ok {
		return
	}
	runnerType, ok := enumField(c, f, "runner_type", []string{"standard", "labeled"})
	if !ok {
		return
	}
	querySuite, ok := enumField(c, f, "query_suite", []string{"default", "extended"})
	if !ok {
		return
	}
	threatModel, ok := enumField(c, f, "threat_model", []string{"remote", "remote_and_local"})
	if !ok {
		return
	}
	label, labelSent := f.nullable("runner_label")
	languages, languagesSent := f.strings("languages")
	if f.failed {
		return
	}
	for _, l := range languages {
		if !oneOf(&l, codeQLLanguages...) {
			c.notOneOf("languages", l, codeQLLanguages)
			return
		}
	}

	st := codeScanningOf.of(r)
	st.settle(c.s)
	// What the body asks for: the setup under way (or in effect) with the
	// fields it sends.
	base := st.Setup
	if st.Pending != nil {
		base = st.Pending.Setup
	}
	next := base
	next.Languages = slices.Clone(base.Languages)
	if state != nil {
		next.Configured = *state == "configured"
	}
	if querySuite != nil {
		next.QuerySuite = *querySuite
	}
	if threatModel != nil {
		next.ThreatModel = *threatModel
	}
	if runnerType != nil {
		next.RunnerType = *runnerType
		if *runnerType == "standard" && !labelSent {
			next.RunnerLabel = ""
		}
	}
	if labelSent {
		next.RunnerLabel = ""
		if label != nil {
			next.RunnerLabel = *label
		}
	}
	switch {
	case next.RunnerType == "labeled" && next.RunnerLabel == "":
		c.fail(http.StatusUnprocessableEntity, "A runner label is required when the runner type is labeled.", c.doc)
		return
	case next.RunnerType != "labeled" && next.RunnerLabel != "":
		c.fail(http.StatusUnprocessableEntity, "A runner label can only be used with the labeled runner type.", c.doc)
		return
	}
	if !next.Configured {
		// Turned off: nothing to validate, nothing to analyse.
		next.Languages = nil
		if st.Pending == nil && !st.Setup.Configured {
			c.json(http.StatusOK, map[string]any{})
			return
		}
		st.Setup, st.UpdatedAt, st.Pending = next, c.s.now(), nil
		c.json(http.StatusOK, map[string]any{})
		return
	}
	if languagesSent {
		next.Languages = nil
		for _, l := range languages {
			if !slices.Contains(next.Languages, l) {
				next.Languages = append(next.Languages, l)
			}
		}
		slices.Sort(next.Languages)
	}
	detected := st.Detected
	if !st.DetectedSet {
		detected = slices.Sorted(slices.Values(c.s.Config().CodeScanningLanguages))
	}
	if len(next.Languages) == 0 {
		next.Languages = slices.Clone(detected)
	}
	if len(detected) == 0 {
		c.fail(http.StatusUnprocessableEntity, "Code scanning default setup is not available: no languages that CodeQL can analyze were found in this repository.", c.doc)
		return
	}
	var missing []string
	for _, l := range next.Languages {
		if !slices.Contains(detected, l) {
			missing = append(missing, l)
		}
	}
	if len(missing) > 0 {
		c.fail(http.StatusUnprocessableEntity, fmt.Sprintf("Code scanning default setup cannot analyze %s: the repository has no code in that language. Languages CodeQL can analyze in this repository: %s.",
			strings.Join(missing, ", "), strings.Join(detected, ", ")), c.doc)
		return
	}
	switch {
	case st.Pending != nil && st.Pending.Setup.equal(next):
		// Asked again while its run is under way: that run.
	case st.Pending != nil:
		c.fail(http.StatusConflict, "A validation run with a different default setup configuration is already in progress. Try again once it has completed.", c.doc)
		return
	case st.Setup.equal(next):
		c.json(http.StatusOK, map[string]any{})
		return
	default:
		st.Pending = &codeScanningRun{ID: w.newID("codescanningrun", 7300001), Setup: next, Since: c.s.now()}
	}
	id := st.Pending.ID
	c.json(http.StatusAccepted, struct {
		RunID  int64  `json:"run_id"`
		RunURL string `json:"run_url"`
	}{RunID: id, RunURL: fmt.Sprintf("%s/repos/%s/actions/runs/%d", c.apiBase, r.FullName(), id)})
}

// SetCodeScanningLanguages sets the CodeQL languages GitHub detects in a
// repository's code (actions, go, python ...), as its code would.
func (st *State) SetCodeScanningLanguages(owner, name string, languages []string) error {
	for _, l := range languages {
		if !slices.Contains(codeQLLanguages, l) {
			return fmt.Errorf("%q is not one of the CodeQL languages %s", l, strings.Join(codeQLLanguages, ", "))
		}
	}
	return st.update(owner, name, func(_ *world, r *Repo) error {
		setDetected(r, languages)
		return nil
	})
}

// setDetected records the CodeQL languages detected in r's code.
func setDetected(r *Repo, languages []string) {
	d := slices.Clone(languages)
	slices.Sort(d)
	st := codeScanningOf.of(r)
	st.Detected, st.DetectedSet = slices.Compact(d), true
}

// ApplyCodeScanningDefaultSetup ends the run applying a repository's code
// scanning default setup now, rather than Config.CodeScanningSetupTime
// after the PATCH that started it.
func (st *State) ApplyCodeScanningDefaultSetup(owner, name string) error {
	return st.update(owner, name, func(_ *world, r *Repo) error {
		p := codeScanningOf.peek(r)
		if p == nil || p.Pending == nil {
			return fmt.Errorf("repository %s/%s has no code scanning default setup being applied: %w", owner, name, ErrNotFound)
		}
		if !p.Pending.Now {
			p.Pending.Now, p.Pending.NowAt = true, st.now()
		}
		return nil
	})
}
