package autolinkreference

import (
	"context"
	"strings"
	"testing"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// FuzzAutolinkReferenceConverges creates the autolink a spec the CRD admits
// declares, through our client on the emulator, and requires that it reads
// back without drift (GitHub cannot update an autolink: there is no second
// chance), that it is found by its prefix and that its observation shows
// it. GitHub refusing it (422) is an acceptable end, when our client words
// it.
func FuzzAutolinkReferenceConverges(f *testing.F) {
	f.Add("TICKET-", "https://example.com/TICKET?query=<num>", byte(0))
	f.Add("J", "http://jira.example/browse/J-<num>", byte(1))
	f.Add("a.-_+=:/#", "https://x.example/<num>/<num>", byte(2))
	f.Add("PTFY25", "https://example.com/<num>", byte(1))                  // ends in a digit: refused by the schema
	f.Add("MY KEY-", "https://example.com/<num>", byte(1))                 // a space: refused by the schema
	f.Add("NUM-", "https://example.com/none", byte(1))                     // no <num>: refused by the schema
	f.Add("REL-", "foo/<num>", byte(1))                                    // not absolute: refused by the schema
	f.Add("HOST-", "https://<num>.example.com/", byte(2))                  // <num> in the host
	f.Add(strings.Repeat("K", 255), "https://e.example/?q=<num>", byte(2)) // the longest prefix
	schema := convergetest.Schema(f, "repo.github.m.crossplane.io_autolinkreferences.yaml")
	f.Fuzz(func(t *testing.T, prefix, template string, alnum byte) {
		p := &common.AutolinkReferenceParameters{RepositoryTarget: convergetest.Target(), KeyPrefix: prefix, URLTemplate: template}
		switch alnum % 3 {
		case 1:
			p.IsAlphanumeric = ptr.To(true)
		case 2:
			p.IsAlphanumeric = ptr.To(false)
		}
		if p = convergetest.Admit(t, schema, p); p == nil {
			return
		}
		ctx := context.Background()
		gh, _ := convergetest.Start(t)
		api := github.NewAutolinksClient(gh)
		created, err := api.CreateAutolink(ctx, convergetest.Owner, convergetest.Repo, Request(p))
		// A fresh repository has no autolink whose prefix could overlap.
		if convergetest.RefusedAsExpected(t, "CreateAutolink(...)", err, false) {
			return
		}
		got, err := api.GetAutolink(ctx, convergetest.Owner, convergetest.Repo, created.ID)
		if err != nil {
			t.Fatalf("GetAutolink(%d) after a create GitHub accepted: %v", created.ID, err)
		}
		if d := Drift(p, got); len(d) > 0 {
			t.Fatalf("drift %v right after the create (sent %+v, GitHub has %+v): autolinks cannot be updated", d, Request(p), got)
		}
		list, err := api.ListAutolinks(ctx, convergetest.Owner, convergetest.Repo)
		if err != nil {
			t.Fatalf("ListAutolinks(...): %v", err)
		}
		if found := FindByPrefix(list, p.KeyPrefix); found == nil || found.ID != created.ID {
			t.Fatalf("FindByPrefix(...) = %+v, want autolink %d", found, created.ID)
		}
		o := Observation(convergetest.Owner+"/"+convergetest.Repo, got)
		if ptr.Deref(o.KeyPrefix, "") != p.KeyPrefix || ptr.Deref(o.URLTemplate, "") != p.URLTemplate || ptr.Deref(o.ID, 0) != created.ID {
			t.Fatalf("Observation(...) = %+v does not show the spec %+v", o, p)
		}
	})
}
