#!/usr/bin/env bash
# `make e2e`: the provider package inside real Crossplane, end to end, on 127.0.0.1 with no Docker.
#
# Starts its own control plane (etcd + kube-apiserver + kube-controller-manager, other ports than
# `make demo`), an OCI registry, Crossplane core v2 with --package-runtime=External and the GitHub
# API emulator; then, as a user would: pushes the .xpkg from `make xpkg`, installs it with
# `kubectl crossplane install provider` (v1 plugin form: checked, then removed) and
# `crossplane xpkg install provider`, plays the runtime controller's part for the External runtime,
# runs the provider binary extracted from the package's runtime image, configures it for the
# emulator, applies every example and waits for Ready, and composes repositories for teams through
# the XTeamRepos platform API (examples/composition) with a test composition function
# (cluster/test/function-team-repos): create, update, delete and archive, checked on the emulator.
# Prints a pass/fail report and stops everything it started (by recorded PID), also on failure.
#
# State and logs: _output/e2e (kept after the run). Ports: E2E_PORT_BASE (default 27000) + 0..12.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/_output/e2e
BASE=${E2E_PORT_BASE:-27000}
REG_PORT=$((BASE + 0)) EMU_PORT=$((BASE + 1)) FN_PORT=$((BASE + 2))
XP_METRICS=$((BASE + 3)) XP_HEALTH=$((BASE + 4)) XP_WEBHOOK=$((BASE + 5))
PROVIDER_HEALTH=$((BASE + 6))
export ETCD_PORT=$((BASE + 7)) ETCD_PEER_PORT=$((BASE + 8)) KAS_PORT=$((BASE + 9)) KCM_PORT=$((BASE + 10))
export LOCAL_CLUSTER_DIR=$OUT/cluster
REG=127.0.0.1:$REG_PORT
EMU=http://127.0.0.1:$EMU_PORT
PKG_TAG=v0.0.0-e2e
PROVIDER_PKG=$REG/crossplane-github/provider-github:$PKG_TAG
FUNCTION_PKG=$REG/crossplane-github/function-team-repos:$PKG_TAG
CORE_VERSION=${CORE_VERSION:-v2.4.0}
AUTH="Authorization: token demo-token"
T0=$SECONDS

