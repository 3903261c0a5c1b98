package gomem

import (
	"io/fs"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDecide(t *testing.T) {
	cases := map[string]struct {
		reason   string
		env      map[string]string
		files    map[string]string
		profiles bool
		want     Policy
	}{
		"NoContainerLimit": {
			reason: "Outside a limited cgroup only the collector's pace is set.",
			want:   Policy{GCPercent: 50},
		},
		"CgroupV2Limit": {
			reason: "A cgroup v2 limit of 256 MiB gives a soft limit of 90% of it.",
			files:  map[string]string{"/sys/fs/cgroup/memory.max": "268435456\n"},
			want:   Policy{GCPercent: 50, MemoryLimit: 241591910},
		},
		"CgroupV2Unlimited": {
			reason: "\"max\" is no limit.",
			files:  map[string]string{"/sys/fs/cgroup/memory.max": "max\n"},
			want:   Policy{GCPercent: 50},
		},
		"CgroupV1Limit": {
			reason: "cgroup v1 keeps the limit elsewhere.",
			files:  map[string]string{"/sys/fs/cgroup/memory/memory.limit_in_bytes": "134217728\n"},
			want:   Policy{GCPercent: 50, MemoryLimit: 120795955},
		},
		"CgroupV1Unlimited": {
			reason: "cgroup v1 says \"no limit\" with a number near the largest int64.",
			files:  map[string]string{"/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n"},
			want:   Policy{GCPercent: 50},
		},
		"Garbage": {
			reason: "An unreadable limit is no limit.",
			files:  map[string]string{"/sys/fs/cgroup/memory.max": "lots\n"},
			want:   Policy{GCPercent: 50},
		},
		"EnvironmentWins": {
			reason: "GOGC and GOMEMLIMIT set by the user are left to Go.",
			env:    map[string]string{"GOGC": "200", "GOMEMLIMIT": "1GiB"},
			files:  map[string]string{"/sys/fs/cgroup/memory.max": "268435456\n"},
			want:   Policy{},
		},
		"ProfilesServed": {
			reason:   "Allocations are sampled for the heap profile only when profiles are served.",
			profiles: true,
			want:     Policy{GCPercent: 50, HeapProfiles: true},
		},
		"GODEBUGSetsTheRate": {
			reason: "A sampling rate set in GODEBUG is the user's and is kept.",
			env:    map[string]string{"GODEBUG": "http2debug=1,memprofilerate=1"},
			want:   Policy{GCPercent: 50, HeapProfiles: true},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			getenv := func(k string) string { return tc.env[k] }
			read := func(f string) ([]byte, error) {
				if s, ok := tc.files[f]; ok {
					return []byte(s), nil
				}
				return nil, fs.ErrNotExist
			}
			if diff := cmp.Diff(tc.want, Decide(getenv, read, tc.profiles)); diff != "" {
				t.Errorf("\n%s\nDecide(): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}
