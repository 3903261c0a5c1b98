package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// emulator drives the GitHub API emulator's control surface.
type emulator struct{ url string }

func (e emulator) post(path, body string) error {
	resp, err := httpDo(http.DefaultClient, http.MethodPost, e.url+path, "application/json", bytes.NewBufferString(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("POST %s: %s", path, resp.Status)
	}
	return nil
}

// reset brings the emulator back to its seed and injects latency.
func (e emulator) reset(latency time.Duration) error {
	if err := e.post("/_emulator/reset", ""); err != nil {
		return err
	}
	return e.post("/_emulator/faults", fmt.Sprintf(`{"latency":{"fixed":%q}}`, latency.String()))
}

type emuStats struct {
	total, notModified, points float64
}

func (e emulator) stats() (emuStats, error) {
	resp, err := httpGet(http.DefaultClient, e.url+"/_emulator/stats")
	if err != nil {
		return emuStats{}, err
	}
	defer resp.Body.Close()
	var s struct {
		Endpoints       map[string]map[string]float64 `json:"endpoints"`
		RateLimitPoints map[string]float64            `json:"rateLimitPoints"`
		Total           float64                       `json:"total"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil {
		return emuStats{}, err
	}
	out := emuStats{total: s.Total}
	for _, byStatus := range s.Endpoints {
		out.notModified += byStatus["304"]
	}
	for _, p := range s.RateLimitPoints {
		out.points += p
	}
	return out, nil
}
