package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"
)

// The every-kind scenario: each Repository bench-NNNN also gets a
// TeamRepository (one Team for all), a Ruleset, a Webhook and an
// ActionsVariable, and every tenth one the kinds of a repository's second
// wave (everyKindTenth), all naming it by reference;
// and the organisation gets what is shared (issue 31): everyKindMembers
// users in the Team, and everyKindOrgSecrets organization Actions secrets,
// each shared with a tenth of the repositories by reference; and its
// policy (issue 32, everyKindPolicy).

const (
	// everyKindMembers are the TeamMemberships of the one Team.
	everyKindMembers = 30
	// everyKindOrgSecrets are the OrganizationActionsSecrets.
	everyKindOrgSecrets = 10
)

// everyKindKinds are the kinds of the every-kind scenario, Repository included.
func everyKindKinds() []benchKind {
	kinds := append([]benchKind{kindTeam, kindRepository, kindEveryKindMember, kindSharedSecret}, everyKindChildrenOf(0)...)
	for _, p := range everyKindPolicy {
		kinds = append(kinds, p.kind)
	}
	return kinds
}

// everyKindRepositoryResources is how many resources the every-kind
// scenario makes for n repositories: the Repositories and their children.
func everyKindRepositoryResources(n int) int {
	total := 0
	for i := range n {
		total += 1 + len(everyKindChildrenOf(i))
	}
	return total
}

// everyKindOrgResources is how many organisation-level resources the
// every-kind scenario adds besides its Team.
var everyKindOrgResources = everyKindMembers + everyKindOrgSecrets + len(everyKindPolicy)

// everyKindPolicy is the organisation's policy in the every-kind scenario
// (issue 32), one resource of each kind: its settings, a custom property,
// an organisation ruleset (of the first repository, by reference), an
// audit webhook, and the Team as security manager. Each renders with
// repo and the Team.
var everyKindPolicy = []struct {
	kind benchKind
	repo string
}{
	{kindOrganizationSettings, "bench-org"},
	{kindCustomProperty, "bench-org"},
	{kindOrganizationRuleset, "bench-0000"},
	{kindOrganizationWebhook, "bench-org"},
	{kindOrganizationRoleAssignment, "bench-org"},
}

// kindOrganizationSettings is the organisation's settings: a few fields
// declared, the rest late-initialised.
var kindOrganizationSettings = benchKind{kind: "OrganizationSettings", group: orgGroup, manifest: `apiVersion: org.github.m.crossplane.io/v1alpha1
kind: OrganizationSettings
metadata: {name: "%[1]s-settings"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    billingEmail: bench@example.com
    defaultRepositoryPermission: read
    webCommitSignoffRequired: true
`}

// kindEveryKindMember is a member of the every-kind scenario's Team:
// %[1]s is the user, %[2]s the Team.
var kindEveryKindMember = benchKind{kind: "TeamMembership", group: orgGroup, manifest: `apiVersion: org.github.m.crossplane.io/v1alpha1
kind: TeamMembership
metadata: {name: "%[2]s.%[1]s"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    teamRef: {name: "%[2]s"}
    user: "%[1]s"
`}

// kindSharedSecret is an organization secret of the every-kind scenario:
// %[1]s is its resource's name (its secret's, upper case: %[3]s), %[2]s
// the YAML flow list of the references to the repositories it is shared
// with.
var kindSharedSecret = benchKind{kind: "OrganizationActionsSecret", group: orgGroup, manifest: `apiVersion: org.github.m.crossplane.io/v1alpha1
kind: OrganizationActionsSecret
metadata: {name: "%[1]s"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    name: "%[3]s"
    valueSecretRef: {name: ` + valuesSecret + `, key: token}
    visibility: selected
    selectedRepositoryRefs: %[2]s
`}

// everyKindMember names the every-kind scenario's i-th member.
func everyKindMember(i int) string { return fmt.Sprintf("bench-member-%02d", i) }

// addMembers makes users of the emulator members of the organisation:
// each added to the emulator, invited by the owner, accepting on the
// emulator's control surface.
func addMembers(emu emulator, gh github, logins []string) error {
	users := make([]string, len(logins))
	for i, l := range logins {
		users[i] = `{"login":"` + l + `"}`
	}
	if err := emu.post("/_emulator/seed", `{"users":[`+strings.Join(users, ",")+`]}`); err != nil {
		return err
	}
	for _, l := range logins {
		status, err := gh.send(http.MethodPut, "/orgs/"+owner+"/memberships/"+l, `{"role":"member"}`, nil)
		if err != nil {
			return err
		}
		if status != http.StatusOK {
			return fmt.Errorf("inviting %s to the organisation: status %d", l, status)
		}
		if err := emu.post("/_emulator/orgs/"+owner+"/invitations/"+l+"/accept", ""); err != nil {
			return err
		}
	}
	return nil
}

