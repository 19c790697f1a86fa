#!/usr/bin/env bash
# Where a below-threshold response's extra CPU goes: an "on" and an "off" server (the same jar
# by default, OFF_ARGS=--restcompress.enabled=false) pinned to CPU 1, each warmed by WARM_UP_SECONDS
# of wrk twice, then profiled together by async-profiler (CPU samples, kernel frames included)
# while one wrk per server loads both at the same moment (wrk pinned to CPU 0), as run.sh does.
# Writes $OUT/on.collapsed and $OUT/off.collapsed (collapsed stacks) and prints, per request
# served, the frames whose samples differ most, and restcompress's own frames. See
# docs/benchmarks.md, section 4. async-profiler is fetched from Maven Central on first use.
#
#   benchmarks/below-threshold/profile.sh [JAR]
#   OFF_JAR=other.jar OFF_ARGS= SECONDS_PROFILED=40 INTERVAL=1ms OUT=DIR benchmarks/below-threshold/profile.sh JAR
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$ROOT/benchmarks/below-threshold
JAR=${1:-$ROOT/sample-app/target/sample-app-0.1.0-SNAPSHOT.jar}
OFF_JAR=${OFF_JAR:-$JAR}
ON_ARGS=${ON_ARGS:-}
OFF_ARGS=${OFF_ARGS---restcompress.enabled=false}
OUT=${OUT:-$HERE/profile-out}
WARM_UP_SECONDS=${WARM_UP_SECONDS:-30}
SECONDS_PROFILED=${SECONDS_PROFILED:-40}
INTERVAL=${INTERVAL:-1ms}
PORT_BASE=${PORT_BASE:-18540}
PATH_UNDER_TEST=${PATH_UNDER_TEST:-/api/ping}
PROFILER_VERSION=4.2
PROFILER_DIR=${PROFILER_DIR:-$HOME/.cache/restcompress/async-profiler-$PROFILER_VERSION}
LIBRARY=$PROFILER_DIR/linux-x64/libasyncProfiler.so

# shellcheck source=benchmarks/below-threshold/servers.sh
. "$ROOT/benchmarks/below-threshold/servers.sh"
command -v wrk >/dev/null || { echo "wrk is needed (apt-get install wrk)" >&2; exit 1; }
if [ ! -f "$LIBRARY" ]; then
	mkdir -p "$PROFILER_DIR"
	curl -fsSL -o "$PROFILER_DIR/async-profiler.jar" \
		"https://repo1.maven.org/maven2/tools/profiler/async-profiler/$PROFILER_VERSION/async-profiler-$PROFILER_VERSION.jar"
	(cd "$PROFILER_DIR" && unzip -oq async-profiler.jar 'linux-x64/*')
fi
mkdir -p "$OUT"
declare -A PID_OF
trap 'kill "${PID_OF[@]}" 2>/dev/null || true' EXIT

start() { # name jar port args...
	local name=$1 jar=$2 port=$3
	shift 3
	# shellcheck disable=SC2086
	taskset -c 1 java -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints -jar "$jar" \
		--server.port="$port" "$@" >"$OUT/server-$name.log" 2>&1 &
	PID_OF[$name]=$!
	await_server "$port" "$OUT/server-$name.log"
}

profiler() { # name options
	java "$HERE/Attach.java" "${PID_OF[$1]}" "$LIBRARY" "$2"
}

ON_PORT=$((PORT_BASE + 1)); OFF_PORT=$((PORT_BASE + 2))
# shellcheck disable=SC2086
start on "$JAR" "$ON_PORT" $ON_ARGS
# shellcheck disable=SC2086
start off "$OFF_JAR" "$OFF_PORT" $OFF_ARGS
for port in "$ON_PORT" "$OFF_PORT" "$ON_PORT" "$OFF_PORT"; do
	taskset -c 0 wrk -t1 -c8 -d"${WARM_UP_SECONDS}s" "http://127.0.0.1:$port$PATH_UNDER_TEST" >/dev/null
done
profiler on "start,event=cpu,interval=$INTERVAL"
profiler off "start,event=cpu,interval=$INTERVAL"
taskset -c 0 wrk -t1 -c8 -d"${SECONDS_PROFILED}s" "http://127.0.0.1:$ON_PORT$PATH_UNDER_TEST" >"$OUT/wrk-on.txt" &
load_on=$!
taskset -c 0 wrk -t1 -c8 -d"${SECONDS_PROFILED}s" "http://127.0.0.1:$OFF_PORT$PATH_UNDER_TEST" >"$OUT/wrk-off.txt"
wait "$load_on"
profiler on "stop,file=$OUT/on.collapsed,collapsed"
profiler off "stop,file=$OUT/off.collapsed,collapsed"
python3 "$HERE/compare_profiles.py" "$OUT" | tee "$OUT/comparison.txt"
