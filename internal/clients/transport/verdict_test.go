package transport

import (
	"context"
	"net/http"
	"runtime"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	gogithub "github.com/google/go-github/v37/github"

	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// verdictClients starts a frozen emulator and returns a way to make a new
// client on it (a new client has nothing cached: a restarted provider).
func verdictClients(t *testing.T, o Options) (func() *gogithub.Client, *emulator.Server) {
	t.Helper()
	now := time.Now()
	srv, emu := emulatortest.NewServer(t, emulator.Options{Seed: repoSeed(), Now: func() time.Time { return now }})
	if err := emu.State().SetField("demo-org", "seeded", "description", "seeded repository"); err != nil {
		t.Fatal(err)
	}
	o.UserAgent, o.Transport = "provider-github-test", srv.Client().Transport
	return func() *gogithub.Client {
		gh, err := NewClient(Config{Credentials: Credentials{Token: "demo-token"}, BaseURL: srv.URL}, o)
		if err != nil {
			t.Fatal(err)
		}
		return gh
	}, emu
}

func TestReadLog(t *testing.T) {
	ctx := context.Background()
	cases := map[string]struct {
		reason string
		read   func(ctx context.Context, r repos) error
		// want are the reads recorded, without validators.
		want        []ValidatedRead
		confirmable bool
	}{
		"OneRead": {
			reason: "A repository read with an ETag is recorded with its validator.",
			read: func(ctx context.Context, r repos) error {
				_, err := r.Get(ctx, "demo-org", "seeded")
				return err
			},
			want:        []ValidatedRead{{Path: "/api/v3/repos/demo-org/seeded"}},
			confirmable: true,
		},
		"ReadTwice": {
			reason: "A read made twice (the second a cached 304) is recorded once.",
			read: func(ctx context.Context, r repos) error {
				if _, err := r.Get(ctx, "demo-org", "seeded"); err != nil {
					return err
				}
				_, err := r.Get(ctx, "demo-org", "seeded")
				return err
			},
			want:        []ValidatedRead{{Path: "/api/v3/repos/demo-org/seeded"}},
			confirmable: true,
		},
		"NotFound": {
			reason: "A 404 has no validator: the observation cannot be confirmed by one.",
			read: func(ctx context.Context, r repos) error {
				_, err := r.Get(ctx, "demo-org", "missing")
				if isNotFound(err) {
					return nil
				}
				return err
			},
			confirmable: false,
		},
		"UncachedRoute": {
			reason: "A read of a route without conditional caching (vulnerability alerts answer 204 or 404) cannot be confirmed.",
			read: func(ctx context.Context, r repos) error {
				if _, err := r.Get(ctx, "demo-org", "seeded"); err != nil {
					return err
				}
				_, err := r.VulnerabilityAlerts(ctx, "demo-org", "seeded")
				return err
			},
			want:        []ValidatedRead{{Path: "/api/v3/repos/demo-org/seeded"}},
			confirmable: false,
		},
		"Nothing": {
			reason:      "An observation that read nothing has nothing to be confirmed by.",
			read:        func(context.Context, repos) error { return nil },
			confirmable: false,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			newClient, _ := verdictClients(t, Options{})
			r := repos{newClient()}
			log := &ReadLog{}
			if err := tc.read(WithReadLog(ctx, log), r); err != nil {
				t.Fatalf("\n%s\nread: %v", tc.reason, err)
			}
			got, confirmable := log.Reads()
			for i := range got {
				if got[i].ETag == "" {
					t.Errorf("\n%s\nread %s recorded without its ETag", tc.reason, got[i].Path)
				}
				got[i].ETag, got[i].LastModified = "", ""
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nreads: -want, +got:\n%s", tc.reason, diff)
			}
			if confirmable != tc.confirmable {
				t.Errorf("\n%s\nconfirmable: want %t, got %t", tc.reason, tc.confirmable, confirmable)
			}
		})
	}
}