# ---- report ---------------------------------------------------------------------------------
REPORT=() CURRENT="" STEP_T0=0
begin() { CURRENT=$1; STEP_T0=$SECONDS; echo; echo "==> $1"; }
pass() { REPORT+=("$(printf 'PASS  %-62s %4ss  %s' "$CURRENT" $((SECONDS - STEP_T0)) "${1:-}")"); CURRENT=""; }
die() { echo "e2e: $*" >&2; exit 1; }
wait_until() { # wait_until <what> <seconds> <command...>
  local what=$1 secs=$2; shift 2
  local end=$((SECONDS + secs))
  until "$@" >/dev/null 2>&1; do
    [ $SECONDS -lt $end ] || die "timed out after ${secs}s waiting for $what"
    sleep 1
  done
}
condition() { # condition <resource> <type>: prints the status of a condition
  kubectl get "$@" -o jsonpath="{.status.conditions[?(@.type==\"${*: -1}\")].status}" 2>/dev/null
}
is_true() { local t=${*: -1}; set -- "${@:1:$#-1}"; [ "$(kubectl get "$@" -o jsonpath="{.status.conditions[?(@.type==\"$t\")].status}" 2>/dev/null)" = True ]; }

alive() { [ -r "/proc/$1/stat" ] && [ "$(cut -d' ' -f3 "/proc/$1/stat")" != Z ]; } # zombies do not count

# ---- processes (by recorded PID only) -------------------------------------------------------
PROCS=(provider function-team-repos crossplane github-emulator registry)
start() { # start <name> <command...>
  local name=$1; shift
  "$@" >"$OUT/$name.log" 2>&1 &
  echo $! >"$OUT/$name.pid"
}
stop_all() {
  local pids=() n p
  for n in "${PROCS[@]}"; do
    [ -f "$OUT/$n.pid" ] || continue
    p=$(cat "$OUT/$n.pid"); kill "$p" 2>/dev/null && pids+=("$p"); rm -f "$OUT/$n.pid"
  done
  for _ in $(seq 1 40); do
    local any=0; for p in "${pids[@]+"${pids[@]}"}"; do alive "$p" && any=1; done
    [ $any = 0 ] && break; sleep 0.25
  done
  for p in "${pids[@]+"${pids[@]}"}"; do kill -9 "$p" 2>/dev/null || true; done
  for _ in $(seq 1 40); do # a killed process takes a moment to go
    local any=0; for p in "${pids[@]+"${pids[@]}"}"; do alive "$p" && any=1; done
    [ $any = 0 ] && break; sleep 0.25
  done
  hack/local-cluster.sh down >/dev/null 2>&1 || true
  STOPPED_PIDS=("${pids[@]+"${pids[@]}"}")
}

finish() {
  local rc=$?
  set +e
  [ -n "$CURRENT" ] && REPORT+=("$(printf 'FAIL  %-62s %4ss' "$CURRENT" $((SECONDS - STEP_T0)))")
  if [ $rc != 0 ] && [ -d "$OUT" ]; then
    echo; echo "---- last lines of the logs in $OUT ----"
    for f in "$OUT"/*.log; do [ -f "$f" ] && { echo "## $(basename "$f")"; tail -n 15 "$f"; }; done
  fi
  local cluster_pids=""
  for n in etcd kube-apiserver kube-controller-manager; do
    [ -f "$LOCAL_CLUSTER_DIR/$n.pid" ] && cluster_pids+=" $(cat "$LOCAL_CLUSTER_DIR/$n.pid")"
  done
  stop_all
  local left=""
  for p in "${STOPPED_PIDS[@]+"${STOPPED_PIDS[@]}"}" $cluster_pids; do alive "$p" && left+=" $p"; done
  if [ -z "$left" ]; then
    REPORT+=("$(printf 'PASS  %-62s' "everything the e2e started is stopped")")
  else
    REPORT+=("$(printf 'FAIL  %-62s still running:%s' "everything the e2e started is stopped" "$left")"); rc=1
  fi
  echo
  echo "================ provider-github e2e report ($((SECONDS - T0))s) ================"
  printf '%s\n' "${REPORT[@]}"
  if [ $rc = 0 ]; then echo "RESULT: PASS"; else echo "RESULT: FAIL (logs: $OUT)"; fi
  exit $rc
}

# ---- emulator helpers -----------------------------------------------------------------------
gh() { curl -sf -H "$AUTH" "$EMU$1"; }
repo_field() { # repo_field <owner/name> <python expression on r>
  gh "/repos/$1" | python3 -c "import json,sys; r=json.load(sys.stdin); print($2)"
}
repo_absent() { [ "$(curl -s -o /dev/null -w '%{http_code}' -H "$AUTH" "$EMU/repos/$1")" = 404 ]; }
http_code() { curl -s -o /dev/null -w '%{http_code}' -H "$AUTH" "$@"; }
# invitations_pending <kubectl get args...>: the Collaborators that say their invitation is pending.
invitations_pending() {
  kubectl get "$@" -o jsonpath='{range .items[*]}{.metadata.name} {.status.conditions[?(@.type=="Ready")].reason}{"\n"}{end}' |
    awk '$2 == "InvitationPending" { n++ } END { print n + 0 }'
}
# accept_invitations <want> <kubectl get args...>: once <want> Collaborators say their invitation is
# pending, other-user accepts every invitation with their own token.
pending_at_least() { [ "$(invitations_pending "${@:2}")" -ge "$1" ]; }
accept_invitations() {
  local want=$1; shift
  wait_until "$want Collaborators with reason InvitationPending" 90 pending_at_least "$want" "$@"
  hack/accept-invitations.sh "$EMU" other-token >"$OUT/accepted-invitations.log"
  [ "$(wc -l <"$OUT/accepted-invitations.log")" -ge "$want" ] || die "other-user had fewer than $want invitations to accept"
}

# play_runtime <ProviderRevision|FunctionRevision object> [endpoint]: what the Deployment runtime
# controller would do for an External-runtime package revision.
play_runtime() {
  local rev=$1 endpoint=${2:-}
  local patch='{"status":{"tlsServerSecretName":"crossplane-tls-server"}}'
  [ -n "$endpoint" ] && patch="{\"status\":{\"tlsServerSecretName\":\"crossplane-tls-server\",\"endpoint\":\"$endpoint\"}}"
  kubectl patch "$rev" --subresource=status --type=merge -p "$patch" >/dev/null
  wait_until "$rev RevisionHealthy" 180 is_true "$rev" RevisionHealthy
  kubectl get "$rev" -o json | python3 -c '
import json, sys, datetime
o = json.load(sys.stdin)
now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
c = [x for x in o["status"].get("conditions", []) if x["type"] != "RuntimeHealthy"]
c.append({"type": "RuntimeHealthy", "status": "True", "reason": "HealthyPackageRevision", "lastTransitionTime": now})
print(json.dumps({"status": {"conditions": c}}))' >"$OUT/runtime-patch.json"
  kubectl patch "$rev" --subresource=status --type=merge --patch-file "$OUT/runtime-patch.json" >/dev/null
}

# ---- the run --------------------------------------------------------------------------------
for c in curl openssl python3 go; do command -v $c >/dev/null || die "$c is needed"; done
for n in "${PROCS[@]}"; do [ -f "$OUT/$n.pid" ] && kill -0 "$(cat "$OUT/$n.pid")" 2>/dev/null && die "a previous e2e run is still running ($n); stop it first"; done
rm -rf "$OUT"; mkdir -p "$OUT"
trap finish EXIT

begin "tools: crossplane CLI, kubectl-crossplane, Crossplane core, registry"
XP_BIN=$(hack/crossplane-tools.sh | tail -n 1)
ASSETS=$(hack/envtest-assets.sh | tail -n 1)
export PATH=$XP_BIN:$ASSETS:$PATH
XP_CRDS=$(go env GOMODCACHE)/github.com/crossplane/crossplane/v2@$CORE_VERSION/cluster/crds
[ -d "$XP_CRDS" ] || (cd "$HOME" && GOFLAGS=-mod=mod go mod download "github.com/crossplane/crossplane/v2@$CORE_VERSION")
pass "crossplane $(crossplane version --client 2>/dev/null | awk '{print $NF}'), kubectl-crossplane $(kubectl-crossplane --version 2>/dev/null), core $CORE_VERSION"

begin "make xpkg: package with CRDs, metadata, examples and runtime image"
hack/build-xpkg.sh >"$OUT/xpkg.log" 2>&1 || { cat "$OUT/xpkg.log"; die "make xpkg failed"; }
XPKG=$ROOT/_output/xpkg/provider-github.xpkg
pass "$(grep -c '^crds:\|^runtime:' "$OUT/xpkg.log") checks; no build warnings; $(du -h "$XPKG" | cut -f1)"

begin "build the emulator and the test composition function (+ its package)"
go build -o "$OUT/bin/github-emulator" ./cmd/github-emulator
(cd cluster/test/function-team-repos && go build -o "$OUT/bin/function-team-repos" .)
crossplane xpkg build --package-root=cluster/test/function-team-repos/package \
  --package-file="$OUT/function-team-repos.xpkg" >"$OUT/function-xpkg.log" 2>&1
pass

begin "local control plane (etcd, kube-apiserver, kube-controller-manager)"
eval "$(hack/local-cluster.sh up)"
pass "kube-apiserver on 127.0.0.1:$KAS_PORT"

begin "OCI registry; push the packages"
start registry registry -port "$REG_PORT"
wait_until registry 20 curl -sf "http://$REG/v2/"
crossplane xpkg push -f "$XPKG" "$PROVIDER_PKG" >"$OUT/push.log" 2>&1
crossplane xpkg push -f "$OUT/function-team-repos.xpkg" "$FUNCTION_PKG" >>"$OUT/push.log" 2>&1
pass "$PROVIDER_PKG"

begin "Crossplane core $CORE_VERSION: init and start (--package-runtime=External)"
XPD=$OUT/crossplane; mkdir -p "$XPD/webhooks" "$XPD/tls-client" "$XPD/tls-server" "$XPD/cache"
kubectl create namespace crossplane-system >/dev/null
# The first init can fail on a discovery race ("no matches for kind Lock"): retry.
for try in 1 2 3 4 5 6; do
  crossplane-core core init --cr-ds-path="$XP_CRDS" --webhook-configurations-path="$XPD/webhooks" \
    --tlsca-secret-name=crossplane-root-ca --tls-server-secret-name=crossplane-tls-server \
    --tls-client-secret-name=crossplane-tls-client --namespace=crossplane-system \
    --service-account=crossplane --activation='*.github.m.crossplane.io' >>"$OUT/crossplane-init.log" 2>&1 && break
  [ $try = 6 ] && die "crossplane core init failed; see $OUT/crossplane-init.log"
  sleep 2
done
for s in client server; do
  for k in ca.crt tls.crt tls.key; do
    kubectl -n crossplane-system get secret "crossplane-tls-$s" -o jsonpath="{.data.${k//./\\.}}" | base64 -d >"$XPD/tls-$s/$k"
  done
done
start crossplane crossplane-core core start --debug --namespace=crossplane-system --service-account=crossplane \
  --package-runtime=External --xpkg-cache-dir="$XPD/cache" \
  --tls-client-certs-dir="$XPD/tls-client" --tls-server-certs-dir="$XPD/tls-server" \
  --metrics-port="$XP_METRICS" --health-probe-port="$XP_HEALTH" --webhook-port="$XP_WEBHOOK"
wait_until "crossplane health" 60 curl -sf "http://127.0.0.1:$XP_HEALTH/healthz"
pass

begin "GitHub API emulator (seed hack/demo-seed.yaml)"
start github-emulator "$OUT/bin/github-emulator" --listen "127.0.0.1:$EMU_PORT" --seed hack/demo-seed.yaml
wait_until emulator 20 gh /rate_limit
pass "$EMU"

begin "kubectl crossplane install provider (v1 plugin form): Provider accepted"
kubectl crossplane install provider "$PROVIDER_PKG" provider-github >"$OUT/kubectl-crossplane.log" 2>&1
[ "$(kubectl get providers.pkg.crossplane.io provider-github -o jsonpath='{.spec.package}')" = "$PROVIDER_PKG" ] || die "Provider has the wrong package"
wait_until "a ProviderRevision" 60 sh -c "kubectl get providerrevisions.pkg.crossplane.io -l pkg.crossplane.io/package=provider-github -o name | grep -q ."
play_runtime "$(kubectl get providerrevisions.pkg.crossplane.io -l pkg.crossplane.io/package=provider-github -o name | head -1)"
# Remove it with everything it installed before installing again: the revision's CRDs and
# ManagedResourceDefinitions stay controlled by the old revision's UID until the garbage
# collector deletes them, and a new revision of the same name could not take them over.
kubectl delete providers.pkg.crossplane.io provider-github --cascade=foreground --wait=true --timeout=180s >/dev/null
kubectl delete providerrevisions.pkg.crossplane.io -l pkg.crossplane.io/package=provider-github \
  --cascade=foreground --wait=true --timeout=180s >/dev/null
wait_until "the revision to go" 60 sh -c "! kubectl get providerrevisions.pkg.crossplane.io -o name | grep -q ."
wait_until "the first install's CRDs to go" 180 sh -c \
  "! kubectl get crd repositories.repo.github.m.crossplane.io repositories.repo.github.crossplane.io >/dev/null 2>&1"
pass "revision created, unpacked and healthy; then removed"

begin "crossplane xpkg install provider: installed and healthy"
crossplane xpkg install provider "$PROVIDER_PKG" provider-github >"$OUT/xpkg-install.log" 2>&1
wait_until "a ProviderRevision" 60 sh -c "kubectl get providerrevisions.pkg.crossplane.io -l pkg.crossplane.io/package=provider-github -o name | grep -q ."
PR=$(kubectl get providerrevisions.pkg.crossplane.io -l pkg.crossplane.io/package=provider-github -o name | head -1)
play_runtime "$PR"
wait_until "Provider Installed" 60 is_true providers.pkg.crossplane.io provider-github Installed
wait_until "Provider Healthy" 60 is_true providers.pkg.crossplane.io provider-github Healthy
wait_until "namespaced Repository CRD" 60 kubectl wait --for condition=Established --timeout=5s \
  crd/repositories.repo.github.m.crossplane.io crd/clusterproviderconfigs.github.m.crossplane.io crd/providerconfigs.github.crossplane.io
# Safe start: the default activation policy activates only the namespaced kinds.
kubectl get crd repositories.repo.github.crossplane.io >/dev/null 2>&1 && die "the cluster-scoped Repository CRD is installed although no policy activates it"
pass "$(kubectl get providers.pkg.crossplane.io provider-github --no-headers | awk '{print "INSTALLED="$2" HEALTHY="$3}'); $(kubectl get crd -o name | grep -c github) CRDs (cluster-scoped kinds not activated)"

begin "run the provider binary extracted from the package's runtime image"
"$ROOT/_output/bin/xpkg" extract "$XPKG" usr/local/bin/provider "$OUT/bin/provider"
cmp -s "$OUT/bin/provider" "$ROOT/_output/bin/linux_amd64/provider" || die "extracted binary differs from the one built"
PROVIDER_T0=$SECONDS
start provider "$OUT/bin/provider" --debug --poll=5s --metrics-bind-address=0 --health-probe-bind-address="127.0.0.1:$PROVIDER_HEALTH"
wait_until "provider health" 60 curl -sf "http://127.0.0.1:$PROVIDER_HEALTH/healthz"
pass "$("$OUT/bin/provider" --version)"

begin "credentials Secret, ClusterProviderConfig and legacy ProviderConfig -> emulator"
hack/emulator-configs.sh "$EMU"
pass

begin "examples/providerconfig: accepted by the API server (dry run)"
kubectl create namespace team-a >/dev/null
kubectl apply --dry-run=server -f examples/providerconfig >"$OUT/providerconfig-dry-run.log"
pass "$(wc -l <"$OUT/providerconfig-dry-run.log") objects"

begin "examples/*/namespaced: every kind's namespaced examples applied and Ready"
for d in examples/*/namespaced; do kubectl apply -R -f "$d" >/dev/null; done
accept_invitations 1 collaborators.repo.github.m.crossplane.io -A
kubectl wait --for condition=Ready --timeout=120s managed --all -A >/dev/null
N=$(kubectl get managed -A --no-headers | wc -l)
[ "$(repo_field demo-org/payments-api 'r["visibility"]+" "+",".join(sorted(r.get("topics",[])))')" = "private go,payments" ] || die "payments-api differs on the emulator"
pass "$N namespaced managed resources Ready; payments-api private with its topics on the emulator"

begin "safe start: the provider runs past three minutes with only the namespaced kinds active"
PROVIDER_PID=$(cat "$OUT/provider.pid")
# Past controller-runtime's 2-minute cache-sync timeout, which a controller of an
# absent kind would hit (and stop the provider with).
while [ $((SECONDS - PROVIDER_T0)) -lt 185 ]; do
  alive "$PROVIDER_PID" || die "the provider exited; see $OUT/provider.log"
  sleep 5
done
curl -sf "http://127.0.0.1:$PROVIDER_HEALTH/healthz" >/dev/null || die "the provider is not healthy"
is_true repositories.repo.github.m.crossplane.io payments-api -n default Synced || die "namespaced Repositories stopped syncing"
pass "pid $PROVIDER_PID up $((SECONDS - PROVIDER_T0))s, healthy, namespaced Repositories Synced"

begin "activate the cluster-scoped kinds: their controllers start without a provider restart"
kubectl apply -f - >/dev/null <<'MRAP'
apiVersion: apiextensions.crossplane.io/v1alpha1
kind: ManagedResourceActivationPolicy
metadata:
  name: provider-github-cluster-scoped
spec:
  activate:
  - "*.github.crossplane.io"
MRAP
wait_until "cluster-scoped Repository CRD" 90 kubectl wait --for condition=Established --timeout=5s crd/repositories.repo.github.crossplane.io
kubectl api-resources >/dev/null # refresh kubectl's discovery cache: the "managed" category grew
for d in examples/*/cluster; do kubectl apply -R -f "$d" >/dev/null; done
accept_invitations 1 collaborators.repo.github.crossplane.io
kubectl wait --for condition=Ready --timeout=120s managed --all -A >/dev/null
C=$(($(kubectl get managed -A --no-headers | wc -l) - N))
[ "$C" -gt 0 ] || die "no cluster-scoped managed resources found after activation"
alive "$PROVIDER_PID" && [ "$(cat "$OUT/provider.pid")" = "$PROVIDER_PID" ] || die "the provider was restarted"
pass "$C cluster-scoped managed resources Ready; same provider process (pid $PROVIDER_PID)"

begin "examples/composition: XRD established, P&T Composition accepted"
kubectl apply -f examples/composition/definition.yaml >/dev/null
wait_until "XRD Established" 60 is_true compositeresourcedefinitions.apiextensions.crossplane.io xteamrepos.platform.example.org Established
wait_until "XTeamRepos CRD" 60 kubectl get crd xteamrepos.platform.example.org
kubectl apply -f examples/composition/composition.yaml >/dev/null
kubectl apply --dry-run=server -f examples/composition/xteamrepos.yaml >/dev/null
kubectl get compositions.apiextensions.crossplane.io xteamrepos >/dev/null
pass "XTeamRepos served; Composition xteamrepos stored (its function is not installed here)"

begin "test composition function over mTLS (crossplane xpkg install function)"
FT=$OUT/function-tls; mkdir -p "$FT"
kubectl -n crossplane-system get secret crossplane-root-ca -o jsonpath='{.data.tls\.crt}' | base64 -d >"$FT/ca.crt"
kubectl -n crossplane-system get secret crossplane-root-ca -o jsonpath='{.data.tls\.key}' | base64 -d >"$FT/ca.key"
openssl req -newkey rsa:2048 -nodes -keyout "$FT/tls.key" -subj /CN=function-team-repos -out "$FT/tls.csr" 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n' >"$FT/ext.cnf"
openssl x509 -req -in "$FT/tls.csr" -CA "$FT/ca.crt" -CAkey "$FT/ca.key" -CAcreateserial -days 1 -extfile "$FT/ext.cnf" -out "$FT/tls.crt" 2>/dev/null
rm -f "$FT/ca.key"
start function-team-repos "$OUT/bin/function-team-repos" --debug --address="127.0.0.1:$FN_PORT" --tls-certs-dir="$FT"
crossplane xpkg install function "$FUNCTION_PKG" function-team-repos >"$OUT/function-install.log" 2>&1
wait_until "a FunctionRevision" 60 sh -c "kubectl get functionrevisions.pkg.crossplane.io -l pkg.crossplane.io/package=function-team-repos -o name | grep -q ."
FR=$(kubectl get functionrevisions.pkg.crossplane.io -l pkg.crossplane.io/package=function-team-repos -o name | head -1)
play_runtime "$FR" "127.0.0.1:$FN_PORT"
wait_until "Function Healthy" 60 is_true functions.pkg.crossplane.io function-team-repos Healthy
kubectl apply -f cluster/test/function-team-repos/composition.yaml >/dev/null
pass

begin "XTeamRepos storefront + compliance: XRs and their Teams, Repositories, access Ready"
apply_xr() { # apply_xr <team> <archiveOnDelete> <teamPermission> <collaborators (YAML flow list)> <branchProtection> [<ciWebhook (YAML flow map)> [<deployToken (YAML flow map)> [<members (YAML flow list)> [<maintainers (YAML flow list)>]]]]
  kubectl apply -f - >/dev/null <<EOX
apiVersion: platform.example.org/v1alpha1
kind: XTeamRepos
metadata:
  name: $1
  namespace: default
spec:
  crossplane:
    compositionRef: {name: xteamrepos-e2e}
  team: $1
  visibility: private
  topics: [team-$1, go]
  archiveOnDelete: $2
  teamPermission: $3
  collaborators: $4
  branchProtection: $5
  requiredStatusCheck: ci/$1
${6:+  ciWebhook: $6}
${7:+  deployToken: $7}
${8:+  members: $8}
${9:+  maintainers: $9}
EOX
}
# storefront: maintain for its team, other-user invited to its three repositories, rulesets.
# compliance: push for its team, no collaborators, classic branch protection.
# storefront also wires its CI webhook and its DEPLOY_TOKEN Actions secret, both from Secrets,
# and has member-user as a member and ops-user as a maintainer (both in demo-org already).
kubectl create secret generic storefront-ci -n default --from-literal=secret=e2e-webhook-secret >/dev/null
kubectl create secret generic storefront-deploy -n default --from-literal=token=e2e-deploy-token-one >/dev/null
apply_xr storefront false maintain '[{username: other-user, permission: triage}]' ruleset \
  '{url: "https://ci.example.com/hooks/storefront", secretRef: {name: storefront-ci}}' '{secretRef: {name: storefront-deploy}}' \
  '[member-user]' '[ops-user]'
apply_xr compliance true push '[]' classic
accept_invitations 3 collaborators.repo.github.m.crossplane.io -n default -l crossplane.io/composite
wait_until "XR storefront Ready" 120 is_true xteamrepos storefront -n default Ready
wait_until "XR compliance Ready" 120 is_true xteamrepos compliance -n default Ready
composed() { kubectl get "$1.github.m.crossplane.io" -n default -l crossplane.io/composite --no-headers | wc -l; }
for want in "teams.org 2" "repositories.repo 6" "teamrepositories.repo 6" "collaborators.repo 3" "rulesets.repo 3" "branchprotections.repo 3" \
  "repositoryfiles.repo 6" "webhooks.repo 3" "environments.repo 2" "actionsvariables.repo 6" "actionssecrets.repo 3" "teammemberships.org 2"; do
  set -- $want
  [ "$(composed "$1")" = "$2" ] || die "want $2 composed $1, got $(composed "$1")"
  kubectl wait --for condition=Ready --timeout=60s "$1.github.m.crossplane.io" -n default -l crossplane.io/composite >/dev/null
done
pass "2 Teams, 6 Repositories, 6 TeamRepositories, 3 Collaborators, 3 Rulesets, 3 BranchProtections, 6 RepositoryFiles, 3 Webhooks, 2 Environments, 6 ActionsVariables, 3 ActionsSecrets, 2 TeamMemberships Ready"

begin "composed teams, repositories and access on the emulator"
team_role() { # team_role <team> <owner/repo>: the team's role on the repository
  curl -sf -H "$AUTH" -H "Accept: application/vnd.github.v3.repository+json" "$EMU/orgs/demo-org/teams/$1/repos/$2" |
    python3 -c "import json,sys; print(json.load(sys.stdin)['role_name'])"
}
for t in storefront compliance; do
  [ "$(http_code "$EMU/orgs/demo-org/teams/$t")" = 200 ] || die "team $t missing on the emulator"
  for r in service docs infra; do
    got=$(repo_field "demo-org/$t-$r" 'r["visibility"]+" "+",".join(sorted(r.get("topics",[])))+" "+str(r["delete_branch_on_merge"]).lower()+" "+str(r["allow_merge_commit"]).lower()')
    [ "$got" = "private go,team-$t true false" ] || die "demo-org/$t-$r on the emulator: $got"
  done
done
for r in service docs infra; do
  [ "$(team_role storefront "demo-org/storefront-$r")" = maintain ] || die "team storefront on storefront-$r: $(team_role storefront "demo-org/storefront-$r")"
  [ "$(team_role compliance "demo-org/compliance-$r")" = write ] || die "team compliance on compliance-$r: $(team_role compliance "demo-org/compliance-$r")"
  [ "$(http_code "$EMU/repos/demo-org/storefront-$r/collaborators/other-user")" = 204 ] || die "other-user is not a collaborator of storefront-$r"
done
team_member_role() { # team_member_role <team> <login>: the user's role in the team
  gh "/orgs/demo-org/teams/$1/memberships/$2" | python3 -c "import json,sys; m=json.load(sys.stdin); print(m['role'], m['state'])"
}
[ "$(team_member_role storefront member-user)" = "member active" ] || die "member-user in team storefront: $(team_member_role storefront member-user)"
[ "$(team_member_role storefront ops-user)" = "maintainer active" ] || die "ops-user in team storefront: $(team_member_role storefront ops-user)"
pass "teams storefront (maintain) and compliance (write); other-user on storefront-*; member-user and ops-user (maintainer) in team storefront; repository settings"

begin "default branches protected on the emulator: rulesets (storefront), branch protection (compliance)"
ruleset_rules() { # ruleset_rules <owner/repo>: "<name> <enforcement> <rule types> <approvals> <checks>" of its one ruleset
  local id
  id=$(gh "/repos/$1/rulesets?includes_parents=false" | python3 -c "import json,sys; print(' '.join(str(r['id']) for r in json.load(sys.stdin)))")
  gh "/repos/$1/rulesets/$id" | python3 -c "import json,sys
r=json.load(sys.stdin); p={x['type']: x.get('parameters', {}) for x in r['rules']}
print(r['name'], r['enforcement'], ','.join(sorted(p)), p['pull_request']['required_approving_review_count'],
      ','.join(c['context'] for c in p['required_status_checks']['required_status_checks']))"
}
protection() { # protection <owner/repo>: "<approvals> <strict> <contexts>" of the main branch's protection
  gh "/repos/$1/branches/main/protection" | python3 -c "import json,sys
p=json.load(sys.stdin); s=p['required_status_checks']
print(p['required_pull_request_reviews']['required_approving_review_count'], str(s['strict']).lower(), ','.join(s['contexts']))"
}
for r in service docs infra; do
  got=$(ruleset_rules "demo-org/storefront-$r")
  [ "$got" = "protect-default-branch active deletion,non_fast_forward,pull_request,required_status_checks 1 ci/storefront" ] || die "ruleset of storefront-$r: $got"
  got=$(protection "demo-org/compliance-$r")
  [ "$got" = "1 true ci/compliance" ] || die "protection of compliance-$r main: $got"
done
pass "storefront-*: ruleset (1 approval, ci/storefront); compliance-*: main protected (1 approval, ci/compliance)"

begin "CODEOWNERS, CI webhooks and production environments on the emulator"
codeowners() { # codeowners <owner/repo>: the file's content
  gh "/repos/$1/contents/.github/CODEOWNERS" | python3 -c "import base64,json,sys; print(base64.b64decode(json.load(sys.stdin)['content']).decode(), end='')"
}
hooks() { # hooks <owner/repo>: "<url> <content type> <events> <secret>" of each hook
  gh "/repos/$1/hooks" | python3 -c "import json,sys
for h in json.load(sys.stdin): c=h['config']; print(c['url'], c['content_type'], ','.join(sorted(h['events'])), c.get('secret', 'none'))"
}
reviewers() { # reviewers <owner/repo> <environment>: "<type>:<login or slug>" of its required reviewers, and its branch policy
  gh "/repos/$1/environments/$2" | python3 -c "import json,sys
e=json.load(sys.stdin); r=[x['type']+':'+(x['reviewer'].get('slug') or x['reviewer'].get('login')) for p in e['protection_rules'] if p['type']=='required_reviewers' for x in p['reviewers']]
print(','.join(r), 'custom' if (e.get('deployment_branch_policy') or {}).get('custom_branch_policies') else 'none')"
}
for t in storefront compliance; do
  for r in service docs infra; do
    [ "$(codeowners "demo-org/$t-$r")" = "* @demo-org/$t" ] || die "CODEOWNERS of $t-$r: $(codeowners "demo-org/$t-$r")"
  done
  # The Environment and its team's TeamRepository are composed together:
  # GitHub leaves the team out of a write made before the grant landed, and
  # the Environment asks for it again on its next polls (dropped.Settling).
  for _ in $(seq 1 75); do
    got=$(reviewers "demo-org/$t-service" production)
    [ "$got" = "Team:$t custom" ] && break
    sleep 2
  done
  [ "$got" = "Team:$t custom" ] || die "production environment of $t-service: $got"
done
for r in service docs infra; do
  got=$(hooks "demo-org/storefront-$r")
  [ "$got" = "https://ci.example.com/hooks/storefront json pull_request,push ********" ] || die "hooks of storefront-$r: $got"
  [ -z "$(hooks "demo-org/compliance-$r")" ] || die "compliance-$r has hooks: $(hooks "demo-org/compliance-$r")"
done
pass "CODEOWNERS naming the team in 6 repositories; storefront-* CI webhooks with a secret; production reviewed by the team"

begin "Actions variables and secrets on the emulator; rotating the Secret reaches GitHub in seconds"
variable() { # variable <owner/repo> <name>: its value
  gh "/repos/$1/actions/variables/$2" | python3 -c "import json,sys; print(json.load(sys.stdin)['value'])"
}
plaintext() { # plaintext <owner/repo> <name>: the Actions secret's value, as the emulator decrypted it
  gh "/_emulator/repos/$1/actions/secrets/$2" | python3 -c "import json,sys; print(json.load(sys.stdin)['value'])"
}
all_secrets() { # all_secrets <value>: every storefront repository's DEPLOY_TOKEN decrypts to it
  for r in service docs infra; do [ "$(plaintext "demo-org/storefront-$r" DEPLOY_TOKEN)" = "$1" ] || return 1; done
}
for t in storefront compliance; do
  for r in service docs infra; do
    [ "$(variable "demo-org/$t-$r" TEAM)" = "$t" ] || die "TEAM variable of $t-$r: $(variable "demo-org/$t-$r" TEAM)"
  done
done
all_secrets e2e-deploy-token-one || die "DEPLOY_TOKEN of storefront-*: $(plaintext demo-org/storefront-service DEPLOY_TOKEN)"
for r in service docs infra; do
  [ "$(http_code "$EMU/repos/demo-org/compliance-$r/actions/secrets/DEPLOY_TOKEN")" = 404 ] || die "compliance-$r has a DEPLOY_TOKEN"
done
kubectl create secret generic storefront-deploy -n default --from-literal=token=e2e-deploy-token-two --dry-run=client -o yaml | kubectl apply -f - >/dev/null
T0=$SECONDS
wait_until "the rotated DEPLOY_TOKEN on the emulator" 30 all_secrets e2e-deploy-token-two
pass "TEAM variables in 6 repositories; DEPLOY_TOKEN decrypts in storefront-*; the rotated value there after $((SECONDS - T0)) s"

begin "no secret value in the provider's logs, in events or in any resource"
SECRET_LEAKS_ALSO=e2e-deploy-token-one hack/secret-leaks.sh "$OUT"/provider*.log >"$OUT/secret-leaks.log" 2>&1 || { cat "$OUT/secret-leaks.log"; die "secret values leaked"; }
pass "$(cat "$OUT/secret-leaks.log")"

begin "update the XR (topics, visibility): change lands on the emulator"
kubectl patch xteamrepos storefront -n default --type=merge -p '{"spec":{"topics":["team-storefront","go","e2e-updated"],"visibility":"public"}}' >/dev/null
updated() {
  for r in service docs infra; do
    [ "$(repo_field "demo-org/storefront-$r" 'r["visibility"]+" "+",".join(sorted(r.get("topics",[])))')" = "public e2e-updated,go,team-storefront" ] || return 1
  done
}
wait_until "the update on the emulator" 90 updated
pass "3 repositories public with topic e2e-updated"

begin "delete the XRs: storefront repositories deleted, compliance archived"
kubectl delete xteamrepos storefront compliance -n default --wait=false >/dev/null
deleted() { for r in service docs infra; do repo_absent "demo-org/storefront-$r" || return 1; done; }
archived() { for r in service docs infra; do [ "$(repo_field "demo-org/compliance-$r" 'str(r["archived"]).lower()')" = true ] || return 1; done; }
wait_until "storefront repositories deleted on the emulator" 120 deleted
wait_until "compliance repositories archived on the emulator" 120 archived
wait_until "composed Repositories gone" 120 sh -c "! kubectl get repositories.repo.github.m.crossplane.io -n default -l crossplane.io/composite -o name | grep -q ."
wait_until "XRs gone" 60 sh -c "! kubectl get xteamrepos -n default -o name | grep -q ."
for t in storefront compliance; do
  [ "$(http_code "$EMU/orgs/demo-org/teams/$t")" = 404 ] || die "team $t still on the emulator"
done
pass "3 deleted (404), 3 archived, both teams deleted"

begin "XOrgBaseline (examples/composition/orgbaseline): the example's template composes baseline-org's baseline"
kubectl apply -f examples/composition/orgbaseline/definition.yaml >/dev/null
wait_until "XRD Established" 60 is_true compositeresourcedefinitions.apiextensions.crossplane.io xorgbaselines.platform.example.org Established
wait_until "XOrgBaseline CRD" 60 kubectl get crd xorgbaselines.platform.example.org
kubectl apply -f examples/composition/orgbaseline/composition.yaml >/dev/null
kubectl apply --dry-run=server -f examples/composition/orgbaseline/xorgbaseline.yaml >/dev/null
# The e2e Composition is the example with its functions pointing at the test
# function, which runs function-go-templating's inline templates and
# function-auto-ready's readiness.
sed -e 's/name: function-go-templating$/name: function-team-repos/' -e 's/name: function-auto-ready$/name: function-team-repos/' \
  -e 's/^  name: xorgbaseline$/  name: xorgbaseline-e2e/' examples/composition/orgbaseline/composition.yaml | kubectl apply -f - >/dev/null
kubectl create secret generic baseline-audit -n default --from-literal=secret=e2e-audit-secret >/dev/null
kubectl apply -f - >/dev/null <<'EOX'
apiVersion: platform.example.org/v1alpha1
kind: XOrgBaseline
metadata:
  name: baseline-org
  namespace: default
spec:
  crossplane:
    compositionRef: {name: xorgbaseline-e2e}
  organization: baseline-org
  billingEmail: billing@baseline.example.com
  defaultRepositoryPermission: none
  production: {requiredApprovals: 2, requiredStatusCheck: ci/baseline}
  auditWebhook: {url: "https://audit.example.com/baseline-org", secretRef: {name: baseline-audit}}
  securityTeam: baseline-security
EOX
wait_until "XR baseline-org Ready" 180 is_true xorgbaselines baseline-org -n default Ready
org_field() { gh "/orgs/baseline-org" | python3 -c "import json,sys; o=json.load(sys.stdin); print($1)"; }
[ "$(org_field 'o["billing_email"]+" "+o["default_repository_permission"]+" "+str(o["web_commit_signoff_required"]).lower()')" = "billing@baseline.example.com none true" ] ||
  die "baseline-org's settings on the emulator: $(org_field 'o["billing_email"]+" "+o["default_repository_permission"]+" "+str(o["web_commit_signoff_required"]).lower()')"
[ "$(gh /orgs/baseline-org/properties/schema/tier | python3 -c "import json,sys; p=json.load(sys.stdin); print(p['value_type'], ','.join(p['allowed_values']))")" = "single_select production,staging,development" ] ||
  die "baseline-org's tier property on the emulator"
[ "$(gh /orgs/baseline-org/hooks | python3 -c "import json,sys; print(' '.join(h['config']['url'] for h in json.load(sys.stdin)))")" = "https://audit.example.com/baseline-org" ] ||
  die "baseline-org's audit webhook on the emulator"
[ "$(gh /orgs/baseline-org/organization-roles/138/teams | python3 -c "import json,sys; print(' '.join(t['slug']+':'+t['assignment'] for t in json.load(sys.stdin)))")" = "baseline-security:direct" ] ||
  die "baseline-org's security managers on the emulator"
pass "settings, the tier property, the audit webhook and team baseline-security as security manager on the emulator"

begin "baseline-org's production tier: its ruleset refuses a direct push to a production repository's default branch"
for tier in production staging; do
  kubectl apply -f - >/dev/null <<EOX
apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: Repository
metadata: {name: baseline-$tier, namespace: default}
spec:
  forProvider:
    owner: baseline-org
    name: $tier-app
    autoInit: true
    customProperties: {tier: {value: $tier}}
EOX
done
wait_until "the tiered Repositories Ready" 90 kubectl wait --for condition=Ready --timeout=5s repositories.repo.github.m.crossplane.io baseline-production baseline-staging -n default
[ "$(gh /repos/baseline-org/production-app | python3 -c "import json,sys; print(json.load(sys.stdin)['custom_properties']['tier'])")" = production ] || die "production-app's tier on the emulator"
push() { # push <repo>: the status of a direct commit to its default branch
  curl -s -o /dev/null -w '%{http_code}' -X PUT -H "$AUTH" "$EMU/repos/baseline-org/$1/contents/e2e.txt" \
    -d '{"message":"direct push","content":"ZTJlCg=="}'
}
code=$(push production-app)
case $code in 409 | 422) ;; *) die "a direct push to production-app's main was answered $code, want it refused (409 or 422)" ;; esac
code=$(push staging-app)
[ "$code" = 201 ] || die "a direct push to staging-app's main was answered $code, want 201"
pass "production-app: direct push refused by protect-production-default-branch; staging-app: accepted"

begin "delete the XOrgBaseline: its ruleset, property, webhook, team and role gone; the organisation's settings left as they are"
kubectl delete repositories.repo.github.m.crossplane.io baseline-production baseline-staging -n default --wait=false >/dev/null
kubectl delete xorgbaselines baseline-org -n default --wait=false >/dev/null
wait_until "XR baseline-org gone" 120 sh -c "! kubectl get xorgbaselines -n default -o name | grep -q ."
baseline_gone() {
  [ "$(gh /orgs/baseline-org/rulesets | python3 -c "import json,sys; print(len(json.load(sys.stdin)))")" = 0 ] &&
    [ "$(http_code "$EMU/orgs/baseline-org/properties/schema/tier")" = 404 ] &&
    [ "$(gh /orgs/baseline-org/hooks | python3 -c "import json,sys; print(len(json.load(sys.stdin)))")" = 0 ] &&
    [ "$(http_code "$EMU/orgs/baseline-org/teams/baseline-security")" = 404 ]
}
wait_until "baseline-org's baseline gone on the emulator" 120 baseline_gone
[ "$(org_field 'o["default_repository_permission"]')" = none ] || die "deleting OrganizationSettings changed baseline-org's settings"
pass "ruleset, tier property, audit webhook and security team deleted; settings kept"
