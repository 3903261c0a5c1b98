package integration

import (
	"net/http"
	"testing"
	"time"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// A create GitHub refuses with a definite answer is sent again only after
// the reconciler's backoff (1 s, 2 s, 4 s, ...), never at once: the
// provider's records of the attempt (create pending, create failed, create
// refused) are its own bookkeeping, not a change of the resource that
// calls for a reconcile. Sent again at once, one such resource spent a
// whole hour's rate limit in a minute.
func TestRefusedCreateBacksOff(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		r := f.create(s, "refused", common.RepositoryParameters{
			CustomProperties: map[string]common.CustomPropertyValue{"no-such-property": {Value: ptr.To("x")}},
		})
		waitSyncError(f, r, `no custom property "no-such-property"`)
		start := time.Now()
		creates := func() int {
			n := 0
			for _, q := range f.emu.Requests() {
				if q.Method == http.MethodPost && q.Endpoint == "POST /orgs/{org}/repos" && q.Time.After(start) {
					n++
				}
			}
			return n
		}
		time.Sleep(12 * time.Second)
		// Backoff doubles from a second: at most 4 or 5 tries in 12 s
		// whenever the first fell; at once, hundreds.
		if n := creates(); n > 6 {
			t.Errorf("%d creates GitHub refused were sent again in 12 s, want at most 6 (the reconciler's backoff)", n)
		}
	})
}
