"""REDbot, the HTTP linter, on the sample app's endpoints: no note it rates "bad", with and
without Accept-Encoding, for HEAD, a 304 revalidation, problem responses and a streamed
response. REDbot follows each request with its own: the same request with Accept-Encoding: gzip
(and without), a revalidation with the entity tag and a range request, and lints those too.

REDbot speaks HTTP/1.1 only, so these tests run in the HTTP/1.1 pass of the suite."""
import pytest

from support import zv
from support.redbot import lint

pytestmark = pytest.mark.http1_only


BODY = b'{"id":1,"login":"alpha","tags":["bravo","charlie"],"someId":1234567890},' * 300

GETS = [
    ("/api/static", {}),
    ("/api/static", {"Accept-Encoding": "gzip"}),
    ("/api/static", {"Accept-Encoding": "lzf"}),
    ("/api/static", {"Accept-Encoding": "br, zstd"}),
    ("/api/static", {"Accept-Encoding": "identity"}),
    ("/api/static", {"Accept-Encoding": "gzip;q=0"}),
    ("/api/uncompressed/static", {"Accept-Encoding": "gzip"}),
    ("/api/complex/300", {"Accept-Encoding": "gzip"}),
    ("/api/complex/3", {"Accept-Encoding": "gzip"}),
    ("/api/ping", {}),
    ("/api/ping", {"Accept-Encoding": "gzip"}),
    ("/api/stream", {"Accept-Encoding": "zstd"}),
]


def _id(case) -> str:
    path, headers = case
    return path + "".join(f" {name}: {value}" for name, value in headers.items())


def assert_no_bad_note(report):
    assert report.bad() == [], "\n".join(map(str, report.bad()))


@pytest.mark.parametrize("case", GETS, ids=_id)
def test_get_has_no_bad_note(base_url, case):
    path, headers = case
    report = lint(base_url + path, headers=headers)
    assert report.status == 200
    assert_no_bad_note(report)


@pytest.mark.parametrize("accept_encoding", [None, "gzip", "lzf"])
def test_head_has_no_bad_note(base_url, accept_encoding):
    report = lint(base_url + "/api/static", "HEAD", {"Accept-Encoding": accept_encoding} if accept_encoding else {})
    assert report.status == 200
    assert_no_bad_note(report)


@pytest.mark.parametrize("accept_encoding", ["gzip", "lzf", "identity"])
def test_revalidation_has_no_bad_note(base_url, session, accept_encoding):
    etag = session.get(base_url + "/api/static", headers={"Accept-Encoding": accept_encoding}).headers["ETag"]
    report = lint(base_url + "/api/static", headers={"Accept-Encoding": accept_encoding, "If-None-Match": etag})
    assert report.status == 304
    assert_no_bad_note(report)


@pytest.mark.parametrize("kind", ["unknown coding", "corrupt lzf", "lzf answered in gzip"])
def test_post_to_echo_has_no_bad_note(base_url, tmp_path, kind):
    status, content_encoding, body = {
        "unknown coding": (415, "foo", BODY),
        "corrupt lzf": (400, "lzf", b"ZV\x07" + BODY),
        "lzf answered in gzip": (200, "lzf", zv.encode(BODY)),
    }[kind]
    (tmp_path / "body").write_bytes(body)
    report = lint(base_url + "/api/echo", "POST", {"Content-Encoding": content_encoding,
                                                   "Content-Type": "application/json", "Accept-Encoding": "gzip"},
                  tmp_path / "body")
    assert report.status == status
    assert_no_bad_note(report)


@pytest.mark.parametrize("accept_encoding", [None, "identity"])
def test_revalidation_of_an_identity_response_keeps_its_headers(base_url, accept_encoding):
    """REDbot revalidates with the 200's entity tag and warns when the 304 lacks a header the
    200 had (here Vary: Accept-Encoding, which RFC 9110 15.4.5 requires in both)."""
    report = lint(base_url + "/api/static", headers={"Accept-Encoding": accept_encoding} if accept_encoding else {})
    assert report.notes_named("INM_304"), "REDbot did not revalidate"
    assert report.notes_named("MISSING_HDRS_304") == []


@pytest.mark.parametrize("accept_encoding", ["gzip", "lzf"])
def test_head_names_the_coding_the_get_would_get(base_url, accept_encoding):
    get = lint(base_url + "/api/static", headers={"Accept-Encoding": accept_encoding})
    head = lint(base_url + "/api/static", "HEAD", {"Accept-Encoding": accept_encoding})
    for field in ("content-encoding", "vary", "etag"):
        assert head.headers.get(field) == get.headers.get(field), field