// createOrgShared applies the every-kind scenario's organisation-level
// resources: the members of the Team (made members of the organisation
// first), the organisation's policy, and the shared secrets (with the
// Secret of their value), each shared with n/everyKindOrgSecrets of the n
// repositories.
func (k *kube) createOrgShared(ctx context.Context, ns string, emu emulator, gh github, n int) error {
	logins := make([]string, everyKindMembers)
	for i := range logins {
		logins[i] = everyKindMember(i)
	}
	if err := addMembers(emu, gh, logins); err != nil {
		return err
	}
	if err := k.c.Create(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: valuesSecret},
		StringData: map[string]string{"token": "bench-token-value"}}); err != nil && !apierrors.IsAlreadyExists(err) {
		return err
	}
	for _, l := range logins {
		if err := k.apply(ctx, ns, kindEveryKindMember.render(l, benchTeam)); err != nil {
			return err
		}
	}
	for _, p := range everyKindPolicy {
		if err := k.apply(ctx, ns, p.kind.render(p.repo, benchTeam)); err != nil {
			return err
		}
	}
	per := max(n/everyKindOrgSecrets, 1)
	for s := range everyKindOrgSecrets {
		refs := []string{}
		for i := s * per; i < min((s+1)*per, n); i++ {
			refs = append(refs, fmt.Sprintf(`{name: "bench-%04d"}`, i))
		}
		if err := k.apply(ctx, ns, kindSharedSecret.render(fmt.Sprintf("bench-shared-%02d", s), "["+strings.Join(refs, ", ")+"]")); err != nil {
			return err
		}
	}
	return nil
}

// benchTeam is the one Team of the every-kind scenario.
const benchTeam = "bench-team"

// createChildren applies the Team and every Repository's children,
// 16 at a time.
func (k *kube) createChildren(ctx context.Context, ns string, n int) error {
	if err := k.apply(ctx, ns, kindTeam.render("", benchTeam)); err != nil {
		return err
	}
	names := make(chan int)
	errs := make(chan error, everyKindRepositoryResources(n))
	var wg sync.WaitGroup
	for w := 0; w < 16; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range names {
				for _, kind := range everyKindChildrenOf(i) {
					if err := k.apply(ctx, ns, kind.render(fmt.Sprintf("bench-%04d", i), benchTeam)); err != nil {
						errs <- err
					}
				}
			}
		}()
	}
	for i := 0; i < n; i++ {
		names <- i
	}
	close(names)
	wg.Wait()
	close(errs)
	return <-errs
}

func (k *kube) apply(ctx context.Context, ns, manifest string) error {
	u := &unstructured.Unstructured{}
	if err := yaml.Unmarshal([]byte(manifest), &u.Object); err != nil {
		return err
	}
	u.SetNamespace(ns)
	return k.c.Create(ctx, u)
}

// countReadyAll counts the resources of kinds that are Ready and Synced.
func (k *kube) countReadyAll(ctx context.Context, ns string, kinds []benchKind) (int, error) {
	ready := 0
	err := k.each(ctx, ns, kinds, func(_ benchKind, u unstructured.Unstructured) {
		if conditionTrue(u, "Ready") && conditionTrue(u, "Synced") {
			ready++
		}
	})
	return ready, err
}

// each calls fn with every resource of kinds in ns (of a cluster-scoped
// kind: every resource).
func (k *kube) each(ctx context.Context, ns string, kinds []benchKind, fn func(benchKind, unstructured.Unstructured)) error {
	for _, kind := range kinds {
		gvk := kind.gvk()
		l := &unstructured.UnstructuredList{}
		l.SetGroupVersionKind(gvk.GroupVersion().WithKind(gvk.Kind + "List"))
		if err := k.c.List(ctx, l, client.InNamespace(kind.namespace(ns))); err != nil {
			return err
		}
		for _, item := range l.Items {
			fn(kind, item)
		}
	}
	return nil
}

func conditionTrue(u unstructured.Unstructured, typ string) bool {
	conds, _, _ := unstructured.NestedSlice(u.Object, "status", "conditions")
	for _, c := range conds {
		m, ok := c.(map[string]any)
		if ok && m["type"] == typ {
			return m["status"] == "True"
		}
	}
	return false
}

// waitReadyAll waits until n resources of kinds are Ready, and returns
// how many are.
func (k *kube) waitReadyAll(ctx context.Context, ns string, kinds []benchKind, n int, patience time.Duration) (int, error) {
	return waitFor("resources", n, patience, 2*time.Second, func() (int, error) { return k.countReadyAll(ctx, ns, kinds) })
}
