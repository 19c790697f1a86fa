# Sourced by run.sh and profile.sh: waits for a sample app to answer $PATH_UNDER_TEST.
# shellcheck shell=bash

await_server() { # port log
	for _ in $(seq 120); do
		curl -fs -o /dev/null "http://127.0.0.1:$1$PATH_UNDER_TEST" && return
		sleep 1
	done
	echo "the server on port $1 did not start, see $2" >&2
	exit 1
}
