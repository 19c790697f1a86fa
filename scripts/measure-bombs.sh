#!/usr/bin/env bash
# Measures how the sample app handles 1 GiB decompression bombs (docs/reliability.md): starts the
# sample app jar with a fixed heap and GC logging on a free loopback port, sends one bomb per
# coding and then several at once, and prints a table. Not part of CI.
#   scripts/measure-bombs.sh [--parallel N]      HEAP=128m, LIMIT=16MB (max-decoded-size) by default
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
INTEROP_DIR="$ROOT/interop"
source "$INTEROP_DIR/lib/app.sh"
HEAP="${HEAP:-128m}"
LIMIT="${LIMIT:-16MB}"
LOG_DIR="$INTEROP_DIR/target/bombs"
mkdir -p "$LOG_DIR"

interop_venv
trap interop_stop_app EXIT
trap "exit 130" INT
trap "exit 143" TERM
interop_start_app "$LOG_DIR/sample-app.log" "-Xms$HEAP" "-Xmx$HEAP" "-Xlog:gc:file=$LOG_DIR/gc.log" \
	-- "--restcompress.server.request.max-decoded-size=$LIMIT"
echo "heap -Xmx$HEAP, restcompress.server.request.max-decoded-size=$LIMIT"
"$(interop_python)" "$INTEROP_DIR/tools/measure_bombs.py" --base-url "$APP_URL" --pid "$APP_PID" "$@"
echo "largest heap after a GC pause: $(grep -oE -- '->[0-9]+M' "$LOG_DIR/gc.log" | tr -d '>M-' | sort -n | tail -1) MB (from $LOG_DIR/gc.log)"
