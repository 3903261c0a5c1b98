package secret

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// storeFixture is where a fuzz input's secret lives: the store, and its
// name as the emulator's control surface names it.
type storeFixture struct {
	store github.SecretStore
	key   string
}

func storeOf(dependabot bool, environment string) storeFixture {
	switch {
	case dependabot:
		return storeFixture{github.SecretStore{Dependabot: true}, "dependabot"}
	case environment != "":
		return storeFixture{github.SecretStore{Environment: environment}, "environments/" + environment}
	}
	return storeFixture{github.SecretStore{}, "actions"}
}

// FuzzSecretConverges writes the secret a spec declares as the controller
// does (sealed with the store's public key, the value's hash remembered)
// through our client on the emulator, and requires: that GitHub opens the
// value sent, byte for byte; that the first read after the write settles
// the write's time and reports no drift, and so does the next read from
// the status as Kubernetes stores it; that a changed value drifts, and the
// update converges the same way. GitHub never answers the value: the
// emulator's state is the only place the round trip can be checked.
func FuzzSecretConverges(f *testing.F) {
	f.Add(false, "DEPLOY_TOKEN", []byte("ghp_0123456789abcdef"), "", []byte("ghp_rotated")) // full, Actions
	f.Add(true, "NPM_TOKEN", []byte("npm_x"), "", []byte("npm_y"))                          // Dependabot
	f.Add(false, "token", []byte("v\n"), "production", []byte("v"))                         // environment, lower-case name
	f.Add(false, "_", []byte{}, "", []byte("x"))                                            // minimal: an empty value
	f.Add(false, "BIN", []byte{0, 0xff, 0xfe, '\n', 0x80}, "Prod ☃ / EU", []byte("☃ 𝄞"))    // binary value, unicode environment
	f.Add(false, "LARGE", bytes.Repeat([]byte("x"), MaxValueSize), "", []byte("y"))         // at GitHub's limit
	f.Add(false, "TOO_LARGE", bytes.Repeat([]byte("x"), MaxValueSize+1), "", []byte("y"))   // over it: the controller refuses
	f.Add(false, "GITHUB_TOKEN", []byte("x"), "", []byte("y"))                              // reserved: refused by the schema
	f.Add(true, "S"+strings.Repeat("_", 254), []byte(" "), "ignored", []byte(" "))          // longest name; same value again
	f.Add(false, "X", []byte("x"), "..", []byte("y"))                                       // a dot segment as environment
	f.Add(false, "X", []byte("x"), "a/b%2F?#", []byte("y"))                                 // path characters in the environment
	f.Add(false, "X", []byte("x"), "   ", []byte("y"))                                      // an environment name of spaces alone: GitHub refuses it
	actions := convergetest.Schema(f, "repo.github.m.crossplane.io_actionssecrets.yaml")
	dependabotSecrets := convergetest.Schema(f, "repo.github.m.crossplane.io_dependabotsecrets.yaml")
	f.Fuzz(func(t *testing.T, dependabot bool, name string, value []byte, environment string, next []byte) {
		// The value comes from a Kubernetes Secret: any bytes, which the
		// controller refuses over GitHub's limit before sending them.
		if len(value) > MaxValueSize {
			return
		}
		ref := common.SecretKeyRef{Name: "values", Key: "value"}
		if dependabot {
			p := convergetest.Admit(t, dependabotSecrets, &common.DependabotSecretParameters{RepositoryTarget: convergetest.Target(),
				SecretValueParameters: common.SecretValueParameters{Name: name, ValueSecretRef: ref}})
			if p == nil {
				return
			}
			name, environment = p.Name, ""
		} else {
			spec := &common.ActionsSecretParameters{RepositoryTarget: convergetest.Target(), SecretValueParameters: common.SecretValueParameters{Name: name, ValueSecretRef: ref}}
			if environment != "" {
				spec.Environment = ptr.To(environment)
			}
			p := convergetest.Admit(t, actions, spec)
			if p == nil {
				return
			}
			name, environment = p.Name, ptr.Deref(p.Environment, "")
		}
		ctx := context.Background()
		gh, emu := convergetest.Start(t)
		api := github.NewSecretsClient(gh)
		fx := storeOf(dependabot, environment)
		if environment != "" {
			_, err := github.NewEnvironmentsClient(gh).PutEnvironment(ctx, convergetest.Owner, convergetest.Repo, environment, &github.EnvironmentRequest{})
			// The target's rules do not refuse a name of spaces alone, GitHub does.
			if convergetest.RefusedAsExpected(t, "PutEnvironment(...)", err, strings.TrimSpace(environment) == "") {
				return
			}
		}
		c := &secretCase{t: t, ctx: ctx, api: api, emu: emu, fx: fx, name: name}

		created := ValueHash("secret-uid", "resource-uid", value)
		if c.put(value) {
			return
		}
		// The first read after the create: only the create's hash is known.
		status := c.observe(nil, created, created, value)

		if len(next) > MaxValueSize {
			return
		}
		want := ValueHash("secret-uid", "resource-uid", next)
		got := c.get()
		applied := Settle(Remembered(status.AppliedValueHash, status.AppliedAt, created, true, got), want, got)
		if d := Drift(applied, want, got); (len(d) == 0) != bytes.Equal(next, value) {
			t.Fatalf("Drift(value %q after %q) = %v", next, value, d)
		}
		if c.put(next) {
			return
		}
		// The update records the new hash without a time.
		c.observe(ptr.To(want), created, want, next)
	})
}

