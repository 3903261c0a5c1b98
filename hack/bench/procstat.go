package main

import (
	"bufio"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

// peakRSS is a process's peak resident set size (VmHWM) in MiB.
func peakRSS(pid int) (float64, error) {
	kb, err := statusKiB(pid, "VmHWM:")
	return kb / 1024, err
}

// cpuSeconds is the user plus system CPU time a process has used.
func cpuSeconds(pid int) (float64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// Fields after the command name (which may hold spaces) in parentheses.
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	utime, err1 := strconv.ParseFloat(fields[11], 64)
	stime, err2 := strconv.ParseFloat(fields[12], 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("cannot parse /proc/%d/stat", pid)
	}
	const ticks = 100 // USER_HZ on Linux
	return (utime + stime) / ticks, nil
}

// metricSum sums the samples of a Prometheus metric (all label sets) from a
// text exposition endpoint.
func metricSum(url, name string) (float64, error) {
	c := http.Client{Timeout: 10 * time.Second}
	resp, err := httpGet(&c, url)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	sum := 0.0
	s := bufio.NewScanner(resp.Body)
	s.Buffer(make([]byte, 1<<20), 1<<20)
	for s.Scan() {
		line := s.Text()
		if !strings.HasPrefix(line, name) || (len(line) > len(name) && line[len(name)] != '{' && line[len(name)] != ' ') {
			continue
		}
		f := strings.Fields(line)
		v, err := strconv.ParseFloat(f[len(f)-1], 64)
		if err == nil {
			sum += v
		}
	}
	return sum, s.Err()
}

// memory is where the provider's memory is at the end of a scenario: the
// kernel's view (resident anonymous and file-backed pages) and Go's.
type memory struct {
	RSSAnonMiB    float64 `json:"rssAnonMiB"`
	RSSFileMiB    float64 `json:"rssFileMiB"`
	HeapInuseMiB  float64 `json:"goHeapInuseMiB"`
	HeapIdleMiB   float64 `json:"goHeapIdleNotReleasedMiB"`
	StackInuseMiB float64 `json:"goStackInuseMiB"`
	GoSysMiB      float64 `json:"goSysMiB"`
	HeapAllocMiB  float64 `json:"goHeapAllocMiB"`
	Goroutines    float64 `json:"goroutines"`
}

func memoryOf(pid int, metricsURL string) memory {
	var m memory
	m.RSSAnonMiB, _ = statusKiB(pid, "RssAnon:")
	m.RSSFileMiB, _ = statusKiB(pid, "RssFile:")
	m.RSSAnonMiB /= 1024
	m.RSSFileMiB /= 1024
	get := func(name string) float64 {
		v, _ := metricSum(metricsURL, name)
		return v / (1 << 20)
	}
	m.HeapInuseMiB = get("go_memstats_heap_inuse_bytes")
	m.HeapIdleMiB = get("go_memstats_heap_idle_bytes") - get("go_memstats_heap_released_bytes")
	m.StackInuseMiB = get("go_memstats_stack_inuse_bytes")
	m.GoSysMiB = get("go_memstats_sys_bytes")
	m.HeapAllocMiB = get("go_memstats_heap_alloc_bytes")
	m.Goroutines, _ = metricSum(metricsURL, "go_goroutines")
	return m
}

// statusKiB is a "kB" field of /proc/<pid>/status.
func statusKiB(pid int, field string) (float64, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if rest, ok := strings.CutPrefix(s.Text(), field); ok {
			return strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
		}
	}
	return 0, fmt.Errorf("no %s in /proc/%d/status", field, pid)
}
