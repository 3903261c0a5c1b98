#!/usr/bin/env bash
# Provides the binaries of a real Kubernetes control plane for envtest and the local cluster:
# kube-apiserver and kube-controller-manager built from k8s.io/kubernetes through the Go module proxy,
# etcd (Debian's etcd-server, installed when missing and we are root) and kubectl.
#
# Everything lands in a cache folder keyed by version and is never rebuilt when present:
#   ${PROVIDER_GITHUB_CACHE:-$HOME/.cache/provider-github}/k8s-<version>/
# Prints that folder on its last line (use it as KUBEBUILDER_ASSETS).
set -euo pipefail

KVER=${KUBE_VERSION:-v1.35.4}
SVER=v0.${KVER#v1.}
CACHE=${PROVIDER_GITHUB_CACHE:-$HOME/.cache/provider-github}
ASSETS=$CACHE/k8s-$KVER
mkdir -p "$ASSETS"

log() { echo "envtest-assets: $*" >&2; }

# etcd: Debian's etcd-server is enough for envtest and the local cluster.
if [ ! -x "$ASSETS/etcd" ]; then
  if ! command -v etcd >/dev/null 2>&1 && [ ! -x /usr/bin/etcd ]; then
    if [ "$(id -u)" = 0 ]; then
      log "installing Debian etcd-server"
      (apt-get install -y -q etcd-server >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q etcd-server >/dev/null; })
    else
      log "etcd not found: install Debian's etcd-server (apt-get install etcd-server) and run again"; exit 1
    fi
  fi
  # The Debian package starts a system service on install; we only want the binary.
  systemctl disable --now etcd >/dev/null 2>&1 || true
  ln -sf "$(command -v etcd || echo /usr/bin/etcd)" "$ASSETS/etcd"
fi

# kubectl: the machine's if present, else built from the same kubernetes release.
need_kubectl=0
if [ ! -x "$ASSETS/kubectl" ]; then
  if command -v kubectl >/dev/null 2>&1; then ln -sf "$(command -v kubectl)" "$ASSETS/kubectl"; else need_kubectl=1; fi
fi

build() { # build <cmd path> <binary name>
  local bin=$2
  [ -x "$ASSETS/$bin" ] && return 0
  local W=$CACHE/kube-wrapper-$KVER
  mkdir -p "$W"
  if [ ! -f "$W/go.sum" ]; then
    log "preparing wrapper module for k8s.io/kubernetes $KVER"
    ( cd "$W"
      export GOFLAGS=-mod=mod
      go mod download -json "k8s.io/kubernetes@$KVER" >/dev/null
      M=$(go env GOMODCACHE)/cache/download/k8s.io/kubernetes/@v/$KVER.mod
      { echo "module local/kubewrapper"; echo; echo "go 1.25.0"; echo
        echo "require k8s.io/kubernetes $KVER"; echo
        echo "replace ("
        grep -E '^\s+k8s.io/[a-z0-9-]+ => ./staging/' "$M" | awk -v v="$SVER" '{print "\t"$1" => "$1" "v}'
        echo ")"; } > go.mod
      printf '//go:build tools\n\npackage tools\n\nimport (\n\t_ "k8s.io/kubernetes/cmd/kube-apiserver"\n\t_ "k8s.io/kubernetes/cmd/kube-controller-manager"\n\t_ "k8s.io/kubernetes/cmd/kubectl"\n)\n' > tools.go
      go mod tidy >/dev/null 2>&1 )
  fi
  log "building $bin $KVER (a few minutes on 2 cores, once)"
  ( cd "$W" && GOFLAGS=-mod=mod go build -trimpath \
      -ldflags "-s -w -X k8s.io/component-base/version.gitVersion=$KVER -X k8s.io/component-base/version.gitMajor=1 -X k8s.io/component-base/version.gitMinor=${KVER#v1.}" \
      -o "$ASSETS/$bin.tmp" "$1" && mv "$ASSETS/$bin.tmp" "$ASSETS/$bin" )
}

build k8s.io/kubernetes/cmd/kube-apiserver kube-apiserver
if [ "${WITH_KCM:-1}" = 1 ]; then build k8s.io/kubernetes/cmd/kube-controller-manager kube-controller-manager; fi
if [ $need_kubectl = 1 ]; then build k8s.io/kubernetes/cmd/kubectl kubectl; fi

echo "$ASSETS"
