#!/usr/bin/env bash
# `make outages`: the provider through outages of its own side (issue 16).
#
# Starts the GitHub API emulator, a fresh local control plane
# (hack/local-cluster.sh) and the provider as two replicas with leader
# election; creates a Repository and a resource of every other kind for
# each of N repositories while kube-apiserver is SIGKILLed and started
# again (the replicas must carry on: neither exits, the leader stays), N
# more while the leader is SIGKILLed (the other replica must take over
# within the 60 s lease, nothing written twice), then deletes everything;
# compares with what the emulator holds and fails unless nothing is
# duplicated, lost, left behind or stuck and there was no panic.
# GitHub's side of an outage (GitHub down, a rotated or revoked token) is
# tested against the emulator by make test (internal/integration/outage_test.go).
#
# Knob: N (5 Repositories a batch, 14 resources each). Loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=$PWD/_output/outages
BIN=$PWD/_output/bin
mkdir -p "$OUT" "$BIN"

# Own state directory and ports: never make demo's, make bench's or make chaos's.
export LOCAL_CLUSTER_DIR=$OUT/cluster ETCD_PORT=24379 KAS_PORT=28443 KCM_PORT=22257
EMULATOR_ADDR=127.0.0.1:29189

echo "Building the provider, the emulator and the outages driver"
. hack/lib/drivers.sh
build_drivers "$BIN/provider"
start_emulator "$EMULATOR_ADDR"

"$BIN/bench" --outages --root "$PWD" --kubeconfig "$LOCAL_CLUSTER_DIR/kubeconfig" --provider "$BIN/provider" \
  --emulator "http://$EMULATOR_ADDR" --chaos-n "${N:-5}" --out "$OUT/results.json"
