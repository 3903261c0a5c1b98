#!/usr/bin/env bash
# `make demo`: a local control plane, the GitHub API emulator and the provider,
# with the examples applied, left running to explore. `make demo-down` stops it.
#
#   hack/demo.sh up     build, start everything, apply examples, wait for Ready
#   hack/demo.sh down   stop the provider, the emulator and the local cluster
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=$PWD/_output
DIR=$OUT/demo
BIN=$OUT/bin
EMULATOR_ADDR=${DEMO_EMULATOR_ADDR:-127.0.0.1:8089}
EMULATOR=http://$EMULATOR_ADDR
export LOCAL_CLUSTER_DIR=${LOCAL_CLUSTER_DIR:-$OUT/local-cluster}

say() { printf '\n==> %s\n' "$*"; }
running() { [ -f "$DIR/$1.pid" ] && kill -0 "$(cat "$DIR/$1.pid")" 2>/dev/null; }

stop() { # stop <name>: by recorded PID only
  if [ -f "$DIR/$1.pid" ]; then
    local p; p=$(cat "$DIR/$1.pid")
    if kill "$p" 2>/dev/null; then
      for _ in $(seq 1 40); do kill -0 "$p" 2>/dev/null || break; sleep 0.25; done
      kill -9 "$p" 2>/dev/null || true
      echo "stopped $1 ($p)"
    fi
    rm -f "$DIR/$1.pid"
  fi
}

emulator_view() {
  local json
  json=$(curl -sf -H "Authorization: token demo-token" "$EMULATOR/orgs/demo-org/repos?per_page=100")
  if command -v python3 >/dev/null 2>&1; then
    printf '%s' "$json" | python3 -c '
import json, sys
rows = [("FULL NAME", "VISIBILITY", "ARCHIVED", "FORK")]
for r in sorted(json.load(sys.stdin), key=lambda r: r["full_name"]):
    rows.append((r["full_name"], r["visibility"], str(r["archived"]).lower(), str(r["fork"]).lower()))
for row in rows:
    print("%-36s %-10s %-8s %s" % row)'
  else
    printf '%s\n' "$json"
  fi
}

teams_view() {
  curl -sf -H "Authorization: token demo-token" "$EMULATOR/orgs/demo-org/teams?per_page=100" | python3 -c '
import json, sys
rows = [("TEAM (SLUG)", "PRIVACY", "PARENT")]
for t in sorted(json.load(sys.stdin), key=lambda t: t["slug"]):
    rows.append((t["slug"], t["privacy"], (t.get("parent") or {}).get("slug", "-")))
for row in rows:
    print("%-36s %-10s %s" % row)'
}

# invitations_pending: the Collaborators (both scopes) whose Ready reason is
# InvitationPending, one "<namespace>/<name> <message>" line each.
invitations_pending() {
  local kind
  for kind in collaborators.repo.github.m.crossplane.io collaborators.repo.github.crossplane.io; do
    kubectl get "$kind" -A -o jsonpath='{range .items[*]}{.metadata.namespace}/{.metadata.name} {.status.conditions[?(@.type=="Ready")].reason} {.status.conditions[?(@.type=="Ready")].message}{"\n"}{end}'
  done | awk '$2 == "InvitationPending" { $2 = ""; sub(/^\//, ""); print }'
}

