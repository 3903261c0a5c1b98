#!/usr/bin/env bash
# Builds (once) the Crossplane binaries `make xpkg` and `make e2e` need, from the Go module proxy:
#
#   crossplane          the crossplane CLI (xpkg build/push/install): cmd/crank of
#                       github.com/crossplane/crossplane/v2 $CRANK_VERSION
#   kubectl-crossplane  the kubectl plugin users know (`kubectl crossplane install provider ...`):
#                       cmd/crank of github.com/crossplane/crossplane $KUBECTL_PLUGIN_VERSION
#   crossplane-core     Crossplane itself (`crossplane-core core init|start`): cmd/crossplane of
#                       github.com/crossplane/crossplane/v2 $CORE_VERSION
#   registry            go-containerregistry's in-memory OCI registry $REGISTRY_VERSION
#
# Each binary is cached in ${PROVIDER_GITHUB_CACHE:-$HOME/.cache/provider-github}/<tool>-<version>/ and
# never rebuilt when present; the throw-away wrapper modules live next to it, not in the repository.
# The last line printed is a folder with all four under the names above (put it first on PATH).
# Usage: hack/crossplane-tools.sh [crossplane|kubectl-crossplane|crossplane-core|registry ...]  (default: all)
set -euo pipefail

CRANK_VERSION=${CRANK_VERSION:-v2.2.1}
KUBECTL_PLUGIN_VERSION=${KUBECTL_PLUGIN_VERSION:-v1.13.2}
CORE_VERSION=${CORE_VERSION:-v2.4.0}
REGISTRY_VERSION=${REGISTRY_VERSION:-v0.21.2}
CACHE=${PROVIDER_GITHUB_CACHE:-$HOME/.cache/provider-github}
BIN=$CACHE/crossplane-bin
mkdir -p "$BIN"
export GOFLAGS=-mod=mod

log() { echo "crossplane-tools: $*" >&2; }

# wrap <dir> <go.mod body> <package>: a wrapper module importing <package>, tidied once.
wrap() {
  local dir=$1 mod=$2 pkg=$3
  mkdir -p "$dir"
  if [ ! -f "$dir/go.sum" ] || [ "$(cat "$dir/go.mod.in" 2>/dev/null)" != "$mod" ]; then
    printf '%s\n' "$mod" >"$dir/go.mod"
    printf '%s\n' "$mod" >"$dir/go.mod.in"
    printf '//go:build tools\n\npackage tools\n\nimport _ "%s"\n' "$pkg" >"$dir/tools.go"
    (cd "$dir" && go mod tidy >/dev/null)
  fi
}

# build <tool dir> <binary> <package> <ldflags>
build() {
  local dir=$1 bin=$2 pkg=$3 ldflags=$4
  [ -x "$dir/$bin" ] && return 0
  log "building $bin into $dir (once; a few minutes on 2 cores)"
  local start=$SECONDS
  (cd "$dir/wrapper" && go build -trimpath -ldflags "-s -w $ldflags" -o "$dir/$bin.tmp" "$pkg")
  mv "$dir/$bin.tmp" "$dir/$bin"
  log "built $bin in $((SECONDS - start))s"
}

crossplane_cli() {
  local d=$CACHE/crank-$CRANK_VERSION
  wrap "$d/wrapper" "$(printf 'module local/crank\n\ngo 1.25.9\n\nrequire github.com/crossplane/crossplane/v2 %s' "$CRANK_VERSION")" \
    github.com/crossplane/crossplane/v2/cmd/crank
  build "$d" crank github.com/crossplane/crossplane/v2/cmd/crank \
    "-X github.com/crossplane/crossplane/v2/internal/version.version=$CRANK_VERSION"
  ln -sf "$d/crank" "$BIN/crossplane"
}

kubectl_plugin() {
  local d=$CACHE/kubectl-crossplane-$KUBECTL_PLUGIN_VERSION
  wrap "$d/wrapper" "$(printf 'module local/kubectlcrossplane\n\ngo 1.19\n\nrequire github.com/crossplane/crossplane %s' "$KUBECTL_PLUGIN_VERSION")" \
    github.com/crossplane/crossplane/cmd/crank
  build "$d" kubectl-crossplane github.com/crossplane/crossplane/cmd/crank \
    "-X github.com/crossplane/crossplane/internal/version.version=$KUBECTL_PLUGIN_VERSION"
  ln -sf "$d/kubectl-crossplane" "$BIN/kubectl-crossplane"
}

core() {
  local d=$CACHE/crossplane-core-$CORE_VERSION
  # crossplane/v2's own go.mod points the apis module at a folder its zip lacks: pin the released one.
  wrap "$d/wrapper" "$(printf 'module local/crossplanecore\n\ngo 1.25.11\n\nrequire github.com/crossplane/crossplane/v2 %s\n\nreplace github.com/crossplane/crossplane/apis/v2 => github.com/crossplane/crossplane/apis/v2 %s' "$CORE_VERSION" "$CORE_VERSION")" \
    github.com/crossplane/crossplane/v2/cmd/crossplane
  build "$d" crossplane github.com/crossplane/crossplane/v2/cmd/crossplane \
    "-X github.com/crossplane/crossplane-runtime/v2/pkg/version.version=$CORE_VERSION"
  ln -sf "$d/crossplane" "$BIN/crossplane-core"
}

registry() {
  local d=$CACHE/registry-$REGISTRY_VERSION
  wrap "$d/wrapper" "$(printf 'module local/registry\n\ngo 1.25.0\n\nrequire github.com/google/go-containerregistry %s' "$REGISTRY_VERSION")" \
    github.com/google/go-containerregistry/cmd/registry
  build "$d" registry github.com/google/go-containerregistry/cmd/registry ""
  ln -sf "$d/registry" "$BIN/registry"
}

tools=("$@")
[ ${#tools[@]} -gt 0 ] || tools=(crossplane kubectl-crossplane crossplane-core registry)
for t in "${tools[@]}"; do
  case $t in
    crossplane) crossplane_cli ;;
    kubectl-crossplane) kubectl_plugin ;;
    crossplane-core) core ;;
    registry) registry ;;
    *) log "unknown tool $t"; exit 2 ;;
  esac
done
echo "$BIN"
