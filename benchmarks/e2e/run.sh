#!/usr/bin/env bash
# End-to-end benchmark of the sample app: no compression, restcompress (lzf, zstd, gzip, and the
# adaptive decision) and Spring Boot's server.compression, on loopback and on links emulated with tc tbf inside a
# network namespace, plus wrk throughput. Needs root (ip netns, tc). Writes raw results to
# benchmarks/e2e/out/ (or $OUT), the summary to $OUT/e2e.md and the chart to
# docs/benchmarks-request-time.png. See docs/benchmarks.md.
#
#   benchmarks/e2e/run.sh            # full run, about 20 minutes
#   QUICK=1 benchmarks/e2e/run.sh    # smoke test: a few requests per link, short wrk runs
#   SKIP_BUILD=1 ...                 # use the jars in */target as they are
#   SERVER=reactive ...              # serve sample-app-reactive (WebFlux, Reactor Netty) instead
#   WRK_ONLY=1 ...                   # only the wrk part (about 10 minutes): no request timings
#                                    # per link, no predictions, no chart
#   SKIP_WRK=1 ...                   # only the request timings per link (about 6 minutes)
#   WRK_PATHS="api/ping" ...         # wrk on these paths only (of bench/static api/complex/10000
#                                    # api/ping)
#   ADAPTIVE_JIT_WARMUP=N ...        # exchanges of each endpoint that warm each new adaptive
#                                    # server's JVM on unshaped loopback (default 1000)
#   LINKS="loopback 1gbit" ...       # time requests on these links only (of loopback 10gbit
#                                    # 1gbit 100mbit 10mbit)
#   OUT=DIR CHART=FILE ...           # where the raw results and the chart go
#   BURST=3000 ...                   # tbf burst of every shaped link (default 128kb at 10gbit,
#                                    # 32kb at 1gbit, 16kb below); a burst passes at loopback
#                                    # speed, so small bodies sent one at a time never wait
#   PACED=1 ...                      # also a tbf peakrate 1% above the rate (1gbit and slower):
#                                    # every packet then waits its serialization time, as on a
#                                    # real link, bursts included
#
# The build is `./mvnw package` of the sample app and the benchmarks module (with -am), never
# `install`: the jars stay in */target.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/benchmarks/e2e"
OUT=${OUT:-$HERE/out}
CHART=${CHART:-$ROOT/docs/benchmarks-request-time.png}
QUICK=${QUICK:-0}
WRK_ONLY=${WRK_ONLY:-0}
SKIP_WRK=${SKIP_WRK:-0}
ADAPTIVE_JIT_WARMUP=${ADAPTIVE_JIT_WARMUP:-1000}
case "${SERVER:-servlet}" in
	servlet) SAMPLE=sample-app ;;
	reactive) SAMPLE=sample-app-reactive ;;
	*) echo "SERVER must be servlet or reactive, was $SERVER" >&2; exit 2 ;;
esac
NS="rcbench-$$"
PLAIN_PORT=18081
OURS_PORT=18082
BOOT_PORT=18083
ADAPTIVE_PORT=18084
JVM_OPTS=${JVM_OPTS:--Xms512m -Xmx1g}
read -r -a LINKS <<<"${LINKS:-loopback 10gbit 1gbit 100mbit 10mbit}"
for link in "${LINKS[@]}"; do
	case "$link" in
		loopback | 10gbit | 1gbit | 100mbit | 10mbit) ;;
		*) echo "LINKS takes loopback 10gbit 1gbit 100mbit 10mbit, not $link" >&2; exit 2 ;;
	esac
done
SERVER_PIDS=()

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

cleanup() {
	for pid in "${SERVER_PIDS[@]}"; do
		kill "$pid" 2>/dev/null || true
	done
	for pid in "${SERVER_PIDS[@]}"; do
		wait "$pid" 2>/dev/null || true
	done
	ip netns del "$NS" 2>/dev/null || true
}
trap cleanup EXIT

in_ns() { ip netns exec "$NS" "$@"; }

requirements() {
	[ "$(id -u)" = 0 ] || { echo "run as root: ip netns and tc need it" >&2; exit 1; }
	command -v ip >/dev/null && command -v tc >/dev/null || { apt-get update -qq && apt-get install -y -qq iproute2; }
	command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
	command -v curl >/dev/null || { apt-get update -qq && apt-get install -y -qq curl; }
	if [ ! -x "$HERE/.venv/bin/python" ]; then
		python3 -m venv "$HERE/.venv" || { apt-get update -qq && apt-get install -y -qq python3-venv && python3 -m venv "$HERE/.venv"; }
	fi
	"$HERE/.venv/bin/python" -c 'import matplotlib' 2>/dev/null \
		|| "$HERE/.venv/bin/pip" install -q -r "$HERE/requirements.txt"
}

