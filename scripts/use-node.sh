# Sourced, never run: `. scripts/use-node.sh` puts the project's Node (.nvmrc's major) first on this
# shell's PATH, so that what a developer types by hand (node, npx, a benchmark) runs on the same Node as
# the npm scripts. npm scripts need none of this: `npm install` links that Node as node_modules/.bin/node
# (scripts/node-runtime.mjs, which fetches it from the npm registry when the machine's node is older).
use_node_bin="$(node "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/node-runtime.mjs" --print-bin-dir)" || return 1
case ":$PATH:" in *":$use_node_bin:"*) ;; *) export PATH="$use_node_bin:$PATH" ;; esac
echo "[use-node] $(command -v node) $(node -v)" >&2
unset use_node_bin
