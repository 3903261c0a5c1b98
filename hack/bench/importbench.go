package main

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"sort"
	"time"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
	emu "github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/importer"
	"github.com/crossplane-github/provider-github/internal/importer/importtest"
)

// importResult is what the import scenario measured (issue 30): the
// organisation importtest fills, with 200 repositories (GitHub's default
// labels kept), imported as github-import does by default, at the
// bench's latency.
type importResult struct {
	Repositories int     `json:"repositories"`
	Objects      int     `json:"objects"`
	Requests     int64   `json:"requests"`
	PerObject    float64 `json:"requestsPerObject"`
	Seconds      float64 `json:"seconds"`
	// Endpoints are the requests of the import by endpoint, most first.
	Endpoints []endpointCount `json:"endpoints"`
}

// runImport fills an emulator of its own (no control plane, no provider)
// and times github-import's reading and writing of it.
func runImport(c config, repos int) (*importResult, error) {
	org := importtest.Org{Owner: "demo-org", Repos: repos, Rich: 10, Member: "member-user", Outsider: "outside-user"}
	seed := emu.DefaultSeed()
	org.Users(seed)
	server := emu.New(emu.Options{Seed: seed, RateLimit: 1 << 30})
	srv := httptest.NewServer(server)
	defer srv.Close()
	ctx := context.Background()
	base := srv.Client().Transport
	filler, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "demo-token"}, BaseURL: srv.URL + "/api/v3/"},
		transport.Options{Transport: base, NoFullReads: true, WriteConcurrency: 8})
	if err != nil {
		return nil, err
	}
	if _, err := importtest.Fill(ctx, filler, org); err != nil {
		return nil, fmt.Errorf("cannot fill the organisation: %w", err)
	}
	if err := server.SetFaults(emu.Faults{Latency: emu.LatencyFault{Fixed: emu.Duration(c.latency)}}); err != nil {
		return nil, err
	}
	o := importer.Options{Owner: org.Owner, Scope: importer.Namespaced, Namespace: "default", ProviderConfigKind: "ClusterProviderConfig",
		Mode: importer.Observe, Files: []string{"CODEOWNERS"}, Concurrency: importer.DefaultConcurrency}
	meter := importer.NewMeter(base)
	client, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "demo-token"}, BaseURL: srv.URL + "/api/v3/"},
		transport.Options{Transport: meter, NoFullReads: true, MaxConcurrency: 2 * o.Concurrency, Timeout: time.Minute})
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "bench-import-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	before := server.Stats()
	start := time.Now()
	res, err := importer.Import(ctx, client, o, importer.Kinds, importer.Silent{})
	if err != nil {
		return nil, err
	}
	if len(res.Errors) > 0 {
		return nil, fmt.Errorf("%d reads failed, e.g. %w", len(res.Errors), res.Errors[0])
	}
	if _, err := importer.Write(dir, res, o); err != nil {
		return nil, err
	}
	r := &importResult{Repositories: repos, Objects: len(res.Resources), Requests: meter.Requests(), Seconds: time.Since(start).Seconds()}
	r.PerObject = float64(r.Requests) / float64(max(r.Objects, 1))
	fmt.Printf("   %d objects of %d repositories imported in %.1f s with %d requests (%.2f an object)\n", r.Objects, repos, r.Seconds, r.Requests, r.PerObject)
	r.Endpoints = endpointsSince(before, server.Stats())
	for _, e := range r.Endpoints[:min(len(r.Endpoints), 15)] {
		fmt.Printf("     %6d  %s\n", e.Requests, e.Endpoint)
	}
	return r, nil
}

// endpointCount is how many requests one endpoint answered.
type endpointCount struct {
	Endpoint string `json:"endpoint"`
	Requests int    `json:"requests"`
}

// endpointsSince are the requests each endpoint answered between the
// emulator's statistics before and after, most first.
func endpointsSince(before, after emu.Stats) []endpointCount {
	var out []endpointCount
	for ep, codes := range after.Endpoints {
		n := 0
		for code, c := range codes {
			n += c - before.Endpoints[ep][code]
		}
		if n > 0 {
			out = append(out, endpointCount{Endpoint: ep, Requests: n})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Requests != out[j].Requests {
			return out[i].Requests > out[j].Requests
		}
		return out[i].Endpoint < out[j].Endpoint
	})
	return out
}