build() {
	if [ "${SKIP_BUILD:-0}" != 1 ] || ! ls "$ROOT/$SAMPLE/target/$SAMPLE"-*.jar >/dev/null 2>&1 \
			|| [ ! -f "$ROOT/benchmarks/target/benchmarks.jar" ]; then
		log "building the sample app and the benchmarks"
		# clean: an unchanged sample app would keep its repackaged jar, with the old restcompress inside
		(cd "$ROOT" && ./mvnw -q -B -ntp -pl "$SAMPLE",benchmarks -am clean package -DskipTests)
	fi
	APP=$(ls "$ROOT/$SAMPLE/target/$SAMPLE"-*.jar | grep -v original | head -1)
	BENCH="$ROOT/benchmarks/target/benchmarks.jar"
}

# The sample app gets the benchmark's untagged copy of /api/static, and zstd-jni (and brotli4j,
# lz4-java) when its restcompress has the codec but its jar does not carry the library, from
# loader.path.
optional_libraries() {
	LIB="$OUT/lib"
	mkdir -p "$LIB"
	cp "$ROOT"/benchmarks/target/benchmarks-*-sample-extension.jar "$LIB/"
	local missing
	missing=$("$HERE/.venv/bin/python" "$HERE/summarize.py" --missing-libraries "$APP")
	for artifact in $missing; do
		log "adding $artifact to the sample app's loader.path"
		(cd "$ROOT" && ./mvnw -q -B -ntp dependency:copy -Dartifact="$artifact" -DoutputDirectory="$LIB")
	done
}

start_server() { # name port args...
	local name=$1 port=$2
	shift 2
	# not through a function: $! must be the server itself (ip netns exec execs it) for cleanup to stop it
	ip netns exec "$NS" java $JVM_OPTS -Dloader.path="$LIB" -cp "$APP" \
		org.springframework.boot.loader.launch.PropertiesLauncher --server.port="$port" --server.address=127.0.0.1 \
		"$@" >"$OUT/server-$name.log" 2>&1 &
	SERVER_PIDS+=($!)
}

stop_server() { # pid
	kill "$1" 2>/dev/null || true
	wait "$1" 2>/dev/null || true
	local kept=() pid
	for pid in "${SERVER_PIDS[@]}"; do
		if [ "$pid" != "$1" ]; then kept+=("$pid"); fi
	done
	SERVER_PIDS=("${kept[@]}")
}

# The adaptive server is started anew for each link, with a link rule claiming loopback at the
# emulated link's bandwidth (none on unshaped loopback: the built-in local link, identity), so
# that what it learned at one link does not carry over to the next.
start_adaptive() { # link
	local rule=()
	if [ "$1" != loopback ]; then
		rule=(--restcompress.network.links[0].name=emulated --restcompress.network.links[0].addresses=loopback
			--restcompress.network.links[0].bandwidth="$(bandwidth "$1")")
	fi
	start_server "adaptive-$1" $ADAPTIVE_PORT --restcompress.server.decision=adaptive "${rule[@]}"
	ADAPTIVE_PID=${SERVER_PIDS[-1]}
	await_server $ADAPTIVE_PORT
}

# A new adaptive server's JVM has compiled nothing, while the fixed modes' servers have served
# every link before: before the link is shaped, the client exchanges every endpoint with it
# ADAPTIVE_JIT_WARMUP times at full speed. Its link rule already claims the link's bandwidth,
# so it decides (and learns codec speeds, which do not depend on the link) as it will then.
warm_adaptive() { # link
	local count=$ADAPTIVE_JIT_WARMUP link_bandwidth=()
	[ "$QUICK" = 1 ] && count=5
	[ "$1" != loopback ] && link_bandwidth=(--bandwidth "$(bandwidth "$1")")
	log "warming the adaptive server's JVM: $count exchanges of each endpoint, unshaped"
	in_ns java -Xmx512m -cp "$BENCH" io.restcompress.benchmarks.e2e.EndToEndClient --link "$1" --modes adaptive \
		--plain "http://127.0.0.1:$PLAIN_PORT" --ours "http://127.0.0.1:$OURS_PORT" --boot "http://127.0.0.1:$BOOT_PORT" \
		--adaptive "http://127.0.0.1:$ADAPTIVE_PORT" "${link_bandwidth[@]}" --rounds 0 --warmup 0 \
		--adaptive-warmup "$count" --out /dev/null 2>>"$OUT/client.log"
}

