package integration

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Helpers for a managed resource of any kind in either scope. They are
// functions, not methods of fixture, because methods cannot have type
// parameters.

// named gives mg the namespace and name the scope keeps the test's name at.
func named[T resource.Managed](f *fixture, s scope, mg T, name string) T {
	k := s.key(f, name)
	mg.SetNamespace(k.Namespace)
	mg.SetName(k.Name)
	return mg
}

// place names mg as the scope keeps name and points it at the fixture's
// provider config called pc.
func place[T resource.Managed](f *fixture, s scope, mg T, name, pc string) T {
	f.t.Helper()
	named(f, s, mg, name)
	f.must(s.usePC(f, mg, pc))
	return mg
}

// create places mg, using the "github" provider config, and creates it.
func create[T resource.Managed](f *fixture, s scope, mg T, name string) T {
	f.t.Helper()
	f.must(kube.Create(f.ctx, place(f, s, mg, name, "github")))
	return mg
}

// fresh is an empty object of mg's type: reading into it leaves no field of
// an earlier read behind.
func fresh[T resource.Managed](mg T) T {
	return reflect.New(reflect.TypeOf(mg).Elem()).Interface().(T)
}

// get reads the resource mg names from the API server.
func get[T resource.Managed](f *fixture, mg T) T {
	f.t.Helper()
	got := fresh(mg)
	f.must(kube.Get(f.ctx, client.ObjectKeyFromObject(mg), got))
	return got
}

// waitReady waits for the resource mg names to be Ready and Synced, and
// returns it as read then.
func waitReady[T resource.Managed](f *fixture, mg T) T {
	f.t.Helper()
	var got T
	f.eventually(mg.GetName()+" Ready and Synced", func() string {
		got = fresh(mg)
		if err := kube.Get(f.ctx, client.ObjectKeyFromObject(mg), got); err != nil {
			return err.Error()
		}
		ready, synced := got.GetCondition(xpv2.TypeReady), got.GetCondition(xpv2.TypeSynced)
		if ready.Status != corev1.ConditionTrue || synced.Status != corev1.ConditionTrue {
			return fmt.Sprintf("Ready=%s Synced=%s (%s)", ready.Status, synced.Status, synced.Message)
		}
		return ""
	})
	return got
}

// waitSyncError waits until the Synced condition of the resource mg names
// is False with a message containing every one of want, and returns that
// message.
func waitSyncError[T resource.Managed](f *fixture, mg T, want ...string) string {
	f.t.Helper()
	var msg string
	f.eventually(mg.GetName()+" Synced=False mentioning "+strings.Join(want, " & "), func() string {
		got := fresh(mg)
		if err := kube.Get(f.ctx, client.ObjectKeyFromObject(mg), got); err != nil {
			return err.Error()
		}
		c := got.GetCondition(xpv2.TypeSynced)
		msg = c.Message
		if c.Status != corev1.ConditionFalse {
			return "Synced=" + string(c.Status) + " " + c.Message
		}
		for _, w := range want {
			if !strings.Contains(c.Message, w) {
				return "message: " + c.Message
			}
		}
		return ""
	})
	return msg
}

// update re-reads the resource mg names, applies fn and writes it back,
// retrying on conflicts with the controller.
func update[T resource.Managed](f *fixture, mg T, fn func(T)) {
	f.t.Helper()
	f.eventually("update "+mg.GetName(), func() string {
		got := fresh(mg)
		if err := kube.Get(f.ctx, client.ObjectKeyFromObject(mg), got); err != nil {
			return err.Error()
		}
		fn(got)
		if err := kube.Update(f.ctx, got); err != nil {
			return err.Error()
		}
		return ""
	})
}
