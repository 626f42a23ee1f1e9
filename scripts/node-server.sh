#!/bin/sh
# Starts the platform or the console with the memory settings their RSS bounds rest on
# (docs/design/exports.md, "Memory during an export"). This is the one place they are written:
# package.json's start:platform / start:console, scripts/start.ts, the benchmarks and the systemd
# units in deploy/ all start the servers through it.
#
#   sh scripts/node-server.sh platform|console [entry and its arguments]
#
# Without an entry it runs the built server (`npm run build`). NODE names the node binary (default:
# the node on PATH). The V8 settings go first in NODE_OPTIONS, so an operator's own NODE_OPTIONS
# (/etc/tms/tms.env) comes after them and wins; so does a MALLOC_* set in the environment.
set -e

# glibc: at most two malloc arenas (by default each thread that allocates, libuv's and V8's helpers,
# may grow an arena of its own, up to 8 per core), and blocks from 128 KB up mapped and unmapped on
# their own (by default the threshold climbs to 32 MB after the first large free, and the export's
# page buffers then stay in the heap, fragmented, after they are freed).
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"

# jemalloc instead, where it is installed (Debian: libjemalloc2): glibc keeps what a burst of requests
# freed in its free lists (the console 20 MB above its rest after a list load, whatever the arenas),
# jemalloc hands pages back a second after they were last used, from a thread of its own when idle.
# TMS_MALLOC=glibc keeps glibc; an LD_PRELOAD or MALLOC_CONF of the operator's own is left as it is.
if [ "${TMS_MALLOC:-jemalloc}" = jemalloc ] && [ -z "${LD_PRELOAD:-}" ]; then
  for lib in /usr/lib/x86_64-linux-gnu/libjemalloc.so.2 /usr/lib/aarch64-linux-gnu/libjemalloc.so.2 /usr/lib64/libjemalloc.so.2 /usr/lib/libjemalloc.so.2; do
    if [ -r "$lib" ]; then
      export LD_PRELOAD="$lib"
      export MALLOC_CONF="${MALLOC_CONF:-narenas:2,dirty_decay_ms:1000,muzzy_decay_ms:0,background_thread:true}"
      break
    fi
  done
fi

# V8: a young generation of at most 3 × 4 MB (two semi-spaces and the large-object reserve) instead
# of growing to 2 × 64 MB and keeping it: the export's pages and a page render's objects die young
# either way, and a scavenge of a few MB is cheap.
server="$1"
[ $# -gt 0 ] && shift
case "$server" in
  platform)
    flags="--max-semi-space-size=4 --max-old-space-size=512"
    [ $# -gt 0 ] || set -- build/server/platform/main.js
    ;;
  console)
    flags="--max-semi-space-size=4 --max-old-space-size=1024"
    [ $# -gt 0 ] || set -- build/server/scripts/console-server.js
    ;;
  *)
    echo "usage: sh scripts/node-server.sh platform|console [entry [arguments]]" >&2
    exit 64
    ;;
esac
export NODE_OPTIONS="$flags${NODE_OPTIONS:+ $NODE_OPTIONS}"
# No --enable-source-maps: node then decodes each bundle's map at load and keeps it (about 30 MB of
# the platform's RSS at rest, a sixth of it). The bundles are not minified (function names and a
# "// path/file.ts" line per module), and the maps are built beside them: an operator who wants
# stack traces in the TypeScript sources sets NODE_OPTIONS=--enable-source-maps.
exec "${NODE:-node}" "$@"
