"""Fixtures of the WebSocket tests."""
import pytest


@pytest.fixture(scope="session")
def ws_url(base_url):
    """WS /ws/echo of the running sample app."""
    return base_url.replace("http://", "ws://", 1) + "/ws/echo"
