#!/usr/bin/env bash
# Load run against the sample app (docs/reliability.md; not part of CI): 64 connections for 60 s
# of mixed lzf/gzip/identity GETs and compressed POSTs with wrk (installed from Debian if
# missing), every response compared with reference bodies, a Python sampler decoding responses
# alongside, and heap (after a full GC) and RSS before and after.
# The heap is fixed and pre-touched, so that RSS growth shows native memory (zlib's state is
# allocated outside the Java heap). ROUNDS=2 runs the measured load twice to show a plateau.
# MIX=native swaps the mix for the codings whose state lives in native memory (zstd-jni, brotli4j):
# zstd and br on /api/static and /api/echo, dcz and dcb on the polled /api/feed and /api/bulletin,
# whose dictionaries the server keeps, prepares and evicts.
#   scripts/load-test.sh            CONNECTIONS=64 DURATION=60s WARMUP=15s HEAP=512m THREADS=2 ROUNDS=1
#                                   MIX=mixed|native APP_JVM_OPTIONS="-Xlog:gc:file=gc.log"
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
INTEROP_DIR="$ROOT/interop"
source "$INTEROP_DIR/lib/app.sh"
CONNECTIONS="${CONNECTIONS:-64}"
DURATION="${DURATION:-60s}"
WARMUP="${WARMUP:-15s}"
HEAP="${HEAP:-512m}"
THREADS="${THREADS:-2}"
ROUNDS="${ROUNDS:-1}"
MIX="${MIX:-mixed}"
case "$MIX" in
	mixed) REFERENCES=references SAMPLED=lzf,gzip,identity ;;
	native) REFERENCES=native-references SAMPLED=zstd,br,identity ;;
	*) echo "MIX must be mixed or native, not $MIX" >&2; exit 2 ;;
esac
SCRIPT="$ROOT/scripts/load/checked.lua"
OUT="$INTEROP_DIR/target/load"
mkdir -p "$OUT"

if ! command -v wrk > /dev/null; then
	apt-get update -qq && apt-get install -y -qq wrk
fi
interop_venv
PY="$(interop_python)"
CHECK="$INTEROP_DIR/tools/load_check.py"
trap interop_stop_app EXIT
trap "exit 130" INT
trap "exit 143" TERM
# shellcheck disable=SC2086 # APP_JVM_OPTIONS is a list of options
interop_start_app "$OUT/sample-app.log" "-Xms$HEAP" "-Xmx$HEAP" -XX:+AlwaysPreTouch ${APP_JVM_OPTIONS:-}
"$PY" "$CHECK" --base-url "$APP_URL" "$REFERENCES" "$OUT/references"
export LOAD_REFERENCES="$OUT/references"

echo "mix: $MIX; machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the run"
echo "warm-up: $WARMUP"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"$WARMUP" --timeout 30s -s "$SCRIPT" "$APP_URL" | grep RESULT
"$PY" "$CHECK" --base-url "$APP_URL" memory "$APP_PID" | sed 's/^MEMORY/BEFORE/'

: > "$OUT/wrk.txt"
: > "$OUT/samples.txt"
for round in $(seq 1 "$ROUNDS"); do
	echo "round $round: $DURATION"
	"$PY" "$CHECK" --base-url "$APP_URL" sample "${DURATION%s}" --codings "$SAMPLED" >> "$OUT/samples.txt" &
	SAMPLER=$!
	wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --timeout 30s --latency -s "$SCRIPT" \
		"$APP_URL" | tee -a "$OUT/wrk.txt"
	wait "$SAMPLER"
	tail -n 1 "$OUT/samples.txt"
	"$PY" "$CHECK" --base-url "$APP_URL" memory "$APP_PID" | sed "s/^MEMORY/AFTER ROUND $round/"
done
echo "machine: load average $(cut -d' ' -f1-3 /proc/loadavg) after the run"
if grep -qE 'ERROR|Exception' "$OUT/sample-app.log"; then
	echo "the app logged errors, see $OUT/sample-app.log"
fi
if grep RESULT "$OUT/wrk.txt" | grep -qv 'wrong=0 connect_errors=0 read_errors=0 write_errors=0 timeouts=0 non2xx=0' \
		|| grep -v 'wrong=0 failed=0' "$OUT/samples.txt" | grep -q SAMPLES; then
	echo "LOAD TEST FAILED: errors or wrong bodies (see above)"
	exit 1
fi
echo "LOAD TEST PASSED: no errors, no wrong bodies"
