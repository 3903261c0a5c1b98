package integration

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// rotateSecret puts token into the fixture's credentials Secret.
func (f *fixture) rotateSecret(token string) {
	f.t.Helper()
	f.eventually("rotate the credentials Secret", func() string {
		s := &corev1.Secret{}
		if err := kube.Get(f.ctx, types.NamespacedName{Namespace: f.ns, Name: "github-creds"}, s); err != nil {
			return err.Error()
		}
		s.Data = map[string][]byte{"token": []byte(token)}
		if err := kube.Update(f.ctx, s); err != nil {
			return err.Error()
		}
		return ""
	})
}

// requestsSince counts the emulator's answers with status (0: any) since t.
func (f *fixture) requestsSince(t time.Time, status int) int {
	n := 0
	for _, r := range f.emu.Requests() {
		if !r.Time.Before(t) && (status == 0 || r.Status == status) {
			n++
		}
	}
	return n
}

// allReadyWithin waits up to d for the Repositories called names to be
// Ready and Synced: after an outage, a resource's own back-off (up to a
// minute) comes on top of the credential's pause.
func (f *fixture) allReadyWithin(d time.Duration, s scope, names ...string) {
	f.t.Helper()
	f.within(d, "all Ready and Synced", func() string {
		for _, n := range names {
			r := f.get(s, n)
			ready, synced := r.GetCondition(xpv2.TypeReady), r.GetCondition(xpv2.TypeSynced)
			if ready.Status != corev1.ConditionTrue || synced.Status != corev1.ConditionTrue {
				return fmt.Sprintf("%s: Ready=%s Synced=%s (%s)", n, ready.Status, synced.Status, synced.Message)
			}
		}
		return ""
	})
}

// A rotated Secret: the next calls use the new token, and the old token
// can be revoked without a single call failing.
func TestCredentialsRotation(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.create(s, "rotated", common.RepositoryParameters{Description: ptr.To("before")})
		f.waitReady(s, "rotated")

		f.must(f.emu.State().IssueToken("demo-user", "rotated-token"))
		f.rotateSecret("rotated-token")
		time.Sleep(time.Second) // the provider's Secret informer has the new token
		f.must(f.emu.State().RevokeToken(goodToken))
		since := time.Now()

		f.update(s, "rotated", func(r repoObject) { r.Parameters().Description = ptr.To("after") })
		f.eventually("the description changed on GitHub with the new token", func() string {
			r, ok := f.emu.State().RepoByName(owner, "rotated")
			if !ok || r.Description == nil || *r.Description != "after" {
				return fmt.Sprintf("description %v", r.Description)
			}
			return ""
		})
		f.waitReady(s, "rotated")
		if n := f.requestsSince(since, http.StatusUnauthorized); n != 0 {
			t.Errorf("%d calls were answered 401 after the rotation: the old token was still used", n)
		}
	})
}

// A revoked token: every resource says so plainly, the provider stops
// calling GitHub with it (GitHub locks out what keeps sending bad
// credentials), and a new token in the Secret is used at once.
func TestRevokedTokenIsNamedWithoutHotLoop(t *testing.T) {
	t.Parallel()
	s := scopes[0]
	f := newFixture(t)
	names := []string{"revoked-a", "revoked-b", "revoked-c", "revoked-d"}
	for _, n := range names {
		f.create(s, n, common.RepositoryParameters{})
	}
	for _, n := range names {
		f.waitReady(s, n)
	}

	f.must(f.emu.State().RevokeToken(goodToken))
	for _, n := range names {
		msg := f.waitSyncError(s, n, "401 Bad credentials", "wrong, expired or revoked")
		if strings.Contains(msg, goodToken) {
			t.Errorf("%s: the condition shows the token: %s", n, msg)
		}
	}
	since := time.Now()
	time.Sleep(12 * time.Second) // six polls of every resource
	if n := f.requestsSince(since, 0); n > 1 {
		t.Errorf("%d calls went to GitHub with the revoked token in 12 s, want at most 1: the provider keeps knocking", n)
	}
	msg := f.waitSyncError(s, names[0], "calls with them are paused until")
	if !strings.Contains(msg, "a new token or key in the Secret is used at once") {
		t.Errorf("the condition does not say how to resume: %s", msg)
	}

	f.must(f.emu.State().IssueToken("demo-user", "new-token"))
	f.rotateSecret("new-token")
	back := time.Now()
	f.allReadyWithin(2*time.Minute, s, names...)
	t.Logf("all Ready %s after the new token", time.Since(back).Round(time.Second))
}

// GitHub down (every call answered 503): the conditions say so, calls
// pause instead of each resource retrying on its own, and everything
// recovers when GitHub is back.
func TestGitHubOutagePausesCalls(t *testing.T) {
	t.Parallel()
	s := scopes[0]
	f := newFixture(t)
	names := []string{"outage-a", "outage-b", "outage-c", "outage-d", "outage-e"}
	for _, n := range names {
		f.create(s, n, common.RepositoryParameters{})
	}
	for _, n := range names {
		f.waitReady(s, n)
	}

	f.must(f.emu.SetFaults(emulator.Faults{Errors: emulator.ErrorFault{Fraction: 1, Codes: []int{503}}}))
	for _, n := range names {
		f.waitSyncError(s, n, "cannot read repository", "503 Service Unavailable")
	}
	// The one call that tries again after a pause reports GitHub's answer;
	// the others say the calls are paused.
	f.eventually("a resource says calls are paused", func() string {
		msg := ""
		for _, n := range names {
			msg = f.get(s, n).GetCondition(xpv2.TypeSynced).Message
			if strings.Contains(msg, "calls in a row") && strings.Contains(msg, "calls are paused until") {
				return ""
			}
		}
		return "last: " + msg
	})
	since := time.Now()
	time.Sleep(10 * time.Second) // five polls of every resource
	if n := f.requestsSince(since, 0); n > 4 {
		t.Errorf("%d calls went to GitHub in 10 s of an outage, want at most 4 (one after each pause)", n)
	}

	f.emu.ClearFaults()
	back := time.Now()
	f.allReadyWithin(3*time.Minute, s, names...)
	t.Logf("all Ready %s after GitHub came back", time.Since(back).Round(time.Second))
}
