#!/usr/bin/env bash
# What restcompress costs a response below the threshold (GET /api/ping, 4 bytes): server CPU
# time per request with restcompress on against the same app with it off.
#
# Two JVMs of one jar differ by up to about 7% in CPU per request on this kind of machine (JIT
# and memory layout), and the machine's speed drifts by 10-30% between runs of a few seconds.
# So the harness starts JVMS servers of each configuration, all pinned to one CPU, and loads an
# "on" and an "off" server at the same time (wrk pinned to the other CPU): both see the same
# machine. Every "on" server is paired with every "off" server. A pair's figure is the ratio of
# the servers' CPU time per request (utime + stime from /proc/PID/stat over the round, divided by
# the requests wrk counted); 1.03 means the layer costs 3% of the app's requests/s when the
# server is CPU-bound. Writes $OUT/pairs.txt and $OUT/summary.txt. See docs/benchmarks.md,
# section 4. Each server is warmed twice (WARM_UP_SECONDS of wrk each time) before any pair:
# a server still compiling its hot paths makes every pair it is in off by up to 3x.
#
#   benchmarks/below-threshold/run.sh [JAR]    # default: the sample app's jar (./mvnw package)
#   OFF_JAR=other.jar OFF_ARGS= benchmarks/below-threshold/run.sh JAR   # two builds, both on
#   JVMS=4 ROUNDS=2 SECONDS_PER_ROUND=6 WARM_UP_SECONDS=20 ON_ARGS="..." OFF_ARGS="..." OUT=DIR PORT_BASE=18400 ...
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
JAR=${1:-$ROOT/sample-app/target/sample-app-0.1.0-SNAPSHOT.jar}
JVMS=${JVMS:-4}
ROUNDS=${ROUNDS:-2}
SECONDS_PER_ROUND=${SECONDS_PER_ROUND:-6}
WARM_UP_SECONDS=${WARM_UP_SECONDS:-20}
ON_ARGS=${ON_ARGS:-}
OFF_ARGS=${OFF_ARGS---restcompress.enabled=false}
OFF_JAR=${OFF_JAR:-$JAR}
OUT=${OUT:-$ROOT/benchmarks/below-threshold/out}
PORT_BASE=${PORT_BASE:-18400}
SERVER_CPU=${SERVER_CPU:-1}
WRK_CPU=${WRK_CPU:-0}
PATH_UNDER_TEST=${PATH_UNDER_TEST:-/api/ping}
TICKS=$(getconf CLK_TCK)

# shellcheck source=benchmarks/below-threshold/servers.sh
. "$ROOT/benchmarks/below-threshold/servers.sh"
command -v wrk >/dev/null || { echo "wrk is needed (apt-get install wrk)" >&2; exit 1; }
for jar in "$JAR" "$OFF_JAR"; do
	[ -f "$jar" ] || { echo "no jar at $jar: run ./mvnw -pl sample-app -am package -DskipTests" >&2; exit 1; }
done
mkdir -p "$OUT"
declare -a ON OFF
declare -A PID_OF
trap 'kill "${PID_OF[@]}" 2>/dev/null || true' EXIT

start() { # jar port args...
	local jar=$1 port=$2
	shift 2
	# shellcheck disable=SC2086
	taskset -c "$SERVER_CPU" java -jar "$jar" --server.port="$port" "$@" >"$OUT/server-$port.log" 2>&1 &
	PID_OF[$port]=$!
	await_server "$port" "$OUT/server-$port.log"
}

cpu_ticks() { # port
	awk '{print $14 + $15}' "/proc/${PID_OF[$1]}/stat"
}

jit_ticks() { # port: the CPU time of the JIT compiler threads (utime + stime after the name)
	local task
	for task in /proc/"${PID_OF[$1]}"/task/*; do
		case $(cat "$task/comm" 2>/dev/null) in
		C1\ Compiler* | C2\ Compiler*) sed 's/.*) //' "$task/stat" 2>/dev/null | awk '{print $12 + $13}' ;;
		esac
	done | awk '{sum += $1} END {print sum + 0}'
}

requests() { # file
	grep -oP '\d+(?= requests in)' "$1"
}

port=$PORT_BASE
for _ in $(seq "$JVMS"); do
	port=$((port + 1)); OFF+=("$port")
	# shellcheck disable=SC2086
	start "$OFF_JAR" "$port" $OFF_ARGS
	port=$((port + 1)); ON+=("$port")
	# shellcheck disable=SC2086
	start "$JAR" "$port" $ON_ARGS
done
for _ in 1 2; do
	for p in "${OFF[@]}" "${ON[@]}"; do
		taskset -c "$WRK_CPU" wrk -t1 -c8 -d"${WARM_UP_SECONDS}s" "http://127.0.0.1:$p$PATH_UNDER_TEST" >/dev/null
	done
done

{
	echo "# $(date -u '+%F %T') UTC, jar $JAR (off: $OFF_JAR $OFF_ARGS), $JVMS JVMs per configuration, $ROUNDS rounds of ${SECONDS_PER_ROUND}s per pair"
	echo "# on: $ON_ARGS; off: $OFF_ARGS"
	echo "# columns: on-port off-port on-requests off-requests on-cpu-us-per-request off-cpu-us-per-request ratio"
	echo "#   ratio-without-jit (the same, without the JIT compiler threads' CPU time)"
} >"$OUT/pairs.txt"
for on in "${ON[@]}"; do
	for off in "${OFF[@]}"; do
		for _ in $(seq "$ROUNDS"); do
			on0=$(cpu_ticks "$on"); off0=$(cpu_ticks "$off")
			jit_on0=$(jit_ticks "$on"); jit_off0=$(jit_ticks "$off")
			taskset -c "$WRK_CPU" wrk -t1 -c8 -d"${SECONDS_PER_ROUND}s" "http://127.0.0.1:$on$PATH_UNDER_TEST" >"$OUT/wrk-on.txt" &
			load_on=$!
			taskset -c "$WRK_CPU" wrk -t1 -c8 -d"${SECONDS_PER_ROUND}s" "http://127.0.0.1:$off$PATH_UNDER_TEST" >"$OUT/wrk-off.txt" &
			wait $load_on $!
			on1=$(cpu_ticks "$on"); off1=$(cpu_ticks "$off")
			jit_on1=$(jit_ticks "$on"); jit_off1=$(jit_ticks "$off")
			python3 - "$on" "$off" "$(requests "$OUT/wrk-on.txt")" "$(requests "$OUT/wrk-off.txt")" \
				"$((on1 - on0))" "$((off1 - off0))" "$TICKS" \
				"$((jit_on1 - jit_on0))" "$((jit_off1 - jit_off0))" >>"$OUT/pairs.txt" <<-'EOF'
				import sys
				on, off, n_on, n_off, t_on, t_off, ticks, jit_on, jit_off = sys.argv[1:]
				us_on = int(t_on) * 1e6 / int(ticks) / int(n_on)
				us_off = int(t_off) * 1e6 / int(ticks) / int(n_off)
				without_jit = (int(t_on) - max(int(jit_on), 0)) / int(n_on) / ((int(t_off) - max(int(jit_off), 0)) / int(n_off))
				print(f"{on} {off} {n_on} {n_off} {us_on:.2f} {us_off:.2f} {us_on / us_off:.4f} {without_jit:.4f}")
			EOF
		done
	done
done
python3 "$ROOT/benchmarks/below-threshold/summarize.py" "$OUT/pairs.txt" | tee "$OUT/summary.txt"
