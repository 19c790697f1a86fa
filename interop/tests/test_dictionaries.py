"""Compression dictionaries (RFC 9842) against the sample app: /api/feed announces itself with
Use-As-Dictionary; a request that names the previous version in Available-Dictionary and accepts
dcz gets the next version as a 40-byte header and a zstd frame, which the reference zstandard
decodes with the previous version as a raw-content dictionary. /api/bulletin is a dictionary sent
in dcb only (a 36-byte header and a brotli stream; Python's brotli modules cannot attach a
dictionary, so Chromium is the foreign decoder of dcb: test_chromium_dictionaries.py)."""
import hashlib
import json

import zstandard

from support import dictionaries
from support.dictionaries import DCB_MAGIC, DCZ_MAGIC, available_dictionary
from support.http import send


def fetch(session, base_url, version, path="/api/feed", **headers):
    return send(session, "GET", f"{base_url}{path}?version={version}", headers=headers)


def fetch_with_dictionary(session, base_url, version, dictionary, path="/api/feed", coding="dcz", **headers):
    return dictionaries.fetch_with_dictionary(session, f"{base_url}{path}?version={version}", dictionary, coding,
                                              **headers)


def test_feed_announces_itself_as_a_dictionary(session, base_url):
    exchange = fetch(session, base_url, 1, **{"Accept-Encoding": "zstd"})
    assert exchange.status == 200
    assert exchange.response.headers["Use-As-Dictionary"] == 'match="/api/feed*", id="feed"'
    vary = [name.strip().lower() for name in exchange.response.headers.get("Vary", "").split(",")]
    assert "available-dictionary" in vary
    assert "accept-encoding" in vary


def test_next_version_in_dcz_decodes_with_the_previous_one_as_raw_dictionary(session, base_url):
    previous = fetch(session, base_url, 1, **{"Accept-Encoding": "identity"}).body
    exchange = fetch_with_dictionary(session, base_url, 2, previous,
                                     **{"Accept-Encoding": "dcz, zstd, gzip", "Dictionary-ID": '"feed"'})
    assert exchange.status == 200
    assert exchange.content_encoding == "dcz", exchange.response.headers
    assert exchange.response.headers["ETag"] == f'"feed-2-dcz-{hashlib.sha256(previous).hexdigest()[:8]}"'
    body = exchange.body
    assert body[:8] == DCZ_MAGIC
    assert body[8:40] == hashlib.sha256(previous).digest()
    dictionary = zstandard.ZstdCompressionDict(previous, dict_type=zstandard.DICT_TYPE_RAWCONTENT)
    current = zstandard.ZstdDecompressor(dict_data=dictionary).decompressobj().decompress(body[40:])
    identity = fetch(session, base_url, 2, **{"Accept-Encoding": "identity"}).body
    assert current == identity
    assert len(json.loads(current)) == 10_000


def test_dcz_is_at_least_twenty_times_smaller_than_zstd_for_the_next_version(session, base_url):
    previous = fetch(session, base_url, 3, **{"Accept-Encoding": "identity"}).body
    dcz = fetch_with_dictionary(session, base_url, 4, previous, **{"Accept-Encoding": "dcz, zstd"})
    zstd = fetch(session, base_url, 4, **{"Accept-Encoding": "zstd"})
    assert dcz.content_encoding == "dcz"
    assert zstd.content_encoding == "zstd"
    assert len(dcz.body) * 20 < len(zstd.body)


def test_hash_the_server_does_not_have_gets_a_normal_response(session, base_url):
    exchange = fetch(session, base_url, 1, **{"Accept-Encoding": "dcz, zstd",
                                             "Available-Dictionary": available_dictionary(b"never sent")})
    assert exchange.status == 200
    assert exchange.content_encoding == "zstd"
    assert zstandard.ZstdDecompressor().decompressobj().decompress(exchange.body)[:1] == b"["


def test_malformed_available_dictionary_gets_a_normal_response(session, base_url):
    exchange = fetch(session, base_url, 1, **{"Accept-Encoding": "dcz, gzip", "Available-Dictionary": "not-a-hash"})
    assert exchange.status == 200
    assert exchange.content_encoding == "gzip"


def test_bulletin_is_sent_in_dcb_never_in_dcz(session, base_url):
    previous = fetch(session, base_url, 1, "/api/bulletin", **{"Accept-Encoding": "identity"}).body
    assert json.loads(previous)["entries"]
    dcb = fetch_with_dictionary(session, base_url, 2, previous, "/api/bulletin", "dcb",
                                **{"Accept-Encoding": "dcz, dcb, br, zstd", "Dictionary-ID": '"bulletin"'})
    assert dcb.status == 200
    assert dcb.content_encoding == "dcb", dcb.response.headers
    assert dcb.response.headers["ETag"] == f'"bulletin-2-dcb-{hashlib.sha256(previous).hexdigest()[:8]}"'
    assert dcb.body[:4] == DCB_MAGIC
    assert dcb.body[4:36] == hashlib.sha256(previous).digest()
    br = fetch(session, base_url, 2, "/api/bulletin", **{"Accept-Encoding": "br"})
    assert br.content_encoding == "br"
    assert len(dcb.body) * 20 < len(br.body)
    without_dcb = fetch_with_dictionary(session, base_url, 2, previous, "/api/bulletin", "dcz",
                                        **{"Accept-Encoding": "dcz, zstd"})
    assert without_dcb.content_encoding == "zstd"


def test_an_error_of_the_feed_varies_with_the_available_dictionary_but_is_no_dictionary(session, base_url):
    exchange = fetch(session, base_url, 100_000, **{"Accept-Encoding": "gzip"})
    assert exchange.status == 400
    vary = [name.strip().lower() for name in exchange.response.headers.get("Vary", "").split(",")]
    assert "available-dictionary" in vary
    assert "Use-As-Dictionary" not in exchange.response.headers
