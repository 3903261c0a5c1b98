package emulator_test

import (
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, contentsRaceContract) }

// together sends calls at once, each a little after the one before (so
// that they arrive in order, well within one commit time), and returns
// their answers in that order.
func together(t *testing.T, srv *httptest.Server, calls ...call) []answer {
	t.Helper()
	out := make([]answer, len(calls))
	var wg sync.WaitGroup
	for i, c := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = do(t, srv, c)
		}()
		time.Sleep(20 * time.Millisecond)
	}
	wg.Wait()
	return out
}

// commitOf is the commit sha of a contents write's answer.
func commitOf(t *testing.T, a answer) string {
	t.Helper()
	var b struct {
		Commit struct {
			SHA string `json:"sha"`
		} `json:"commit"`
	}
	if err := json.Unmarshal(a.body, &b); err != nil {
		t.Fatalf("answer %d: %v: %s", a.status, err, a.body)
	}
	return b.Commit.SHA
}

// contentsRaceContract: two contents writes to one branch at the same
// moment (the second arrives before the first has landed) end one landed
// and one refused with GitHub's 409 "is at <sha> but expected <sha>", a
// documented answer of both operations; one after the other both land; a
// commit time of 0 turns the conflict off.
func contentsRaceContract(t *testing.T, srv *httptest.Server, emu *emulator.Server) {
	const repo = "/repos/demo-org/race"
	put := func(path, content string) call {
		return call{method: "PUT", path: repo + "/contents/" + path, token: "demo-token", body: `{"message":"add ` + path + `","content":"` + content + `"}`}
	}
	del := func(path, sha string) call {
		return call{method: "DELETE", path: repo + "/contents/" + path, token: "demo-token", body: `{"message":"rm ` + path + `","sha":"` + sha + `"}`}
	}
	if a := do(t, srv, call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"race","auto_init":true}`}); a.status != 201 {
		t.Fatalf("create the repository: %d %s", a.status, a.body)
	}
	head := func() string {
		var b struct {
			Commit struct {
				SHA string `json:"sha"`
			} `json:"commit"`
		}
		a := do(t, srv, call{method: "GET", path: repo + "/branches/main", token: "demo-token"})
		if err := json.Unmarshal(a.body, &b); err != nil {
			t.Fatalf("read the branch: %v", err)
		}
		return b.Commit.SHA
	}
	conflict := func(name string, a answer, at, expected string) {
		t.Helper()
		if a.status != 409 {
			t.Errorf("%s: got %d, want 409: %s", name, a.status, a.body)
			return
		}
		field("message", "is at "+at+" but expected "+expected)(t, a)
	}

	before := head()
	got := together(t, srv, put("a.txt", "YQo="), put("b.txt", "Ygo="))
	if got[0].status != 201 {
		t.Fatalf("the first of two writes: got %d, want 201: %s", got[0].status, got[0].body)
	}
	landed := commitOf(t, got[0])
	conflict("the second of two writes at once", got[1], landed, before)
	if h := head(); h != landed {
		t.Errorf("the branch is at %s, want the first write's commit %s", h, landed)
	}

	steps := []step{
		{"the refused write again, after the first landed", put("b.txt", "Ygo="), 201, nil},
		{"one after the other: both land", put("c.txt", "Ywo="), 201, nil},
	}
	runSteps(t, srv, steps, nil)

	before = head()
	got = together(t, srv, del("a.txt", shaOf("a\n")), del("b.txt", shaOf("b\n")))
	if got[0].status != 200 {
		t.Fatalf("the first of two deletes: got %d, want 200: %s", got[0].status, got[0].body)
	}
	conflict("the second of two deletes at once", got[1], commitOf(t, got[0]), before)

	// A write whose file sha is stale is told so, landing or not.
	got = together(t, srv, put("d.txt", "ZAo="), del("c.txt", shaEmpty))
	if got[0].status != 201 || got[1].status != 409 {
		t.Fatalf("a write and a stale delete: got %d and %d, want 201 and 409", got[0].status, got[1].status)
	}
	field("message", "c.txt does not match "+shaEmpty)(t, got[1])

	cfg := emu.Config()
	cfg.ContentsCommitTime = 0
	emu.SetConfig(cfg)
	defer emu.SetConfig(emulator.DefaultConfig())
	got = together(t, srv, put("e.txt", "ZQo="), put("f.txt", "Zgo="))
	if got[0].status != 201 || got[1].status != 201 {
		t.Errorf("with a commit time of 0, two writes at once: got %d and %d, want both 201", got[0].status, got[1].status)
	}
}

// shaOf is git's blob id of content.
func shaOf(content string) string {
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00%s", len(content), content)
	return hex.EncodeToString(h.Sum(nil))
}
