#!/usr/bin/env bash
# Provides golangci-lint for make lint and CI, built from the module proxy through the hack/tools module
# (its version is the one hack/tools/go.mod requires), so no release binary is downloaded.
#
# The binary lands in a cache folder keyed by version and is never rebuilt when present:
#   ${PROVIDER_GITHUB_CACHE:-$HOME/.cache/provider-github}/golangci-lint-<version>/golangci-lint
# The first build takes about a minute on 2 cores. Prints the binary's path on its last line.
set -euo pipefail
cd "$(dirname "$0")/tools"
export GOFLAGS=-mod=mod

PKG=github.com/golangci/golangci-lint/v2
VER=$(go list -m -f '{{.Version}}' "$PKG")
CACHE=${PROVIDER_GITHUB_CACHE:-$HOME/.cache/provider-github}
DIR=$CACHE/golangci-lint-$VER
BIN=$DIR/golangci-lint

log() { echo "golangci-lint: $*" >&2; }

if [ ! -x "$BIN" ]; then
  mkdir -p "$DIR"
  log "building $VER from the module proxy (about a minute on 2 cores, once)"
  # main.date non-empty makes golangci-lint report main.version instead of reading build info,
  # which would name the hack/tools module.
  nice -n 10 go build -trimpath \
    -ldflags "-s -w -X main.version=${VER#v} -X main.commit=module-proxy -X main.date=unknown" \
    -o "$BIN.tmp" "$PKG/cmd/golangci-lint"
  mv "$BIN.tmp" "$BIN"
fi

echo "$BIN"
