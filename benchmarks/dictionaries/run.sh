#!/usr/bin/env bash
# Request times with compression dictionaries (RFC 9842) on links emulated with tc tbf inside a
# network namespace: small records of one shape as identity, zstd, and dcz and dcb against a
# dictionary the server trained from them; versions of the polled feed as identity, zstd, and
# dcz (/api/feed) and dcb (/api/bulletin) against the version before; the records also as one
# batch over CONCURRENCY connections at once. One sample app with the
# benchmark's RecordsController on its loader.path and its threshold at 0. Needs root. Writes
# $OUT/dictionaries.csv (every request) and $OUT/dictionaries.md (means per link). See
# docs/benchmarks.md, section 7.
#
#   benchmarks/dictionaries/run.sh [RECORDS]   # RECORDS: a JSON file whose records are served
#                                              # (e.g. ../shared/corpus/rest/usajobs-big.json),
#                                              # or "generated" (the default)
#   LINKS="1gbit 100mbit 10mbit" ROUNDS=5 POLLS=5 CONCURRENCY=8 OUT=DIR SKIP_BUILD=1 ...
#   MODES=identity,dcz ...                     # the codings records are timed in one at a time
set -euo pipefail

DICTIONARY_ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${OUT:-$DICTIONARY_ROOT/benchmarks/dictionaries/out}
RECORDS=${1:-generated}
[ "$RECORDS" = generated ] || RECORDS=$(realpath "$RECORDS")
DICTIONARY_LINKS=${LINKS:-1gbit 100mbit 10mbit}
ROUNDS=${ROUNDS:-5}
POLLS=${POLLS:-5}
CONCURRENCY=${CONCURRENCY:-8}
MODES=${MODES:-identity,zstd,dcz,dcb}
LINKS=loopback
# shellcheck source=../e2e/run.sh
source "$DICTIONARY_ROOT/benchmarks/e2e/run.sh"
DICTIONARY_PORT=18085

dictionary_client() { # phase link
	in_ns java -Xmx512m -cp "$BENCH" io.restcompress.benchmarks.e2e.DictionaryTimingClient \
		--server "http://127.0.0.1:$DICTIONARY_PORT" --phase "$1" --link "$2" --records 2000 \
		--rounds "$ROUNDS" --polls "$POLLS" --concurrency "$CONCURRENCY" --modes "$MODES" \
		--out "$OUT/dictionaries.csv"
}

dictionaries_main() {
	setup
	start_server dictionaries $DICTIONARY_PORT --bench.records="$RECORDS" \
		--restcompress.server.min-response-size=0 \
		--management.endpoints.web.exposure.include=health,restcompressdictionaries
	await_server $DICTIONARY_PORT
	log "training the records' dictionary ($RECORDS)"
	dictionary_client train loopback 2>>"$OUT/client.log"
	{
		echo "Records: $RECORDS; $ROUNDS rounds after one warm-up round; $POLLS feed versions per round."
		echo
	} >"$OUT/dictionaries.md"
	for link in $DICTIONARY_LINKS; do
		set_link "$link"
		load "$link"
		log "timing on $link"
		dictionary_client time "$link" >>"$OUT/dictionaries.md" 2>>"$OUT/client.log"
	done
	load end
	log "summary in $OUT/dictionaries.md"
}

dictionaries_main