# all_above_zero <metrics>: every crossplane_managed_resource_* line is
# above zero, and there are three (exists, ready, synced) for every managed
# resource kind the provider installs.
all_above_zero() {
  local kinds
  kinds=$(grep -l -- '- managed' package/crds/*.yaml | wc -l)
  [ "$(echo "$1" | grep -c .)" -ge $((3 * kinds)) ] && [ "$(echo "$1" | awk '$NF <= 0' | wc -l)" -eq 0 ]
}

up() {
  mkdir -p "$DIR" "$BIN"
  say "Building the provider and the emulator"
  go build -o "$BIN/provider" ./cmd/provider
  go build -o "$BIN/github-emulator" ./cmd/github-emulator

  say "Starting the local control plane (etcd + kube-apiserver + kube-controller-manager)"
  eval "$(hack/local-cluster.sh up)"
  echo "KUBECONFIG=$KUBECONFIG"

  if ! running github-emulator; then
    say "Starting the GitHub API emulator on $EMULATOR"
    "$BIN/github-emulator" --listen "$EMULATOR_ADDR" --seed hack/demo-seed.yaml >"$DIR/github-emulator.log" 2>&1 &
    echo $! >"$DIR/github-emulator.pid"
    for _ in $(seq 1 40); do curl -sf "$EMULATOR/rate_limit" -H "Authorization: token demo-token" >/dev/null && break; sleep 0.25; done
  fi

  say "Installing the CRDs"
  kubectl apply --server-side -f package/crds >/dev/null
  kubectl wait --for condition=Established --timeout=60s -f package/crds >/dev/null

  say "Creating the credentials Secret and the provider configurations (pointing at the emulator)"
  hack/emulator-configs.sh "$EMULATOR"

  if ! running provider; then
    say "Starting the provider"
    "$BIN/provider" --poll=15s --poll-state-metric=5s --metrics-bind-address=127.0.0.1:18080 --health-probe-bind-address=127.0.0.1:18081 \
      >"$DIR/provider.log" 2>&1 &
    echo $! >"$DIR/provider.pid"
  fi

  # Every kind's examples: examples/<kind>/namespaced and examples/<kind>/cluster.
  say "Applying the examples of every kind"
  kubectl api-resources >/dev/null # refresh kubectl's discovery cache (the "managed" category)
  for d in examples/*/namespaced examples/*/cluster; do kubectl apply -R -f "$d"; done

  say "Collaborators: GitHub invites a user who is not yet a collaborator, and the resource says so"
  local pending=""
  for _ in $(seq 1 60); do
    pending=$(invitations_pending)
    [ -n "$pending" ] && break
    sleep 1
  done
  if [ -z "$pending" ]; then
    echo "No Collaborator reported a pending invitation (Ready reason InvitationPending); see $DIR/provider.log" >&2
    exit 1
  fi
  echo "$pending"

  say "other-user accepts the invitations with their own token; their Collaborators become Ready"
  # Invitations still being sent are accepted on the next round.
  local ready=""
  for _ in $(seq 1 24); do
    hack/accept-invitations.sh "$EMULATOR" other-token
    if kubectl wait --for condition=Ready --timeout=5s managed --all -A >/dev/null 2>&1; then ready=yes; break; fi
  done

  say "Waiting for every managed resource to be Ready"
  if [ -z "$ready" ] && ! kubectl wait --for condition=Ready --timeout=30s managed --all -A; then
    kubectl get managed -A || true
    echo "Some managed resources did not become Ready; see kubectl describe and $DIR/provider.log" >&2
    exit 1
  fi

  say "github-import: legacy-org, an organisation that exists only on the emulator, imported into namespace legacy-org"
  go build -o "$BIN/github-import" ./cmd/github-import
  rm -rf "$DIR/legacy-org"
  GITHUB_TOKEN=demo-token "$BIN/github-import" --owner legacy-org --base-url "$EMULATOR/api/v3/" --namespace legacy-org --out "$DIR/legacy-org"
  kubectl create namespace legacy-org --dry-run=client -o yaml | kubectl apply -f - >/dev/null
  kubectl apply -k "$DIR/legacy-org" >/dev/null
  if ! kubectl wait --for condition=Ready --timeout=90s managed --all -n legacy-org >/dev/null; then
    kubectl get managed -n legacy-org || true
    echo "Some imported resources did not become Ready; see kubectl describe and $DIR/provider.log" >&2
    exit 1
  fi
  kubectl get repositories.repo.github.m.crossplane.io,teams.org.github.m.crossplane.io -n legacy-org

  say "Managed resource state metrics (crossplane_managed_resource_exists/ready/synced)"
  local metrics=""
  for _ in $(seq 1 30); do
    metrics=$(curl -sf http://127.0.0.1:18080/metrics | grep -E '^crossplane_managed_resource_(exists|ready|synced)\{' || true)
    all_above_zero "$metrics" && break
    sleep 1
  done
  echo "$metrics"
  if ! all_above_zero "$metrics"; then
    echo "The state metrics of some kinds are not all above zero" >&2
    exit 1
  fi

  say "Warning events (a clean create has none)"
  # The provider's events are about its own objects (API groups ending in
  # crossplane.io); the control plane's own (e.g. kube-apiserver repairing
  # the kubernetes Service's cluster IP just after it starts) are not this check's.
  local warnings
  warnings=$(kubectl get events -A --field-selector type=Warning \
    -o jsonpath='{range .items[*]}{.involvedObject.apiVersion}{"\t"}{.metadata.namespace}{"\t"}{.involvedObject.kind}/{.involvedObject.name}{"\t"}{.reason}{"\t"}{.message}{"\n"}{end}' 2>/dev/null |
    awk -F'\t' '$1 ~ /crossplane\.io\//' || true)
  if [ -n "$warnings" ]; then
    echo "$warnings"
    echo "Warning events on a clean create: see kubectl describe and $DIR/provider.log" >&2
    exit 1
  fi
  echo "none"

  say "No secret value in the provider's log, its metrics, events or resources"
  curl -sf http://127.0.0.1:18080/metrics >"$DIR/metrics.txt"
  hack/secret-leaks.sh "$DIR/provider.log" "$DIR/metrics.txt"

  say "kubectl get managed -A (every kind, namespaced and cluster-scoped)"
  kubectl get managed -A

  say "The emulator's view of demo-org: repositories and teams"
  emulator_view
  echo
  teams_view

  cat <<EOT

The demo is running. Explore it:

  export KUBECONFIG=$KUBECONFIG
  kubectl get repositories.repo.github.m.crossplane.io -A          # or: kubectl get managed
  kubectl describe repository payments-api -n default
  curl -s -H "Authorization: token demo-token" $EMULATOR/repos/demo-org/payments-api

  # Change a repository behind the provider's back, and watch it come back (poll: 15s):
  curl -s -X PATCH -H "Authorization: token demo-token" -d '{"has_wiki": true}' $EMULATOR/repos/demo-org/payments-api >/dev/null
  # Rename it on "GitHub", and watch the provider rename it back:
  curl -s -X PATCH -H "Authorization: token demo-token" -d '{"name": "renamed"}' $EMULATOR/repos/demo-org/payments-api >/dev/null
  kubectl get events -n default --field-selector involvedObject.name=payments-api

  # Teams, their access and the collaborators:
  kubectl get teams.org.github.m.crossplane.io,teamrepositories.repo.github.m.crossplane.io,collaborators.repo.github.m.crossplane.io -n default
  curl -s -H "Authorization: token demo-token" $EMULATOR/orgs/demo-org/teams
  # Rename a team on "GitHub", and watch the provider rename it back:
  curl -s -X PATCH -H "Authorization: token demo-token" -d '{"name": "Renamed"}' $EMULATOR/orgs/demo-org/teams/backend >/dev/null

Logs: $DIR/provider.log, $DIR/github-emulator.log, $LOCAL_CLUSTER_DIR/*.log
Stop everything: make demo-down
EOT
}

down() {
  mkdir -p "$DIR"
  stop provider
  stop github-emulator
  hack/local-cluster.sh down
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  *) echo "usage: $0 up|down" >&2; exit 2 ;;
esac
