#!/usr/bin/env bash
# Builds PingCAP's go-tpc (the TPC-C peer of scripts/perf/tpcc.sh) once per
# machine into $DBGAUGE_CACHE_DIR (default ~/.cache/dbgauge) and prints the
# binary's path. A second call finds the cached binary and prints its path.
#
#   scripts/perf/gotpc-build.sh          # -> ~/.cache/dbgauge/go-tpc-v1.0.12
#
# `go install github.com/pingcap/go-tpc/cmd/go-tpc@v1.0.12` fails here (the
# module proxy refuses the version list; shared/PLATFORM.md), so: the module
# source from the proxy, copied somewhere writable, built there (about
# 2 minutes on 2 cores). go-tpc's code and binary are never part of dbgauge's
# tree or go.mod.
set -euo pipefail
GOTPC_VERSION=v1.0.12
CACHE_DIR=${DBGAUGE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/dbgauge}
BIN=$CACHE_DIR/go-tpc-$GOTPC_VERSION

log() { echo "gotpc-build: $*" >&2; }

if [ -x "$BIN" ]; then
	echo "$BIN"
	exit 0
fi
command -v go >/dev/null || { log "go-tpc is built with Go, and go is not on PATH"; exit 1; }
log "building go-tpc $GOTPC_VERSION into $BIN (once per machine, about 2 minutes on 2 cores)"
mkdir -p "$CACHE_DIR"
start=$SECONDS
tmp=$(mktemp -d "$CACHE_DIR/go-tpc-build.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# Outside any module, so that dbgauge's go.mod and go.sum stay untouched.
src=$(cd "$tmp" && GOWORK=off go mod download -json "github.com/pingcap/go-tpc@$GOTPC_VERSION" |
	sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p') || true
if [ -z "$src" ] || [ ! -d "$src" ]; then
	log "go mod download github.com/pingcap/go-tpc@$GOTPC_VERSION failed"
	exit 1
fi
cp -R "$src" "$tmp/src" && chmod -R u+w "$tmp/src"
if ! (cd "$tmp/src" && GOWORK=off GOFLAGS=-buildvcs=false go build -trimpath -ldflags "-X main.version=$GOTPC_VERSION" -o "$tmp/go-tpc" ./cmd/go-tpc) >"$tmp/build.log" 2>&1; then
	cat "$tmp/build.log" >&2
	exit 1
fi
# A rename: a build that was interrupted never leaves a half binary in place.
mv -f "$tmp/go-tpc" "$BIN"
log "built go-tpc in $((SECONDS - start)) s"
echo "$BIN"
