package integration

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	mv1alpha1 "github.com/crossplane-github/provider-github/apis/m/v1alpha1"
	legacyv1alpha1 "github.com/crossplane-github/provider-github/apis/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

const (
	owner     = "demo-org"
	goodToken = "demo-token"
	patience  = 45 * time.Second
)

// fixture is one test's world: its own emulator, namespace, credentials
// Secret, a namespaced ProviderConfig and a legacy ProviderConfig (both
// named after the namespace's test) pointing at the emulator.
type fixture struct {
	t   *testing.T
	ctx context.Context
	ns  string
	srv *httptest.Server
	emu *emulator.Server
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	return newFixtureWith(t, emulator.Options{})
}

// teamIDs hands each fixture's emulator a range of team ids of its own:
// the Team controller finds a team's children by id across all Team
// resources, and tests share one API server.
var teamIDs atomic.Int64

// newFixtureWith is newFixture with an emulator built with opts.
func newFixtureWith(t *testing.T, opts emulator.Options) *fixture {
	t.Helper()
	if opts.FirstTeamID == 0 {
		opts.FirstTeamID = 9000001 + 1000*teamIDs.Add(1)
	}
	srv, emu := emulatortest.NewServer(t, opts)
	f := &fixture{t: t, ctx: context.Background(), srv: srv, emu: emu}
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{GenerateName: "it-"}}
	f.must(kube.Create(f.ctx, ns))
	f.ns = ns.Name
	f.secret("github-creds", map[string][]byte{"token": []byte(goodToken)})
	f.providerConfigs("github", "github-creds", "token")
	t.Cleanup(f.cleanup)
	return f
}

func (f *fixture) must(err error) {
	f.t.Helper()
	if err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) secret(name string, data map[string][]byte) {
	f.t.Helper()
	f.must(kube.Create(f.ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: f.ns, Name: name}, Data: data}))
}

// legacyName is the name of this fixture's legacy (cluster-scoped) ProviderConfig.
func (f *fixture) legacyName(name string) string { return f.ns + "-" + name }

// providerConfigs creates a namespaced ProviderConfig and a legacy one, both
// called name, reading the given Secret key, pointing at the emulator.
func (f *fixture) providerConfigs(name, secret, key string) {
	f.t.Helper()
	ep := mv1alpha1.Endpoint{BaseURL: ptr.To(f.srv.URL + "/api/v3/"), Owner: ptr.To(owner)}
	f.must(kube.Create(f.ctx, &mv1alpha1.ProviderConfig{
		ObjectMeta: metav1.ObjectMeta{Namespace: f.ns, Name: name},
		Spec: mv1alpha1.ProviderConfigSpec{
			Credentials: mv1alpha1.LocalCredentials{Source: xpv2.CredentialsSourceSecret,
				SecretRef: xpv2.LocalSecretKeySelector{LocalSecretReference: xpv2.LocalSecretReference{Name: secret}, Key: key}},
			Endpoint: ep,
		},
	}))
	f.must(kube.Create(f.ctx, &legacyv1alpha1.ProviderConfig{
		ObjectMeta: metav1.ObjectMeta{Name: f.legacyName(name)},
		Spec: legacyv1alpha1.ProviderConfigSpec{
			Credentials: mv1alpha1.ClusterCredentials{Source: xpv2.CredentialsSourceSecret,
				SecretRef: xpv2.SecretKeySelector{SecretReference: xpv2.SecretReference{Namespace: f.ns, Name: secret}, Key: key}},
			Endpoint: ep,
		},
	}))
}

// eventually calls check until it returns "" or patience runs out, then
// fails with the last thing check said.
func (f *fixture) eventually(what string, check func() string) {
	f.t.Helper()
	f.within(patience, what, check)
}

// within is eventually with a patience of d.
func (f *fixture) within(d time.Duration, what string, check func() string) {
	f.t.Helper()
	deadline := time.Now().Add(d)
	last := ""
	for time.Now().Before(deadline) {
		if last = check(); last == "" {
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
	f.t.Fatalf("%s: gave up after %s: %s", what, d, last)
}

// events lists the Events about the named object as the API server has them
// now. The provider records events asynchronously, some time after what
// they tell of (and after the status or GitHub change a test waited for),
// so a test that wants an event waits for it with waitEvent or
// waitEventThat; it reads events once only to check an event is absent, and
// only after waiting for an event the provider records later than the one
// that must not be there (one provider records its events in order).
func (f *fixture) events(obj client.Object) []corev1.Event {
	l := &corev1.EventList{}
	_ = kube.List(f.ctx, l, client.InNamespace(eventNamespace(obj)))
	out := []corev1.Event{}
	for _, e := range l.Items {
		if e.InvolvedObject.Name == obj.GetName() {
			out = append(out, e)
		}
	}
	return out
}

func eventNamespace(obj client.Object) string {
	if obj.GetNamespace() != "" {
		return obj.GetNamespace()
	}
	return metav1.NamespaceDefault
}

// waitEvent waits for an Event about obj with the given reason whose message
// holds every one of parts, and returns it.
func (f *fixture) waitEvent(obj client.Object, reason string, parts ...string) corev1.Event {
	f.t.Helper()
	what := "a " + reason + " event"
	if len(parts) > 0 {
		what += fmt.Sprintf(" saying %q", parts)
	}
	return f.waitEventThat(obj, what, func(e corev1.Event) bool {
		if e.Reason != reason {
			return false
		}
		for _, p := range parts {
			if !strings.Contains(e.Message, p) {
				return false
			}
		}
		return true
	})
}

// waitEventThat waits for an Event about obj that ok accepts, and returns it.
func (f *fixture) waitEventThat(obj client.Object, what string, ok func(corev1.Event) bool) corev1.Event {
	f.t.Helper()
	var found corev1.Event
	f.eventually(what, func() string {
		evs := f.events(obj)
		seen := make([]string, 0, len(evs))
		for _, e := range evs {
			if ok(e) {
				found = e
				return ""
			}
			seen = append(seen, fmt.Sprintf("%s %s x%d: %.200s", e.Type, e.Reason, e.Count, e.Message))
		}
		return fmt.Sprintf("%d events about %s: %s", len(evs), obj.GetName(), strings.Join(seen, "; "))
	})
	return found
}
