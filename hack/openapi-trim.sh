#!/usr/bin/env bash
# openapi-trim.sh regenerates internal/emulator/testdata/openapi/ from GitHub's
# official OpenAPI description as published in the npm package @octokit/openapi.
# Only the operations the emulator serves and the components they reference are
# kept. The emulator's route table is the list: operations.txt is written from it
# (go run ./cmd/github-emulator --list-operations), trimmed to by
# hack/openapi-trim/trim.js, and the endpoint list of docs/emulator.md is
# refreshed from it too. Requires go, npm and node.
set -euo pipefail

VERSION="${OCTOKIT_OPENAPI_VERSION:-23.0.2}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT_DIR="${ROOT}/internal/emulator/testdata/openapi"
TMP="$(mktemp -d)"
trap 'rm -rf "${TMP}"' EXIT

# The list first: it needs only go, and a broken route table should fail fast.
OPS="${OUT_DIR}/operations.txt"
mkdir -p "${OUT_DIR}"
{
  echo "# The operations internal/emulator serves, read from its route table by"
  echo "# hack/openapi-trim.sh (go run ./cmd/github-emulator --list-operations)."
  echo "# Do not edit: re-run the script."
  (cd "${ROOT}" && go run ./cmd/github-emulator --list-operations)
} > "${TMP}/operations.txt"
mv "${TMP}/operations.txt" "${OPS}"

npm install --no-save --no-audit --no-fund --prefix "${TMP}" "@octokit/openapi@${VERSION}" >/dev/null
PKG="${TMP}/node_modules/@octokit/openapi"

node "${ROOT}/hack/openapi-trim/trim.js" "${PKG}/generated/api.github.com.json" \
  "${OUT_DIR}/api.github.com.trimmed.json" "${VERSION}" "${OPS}"
cp "${PKG}/LICENSE" "${OUT_DIR}/LICENSE"
cat > "${OUT_DIR}/NOTICE" <<NOTICE
api.github.com.trimmed.json is derived from generated/api.github.com.json in the
npm package @octokit/openapi version ${VERSION} (https://www.npmjs.com/package/@octokit/openapi,
source https://github.com/octokit/openapi), which amends GitHub's official REST API
description (https://github.com/github/rest-api-description). It is distributed
under the MIT License reproduced in LICENSE in this directory.

It was produced by hack/openapi-trim.sh, which keeps only the operations served by
internal/emulator (listed in operations.txt, written from the emulator's route
table) and the components they reference, and drops examples and long
descriptions. Do not edit it by hand; re-run the script instead.
NOTICE
(cd "${ROOT}" && go test ./internal/emulator/ -run '^TestDocsListServedOperations$' -update-docs >/dev/null)
echo "wrote ${OUT_DIR} and the operations section of docs/emulator.md"
