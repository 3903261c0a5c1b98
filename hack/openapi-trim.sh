#!/usr/bin/env bash
# openapi-trim.sh regenerates internal/emulator/testdata/openapi/ from GitHub's
# official OpenAPI description as published in the npm package @octokit/openapi.
# Only the operations the emulator serves (see hack/openapi-trim/trim.js) and the
# components they reference are kept. Requires npm and node.
set -euo pipefail

VERSION="${OCTOKIT_OPENAPI_VERSION:-23.0.2}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT_DIR="${ROOT}/internal/emulator/testdata/openapi"
TMP="$(mktemp -d)"
trap 'rm -rf "${TMP}"' EXIT

npm install --no-save --no-audit --no-fund --prefix "${TMP}" "@octokit/openapi@${VERSION}" >/dev/null
PKG="${TMP}/node_modules/@octokit/openapi"

mkdir -p "${OUT_DIR}"
node "${ROOT}/hack/openapi-trim/trim.js" "${PKG}/generated/api.github.com.json" \
  "${OUT_DIR}/api.github.com.trimmed.json" "${VERSION}"
cp "${PKG}/LICENSE" "${OUT_DIR}/LICENSE"
cat > "${OUT_DIR}/NOTICE" <<NOTICE
api.github.com.trimmed.json is derived from generated/api.github.com.json in the
npm package @octokit/openapi version ${VERSION} (https://www.npmjs.com/package/@octokit/openapi,
source https://github.com/octokit/openapi), which amends GitHub's official REST API
description (https://github.com/github/rest-api-description). It is distributed
under the MIT License reproduced in LICENSE in this directory.

It was produced by hack/openapi-trim.sh, which keeps only the operations served by
internal/emulator and the components they reference, and drops examples and long
descriptions. Do not edit it by hand; re-run the script instead.
NOTICE
echo "wrote ${OUT_DIR}"
