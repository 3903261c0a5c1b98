package integration

import (
	"strings"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
)

// GitHub reports every collaborator of an archived repository as read,
// whatever was granted (integrations/terraform-provider-github #153), and
// still takes writes of access that change nothing it shows. The provider
// writes nothing there, stays Ready and Synced without flapping, and says
// why in the Ready condition; unarchived, the granted role shows again and
// the message goes.
func TestCollaboratorOfArchivedRepositoryIsLeftAlone(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newCollabFixture(t)
		c := f.createCollaborator(s, "member", "member-user", "maintain")
		waitReady(f, c)
		f.must(f.emu.State().Archive(owner, collabRepo, true))
		if r := f.role("member-user"); r != "read" {
			t.Fatalf("GitHub reports member-user's role on the archived repository as %q, want read: the test would not test the archive", r)
		}

		archived := func() string {
			got := get(f, c)
			ready, synced := got.GetCondition(xpv2.TypeReady), got.GetCondition(xpv2.TypeSynced)
			switch {
			case synced.Status != corev1.ConditionTrue:
				return "Synced " + string(synced.Status) + ": " + synced.Message
			case ready.Status != corev1.ConditionTrue:
				return "Ready " + string(ready.Status) + ": " + ready.Message
			case !strings.Contains(ready.Message, "archived") || !strings.Contains(ready.Message, "maintain"):
				return "the Ready message does not say the repository is archived and the declared permission kept: " + ready.Message
			}
			return ""
		}
		f.eventually("Ready, its message naming the archive", archived)
		quiet(f, "archived repository, every collaborator reported read")
		if msg := archived(); msg != "" {
			t.Errorf("after three polls: %s (flapping)", msg)
		}

		f.must(f.emu.State().Archive(owner, collabRepo, false))
		f.eventually("unarchived: maintain shows, the message goes", func() string {
			if r := f.role("member-user"); r != "maintain" {
				return "role " + r
			}
			if m := get(f, c).GetCondition(xpv2.TypeReady).Message; m != "" {
				return "Ready message still: " + m
			}
			return ""
		})
	})
}
