package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
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

// rateLimits turns the emulator's primary rate limits on or off (off:
// requests are neither counted nor refused).
func (e emulator) rateLimits(on bool) error {
	return e.post("/_emulator/config", fmt.Sprintf(`{"rateLimitsOff":%t}`, !on))
}

type emuStats struct {
	total, notModified, points float64
	// byAnswer counts requests by endpoint and status, e.g.
	// "GET /repos/{owner}/{repo} 404".
	byAnswer map[string]float64
}

// since is what was asked between s0 and s, by endpoint and status, most
// first: "2000 × POST /orgs/{org}/repos 201", ...
func (s emuStats) since(s0 emuStats) []string {
	type count struct {
		what string
		n    float64
	}
	var counts []count
	for k, n := range s.byAnswer {
		if d := n - s0.byAnswer[k]; d > 0 {
			counts = append(counts, count{k, d})
		}
	}
	sort.Slice(counts, func(i, j int) bool {
		if counts[i].n != counts[j].n {
			return counts[i].n > counts[j].n
		}
		return counts[i].what < counts[j].what
	})
	out := make([]string, len(counts))
	for i, c := range counts {
		out[i] = fmt.Sprintf("%.0f × %s", c.n, c.what)
	}
	return out
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
	out := emuStats{total: s.Total, byAnswer: map[string]float64{}}
	for endpoint, byStatus := range s.Endpoints {
		out.notModified += byStatus["304"]
		for status, n := range byStatus {
			out.byAnswer[endpoint+" "+status] = n
		}
	}
	for _, p := range s.RateLimitPoints {
		out.points += p
	}
	return out, nil
}
