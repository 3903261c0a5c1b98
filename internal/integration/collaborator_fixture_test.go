package integration

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// collabObject is a Collaborator of either scope.
type collabObject = twins.CollaboratorObject

var collaborators = twins.Collaborator

// collabRepo is the seeded private repository the collaborators of these
// tests are given access to.
const collabRepo = "app"

// newCollabFixture is a fixture whose emulator also knows member-user
// (token member-token), a member of demo-org, and demo-org's private
// repository app. other-user (token other-token) is outside demo-org; the
// credentials' user, demo-user, owns demo-org.
func newCollabFixture(t *testing.T) *fixture {
	t.Helper()
	seed := emulator.DefaultSeed()
	seed.Users = append(seed.Users, emulator.SeedUser{Login: "member-user", Tokens: []string{"member-token"}})
	seed.Orgs[0].Members = append(seed.Orgs[0].Members, emulator.SeedMember{Login: "member-user", Role: emulator.RoleMember})
	seed.Repos = append(seed.Repos, emulator.SeedRepo{Owner: owner, Name: collabRepo, Visibility: "private", Branches: []string{"main"}})
	return newFixtureWith(t, emulator.Options{Seed: seed})
}

// collaborator builds, without creating it, a Collaborator of scope s called
// name, giving user permission on demo-org/app.
func (f *fixture) collaborator(s scope, name, user, permission string) collabObject {
	f.t.Helper()
	c := collaborators.In(s.of)
	*c.Parameters() = common.CollaboratorParameters{
		RepositoryTarget: common.RepositoryTarget{Repository: ptr.To(collabRepo)},
		Username:         user,
		Permission:       ptr.To(permission),
	}
	return place(f, s, c, name, "github")
}

// createCollaborator creates the Collaborator collaborator builds.
func (f *fixture) createCollaborator(s scope, name, user, permission string) collabObject {
	f.t.Helper()
	c := f.collaborator(s, name, user, permission)
	f.must(kube.Create(f.ctx, c))
	return c
}

// waitPending waits for c to be Synced and Ready=False with reason
// InvitationPending, and returns it as read then.
func waitPending(f *fixture, c collabObject) collabObject {
	f.t.Helper()
	var got collabObject
	f.eventually(c.GetName()+" InvitationPending", func() string {
		got = get(f, c)
		ready, synced := got.GetCondition(xpv2.TypeReady), got.GetCondition(xpv2.TypeSynced)
		if synced.Status != corev1.ConditionTrue || ready.Reason != "InvitationPending" {
			return fmt.Sprintf("Ready=%s (%s) Synced=%s (%s)", ready.Status, ready.Reason, synced.Status, synced.Message)
		}
		return ""
	})
	return got
}

// gh sends a request to the emulator's GitHub API as the user of token,
// as a person or another tool would, and returns the status and body.
func (f *fixture) gh(token, method, path, body string) (int, []byte) {
	f.t.Helper()
	req, err := http.NewRequestWithContext(f.ctx, method, f.srv.URL+path, strings.NewReader(body))
	f.must(err)
	req.Header.Set("Content-Type", "application/json")
	resp, err := emulatortest.Client(f.srv, token).Do(req)
	f.must(err)
	defer func() { _ = resp.Body.Close() }()
	b, err := io.ReadAll(resp.Body)
	f.must(err)
	return resp.StatusCode, b
}

// ghMust is gh that fails the test unless GitHub answers want.
func (f *fixture) ghMust(want int, token, method, path, body string) []byte {
	f.t.Helper()
	status, b := f.gh(token, method, path, body)
	if status != want {
		f.t.Fatalf("%s %s as %s: status %d, want %d: %s", method, path, token, status, want, b)
	}
	return b
}

// ghInvitation is an invitation as the emulator answers it.
type ghInvitation struct {
	ID          int64  `json:"id"`
	Permissions string `json:"permissions"`
	Expired     bool   `json:"expired"`
	Invitee     struct {
		Login string `json:"login"`
	} `json:"invitee"`
}

// invitations lists demo-org/app's invitations, as its admin sees them.
func (f *fixture) invitations() []ghInvitation {
	f.t.Helper()
	var out []ghInvitation
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/repos/"+owner+"/"+collabRepo+"/invitations", ""), &out))
	return out
}

// role is the user's role_name on demo-org/app.
func (f *fixture) role(user string) string {
	f.t.Helper()
	var out struct {
		RoleName string `json:"role_name"`
	}
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/repos/"+owner+"/"+collabRepo+"/collaborators/"+user+"/permission", ""), &out))
	return out.RoleName
}

// direct lists the logins of demo-org/app's direct collaborators.
func (f *fixture) direct() []string {
	f.t.Helper()
	var out []struct {
		Login string `json:"login"`
	}
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/repos/"+owner+"/"+collabRepo+"/collaborators?affiliation=direct", ""), &out))
	logins := make([]string, 0, len(out))
	for _, c := range out {
		logins = append(logins, c.Login)
	}
	return logins
}

// accessWrites counts the emulator's answered writes (PUT, PATCH, DELETE)
// to demo-org/app's collaborators and invitations, whoever sent them.
func (f *fixture) accessWrites() int {
	n := 0
	for _, r := range f.emu.Requests() {
		base := "/repos/" + owner + "/" + collabRepo + "/"
		if r.Method != http.MethodGet && (strings.Contains(r.Path, base+"collaborators/") || strings.Contains(r.Path, base+"invitations/")) {
			n++
		}
	}
	return n
}