bandwidth() { # link -> the restcompress bandwidth
	sed -e 's/gbit$/Gbit/' -e 's/mbit$/Mbit/' <<<"$1"
}

await_server() { # port
	for _ in $(seq 1 240); do
		in_ns curl -sf "http://127.0.0.1:$1/actuator/health" >/dev/null 2>&1 && return 0
		sleep 0.5
	done
	echo "server on port $1 did not start; see $OUT/server-*.log" >&2
	exit 1
}

set_link() { # loopback | rate
	if [ "$1" = loopback ]; then
		in_ns tc qdisc del dev lo root 2>/dev/null || true
		in_ns ip link set lo mtu 65536
		return
	fi
	local burst=${BURST:-}
	if [[ "$burst" =~ ^[0-9]+$ ]] && [ "$burst" -lt 2000 ]; then
		echo "BURST=$burst is below a full packet (1,514 bytes): tbf would drop it; use 2000 or more" >&2
		exit 1
	fi
	[ -n "$burst" ] || case "$1" in
		10gbit) burst=128kb ;;
		1gbit) burst=32kb ;;
		*) burst=16kb ;;
	esac
	local pacing=()
	if [ "${PACED:-0}" = 1 ]; then
		case "$1" in
			1gbit) pacing=(peakrate 1010mbit mtu 1600) ;;
			100mbit) pacing=(peakrate 101mbit mtu 1600) ;;
			10mbit) pacing=(peakrate 10100kbit mtu 1600) ;;
		esac
	fi
	log "link $1: tbf burst $burst ${pacing[*]}"
	in_ns ip link set lo mtu 1500
	in_ns tc qdisc replace dev lo root tbf rate "$1" burst "$burst" latency 200ms "${pacing[@]}"
}

# The adaptive mode's warm-up on the shaped link (the fourth figure) is longer than the fixed
# modes': its client, a new process for each link, learns its request codings there, and
# measures each rung near the best after 6 bodies of it, one decision in 4; the timed rounds
# then see it settled, as a long-running service is.
rounds_for() { # link -> "rounds warmup max-seconds adaptive-warmup"
	if [ "$QUICK" = 1 ]; then
		echo "2 1 30 3"
		return
	fi
	case "$1" in
		loopback) echo "40 15 240 15" ;;
		10gbit | 1gbit) echo "30 3 180 100" ;;
		100mbit) echo "20 2 180 100" ;;
		10mbit) echo "8 1 240 40" ;;
	esac
}

machine() {
	{
		echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
		echo "nproc: $(nproc)"
		echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
		echo "memory: $(free -h | awk '/Mem:/ {print $2}')"
		echo "kernel: $(uname -r)"
		echo "java: $(java -version 2>&1 | head -2 | tr '\n' ' ')"
		echo "wrk: $(wrk -v 2>&1 | head -1)"
		echo "sample app: $(basename "$APP")"
		echo "server: ${SERVER:-servlet}"
	} >"$OUT/machine.txt"
}

load() { echo "$1: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$OUT/load.txt"; }

# WRK_ONLY: the client's check of which modes their server honours (it skips a mode whose
# server answers without the coding asked for), and one request per endpoint and mode on
# loopback, to $OUT/probe.csv, which gates wrk as requests.csv does otherwise.
probe_modes() {
	log "checking the modes (WRK_ONLY: no request timings)"
	in_ns java -Xmx512m -cp "$BENCH" io.restcompress.benchmarks.e2e.EndToEndClient --link loopback \
		--plain "http://127.0.0.1:$PLAIN_PORT" --ours "http://127.0.0.1:$OURS_PORT" \
		--boot "http://127.0.0.1:$BOOT_PORT" --endpoints untagged,complex,ping --rounds 1 --warmup 0 \
		--out "$OUT/probe.csv" 2>>"$OUT/client.log"
	MODES_CSV="$OUT/probe.csv"
}