type secretCase struct {
	t    *testing.T
	ctx  context.Context
	api  *github.SecretsClient
	emu  *emulator.Server
	fx   storeFixture
	name string
}

// put seals value with the store's key and writes it, as the controller
// does. GitHub has no reason to refuse an admitted name and a value within
// its limit.
func (c *secretCase) put(value []byte) bool {
	c.t.Helper()
	key, err := c.api.GetSecretsPublicKey(c.ctx, convergetest.Owner, convergetest.Repo, c.fx.store)
	if err != nil {
		c.t.Fatalf("GetSecretsPublicKey(%s): %v", c.fx.store, err)
	}
	enc, err := Seal(key, value)
	if err != nil {
		c.t.Fatalf("Seal(...) with GitHub's key: %v", err)
	}
	return convergetest.RefusedAsExpected(c.t, "PutSecret(...)", c.api.PutSecret(c.ctx, convergetest.Owner, convergetest.Repo, c.fx.store, c.name, enc), false)
}

func (c *secretCase) get() *github.StoredSecret {
	c.t.Helper()
	got, err := c.api.GetSecret(c.ctx, convergetest.Owner, convergetest.Repo, c.fx.store, c.name)
	if err != nil {
		c.t.Fatalf("GetSecret(%q) after a write GitHub accepted: %v", c.name, err)
	}
	return got
}

// observe reads the secret after a write of value (whose hash is want) as
// Observe does, from the status's hash (the write records no time yet) and
// the create's hash;
// requires no drift, GitHub to hold value, and the next read, from the
// status as Kubernetes keeps it (times to the second), to find no drift
// either. It returns that status.
func (c *secretCase) observe(hash *string, created, want string, value []byte) common.SecretValueObservation {
	c.t.Helper()
	t := c.t
	got := c.get()
	if !SameName(got.Name, c.name) {
		t.Fatalf("GetSecret(%q) answered the secret %q", c.name, got.Name)
	}
	applied := Settle(Remembered(hash, nil, created, true, got), want, got)
	if d := Drift(applied, want, got); len(d) > 0 {
		t.Fatalf("first read after the write: drift %v (applied %+v, GitHub's %+v)", d, applied, got)
	}
	if applied.At == nil {
		t.Fatalf("first read after the write did not settle its time (GitHub's %+v)", got)
	}
	held, _, ok := c.emu.State().SecretValue(convergetest.Owner, convergetest.Repo, c.fx.key, c.name)
	if !ok || held != string(value) {
		t.Fatalf("GitHub holds %q (found %t), the provider sent %q", held, ok, value)
	}

	// The status as Kubernetes stores it.
	o := Observation(got, applied)
	raw, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	var status common.SecretValueObservation
	if err := json.Unmarshal(raw, &status); err != nil {
		t.Fatal(err)
	}
	if ptr.Deref(status.AppliedValueHash, "") != want || !SameName(ptr.Deref(status.Name, ""), c.name) {
		t.Fatalf("Observation(...) = %+v: want the name %q and the applied hash", status, c.name)
	}
	again := c.get()
	applied = Settle(Remembered(status.AppliedValueHash, status.AppliedAt, created, true, again), want, again)
	if d := Drift(applied, want, again); len(d) > 0 {
		t.Fatalf("read from the stored status: drift %v (status %s, GitHub's %+v)", d, raw, again)
	}
	return status
}
