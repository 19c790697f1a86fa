"""WS /ws/echo with Node's ws client (interop/package.json; run.sh installs it with npm ci).
Skipped with a message when node or the installed client is missing."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

INTEROP = Path(__file__).resolve().parent.parent
SCRIPT = INTEROP / "node" / "ws-echo.mjs"


@pytest.fixture(scope="module")
def node():
    executable = shutil.which("node")
    if executable is None:
        pytest.skip("node is not installed: Node's ws client is not tested")
    if not (INTEROP / "node_modules" / "ws").is_dir():
        pytest.skip("interop/node_modules/ws is missing: run interop/run.sh, which runs npm ci")
    return executable


def echo(node, ws_url, mode):
    result = subprocess.run([node, str(SCRIPT), ws_url, mode], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_node_ws_echoes_every_message_with_compression(node, ws_url):
    outcome = echo(node, ws_url, "on")
    assert outcome["extensions"].replace(" ", "").startswith("permessage-deflate")
    assert outcome["messages"] == 56


def test_node_ws_echoes_every_message_without_compression(node, ws_url):
    outcome = echo(node, ws_url, "off")
    assert outcome["extensions"] is None
    assert outcome["messages"] == 56