func TestConfirmReads(t *testing.T) {
	ctx := context.Background()
	const get = "GET /repos/{owner}/{repo}"
	cases := map[string]struct {
		reason string
		// between the recorded read and the confirmation, on GitHub or
		// with the client that confirms.
		between func(t *testing.T, emu *emulator.Server, confirmer repos)
		// full: the confirmation is to be a full read (as when the
		// planner has one due).
		full      bool
		restarted bool // the confirming client is a new one
		want      bool
		// answers are GitHub's, from the confirmation on.
		answers []string
	}{
		"AfterRestartUnchanged": {
			reason:    "A new client, with nothing cached, confirms an unchanged repository with one free 304 (and still has nothing cached: the read after it is a 200).",
			restarted: true,
			want:      true,
			answers:   []string{get + " 304", get + " 200"},
		},
		"SameClientUnchanged": {
			reason:  "The client that read it confirms it the same way, and keeps its answer.",
			want:    true,
			answers: []string{get + " 304", get + " 304"},
		},
		"ChangedOnGitHub": {
			reason:    "A change on GitHub is a 200: not confirmed, and the new answer is cached (the read after it is a 304).",
			restarted: true,
			between: func(t *testing.T, emu *emulator.Server, _ repos) {
				if err := emu.State().SetField("demo-org", "seeded", "description", "changed"); err != nil {
					t.Fatal(err)
				}
			},
			want:    false,
			answers: []string{get + " 200", get + " 304"},
		},
		"Deleted": {
			reason:    "A repository gone from GitHub is not confirmed.",
			restarted: true,
			between: func(t *testing.T, emu *emulator.Server, _ repos) {
				if err := emu.State().Delete("demo-org", "seeded"); err != nil {
					t.Fatal(err)
				}
			},
			want:    false,
			answers: []string{get + " 404", get + " 404"},
		},
		"StaleValidator": {
			reason: "When the client holds a newer answer than the verdict's, the verdict is stale: not confirmed, without asking GitHub.",
			between: func(t *testing.T, emu *emulator.Server, confirmer repos) {
				if err := emu.State().SetField("demo-org", "seeded", "description", "changed"); err != nil {
					t.Fatal(err)
				}
				if _, err := confirmer.Get(ctx, "demo-org", "seeded"); err != nil {
					t.Fatal(err)
				}
			},
			want:    false,
			answers: []string{get + " 200", get + " 304"},
		},
		"FullReadDue": {
			reason:    "When the planner has the object's full read due, the confirmation is that full read: a 200, not confirmed, whatever the ETag.",
			restarted: true,
			full:      true,
			want:      false,
			answers:   []string{get + " 200", get + " 304"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			newClient, emu := verdictClients(t, Options{})
			reader := newClient()
			log := &ReadLog{}
			if _, err := (repos{reader}).Get(WithReadLog(ctx, log), "demo-org", "seeded"); err != nil {
				t.Fatal(err)
			}
			reads, ok := log.Reads()
			if !ok {
				t.Fatal("the read is not confirmable")
			}
			confirmer := reader
			if tc.restarted {
				confirmer = newClient()
			}
			from := len(emu.Requests())
			if tc.between != nil {
				tc.between(t, emu, repos{confirmer})
			}
			c := ctx
			if tc.full {
				// As when the planner has the object's full read due.
				c = WithFullRead(ctx)
			}
			got, err := ConfirmReads(c, confirmer, reads)
			if err != nil {
				t.Fatalf("\n%s\nConfirmReads: %v", tc.reason, err)
			}
			if got != tc.want {
				t.Errorf("\n%s\nConfirmReads: want %t, got %t", tc.reason, tc.want, got)
			}
			// The read after the confirmation: what the cache holds now.
			if _, err := (repos{confirmer}).Get(ctx, "demo-org", "seeded"); err != nil && !isNotFound(err) {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.answers, statuses(emu, from)); diff != "" {
				t.Errorf("\n%s\nanswers: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestConfirmReadsNotAnswered(t *testing.T) {
	gh, err := NewClient(Config{Credentials: Credentials{Token: "demo-token"}, BaseURL: "https://api.github.com/"},
		Options{Transport: &fakeTransport{MockRoundTrip: func(*http.Request) (*http.Response, error) {
			return nil, context.DeadlineExceeded
		}}})
	if err != nil {
		t.Fatal(err)
	}
	ok, err := ConfirmReads(context.Background(), gh, []ValidatedRead{{Path: "/repos/o/r", ETag: `"1"`}})
	if ok || err == nil {
		t.Errorf("ConfirmReads with GitHub unreachable: want false and an error, got %t, %v", ok, err)
	}
}

func TestConfirmReadsLeavesNoGoroutines(t *testing.T) {
	ctx := context.Background()
	newClient, _ := verdictClients(t, Options{Timeout: time.Minute})
	reader := newClient()
	log := &ReadLog{}
	if _, err := (repos{reader}).Get(WithReadLog(ctx, log), "demo-org", "seeded"); err != nil {
		t.Fatal(err)
	}
	reads, _ := log.Reads()
	confirmer := newClient()
	// Warm up: connections and their goroutines.
	if ok, err := ConfirmReads(ctx, confirmer, reads); !ok || err != nil {
		t.Fatalf("ConfirmReads: %t, %v", ok, err)
	}
	before := runtime.NumGoroutine()
	for range 50 {
		if ok, err := ConfirmReads(ctx, confirmer, reads); !ok || err != nil {
			t.Fatalf("ConfirmReads: %t, %v", ok, err)
		}
	}
	if after := goroutinesSettle(before + 5); after > before+5 {
		t.Errorf("50 confirmations left %d goroutines more than before (%d): an answer's body is not closed, and net/http keeps each request's timeout goroutine until it is", after-before, before)
	}
}
