#!/usr/bin/env bash
# `make xpkg`: the provider as one Crossplane package file that carries its runtime image.
#
#   1. a static provider binary (CGO_ENABLED=0)            -> _output/bin/linux_amd64/provider
#   2. the runtime image, built from scratch without Docker -> _output/xpkg/provider-github-runtime.tar
#      (hack/xpkg: passwd/group from cluster/images/provider-github/rootfs, this machine's CA bundle,
#       the binary; user 65532; entrypoint /usr/local/bin/provider)
#   3. `crossplane xpkg build` with package/, examples/ and that image embedded
#                                                          -> _output/xpkg/provider-github.xpkg
#   4. a look inside the .xpkg: fails unless metadata, every CRD of package/crds, the examples
#      and the runtime image are there, and if `crossplane xpkg build` printed any warning.
#
# VERSION (default: git describe, else v0.0.0-dev) is compiled into the binary and tags the image.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=$PWD/_output
XOUT=$OUT/xpkg
ARCH=${ARCH:-amd64}
VERSION=${VERSION:-$(git describe --tags --always --dirty 2>/dev/null || echo v0.0.0-dev)}
mkdir -p "$XOUT" "$OUT/bin/linux_$ARCH"

XP_BIN=$(hack/crossplane-tools.sh crossplane | tail -n 1)

echo "xpkg: building the static provider binary ($VERSION, linux/$ARCH)"
CGO_ENABLED=0 GOOS=linux GOARCH=$ARCH go build -trimpath \
  -ldflags "-s -w -X github.com/crossplane-github/provider-github/internal/version.Version=$VERSION" \
  -o "$OUT/bin/linux_$ARCH/provider" ./cmd/provider

echo "xpkg: building the runtime image"
(cd hack/xpkg && go build -o "$OUT/bin/xpkg" .)
"$OUT/bin/xpkg" image --binary "$OUT/bin/linux_$ARCH/provider" --arch "$ARCH" \
  --rootfs cluster/images/provider-github/rootfs --ca-certs "${CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}" \
  --tag "provider-github:$VERSION" -o "$XOUT/provider-github-runtime.tar"

echo "xpkg: building the package"
rm -f "$XOUT/provider-github.xpkg"
"$XP_BIN/crossplane" xpkg build --verbose --package-root=package --examples-root=examples \
  --embed-runtime-image-tarball="$XOUT/provider-github-runtime.tar" \
  --package-file="$XOUT/provider-github.xpkg" 2>&1 | tee "$XOUT/build.log"
if grep -qiE 'warn' "$XOUT/build.log"; then
  echo "xpkg: crossplane xpkg build printed warnings (see above)" >&2
  exit 1
fi

echo "xpkg: checking what the package carries"
"$OUT/bin/xpkg" inspect --crds package/crds "$XOUT/provider-github.xpkg"
echo "xpkg: $XOUT/provider-github.xpkg ($(du -h "$XOUT/provider-github.xpkg" | cut -f1))"
