"""RFC 9842 on the wire: the magic numbers that start dcz and dcb bodies, the
Available-Dictionary field, and a request that names a dictionary the server may not keep yet."""
import base64
import hashlib
import time

from support.http import send

DCZ_MAGIC = bytes.fromhex("5e2a4d1820000000")
DCB_MAGIC = bytes.fromhex("ff444342")


def available_dictionary(dictionary: bytes) -> str:
    return ":" + base64.b64encode(hashlib.sha256(dictionary).digest()).decode("ascii") + ":"


def fetch_with_dictionary(session, url: str, dictionary: bytes, coding: str, **headers):
    """GETs a URL naming a dictionary, again for up to 2 s while the answer is not in the
    dictionary coding: the server keeps a body once it has written it, and a client can ask before
    that (on HTTP/2 the next request may overtake the end of the previous exchange); RFC 9842 then
    wants the usual coding, which is what such an answer is."""
    headers["Available-Dictionary"] = available_dictionary(dictionary)
    deadline = time.monotonic() + 2
    while True:
        exchange = send(session, "GET", url, headers=headers)
        if exchange.content_encoding == coding or time.monotonic() > deadline:
            return exchange
        time.sleep(0.05)
