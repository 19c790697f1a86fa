"""HTTP helpers that show bodies as they are on the wire: requests and httpx decode gzip,
deflate, br and zstd by themselves, which would hide what the server sent."""
import json
import socket
from dataclasses import dataclass

import httpx
import requests

# restcompress.server.min-response-size of the sample app (the default)
THRESHOLD = 4500

COMPRESSIBLE = ("application/json", "application/xml", "application/x-ndjson", "text/")


@dataclass(frozen=True)
class Exchange:
    response: requests.Response | httpx.Response
    body: bytes
    local_port: int | None

    @property
    def status(self) -> int:
        return self.response.status_code

    @property
    def http_version(self) -> str:
        if isinstance(self.response, httpx.Response):
            return self.response.http_version
        return f"HTTP/{self.response.raw.version // 10}.{self.response.raw.version % 10}"

    @property
    def content_encoding(self) -> str | None:
        return self.response.headers.get("Content-Encoding")

    def problem(self) -> dict:
        assert self.response.headers.get("Content-Type") == "application/problem+json", self.response.headers
        return json.loads(self.body)


def send(session: requests.Session | httpx.Client, method: str, url: str, **kwargs) -> Exchange:
    """Sends a request and returns the response body exactly as it arrived."""
    kwargs.setdefault("timeout", 120)
    if isinstance(session, httpx.Client):
        with session.stream(method, url, content=kwargs.pop("data", None), **kwargs) as response:
            return Exchange(response, b"".join(response.iter_raw()), None)
    response = session.request(method, url, stream=True, **kwargs)
    local_port = _local_port(response)
    # reading to the end hands the connection back to the pool
    body = response.raw.read(decode_content=False)
    return Exchange(response, body, local_port)


def decoded(exchange: Exchange, coding) -> bytes:
    """The body of a response that must be encoded in the given coding, decoded."""
    assert exchange.content_encoding == coding.token, exchange.response.headers
    return coding.decode(exchange.body)


def compressible(content_type: str) -> bool:
    return content_type.startswith(COMPRESSIBLE)


def _local_port(response: requests.Response) -> int | None:
    """The client port of the response's connection; http.client drops the connection's socket
    early when the response says "Connection: close", so ask the response's own stream."""
    stream = getattr(response.raw._fp, "fp", None)
    sock = getattr(getattr(stream, "raw", None), "_sock", None)
    return sock.getsockname()[1] if sock is not None else None


def raw_exchange(base_url: str, data: bytes, half_close: bool = True, timeout: float = 10) -> bytes:
    """Sends bytes over a new connection, closes the sending side if asked, and reads until the
    server ends the connection: for what client libraries never do (half-closing, pipelining)."""
    host, port = base_url.split("//", 1)[1].split(":")
    with socket.create_connection((host, int(port)), timeout=timeout) as raw:
        raw.sendall(data)
        if half_close:
            raw.shutdown(socket.SHUT_WR)
        received = b""
        while chunk := raw.recv(65536):
            received += chunk
        return received
