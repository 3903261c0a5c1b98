package main

import (
	"fmt"
	"os"
	"strings"
	"text/tabwriter"
)

// printTable prints the measurements next to their targets (issues 6 and 15).
func printTable(results []result, imp *importResult) {
	find := func(prefix string) *result {
		for i := range results {
			if strings.HasPrefix(results[i].Scenario.Name, prefix) {
				return &results[i]
			}
		}
		return nil
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "\nMEASURE\tTARGET\tMEASURED\tMET")
	row := func(what, target, measured string, met *bool) {
		m := ""
		if met != nil {
			m = map[bool]string{true: "yes", false: "NO"}[*met]
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", what, target, measured, m)
	}
	yes := func(b bool) *bool { return &b }
	for _, r := range results {
		n := r.Scenario.N
		if st := r.Steady; st != nil {
			what, pointsMax, cpuMax := r.Scenario.Name, 1.0, 2.0
			if r.Scenario.EveryKind {
				what, pointsMax, cpuMax = fmt.Sprintf("every kind (%d resources)", r.Scenario.resources()), 0.25, 8
			}
			if r.Scenario.Teams > 0 {
				// Issue 31: where users of other providers run out.
				pointsMax = 0.25
			}
			var met *bool
			target := "-"
			// The target holds where the poll is the target's minute
			// (issue 28: at N=100, each repository read in full at most
			// once an hour); a 10 s poll's few seconds see too few of
			// the hourly full reads.
			if n >= 1000 || r.PollSeconds >= 60 {
				target, met = fmt.Sprintf("<= %g", pointsMax), yes(st.PointsPerRepoHour <= pointsMax)
			}
			row(fmt.Sprintf("%s steady: rate-limit points/resource/hour at 1m poll", what), target,
				fmt.Sprintf("%.2f (%.0f full reads in %.0f s, %.1f an hour)", st.PointsPerRepoHour, st.FullReads, st.WindowSeconds, st.FullReadsPerHour), met)
			row(fmt.Sprintf("%s steady: API requests/resource/hour at 1m poll", what), "-", fmt.Sprintf("%.1f (%.0f%% answered 304)", st.RequestsPerRepoHour, 100*st.NotModified/max(st.Requests, 1)), nil)
			var cpuMet *bool
			cpuTarget := "-"
			if n >= 1000 {
				cpuTarget, cpuMet = fmt.Sprintf("<= %g%%", cpuMax), yes(st.CPUPercentAt1m <= cpuMax)
			}
			row(fmt.Sprintf("%s idle CPU, %% of one core at 1m poll (at %.0fs poll)", what, r.PollSeconds), cpuTarget, fmt.Sprintf("%.2f%% (%.2f%%)", st.CPUPercentAt1m, st.CPUPercent), cpuMet)
		}
	}
	for _, r := range results {
		if r.Scenario.EveryKind {
			row(fmt.Sprintf("every kind (%d resources) all Ready (%s)", r.Scenario.resources(), r.Scenario.settings()), "<= 300 s",
				fmt.Sprintf("%.1f s (%d Ready)", r.ReadySeconds, r.Ready), yes(r.ReadySeconds <= 300 && r.Ready == r.Scenario.resources()))
			row(fmt.Sprintf("every kind (%d resources) provider peak RSS (VmHWM)", r.Scenario.resources()), "<= 160 MiB",
				fmt.Sprintf("%.1f MiB", r.PeakRSSMiB), yes(r.PeakRSSMiB <= 160))
		}
	}
	for _, r := range results {
		if r.Scenario.Teams > 0 {
			row(fmt.Sprintf("%s all Ready (%d teams, %s)", r.Scenario.Name, r.Scenario.Teams, r.Scenario.settings()), "-",
				fmt.Sprintf("%.1f s (%d Ready, %.2f requests per resource)", r.ReadySeconds, r.Ready, r.CreateRequestsPerResource), nil)
			row(fmt.Sprintf("%s provider peak RSS (VmHWM)", r.Scenario.Name), "-", fmt.Sprintf("%.1f MiB", r.PeakRSSMiB), nil)
		}
	}
	for _, r := range results {
		if r.Secondary != nil || r.Scenario.Restart || r.Scenario.EveryKind || r.Scenario.MergeDrift || r.Scenario.Teams > 0 {
			continue
		}
		n := r.Scenario.N
		tuned := strings.Contains(r.Scenario.Name, "tuned")
		var met *bool
		target := "-"
		if n >= 1000 && tuned {
			target, met = "<= 60 s", yes(r.ReadySeconds <= 60 && r.Ready == n)
		}
		if n < 1000 && tuned {
			target, met = "<= 4 s", yes(r.ReadySeconds <= 4 && r.Ready == n)
		}
		if n >= 1000 && !tuned {
			// Twice the tuned run's time, or twice its target when it
			// was not run.
			limit, of := 120.0, "the tuned target"
			if t := find(fmt.Sprintf("N=%d tuned", n)); t != nil {
				limit, of = 2*t.ReadySeconds, fmt.Sprintf("tuned %.1f s", t.ReadySeconds)
			}
			target, met = fmt.Sprintf("<= %.0f s (2 x %s)", limit, of), yes(r.ReadySeconds <= limit && r.Ready == n)
		}
		row(fmt.Sprintf("N=%d all Ready, %s (%s)", n, map[bool]string{true: "tuned", false: "defaults"}[tuned], r.Scenario.settings()),
			target, fmt.Sprintf("%.1f s (%d Ready)", r.ReadySeconds, r.Ready), met)
		if tuned {
			row(fmt.Sprintf("N=%d requests per created repository, tuned", n), "<= 3", fmt.Sprintf("%.2f", r.CreateRequestsPerResource), yes(r.CreateRequestsPerResource <= 3))
		}
	}
	if r := find("secondary"); r != nil && r.Secondary != nil {
		s := r.Secondary
		row(fmt.Sprintf("secondary limit 80 creates/min: share of permitted rate (N=%d)", r.Scenario.N), ">= 90%",
			fmt.Sprintf("%.0f%% (%d creates in %d windows, %d refused)", 100*s.ShareOfPermitted, s.Creates, s.Windows, s.Refused), yes(s.ShareOfPermitted >= 0.9))
		row("secondary limit: resources in error at the end", "0", fmt.Sprint(s.InError), yes(s.InError == 0))
	}
	for _, r := range results {
		if d := r.MergeDrift; d != nil {
			// What the planner promises (internal/clients/transport/planner.go):
			// each repository is read in full once its interval has
			// passed since its last full read, at its first poll after
			// that on which the credential's pace spares a read. The pace
			// keeps at most one poll's worth of reads, about as many as
			// fall due in one poll on average; the reads of repositories
			// whose turns bunch up in one poll wait for later polls. So
			// the last of many repositories changed at once is set back
			// within interval + poll + that wait, not interval + poll; the
			// wait is allowed half an interval.
			bound := 1.5*d.IntervalSeconds + r.PollSeconds
			row(fmt.Sprintf("N=%d merge drift: a merge setting changed on GitHub (ETag unchanged) set back", r.Scenario.N),
				fmt.Sprintf("<= 1.5 x full-read interval + poll (%.0f s), polls before 100%% 304", bound),
				fmt.Sprintf("%.1f s (%d/%d set back; %d polls before, %d answered 304; %d full reads)", d.Seconds, d.SetBack, d.Repositories, d.Polls, d.NotModified, d.FullReads),
				yes(d.Seconds <= bound && d.SetBack == d.Repositories && d.Changed == 0))
		}
	}
	for _, r := range results {
		if rs := r.Restart; rs != nil {
			row(fmt.Sprintf("N=%d restart (SIGKILL): rate-limit points per resource over the two polls after", r.Scenario.N), "<= 0.05",
				fmt.Sprintf("%.3f (%.0f points, %.0f requests, %.0f answered 304; %d Ready)", rs.PointsPerResource, rs.Points, rs.Requests, rs.NotModified, rs.Ready),
				yes(rs.PointsPerResource <= 0.05 && rs.Ready == r.Scenario.N))
		}
	}
	for _, r := range results {
		if r.Scenario.N >= 1000 && !r.Scenario.EveryKind {
			row(fmt.Sprintf("N=%d provider peak RSS (VmHWM), %s", r.Scenario.N, strings.TrimPrefix(r.Scenario.Name, fmt.Sprintf("N=%d ", r.Scenario.N))),
				"<= 80 MiB", fmt.Sprintf("%.1f MiB", r.PeakRSSMiB), yes(r.PeakRSSMiB <= 80))
		}
	}
	if imp != nil {
		row(fmt.Sprintf("import of %d repositories (%d objects): requests per imported object", imp.Repositories, imp.Objects), "<= 1.5",
			fmt.Sprintf("%.2f (%d requests)", imp.PerObject, imp.Requests), yes(imp.PerObject <= 1.5))
		row(fmt.Sprintf("import of %d repositories: wall time", imp.Repositories), "<= 60 s", fmt.Sprintf("%.1f s", imp.Seconds), yes(imp.Seconds <= 60))
	}
	_ = w.Flush()
}
