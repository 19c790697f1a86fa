#!/usr/bin/env bash
# Measures permessage-deflate on the sample app jar (see measure.py for what and how):
#   benchmarks/websocket/run.sh [--connections 300] [--corpus /path/to/corpus] [--engine tomcat]
# Builds nothing: run `./mvnw -pl sample-app -am package -DskipTests` first. Needs python3, java, jcmd.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
INTEROP_DIR="$ROOT/interop"
source "$INTEROP_DIR/lib/app.sh"
interop_venv
jar="$(interop_jar)"
exec "$(interop_python)" "$ROOT/benchmarks/websocket/measure.py" --jar "$jar" "$@"
