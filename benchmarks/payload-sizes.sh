#!/usr/bin/env bash
# The payload size table of docs/benchmarks.md (issue 12): the sample app's 1,000-flight list
# as JSON and as protobuf, encoded single-threaded with gzip, zstd, br and, as a reference,
# xz (LZMA2), with encode times against a 20 ms budget. Starts the sample app on a free port
# to fetch the two bodies. Needs the jars: ./mvnw -B -pl sample-app,benchmarks -am package -DskipTests
#
#   benchmarks/payload-sizes.sh [FLIGHTS] [PayloadSizes options]
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
FLIGHTS=${1:-1000}
shift || true
OUT=${OUT:-$ROOT/benchmarks/target/payload-sizes}
PORT=${PORT:-18190}
APP=$(ls "$ROOT"/sample-app/target/sample-app-*.jar | grep -v original | head -1)
BENCH="$ROOT/benchmarks/target/benchmarks.jar"
mkdir -p "$OUT"

java -jar "$APP" --server.port="$PORT" --server.address=127.0.0.1 >"$OUT/server.log" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true' EXIT
for _ in $(seq 1 240); do
	curl -sf "http://127.0.0.1:$PORT/actuator/health" >/dev/null 2>&1 && break
	sleep 0.5
done
curl -sf -H 'Accept: application/json' "http://127.0.0.1:$PORT/api/flights/$FLIGHTS" -o "$OUT/flights-$FLIGHTS.json"
curl -sf -H 'Accept: application/x-protobuf' "http://127.0.0.1:$PORT/api/flights/$FLIGHTS" -o "$OUT/flights-$FLIGHTS.pb"
kill "$SERVER"
wait "$SERVER" 2>/dev/null || true

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
java -cp "$BENCH" io.restcompress.benchmarks.PayloadSizes "$@" "JSON=$OUT/flights-$FLIGHTS.json" \
	"protobuf=$OUT/flights-$FLIGHTS.pb" | tee "$OUT/payload-sizes.md"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
