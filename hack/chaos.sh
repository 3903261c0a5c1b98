#!/usr/bin/env bash
# `make chaos`: storms of every kind with SIGKILLs and GitHub faults (issue 16).
#
# Starts the GitHub API emulator, a fresh local control plane
# (hack/local-cluster.sh) and the provider as a separate process; creates a
# Repository and a resource of every other kind for each of N repositories,
# then deletes them (child resources first, then Repositories and Teams),
# while the provider is SIGKILLed KILLS times at random moments and the
# emulator answers with server errors, secondary rate limits, stalls and
# lost answers. With the faults off it compares the resources with what the
# emulator holds and fails unless nothing is duplicated, lost, left behind
# or stuck, there was no panic and no hot loop. Loopback only.
#
# Both scopes are stormed together: a quarter of the Repositories and every
# resource of theirs are cluster-scoped (groups repo/org.github.crossplane.io,
# the legacy ProviderConfig), the others namespaced, and every figure is
# printed for each scope and for both.
#
# Knobs: SEED (1; the same seed replays the same kills, order and faults),
# N (50 Repositories, 14 resources each), KILLS (24), CHAOS_WINDOW (60s: the
# create storm's kills are spread over it, each delete storm's over half),
# CLUSTER_SHARE (0.25 of the Repositories cluster-scoped), PLANT (1: a
# duplicate deploy key planted behind the provider's back in a
# cluster-scoped Repository; the run must fail with it duplicated and left).
# make chaos-short is the CI variant (N=6, KILLS=9, CHAOS_WINDOW=30s).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=$PWD/_output/chaos
BIN=$PWD/_output/bin
mkdir -p "$OUT" "$BIN"

# Own state directory and ports: never make demo's or make bench's.
export LOCAL_CLUSTER_DIR=$OUT/cluster ETCD_PORT=23379 KAS_PORT=27443 KCM_PORT=21257
EMULATOR_ADDR=127.0.0.1:29089

echo "Building the provider, the emulator and the chaos driver"
. hack/lib/drivers.sh
build_drivers "$BIN/provider"
start_emulator "$EMULATOR_ADDR"

"$BIN/bench" --chaos --root "$PWD" --kubeconfig "$LOCAL_CLUSTER_DIR/kubeconfig" --provider "$BIN/provider" \
  --emulator "http://$EMULATOR_ADDR" --metrics 127.0.0.1:29080 --health 127.0.0.1:29081 \
  --seed "${SEED:-1}" --chaos-n "${N:-50}" --kills "${KILLS:-24}" --chaos-window "${CHAOS_WINDOW:-60s}" \
  --chaos-cluster-share "${CLUSTER_SHARE:-0.25}" --chaos-plant="${PLANT:-0}" --out "$OUT/results.json"
