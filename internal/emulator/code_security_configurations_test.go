package emulator_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// GitHub attaches a configuration after it answers the attach: the
// repository reads attaching until AttachDelay has passed, then attached;
// attaching it to another configuration takes it from the first, and
// deleting a configuration detaches its repositories.
func TestCodeSecurityAttachmentTakesItsTime(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	emu := emulator.New(emulator.Options{Now: func() time.Time { mu.Lock(); defer mu.Unlock(); return now }})
	srv := httptest.NewServer(emu)
	defer srv.Close()
	later := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	items := "/orgs/demo-org/code-security/configurations"
	id := func(a answer) string { return fmt.Sprint(int64(a.json(t)["id"].(float64))) }
	repo := id(do(t, srv, call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"attached"}`}))
	first := id(do(t, srv, call{method: "POST", path: items, token: "demo-token", body: `{"name":"first","description":"a"}`}))
	second := id(do(t, srv, call{method: "POST", path: items, token: "demo-token", body: `{"name":"second","description":"b"}`}))
	statuses := func(cfg string) []string {
		var items []struct {
			Status string `json:"status"`
		}
		a := do(t, srv, call{method: "GET", path: "/orgs/demo-org/code-security/configurations/" + cfg + "/repositories", token: "demo-token"})
		if err := json.Unmarshal(a.body, &items); err != nil || a.status != 200 {
			t.Fatalf("repositories of %s: %d %s", cfg, a.status, a.body)
		}
		var out []string
		for _, it := range items {
			out = append(out, it.Status)
		}
		return out
	}
	attach := func(cfg string) {
		if a := do(t, srv, call{method: "POST", path: items + "/" + cfg + "/attach", token: "demo-token", body: `{"scope":"selected","selected_repository_ids":[` + repo + `]}`}); a.status != 202 {
			t.Fatalf("attach to %s: %d %s", cfg, a.status, a.body)
		}
	}
	attach(first)
	if got := fmt.Sprint(statuses(first)); got != "[attaching]" {
		t.Errorf("right after the attach: %s, want attaching", got)
	}
	later(emulator.AttachDelay)
	if got := fmt.Sprint(statuses(first)); got != "[attached]" {
		t.Errorf("after the delay: %s, want attached", got)
	}
	attach(second)
	if got, other := fmt.Sprint(statuses(second)), fmt.Sprint(statuses(first)); got != "[attaching]" || other != "[]" {
		t.Errorf("attached to the second: %s (first %s), want attaching to the second only", got, other)
	}
	do(t, srv, call{method: "DELETE", path: items + "/" + second, token: "demo-token"})
	if got := fmt.Sprint(statuses(first)); got != "[]" {
		t.Errorf("the first after the second's delete: %s, want nothing attached", got)
	}
}
