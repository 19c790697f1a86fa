# Functions to start and stop the sample app on a free loopback port; source this file.
# Needs INTEROP_DIR (this module's directory). Sets APP_PID, APP_PORT and APP_URL.

interop_python() {
	echo "${INTEROP_VENV:-$INTEROP_DIR/.venv}/bin/python"
}

# Creates the virtual environment and installs the pinned requirements, unless it already holds them.
interop_venv() {
	local venv="${INTEROP_VENV:-$INTEROP_DIR/.venv}"
	local stamp="$venv/requirements.sha256"
	local wanted
	wanted="$(sha256sum "$INTEROP_DIR/requirements.txt" | cut -d' ' -f1)"
	if [[ -x "$venv/bin/python" && -f "$stamp" && "$(cat "$stamp")" == "$wanted" ]]; then
		return 0
	fi
	echo "interop: creating $venv"
	rm -rf "$venv"
	"${PYTHON:-python3}" -m venv "$venv"
	"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$INTEROP_DIR/requirements.txt"
	echo "$wanted" > "$stamp"
}

# Finds the repackaged sample app jar, or uses SAMPLE_APP_JAR.
interop_jar() {
	if [[ -n "${SAMPLE_APP_JAR:-}" ]]; then
		echo "$SAMPLE_APP_JAR"
		return 0
	fi
	local jar
	for jar in "$INTEROP_DIR"/../sample-app/target/sample-app-*.jar; do
		if [[ -f "$jar" && "$jar" != *.original ]]; then
			echo "$jar"
			return 0
		fi
	done
	echo "interop: no sample app jar; build it first (./mvnw -pl sample-app -am package -DskipTests)" >&2
	return 1
}

interop_free_port() {
	"$(interop_python)" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Starts the app: interop_start_app LOG_FILE [JVM_OPTION...] [-- APP_ARGUMENT...]
interop_start_app() {
	local log="$1"
	shift
	local jvm=() args=()
	while [[ $# -gt 0 && "$1" != "--" ]]; do
		jvm+=("$1")
		shift
	done
	[[ "${1:-}" == "--" ]] && shift
	args=("$@")
	local jar
	jar="$(interop_jar)" || return 1
	APP_PORT="$(interop_free_port)"
	APP_URL="http://127.0.0.1:$APP_PORT"
	mkdir -p "$(dirname "$log")"
	java "${jvm[@]}" -jar "$jar" --server.address=127.0.0.1 --server.port="$APP_PORT" "${args[@]}" > "$log" 2>&1 &
	APP_PID=$!
	local deadline=$((SECONDS + ${INTEROP_START_TIMEOUT:-180}))
	until curl -sf -o /dev/null "$APP_URL/actuator/health"; do
		if ! kill -0 "$APP_PID" 2>/dev/null; then
			echo "interop: the sample app exited during startup; its log:" >&2
			tail -n 40 "$log" >&2
			return 1
		fi
		if ((SECONDS > deadline)); then
			echo "interop: the sample app did not become healthy within ${INTEROP_START_TIMEOUT:-180}s" >&2
			return 1
		fi
		sleep 0.5
	done
	echo "interop: sample app $jar (pid $APP_PID) healthy at $APP_URL"
}

interop_stop_app() {
	if [[ -n "${APP_PID:-}" ]] && kill -0 "$APP_PID" 2>/dev/null; then
		kill "$APP_PID"
		local i
		for i in $(seq 1 40); do
			kill -0 "$APP_PID" 2>/dev/null || break
			sleep 0.25
		done
		kill -0 "$APP_PID" 2>/dev/null && kill -9 "$APP_PID"
		wait "$APP_PID" 2>/dev/null || true
	fi
	APP_PID=
}

# Installs the Node clients of interop/package.json (npm ci), unless node_modules already holds them.
# Without node and npm the Node tests skip themselves; this only says so.
interop_node_modules() {
	if ! command -v node > /dev/null || ! command -v npm > /dev/null; then
		echo "interop: node or npm not found, the Node client tests will be skipped"
		return 0
	fi
	local stamp="$INTEROP_DIR/node_modules/package-lock.sha256"
	local wanted
	wanted="$(sha256sum "$INTEROP_DIR/package-lock.json" | cut -d' ' -f1)"
	if [[ -f "$stamp" && "$(cat "$stamp")" == "$wanted" ]]; then
		return 0
	fi
	echo "interop: installing the Node clients (npm ci)"
	if ! (cd "$INTEROP_DIR" && npm ci --no-audit --no-fund --loglevel=error); then
		echo "interop: npm ci failed, the Node client tests will be skipped"
		return 0
	fi
	echo "$wanted" > "$stamp"
}

# Headless Chromium for the browser test of compression dictionaries. With INTEROP_INSTALL_CHROMIUM=1
# (as root, on Debian or Ubuntu) it is installed with apt-get when missing; otherwise, without it,
# that test skips itself and this only says so.
interop_chromium() {
	if command -v chromium > /dev/null || command -v chromium-browser > /dev/null || command -v google-chrome > /dev/null; then
		return 0
	fi
	if [[ "${INTEROP_INSTALL_CHROMIUM:-0}" == 1 && "$(id -u)" == 0 ]] && command -v apt-get > /dev/null; then
		echo "interop: installing chromium (apt-get)"
		if DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium > /dev/null 2>&1 \
			|| { apt-get update -q > /dev/null 2>&1 \
				&& DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium > /dev/null; }; then
			return 0
		fi
	fi
	echo "interop: chromium not found, the browser tests will be skipped"
}
