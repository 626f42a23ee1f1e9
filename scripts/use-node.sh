# Sourced, never run: `. scripts/use-node.sh` (from .ci/run, or by a developer before `npm install`).
# Makes the Node major named in .nvmrc the `node` of this shell when the machine's node is older:
# the official build comes from the npm registry (package node-linux-<arch>@<major>, binary and headers),
# unpacked once into a cache directory, then put first on PATH. Either way, when the running node ships
# its headers (include/node), npm_config_nodedir points at them so node-gyp builds native modules
# (better-sqlite3) from source against them instead of downloading headers or prebuilt binaries.
# Design: docs/design/deployment.md, "Node 24 LTS".
use_node_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
use_node_want="$(cut -d. -f1 "$use_node_root/.nvmrc")"
use_node_have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$use_node_have" -lt "$use_node_want" ]; then
  case "$(uname -m)" in x86_64) use_node_arch=x64 ;; aarch64) use_node_arch=arm64 ;; *) use_node_arch="$(uname -m)" ;; esac
  use_node_home="${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/tms-node-${use_node_want}-${use_node_arch}"
  if [ ! -x "$use_node_home/package/bin/node" ]; then
    echo "[use-node] node ${use_node_have} is older than .nvmrc's ${use_node_want}: fetching node-linux-${use_node_arch}@${use_node_want} from the npm registry into ${use_node_home}" >&2
    rm -rf "$use_node_home" && mkdir -p "$use_node_home"
    (cd "$use_node_home" && npm pack --silent "node-linux-${use_node_arch}@${use_node_want}" >/dev/null && tar xzf node-linux-*.tgz && rm -f node-linux-*.tgz)
  fi
  # npm takes its global prefix, and so its global npmrc (registry, cafile), from the node that runs
  # it: keep the machine's, not the unpacked package's.
  if [ -z "${npm_config_prefix:-}" ] && command -v npm >/dev/null 2>&1; then
    npm_config_prefix="$(npm prefix -g)"
    export npm_config_prefix
  fi
  export PATH="$use_node_home/package/bin:$PATH"
fi
use_node_prefix="$(dirname "$(dirname "$(command -v node)")")"
if [ -z "${npm_config_nodedir:-}" ] && [ -f "$use_node_prefix/include/node/common.gypi" ]; then
  export npm_config_nodedir="$use_node_prefix"
fi
echo "[use-node] $(command -v node) $(node -v)${npm_config_nodedir:+, headers in $npm_config_nodedir}" >&2
unset use_node_root use_node_want use_node_have use_node_arch use_node_home use_node_prefix
