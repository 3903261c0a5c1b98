// Package gomem sets the Go runtime's memory policy for the provider.
//
// Most of the provider's heap is long-lived (the informer cache, the
// conditional-read cache), so the garbage collector's default of letting
// the heap grow to twice the live data before collecting doubles the
// provider's memory for little gain. The provider therefore collects at
// half that growth (GOGC=50), which costs little CPU at its allocation
// rate. Inside a container with a memory limit it also sets Go's soft
// memory limit to 90% of it, so the collector works harder before the
// kernel kills the process. GOGC and GOMEMLIMIT, when set, win.
//
// Unless heap profiles are served, it also turns off Go's sampling of
// allocations for them: its bookkeeping (a hash table of call stacks and a
// record per stack) is held for profiles nobody could read (what it cost:
// docs/performance.md).
package gomem

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
)

// DefaultGCPercent is the provider's GOGC unless GOGC is set.
const DefaultGCPercent = 50

// limitShare is the share of the container's memory limit given to Go's
// soft memory limit: the rest is for what Go does not count (the
// binary's mapped pages, C libraries).
const limitShare = 0.9

// cgroup files holding the memory limit: v2, then v1.
var limitFiles = []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}

// Policy is what Configure decided; zero fields were left to Go.
type Policy struct {
	GCPercent   int   // 0: GOGC was set, or left alone
	MemoryLimit int64 // bytes; 0: GOMEMLIMIT was set, or no container limit
	// HeapProfiles keeps allocation sampling on (Go's default): only when
	// heap profiles are served, or GODEBUG sets memprofilerate.
	HeapProfiles bool
}

// Decide works out the policy from the environment and the cgroup files;
// profiles says whether Go's profiles are served.
func Decide(getenv func(string) string, readFile func(string) ([]byte, error), profiles bool) Policy {
	p := Policy{HeapProfiles: profiles || strings.Contains(getenv("GODEBUG"), "memprofilerate=")}
	if getenv("GOGC") == "" {
		p.GCPercent = DefaultGCPercent
	}
	if getenv("GOMEMLIMIT") == "" {
		if limit, ok := containerLimit(readFile); ok {
			p.MemoryLimit = int64(float64(limit) * limitShare)
		}
	}
	return p
}

// Configure applies the policy decided for this process, whose profiles
// are served or not, and returns it. Call it first thing in main: the
// allocations sampled before it stay in the heap profile's bookkeeping.
func Configure(profiles bool) Policy {
	p := Decide(os.Getenv, os.ReadFile, profiles)
	if !p.HeapProfiles {
		runtime.MemProfileRate = 0
	}
	if p.GCPercent > 0 {
		debug.SetGCPercent(p.GCPercent)
	}
	if p.MemoryLimit > 0 {
		debug.SetMemoryLimit(p.MemoryLimit)
	}
	return p
}

// containerLimit is the memory limit of the process's cgroup, if it has
// one.
func containerLimit(readFile func(string) ([]byte, error)) (int64, bool) {
	for _, f := range limitFiles {
		b, err := readFile(f)
		if err != nil {
			continue
		}
		s := strings.TrimSpace(string(b))
		if s == "max" {
			return 0, false
		}
		n, err := strconv.ParseInt(s, 10, 64)
		// cgroup v1 reports "no limit" as a huge number near MaxInt64.
		if err != nil || n <= 0 || n >= math.MaxInt64/2 {
			return 0, false
		}
		return n, true
	}
	return 0, false
}
