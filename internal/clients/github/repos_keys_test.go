package github

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	gogithub "github.com/google/go-github/v37/github"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// A public key of these tests (made with ssh-keygen; the private half was
// thrown away).
const testDeployKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJO720MIMydoiThejBuNZuq6pQFEEcRqhtShAZkV9qTi"

// deployKeysFor starts a contract-checked emulator with repoSeed and
// returns our deploy keys API on it for demo-token.
func deployKeysFor(t *testing.T) *DeployKeysClient {
	t.Helper()
	srv, _ := emulatortest.NewServer(t, emulator.Options{Seed: repoSeed()})
	gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "demo-token"}, BaseURL: srv.URL}, testOptionsURL(srv.Client().Transport))
	if err != nil {
		t.Fatalf("NewClient(...): %v", err)
	}
	return NewDeployKeysClient(gh)
}

// The client's requests and answers are GitHub's: a key is added with its
// id assigned and comes back without its comment, is read and listed, is
// refused a second time as in use, and is deleted.
func TestDeployKeysLifecycle(t *testing.T) {
	ctx := context.Background()
	c := deployKeysFor(t)
	before := time.Now().Add(-time.Minute)

	created, err := c.CreateDeployKey(ctx, "demo-org", "seeded", &DeployKeyRequest{Title: "ci", Key: testDeployKey + " ci@example", ReadOnly: true})
	if err != nil {
		t.Fatalf("CreateDeployKey(...): %v", err)
	}
	if created.ID == 0 || created.CreatedAt == nil || created.CreatedAt.Before(before) {
		t.Errorf("CreateDeployKey(...): id %d, created_at %v: want an id and a parsed creation time", created.ID, created.CreatedAt)
	}
	want := DeployKey{ID: created.ID, Key: testDeployKey, Title: "ci", Verified: true, ReadOnly: true}
	ignore := cmpopts.IgnoreFields(DeployKey{}, "URL", "CreatedAt", "AddedBy", "Enabled")
	got, err := c.GetDeployKey(ctx, "demo-org", "seeded", created.ID)
	if err != nil {
		t.Fatalf("GetDeployKey(...): %v", err)
	}
	if diff := cmp.Diff(want, *got, ignore); diff != "" {
		t.Errorf("GetDeployKey(...): -want, +got:\n%s", diff)
	}
	list, err := c.ListDeployKeys(ctx, "demo-org", "seeded")
	if err != nil {
		t.Fatalf("ListDeployKeys(...): %v", err)
	}
	if diff := cmp.Diff([]DeployKey{want}, list, ignore); diff != "" {
		t.Errorf("ListDeployKeys(...): -want, +got:\n%s", diff)
	}

	_, err = c.CreateDeployKey(ctx, "demo-org", "seeded", &DeployKeyRequest{Title: "again", Key: testDeployKey})
	if !IsUnprocessable(err) || !HasErrorMessage(err, KeyInUse) {
		t.Errorf("CreateDeployKey(the same key): want a 422 saying %q, got %v", KeyInUse, err)
	}

	if err := c.DeleteDeployKey(ctx, "demo-org", "seeded", created.ID); err != nil {
		t.Fatalf("DeleteDeployKey(...): %v", err)
	}
	if _, err := c.GetDeployKey(ctx, "demo-org", "seeded", created.ID); !IsNotFound(err) {
		t.Errorf("GetDeployKey(deleted): want a 404, got %v", err)
	}
	if err := c.DeleteDeployKey(ctx, "demo-org", "seeded", created.ID); !IsNotFound(err) {
		t.Errorf("DeleteDeployKey(deleted): want a 404, got %v", err)
	}
}

func TestHasErrorMessage(t *testing.T) {
	resp := &http.Response{StatusCode: http.StatusUnprocessableEntity, Request: &http.Request{Method: http.MethodPost}}
	failed := func(messages ...string) error {
		er := &gogithub.ErrorResponse{Response: resp, Message: "Validation Failed"}
		for _, m := range messages {
			er.Errors = append(er.Errors, gogithub.Error{Resource: "PublicKey", Code: "custom", Field: "key", Message: m})
		}
		return Explain(er)
	}
	cases := map[string]struct {
		reason string
		err    error
		want   bool
	}{
		"Listed":     {"GitHub's entry, as it said it.", failed("key is already in use"), true},
		"CaseAndDot": {"Case and a final full stop do not matter.", failed("other", "Key is already in use."), true},
		"Other":      {"Another entry is another refusal.", failed("key is invalid. You must supply a key in OpenSSH public key format"), false},
		"Message":    {"The answer's message is not one of its errors.", Explain(&gogithub.ErrorResponse{Response: resp, Message: KeyInUse}), false},
		"NotGitHubs": {"An error that is no GitHub answer says nothing.", errors.New(KeyInUse), false},
		"Nil":        {"No error says nothing.", nil, false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := HasErrorMessage(tc.err, KeyInUse); got != tc.want {
				t.Errorf("\n%s\nHasErrorMessage(%v, %q): got %t, want %t", tc.reason, tc.err, KeyInUse, got, tc.want)
			}
		})
	}
}
