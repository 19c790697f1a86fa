#!/usr/bin/env bash
# Runs the JMH benchmarks and writes their Markdown tables. Not part of the build.
#
#   benchmarks/jmh.sh [CORPUS_DIR]      # no directory: generated documents
#
# Environment: OUT (default benchmarks/target/jmh), CODEC_OPTS and FILTER_OPTS (JMH options;
# defaults below: one fork, codecs 2 warm-up and 4 measured iterations, the filter 3 and 5;
# longer runs give tighter error bars), CLASSPATH_PREFIX (prepended to the benchmarks jar).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${OUT:-$ROOT/benchmarks/target/jmh}
CORPUS=${1:-}
CODEC_OPTS=${CODEC_OPTS:--f 1 -wi 2 -w 300ms -i 4 -r 400ms}
FILTER_OPTS=${FILTER_OPTS:--f 1 -wi 3 -w 1s -i 5 -r 2s -prof gc}
JAR="$ROOT/benchmarks/target/benchmarks.jar"
CP="${CLASSPATH_PREFIX:+$CLASSPATH_PREFIX:}$JAR"

[ -f "$JAR" ] || (cd "$ROOT" && ./mvnw -q -B -ntp -pl benchmarks -am package -DskipTests)
mkdir -p "$OUT"
# shellcheck disable=SC2086
java -cp "$CP" io.restcompress.benchmarks.BenchmarkMain FilterBenchmark $FILTER_OPTS \
	-rf json -rff "$OUT/filter.json" | tee "$OUT/filter.log"
# shellcheck disable=SC2086
java -cp "$CP" io.restcompress.benchmarks.BenchmarkMain CodecBenchmark -p corpus="$CORPUS" $CODEC_OPTS \
	-rf json -rff "$OUT/codecs.json" | tee "$OUT/codecs.log"
java -cp "$CP" io.restcompress.benchmarks.report.JmhReport "$OUT/jmh.md" "$OUT/codecs.json" "$OUT/filter.json"
