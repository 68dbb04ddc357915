#!/usr/bin/env bash
# Prints the path of a Node.js binary of the version `npm test` also tests on (Node 24 LTS, next to
# the machine's own), installing it first from the npm registry's `node` package into a cache:
#
#   node24=$(bash scripts/ensure-node.sh)
#
# No other download: the `node` package brings the official binary for this platform. The cache
# is reused by later runs (STOOP_CACHE_DIR, default ~/.cache/stoop).
set -euo pipefail

version=${STOOP_SECOND_NODE:-24.21.0}
cache=${STOOP_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/stoop}/node-$version
binary=$cache/node_modules/node/bin/node

if ! "$binary" --version >/dev/null 2>&1; then
  rm -rf "$cache"
  mkdir -p "$cache"
  echo "ensure-node: installing node@$version from the npm registry into $cache" >&2
  # --ignore-scripts=false: the package's preinstall links the binary for this platform.
  npm install --prefix "$cache" --no-save --no-audit --no-fund --loglevel=error \
    --ignore-scripts=false "node@$version" >&2
fi
actual=$("$binary" --version)
if [ "$actual" != "v$version" ]; then
  echo "ensure-node: $binary is $actual, expected v$version" >&2
  exit 1
fi
echo "$binary"
