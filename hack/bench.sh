#!/usr/bin/env bash
# `make bench`: measure provider-github at scale (issue 6). Not a test.
#
# Starts the GitHub API emulator (100 ms injected latency) and, for every
# scenario, a fresh local control plane (hack/local-cluster.sh) and the
# provider as a separate process; prints a table of measurements next to
# the targets and writes _output/bench/results.json. Loopback only.
#
# Knobs: BENCH_SIZES (100,1000), BENCH_IMPORT_REPOS (200), BENCH_SECONDARY_N (240), BENCH_RESTART_N (1000), BENCH_EVERY_KIND_N (1000), BENCH_DRIFT_N (20), BENCH_TEAMS (100) and BENCH_MEMBERS_PER_TEAM (30) (the team-membership scenario), BENCH_LATENCY (100ms),
# BENCH_ONLY (run only the scenarios whose name contains it, e.g. "N=1000 tuned"),
# BENCH_PROFILE (a directory: write the provider's CPU and heap profiles there),
# BENCH_CRDS (comma-separated globs of package/crds to install, default all: the active kinds),
# BENCH_PROVIDER (a provider binary to measure instead of this tree's, e.g. an older build for a before/after).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=$PWD/_output/bench
BIN=$PWD/_output/bin
mkdir -p "$OUT" "$BIN"

# Own state directory and ports, so the bench never touches `make demo`'s cluster.
export LOCAL_CLUSTER_DIR=$OUT/cluster ETCD_PORT=22379 KAS_PORT=26443 KCM_PORT=20257
EMULATOR_ADDR=127.0.0.1:28089

echo "Building the provider, the emulator and the bench driver"
PROVIDER=${BENCH_PROVIDER:-$BIN/provider}
. hack/lib/drivers.sh
build_drivers "$PROVIDER"
start_emulator "$EMULATOR_ADDR"

"$BIN/bench" --root "$PWD" --kubeconfig "$LOCAL_CLUSTER_DIR/kubeconfig" --provider "$PROVIDER" \
  --emulator "http://$EMULATOR_ADDR" --latency "${BENCH_LATENCY:-100ms}" \
  --sizes "${BENCH_SIZES:-100,1000}" --secondary-n "${BENCH_SECONDARY_N:-240}" --restart-n "${BENCH_RESTART_N:-1000}" --every-kind-n "${BENCH_EVERY_KIND_N:-1000}" --drift-n "${BENCH_DRIFT_N:-20}" --teams "${BENCH_TEAMS:-100}" --members-per-team "${BENCH_MEMBERS_PER_TEAM:-30}" --import-repos "${BENCH_IMPORT_REPOS:-200}" \
  --only "${BENCH_ONLY:-}" --profile-dir "${BENCH_PROFILE:-}" --crds "${BENCH_CRDS:-*.yaml}" --out "$OUT/results.json"
