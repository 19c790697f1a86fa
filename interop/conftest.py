"""Fixtures of the interop suite: the running sample app, its advertised codings, the payloads."""
import os
from pathlib import Path

import httpx
import pytest
import requests

from support import curl, payloads
from support.codings import CODINGS


def pytest_addoption(parser):
    parser.addoption("--base-url", default=os.environ.get("INTEROP_BASE_URL"),
                     help="URL of a running sample app (run.sh starts one and passes it)")
    parser.addoption("--corpus", default=os.environ.get("INTEROP_CORPUS") or None,
                     help="directory whose files are echoed in every coding (default: generated payloads)")
    parser.addoption("--http2", action="store_true",
                     help="talk HTTP/2 without TLS (h2c, prior knowledge) to an app started with server.http2.enabled")
    parser.addoption("--app-log", default=None, help="the app's log file (run.sh passes it)")
    parser.addoption("--app-jar", default=os.environ.get("SAMPLE_APP_JAR"),
                     help="the sample app jar, for tests that start an instance of their own (run.sh passes it)")
    parser.addoption("--engine", default=os.environ.get("INTEROP_ENGINE", "tomcat"),
                     choices=["tomcat", "jetty", "reactor-netty"],
                     help="the sample app's server, for the few answers RFC 7692 leaves to the engine")


def pytest_configure(config):
    curl.HTTP2 = config.getoption("--http2")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--http2"):
        skip = pytest.mark.skip(reason="HTTP/1.1 only; this run talks HTTP/2")
        for item in items:
            if "http1_only" in item.keywords:
                item.add_marker(skip)


def pytest_generate_tests(metafunc):
    if "payload" in metafunc.fixturenames:
        corpus = metafunc.config.getoption("--corpus")
        selected = payloads.from_corpus(Path(corpus)) if corpus else payloads.generated()
        metafunc.parametrize("payload", selected, ids=str)


def pytest_report_header(config):
    corpus = config.getoption("--corpus")
    protocol = "HTTP/2 (h2c)" if config.getoption("--http2") else "HTTP/1.1"
    return (f"interop: {config.getoption('--base-url')} ({config.getoption('--engine')}) over {protocol}, "
            f"payloads: {corpus or 'generated'}")


@pytest.fixture(scope="session")
def base_url(pytestconfig):
    url = pytestconfig.getoption("--base-url")
    if not url:
        pytest.exit("no --base-url: run the suite with interop/run.sh, which starts the sample app", returncode=4)
    return url.rstrip("/")


@pytest.fixture(scope="session")
def engine(pytestconfig) -> str:
    return pytestconfig.getoption("--engine")


@pytest.fixture(scope="session")
def http2(pytestconfig) -> bool:
    return pytestconfig.getoption("--http2")


@pytest.fixture
def session(http2):
    """The client the tests send with: requests over HTTP/1.1, or httpx over HTTP/2 with --http2."""
    if http2:
        with httpx.Client(http1=False, http2=True, timeout=120) as client:
            yield client
    else:
        with requests.Session() as session:
            yield session


@pytest.fixture(scope="session")
def app_log(pytestconfig):
    path = pytestconfig.getoption("--app-log")
    if not path:
        pytest.skip("no --app-log: run the suite with interop/run.sh")
    return Path(path)


@pytest.fixture(scope="session")
def advertised(base_url):
    """The request codings the server advertises in Accept-Encoding (RFC 7694)."""
    response = requests.get(base_url + "/api/ping", timeout=30)
    header = response.headers.get("Accept-Encoding", "")
    return [token.strip().lower() for token in header.split(",") if token.strip()]


@pytest.fixture(params=CODINGS, ids=str)
def coding(request, advertised):
    if request.param.token not in advertised:
        pytest.skip(f"the server does not advertise {request.param.token} (it advertises {', '.join(advertised)})")
    return request.param


@pytest.fixture(scope="session")
def static_document(base_url):
    response = requests.get(base_url + "/api/uncompressed/static", headers={"Accept-Encoding": "identity"},
                            timeout=30)
    assert response.status_code == 200
    assert "Content-Encoding" not in response.headers
    return response.content
