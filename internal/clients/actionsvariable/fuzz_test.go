package actionsvariable

import (
	"context"
	"strings"
	"testing"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/internal/admission"
)

// maxValueBytes is GitHub's limit of a variable's value: 48 KB.
const maxValueBytes = 48 * 1024

// FuzzVariableConverges creates the variable a spec declares through our
// client on the emulator and requires that it reads back up to date, with
// an observation that shows it; then changes the value with the update
// request and requires that to converge too. GitHub refusing a spec the
// CRD admits (422) is an acceptable end, when our client words it and
// GitHub has a reason: an environment name of spaces alone. A value over
// GitHub's 48 KB (bytes) must be refused at admission.
func FuzzVariableConverges(f *testing.F) {
	f.Add("DEPLOY_ENV", "production", "", "staging")                           // full, repository
	f.Add("region", "eu-west-1\n", "production", "eu-west-1")                  // lower case, environment; a trailing newline, then none
	f.Add("_", "x", "", "x")                                                   // minimal
	f.Add("Ünïcode", "v", "", "w")                                             // refused by the schema
	f.Add("VAR_1", "päth ☃ 𝄞\r\n\ttabs", "Prod / EU ☃", "\u00a0")              // unicode value and environment
	f.Add("GITHUB_TOKEN", "x", "", "y")                                        // reserved: refused by the schema
	f.Add("github_x", "x", "", "y")                                            // reserved in any case
	f.Add("LONG", strings.Repeat("ab", 24576), "", strings.Repeat("☃", 16385)) // 48 KiB; then fewer characters than that, but over GitHub's bytes
	f.Add("A"+strings.Repeat("b", 254), " leading and trailing ", " env ", "  ")
	f.Add("SPACES", " ", "production", "\x00")
	f.Add("X", "x", "a/b", "y")  // an environment name with a slash
	f.Add("X", "x", "100%", "y") // percent in the path
	f.Add("X", "x", "..", "y")   // a dot segment: resolved away, the request went to /repos/{owner}/{repo}
	f.Add("X", "x", ".", "y")
	f.Add("X", "x", "?q=1#frag", "y")  // query and fragment characters
	f.Add("X", "x", "PRODUCTION", "y") // case
	f.Add("X", "x", "   ", "y")        // an environment name of spaces alone: GitHub refuses it
	schema := convergetest.Schema(f, "repo.github.m.crossplane.io_actionsvariables.yaml")
	f.Fuzz(func(t *testing.T, name, value, environment, next string) {
		spec := &common.ActionsVariableParameters{RepositoryTarget: convergetest.Target(), Name: name, Value: value}
		if environment != "" {
			spec.Environment = ptr.To(environment)
		}
		p := admit(t, schema, spec)
		if p == nil {
			return
		}
		environment, value = ptr.Deref(p.Environment, ""), p.Value
		ctx := context.Background()
		gh, _ := convergetest.Start(t)
		api := github.NewActionsVariablesClient(gh)
		if environment != "" {
			_, err := github.NewEnvironmentsClient(gh).PutEnvironment(ctx, convergetest.Owner, convergetest.Repo, environment, &github.EnvironmentRequest{})
			// The target's rules do not refuse a name of spaces alone, GitHub does.
			if convergetest.RefusedAsExpected(t, "PutEnvironment(...)", err, strings.TrimSpace(environment) == "") {
				return
			}
		}
		err := api.CreateVariable(ctx, convergetest.Owner, convergetest.Repo, environment, Request(p, true))
		if convergetest.RefusedAsExpected(t, "CreateVariable(...)", err, false) {
			return
		}
		converge(ctx, t, api, p, environment)

		spec = p.DeepCopy()
		spec.Value = next
		if p = admit(t, schema, spec); p == nil {
			return
		}
		next = p.Value
		got := read(ctx, t, api, p, environment)
		if UpToDate(p, got) != (next == value) {
			t.Fatalf("UpToDate(value %q, GitHub's %q) = %t", next, got.Value, !(next == value))
		}
		err = api.UpdateVariable(ctx, convergetest.Owner, convergetest.Repo, environment, got.Name, Request(p, false))
		if convergetest.RefusedAsExpected(t, "UpdateVariable(...)", err, false) {
			return
		}
		converge(ctx, t, api, p, environment)
	})
}

// admit admits spec as the API server would, and requires that the
// admitted value is within GitHub's 48 KB.
func admit(t *testing.T, schema *admission.Schema, spec *common.ActionsVariableParameters) *common.ActionsVariableParameters {
	t.Helper()
	p := convergetest.Admit(t, schema, spec)
	if p != nil && len(p.Value) > maxValueBytes {
		t.Fatalf("the CRD admitted a value of %d bytes, over GitHub's %d", len(p.Value), maxValueBytes)
	}
	return p
}

// read reads the variable p names back; it must be there.
func read(ctx context.Context, t *testing.T, api *github.ActionsVariablesClient, p *common.ActionsVariableParameters, environment string) *github.ActionsVariable {
	t.Helper()
	got, err := api.GetVariable(ctx, convergetest.Owner, convergetest.Repo, environment, p.Name)
	if err != nil {
		t.Fatalf("GetVariable(%q) after a write GitHub accepted: %v", p.Name, err)
	}
	return got
}

// converge requires the variable to be up to date, after one update
// request at most, and its observation to show it.
func converge(ctx context.Context, t *testing.T, api *github.ActionsVariablesClient, p *common.ActionsVariableParameters, environment string) {
	t.Helper()
	got := read(ctx, t, api, p, environment)
	if !UpToDate(p, got) {
		if err := api.UpdateVariable(ctx, convergetest.Owner, convergetest.Repo, environment, got.Name, Request(p, false)); err != nil {
			t.Fatalf("not up to date after the create (GitHub has %q, the spec %q), and the update fails: %v", got.Value, p.Value, err)
		}
		if got = read(ctx, t, api, p, environment); !UpToDate(p, got) {
			t.Fatalf("not up to date after the update: GitHub has %q, the spec %q", got.Value, p.Value)
		}
	}
	o := Observation(convergetest.Owner+"/"+convergetest.Repo, environment, got)
	if !SameName(ptr.Deref(o.Name, ""), p.Name) || ptr.Deref(o.Value, "") != p.Value || ptr.Deref(o.Environment, "") != environment {
		t.Fatalf("Observation(...) = name %q, value %q, environment %q: want the spec's %q, %q, %q",
			ptr.Deref(o.Name, ""), ptr.Deref(o.Value, ""), ptr.Deref(o.Environment, ""), p.Name, p.Value, environment)
	}
}
