package emulator

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// probeState is the state of a kind living inside a repository, for tests.
type probeState struct{ value string }

var probeOf = subKind[probeState]{name: "probe"}

// serve sends one request as demo-user and reports the status.
func serve(s *Server, method, path, body string) int {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Authorization", "token demo-token")
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec.Code
}

func TestRepositoryOwnsItsSubState(t *testing.T) {
	cases := map[string]struct {
		reason string
		change func(t *testing.T, s *Server)
		owner  string // where the repository is afterwards
		name   string
		want   *probeState
	}{
		"Untouched": {
			reason: "state written to a repository is read back from it",
			change: func(*testing.T, *Server) {},
			owner:  "demo-user", name: "life", want: &probeState{"kept"},
		},
		"RenameByAPI": {
			reason: "a rename through PATCH keeps the repository's state",
			change: func(t *testing.T, s *Server) {
				if got := serve(s, "PATCH", "/repos/demo-user/life", `{"name":"life2"}`); got != http.StatusOK {
					t.Fatalf("PATCH name = %d", got)
				}
			},
			owner: "demo-user", name: "life2", want: &probeState{"kept"},
		},
		"RenameOutOfBand": {
			reason: "State.Rename keeps the repository's state",
			change: func(t *testing.T, s *Server) {
				if err := s.State().Rename("demo-user", "life", "life2"); err != nil {
					t.Fatal(err)
				}
			},
			owner: "demo-user", name: "life2", want: &probeState{"kept"},
		},
		"Transfer": {
			reason: "a transfer to another owner keeps the repository's state",
			change: func(t *testing.T, s *Server) {
				if err := s.State().update("demo-user", "life", func(w *world, r *Repo) error {
					w.moveRepo(r, "demo-org", "life")
					return nil
				}); err != nil {
					t.Fatal(err)
				}
			},
			owner: "demo-org", name: "life", want: &probeState{"kept"},
		},
		"DeleteAndRecreateByAPI": {
			reason: "a repository created again under a deleted one's name does not inherit its state",
			change: func(t *testing.T, s *Server) {
				if got := serve(s, "DELETE", "/repos/demo-user/life", ""); got != http.StatusNoContent {
					t.Fatalf("DELETE = %d", got)
				}
				if got := serve(s, "POST", "/user/repos", `{"name":"life"}`); got != http.StatusCreated {
					t.Fatalf("POST = %d", got)
				}
			},
			owner: "demo-user", name: "life",
		},
		"DeleteAndRecreateOutOfBand": {
			reason: "State.Delete drops the state too",
			change: func(t *testing.T, s *Server) {
				if err := s.State().Delete("demo-user", "life"); err != nil {
					t.Fatal(err)
				}
				if err := s.State().Apply(&Seed{Repos: []SeedRepo{{Owner: "demo-user", Name: "life"}}}); err != nil {
					t.Fatal(err)
				}
			},
			owner: "demo-user", name: "life",
		},
		"RenameOntoDeletedName": {
			reason: "a repository renamed onto a deleted one's name brings its own state, not the deleted one's",
			change: func(t *testing.T, s *Server) {
				if got := serve(s, "POST", "/user/repos", `{"name":"other"}`); got != http.StatusCreated {
					t.Fatalf("POST = %d", got)
				}
				if got := serve(s, "DELETE", "/repos/demo-user/life", ""); got != http.StatusNoContent {
					t.Fatalf("DELETE = %d", got)
				}
				if got := serve(s, "PATCH", "/repos/demo-user/other", `{"name":"life"}`); got != http.StatusOK {
					t.Fatalf("PATCH name = %d", got)
				}
			},
			owner: "demo-user", name: "life",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			seed := DefaultSeed()
			seed.Repos = []SeedRepo{{Owner: "demo-user", Name: "life"}}
			s := New(Options{Seed: seed})
			if err := s.State().update("demo-user", "life", func(_ *world, r *Repo) error {
				probeOf.of(r).value = "kept"
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			tc.change(t, s)
			st := s.State()
			st.mu.RLock()
			defer st.mu.RUnlock()
			r := st.w.repoByName(tc.owner, tc.name)
			if r == nil {
				t.Fatalf("\n%s\nrepository %s/%s not found", tc.reason, tc.owner, tc.name)
			}
			got := probeOf.peek(r)
			if (got == nil) != (tc.want == nil) || (got != nil && *got != *tc.want) {
				t.Errorf("\n%s\nstate of %s/%s = %+v, want %+v", tc.reason, tc.owner, tc.name, got, tc.want)
			}
		})
	}
}

func TestSubKind(t *testing.T) {
	r := &Repo{}
	if got := probeOf.peek(r); got != nil {
		t.Errorf("peek on a repository without state = %+v, want nil", got)
	}
	first := probeOf.of(r)
	first.value = "x"
	if again := probeOf.of(r); again != first {
		t.Errorf("of created new state %p, want the existing %p", again, first)
	}
	if snap := r.clone(); snap.sub != nil {
		t.Errorf("snapshot carries sub-state %v", snap.sub)
	}
	clash := subKind[string]{name: "probe"}
	defer func() {
		if recover() == nil {
			t.Errorf("two kinds sharing a name did not panic")
		}
	}()
	clash.peek(r)
}

func TestOrgKind(t *testing.T) {
	org := &Account{Login: "demo-org", Type: accountOrg}
	probeOrg := orgKind[probeState]{name: "probe"}
	if got := probeOrg.peek(org); got != nil {
		t.Errorf("peek on an organization without state = %+v, want nil", got)
	}
	first := probeOrg.of(org)
	first.value = "x"
	if again := probeOrg.of(org); again != first {
		t.Errorf("of created new state %p, want the existing %p", again, first)
	}
	if got := probeOrg.peek(&Account{Login: "other-org", Type: accountOrg}); got != nil {
		t.Errorf("another organization has the state %+v, want nil", got)
	}
	r := &Repo{}
	if got := probeOf.peek(r); got != nil {
		t.Errorf("a repository has the organization's state %+v, want nil", got)
	}
	clash := orgKind[string]{name: "probe"}
	defer func() {
		if recover() == nil {
			t.Errorf("two kinds sharing a name in an organization did not panic")
		}
	}()
	clash.peek(org)
}
