#!/usr/bin/env bash
# Runs the interop suite: installs its Python clients into a virtual environment, starts the
# sample app jar on a free loopback port, runs pytest against it and always stops the app.
#   interop/run.sh [--http2] [--app-arg ARG]... [pytest arguments...]
#     --http2        start the app with --server.http2.enabled=true and talk HTTP/2 (h2c) to it
#     --app-arg ARG  one more argument for the app, e.g. --app-arg --server.compression.enabled=true
#   e.g. interop/run.sh --corpus ../shared/corpus/rest
#        SAMPLE_APP_JAR=other-app/target/other.jar interop/run.sh --http2 -k codings
# Environment: INTEROP_CORPUS (a corpus directory, relative to the repository root),
# SAMPLE_APP_JAR (the jar to start), INTEROP_APP_ARGS (more app arguments, split on spaces),
# INTEROP_LOG (the app's log file), INTEROP_VENV, PYTHON, INTEROP_INSTALL_CHROMIUM=1 (apt-get install
# chromium when missing, as root, for tests/test_chromium*.py).
set -euo pipefail
INTEROP_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$INTEROP_DIR/.."
source "$INTEROP_DIR/lib/app.sh"

app_args=()
pytest_args=()
http2=false
read -r -a app_args <<< "${INTEROP_APP_ARGS:-}"
while [[ $# -gt 0 ]]; do
	case "$1" in
		--http2) http2=true ;;
		--app-arg) app_args+=("$2"); shift ;;
		--app-arg=*) app_args+=("${1#--app-arg=}") ;;
		*) pytest_args+=("$1") ;;
	esac
	shift
done
log="${INTEROP_LOG:-$INTEROP_DIR/target/sample-app.log}"
if $http2; then
	app_args+=(--server.http2.enabled=true)
	pytest_args=(--http2 "${pytest_args[@]}")
	log="${INTEROP_LOG:-$INTEROP_DIR/target/sample-app-http2.log}"
fi

interop_venv
interop_node_modules
interop_chromium
trap interop_stop_app EXIT
trap "exit 130" INT
trap "exit 143" TERM
interop_start_app "$log" -- "${app_args[@]}"

options=(--base-url "$APP_URL" --app-log "$log" --app-jar "$(interop_jar)")
if [[ -n "${INTEROP_CORPUS:-}" ]]; then
	options+=(--corpus "$INTEROP_CORPUS")
fi
"$(interop_python)" -m pytest interop "${options[@]}" "${pytest_args[@]}"
