#!/usr/bin/env bash
# Runs the interop suite: installs its Python clients into a virtual environment, starts the
# sample app jar on a free loopback port, runs pytest against it and always stops the app.
#   interop/run.sh [pytest arguments...]      e.g. interop/run.sh --corpus ../shared/corpus/rest
# Environment: INTEROP_CORPUS (a corpus directory, relative to the repository root),
# SAMPLE_APP_JAR, INTEROP_VENV, PYTHON.
set -euo pipefail
INTEROP_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$INTEROP_DIR/.."
source "$INTEROP_DIR/lib/app.sh"

interop_venv
trap interop_stop_app EXIT
trap "exit 130" INT
trap "exit 143" TERM
interop_start_app "$INTEROP_DIR/target/sample-app.log"

options=(--base-url "$APP_URL")
if [[ -n "${INTEROP_CORPUS:-}" ]]; then
	options+=(--corpus "$INTEROP_CORPUS")
fi
"$(interop_python)" -m pytest interop "${options[@]}" "$@"
