# Sourced by hack/bench.sh and hack/chaos.sh, which run the provider as a
# process against the GitHub API emulator and a local control plane of
# their own. Expects BIN (where binaries go), OUT (logs) and the
# LOCAL_CLUSTER_DIR / *_PORT variables of hack/local-cluster.sh.

# build_drivers PROVIDER: builds the provider as the package ships it
# (static and stripped, as hack/build-xpkg.sh builds it: what is measured
# is what runs in a cluster) unless PROVIDER names another binary, then the
# emulator and the bench driver, and makes sure the control plane's
# binaries are there.
build_drivers() {
  if [ "$1" = "$BIN/provider" ]; then
    CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$BIN/provider" ./cmd/provider
  fi
  go build -o "$BIN/github-emulator" ./cmd/github-emulator
  go build -o "$BIN/bench" ./hack/bench
  hack/envtest-assets.sh >/dev/null
}

# start_emulator ADDR: starts the emulator on ADDR (log in $OUT) and waits
# until it answers; on exit the emulator and the local control plane stop.
EMU_PID=
stop_drivers() {
  [ -n "$EMU_PID" ] && kill "$EMU_PID" 2>/dev/null && wait "$EMU_PID" 2>/dev/null || true
  hack/local-cluster.sh down >/dev/null 2>&1 || true
}
start_emulator() {
  trap stop_drivers EXIT
  hack/local-cluster.sh down >/dev/null 2>&1 || true
  "$BIN/github-emulator" --listen "$1" >"$OUT/github-emulator.log" 2>&1 &
  EMU_PID=$!
  for _ in $(seq 1 40); do curl -sf "http://$1/_emulator/config" >/dev/null && break; sleep 0.25; done
}