request_times() {
	in_ns curl -sf "http://127.0.0.1:$PLAIN_PORT/api/static" -o "$OUT/static.json"
	log "predicting crossovers from codec speeds on $(stat -c %s "$OUT/static.json") bytes"
	java -cp "$BENCH" io.restcompress.benchmarks.e2e.BreakEvenPrediction --body "$OUT/static.json" \
		--seconds "$([ "$QUICK" = 1 ] && echo 0.2 || echo 2)" --out "$OUT/predictions.json" >/dev/null

	for link in "${LINKS[@]}"; do
		read -r rounds warmup seconds adaptive_warmup <<<"$(rounds_for "$link")"
		set_link loopback
		start_adaptive "$link"
		warm_adaptive "$link"
		set_link "$link"
		load "$link"
		log "link $link: $rounds rounds, the adaptive mode warmed up with $adaptive_warmup"
		local link_bandwidth=()
		[ "$link" != loopback ] && link_bandwidth=(--bandwidth "$(bandwidth "$link")")
		in_ns java -Xmx512m -cp "$BENCH" io.restcompress.benchmarks.e2e.EndToEndClient --link "$link" \
			--plain "http://127.0.0.1:$PLAIN_PORT" --ours "http://127.0.0.1:$OURS_PORT" \
			--boot "http://127.0.0.1:$BOOT_PORT" --adaptive "http://127.0.0.1:$ADAPTIVE_PORT" "${link_bandwidth[@]}" \
			--rounds "$rounds" --warmup "$warmup" --adaptive-warmup "$adaptive_warmup" --max-seconds "$seconds" \
			--out "$OUT/requests.csv" 2>>"$OUT/client.log"
		# what the adaptive server chose at this link, and the speeds it learned
		in_ns curl -sf "http://127.0.0.1:$ADAPTIVE_PORT/actuator/restcompress" -o "$OUT/decisions-$link.json" || true
		stop_server "$ADAPTIVE_PID"
	done
	MODES_CSV="$OUT/requests.csv"
}

throughput() {
	set_link loopback
	local duration=$([ "$QUICK" = 1 ] && echo 3 || echo 10)
	# wrk: rounds alternate the modes, so that they share the machine's state, and each round
	# starts one mode later than the one before, so that no mode always runs first
	# api/ping: the cost of the filter on a response below the threshold, which no mode encodes
	local all_modes=("none $PLAIN_PORT identity" "boot-gzip $BOOT_PORT gzip" "lzf $OURS_PORT lzf"
		"zstd $OURS_PORT zstd" "gzip $OURS_PORT gzip")
	local ping_modes=("none $PLAIN_PORT identity" "boot-gzip $BOOT_PORT gzip" "lzf $OURS_PORT lzf")
	for path in ${WRK_PATHS:-bench/static api/complex/10000 api/ping}; do
		local rounds=3 label=untagged specs=("${all_modes[@]}")
		case "$path" in
			api/complex/*) label=complex ;;
			api/ping) label=ping rounds=9 specs=("${ping_modes[@]}") ;;
		esac
		[ "$QUICK" = 1 ] && rounds=1
		for round in $(seq 1 "$rounds"); do
			for ((k = 0; k < ${#specs[@]}; k++)); do
				read -r mode port coding <<<"${specs[$(((k + round - 1) % ${#specs[@]}))]}"
				grep -q "^loopback,$mode," "$MODES_CSV" || continue
				load "wrk $mode /$path round $round"
				log "wrk $mode /$path round $round"
				[ "$round" = 1 ] && in_ns wrk -t2 -c16 -d3s -H "Accept-Encoding: $coding" "http://127.0.0.1:$port/$path" >/dev/null
				in_ns wrk -t2 -c16 -d"${duration}s" --latency -H "Accept-Encoding: $coding" \
					"http://127.0.0.1:$port/$path" >"$OUT/wrk-$mode-$label-$round.txt"
			done
		done
	done
}

# the build, an empty $OUT, the sample app's loader.path and the namespace with loopback up
setup() {
	requirements
	build
	rm -rf "$OUT"
	mkdir -p "$OUT"
	optional_libraries
	machine
	load start
	ip netns add "$NS"
	in_ns ip link set lo up
}

main() {
	setup
	start_server plain $PLAIN_PORT --restcompress.enabled=false
	start_server ours $OURS_PORT --restcompress.codec.gzip.level=1 --restcompress.codec.zstd.level=1
	start_server boot $BOOT_PORT --restcompress.enabled=false --server.compression.enabled=true
	for port in $PLAIN_PORT $OURS_PORT $BOOT_PORT; do
		await_server "$port"
	done
	log "servers up in namespace $NS"

	if [ "$WRK_ONLY" = 1 ]; then
		probe_modes
	else
		request_times
		# wrk runs the modes that answered as asked on loopback; without loopback in LINKS, check them
		grep -q '^loopback,' "$OUT/requests.csv" || probe_modes
	fi
	[ "$SKIP_WRK" = 1 ] || throughput
	load end

	if [ "$WRK_ONLY" = 1 ]; then
		"$HERE/.venv/bin/python" "$HERE/summarize.py" --out "$OUT"
		log "summary in $OUT/e2e.md"
	else
		"$HERE/.venv/bin/python" "$HERE/summarize.py" --out "$OUT" --chart "$CHART"
		log "summary in $OUT/e2e.md, chart in $CHART"
	fi
}

# benchmarks/dictionaries/run.sh sources this file for its functions
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	main "$@"
fi
