package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"path"
	"strings"
	"time"
)

// mergeDrift is what the merge-drift scenario measured: a merge setting
// of every repository changed on GitHub behind the provider's back, which
// GitHub's ETag (and the emulator's, by default) does not show, until the
// provider set it back.
type mergeDrift struct {
	Repositories int `json:"repositories"`
	SetBack      int `json:"setBack"`
	// Seconds is from the change to the last repository set back.
	Seconds float64 `json:"seconds"`
	// IntervalSeconds is the provider's full-read interval
	// (github_full_read_interval_seconds) when the change was made.
	IntervalSeconds float64 `json:"fullReadIntervalSeconds"`
	// Polls are the reads of the repositories before their full read:
	// NotModified of them answered 304 (free), Changed 200 (the ETag
	// showed the change: not GitHub's behaviour).
	Polls       int `json:"polls"`
	NotModified int `json:"notModified"`
	Changed     int `json:"conditional200"`
	// FullReads are the unconditional reads before the writes.
	FullReads int `json:"fullReads"`
}

// measureMergeDrift turns allow_squash_merge off (the bench's Repositories
// declare it on) on every bench repository through the emulator's control
// surface, and waits until the provider has set it back on all of them.
func measureMergeDrift(e emulator, metricsURL string, poll time.Duration) (*mergeDrift, error) {
	interval, err := metricSum(metricsURL, "github_full_read_interval_seconds")
	if err != nil {
		return nil, err
	}
	repos, err := e.repos()
	if err != nil {
		return nil, err
	}
	d := &mergeDrift{IntervalSeconds: interval}
	if err := e.do(http.MethodDelete, "/_emulator/requests", ""); err != nil {
		return nil, err
	}
	t0 := time.Now()
	for _, r := range repos {
		if err := e.do(http.MethodPatch, "/_emulator/repos/"+r.Owner+"/"+r.Name, `{"allow_squash_merge":false}`); err != nil {
			return nil, err
		}
	}
	d.Repositories = len(repos)
	patience := time.Duration(3*interval)*time.Second + 2*poll
	for {
		now, err := e.repos()
		if err != nil {
			return nil, err
		}
		d.SetBack = 0
		for _, r := range now {
			if r.AllowSquashMerge {
				d.SetBack++
			}
		}
		if d.SetBack == len(repos) || time.Since(t0) > patience {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	d.Seconds = time.Since(t0).Seconds()
	log, err := e.requests()
	if err != nil {
		return nil, err
	}
	d.count(log)
	if d.SetBack < len(repos) {
		return d, fmt.Errorf("%d of %d repositories set back after %.0fs", d.SetBack, len(repos), d.Seconds)
	}
	return d, nil
}

// count sorts the reads of each repository up to its first write: polls
// (conditional) and the full read (unconditional) that saw the drift.
func (d *mergeDrift) count(log []logEntry) {
	written := map[string]bool{}
	for _, r := range log {
		name := path.Base(r.Path)
		if written[name] {
			continue
		}
		switch {
		case r.Endpoint == "PATCH /repos/{owner}/{repo}":
			written[name] = true
		case r.Endpoint != "GET /repos/{owner}/{repo}":
		case !r.Conditional && r.Status == http.StatusOK:
			d.FullReads++
			written[name] = true // later reads are the write's own
		case r.Status == http.StatusNotModified:
			d.Polls++
			d.NotModified++
		default:
			d.Polls++
			d.Changed++
		}
	}
}

type emuRepo struct {
	Owner            string `json:"owner"`
	Name             string `json:"name"`
	AllowSquashMerge bool   `json:"allowSquashMerge"`
}

// repos are the bench's repositories as the emulator stores them.
func (e emulator) repos() ([]emuRepo, error) {
	var all, out []emuRepo
	if err := e.getJSON("/_emulator/repos", &all); err != nil {
		return nil, err
	}
	for _, r := range all {
		if strings.HasPrefix(r.Name, "bench-") {
			out = append(out, r)
		}
	}
	return out, nil
}

type logEntry struct {
	Method      string `json:"method"`
	Path        string `json:"path"`
	Endpoint    string `json:"endpoint"`
	Status      int    `json:"status"`
	Conditional bool   `json:"conditional"`
}

func (e emulator) requests() ([]logEntry, error) {
	var log []logEntry
	err := e.getJSON("/_emulator/requests", &log)
	return log, err
}

func (e emulator) getJSON(p string, v any) error {
	resp, err := httpGet(http.DefaultClient, e.url+p)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", p, resp.Status)
	}
	return json.NewDecoder(resp.Body).Decode(v)
}

func (e emulator) do(method, p, body string) error {
	resp, err := httpDo(http.DefaultClient, method, e.url+p, "application/json", bytes.NewBufferString(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %s", method, p, resp.Status)
	}
	return nil
}
