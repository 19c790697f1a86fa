"""HTTP/2 clients that go away early (RST_STREAM, a closed connection) are not server errors:
the app logs no ERROR for them. Runs in the HTTP/2 pass of the suite (run.sh --http2)."""
import time

import pytest
import requests

from support.h2cancel import cancel_early

CONNECTIONS = 4
STREAMS = 10


@pytest.fixture(autouse=True)
def http2_only(http2):
    if not http2:
        pytest.skip("needs the app with server.http2.enabled (run.sh --http2)")


def completed_requests(base_url: str, path: str) -> int:
    response = requests.get(base_url + "/actuator/metrics/http.server.requests", params={"tag": "uri:" + path},
                            timeout=30)
    if response.status_code == 404:
        return 0
    return int(next(m["value"] for m in response.json()["measurements"] if m["statistic"] == "COUNT"))


@pytest.mark.parametrize("accept_encoding", ["gzip", "zstd", "lzf", "identity"])
def test_cancelled_streams_log_no_error(base_url, app_log, accept_encoding):
    path = "/api/static"
    before = completed_requests(base_url, path)
    log_start = app_log.stat().st_size
    outcomes = [cancel_early(base_url, path, accept_encoding, STREAMS) for _ in range(CONNECTIONS)]
    assert sum(outcome.cancelled for outcome in outcomes) > 0
    answered = sum(outcome.answered for outcome in outcomes)
    # wait, boundedly, until the app has finished every request it answered and the client abandoned
    deadline = time.monotonic() + 60
    while completed_requests(base_url, path) < before + answered and time.monotonic() < deadline:
        time.sleep(0.2)
    assert completed_requests(base_url, path) >= before + answered
    with app_log.open("rb") as log:
        log.seek(log_start)
        errors = [line for line in log.read().decode("utf-8", "replace").splitlines() if " ERROR " in line]
    assert errors == [], f"{len(errors)} ERROR lines, the first: {errors[0]}"
