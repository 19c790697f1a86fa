"""curl as a foreign client, run from the suite: --compressed for the codings curl knows, lzf
fetched by curl and decoded here, and compressed request bodies posted with --data-binary."""
import gzip
import re
import shutil
import subprocess

import pytest

from support import zv
from support.bombs import bomb
from support.curl import command, curl, curl_accepted_codings
from support.payloads import generated

pytestmark = pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")


def test_curl_compressed_receives_a_coding_it_decodes(base_url, static_document, tmp_path):
    headers, body = curl("--compressed", base_url + "/api/static", tmp_path=tmp_path)
    assert headers.get("content-encoding") in curl_accepted_codings()
    assert body == static_document


def test_curl_decodes_every_coding_it_knows(base_url, static_document, coding, tmp_path):
    if coding.token not in curl_accepted_codings():
        pytest.skip(f"this curl does not decode {coding.token}")
    headers, body = curl("--compressed", "-H", "Accept-Encoding: " + coding.token, base_url + "/api/static",
                         tmp_path=tmp_path)
    assert headers["content-encoding"] == coding.token
    assert body == static_document


def test_curl_fetches_lzf_that_liblzf_decodes(base_url, static_document, advertised, tmp_path):
    if "lzf" not in advertised:
        pytest.skip("the server does not advertise lzf")
    headers, body = curl("-H", "Accept-Encoding: lzf", base_url + "/api/static", tmp_path=tmp_path)
    assert headers["content-encoding"] == "lzf"
    assert zv.decode(body) == static_document


def test_curl_posts_compressed_bodies_with_data_binary(base_url, coding, tmp_path):
    payload = next(p for p in generated() if p.name == "medium.json")
    encoded = tmp_path / ("body." + coding.token)
    encoded.write_bytes(coding.encode(payload.body))
    headers, body = curl("-H", "Content-Encoding: " + coding.token, "-H", "Content-Type: application/json",
                         "--data-binary", "@" + str(encoded), base_url + "/api/echo", tmp_path=tmp_path)
    assert "content-encoding" not in headers
    assert body == payload.body


# Over HTTP/2 (curl 7.88, Tomcat 11.0.22) 7 of 13 uploads tried ended with curl's error 92
# ("Stream error in the HTTP/2 framing layer") and no response: the stream is closed before the
# 413 reaches curl. Left out of the HTTP/2 pass until that is understood (docs/reliability.md).
@pytest.mark.http1_only
def test_curl_gets_413_for_a_gzip_bomb_while_still_uploading(base_url, advertised, tmp_path):
    if "gzip" not in advertised:
        pytest.skip("the server does not advertise gzip")
    encoded = tmp_path / "bomb.gz"
    encoded.write_bytes(bomb("gzip"))
    result = subprocess.run(command("--silent", "--max-time", "120", "--output", str(tmp_path / "body"),
                                    "--write-out", "%{http_code}", "-H", "Content-Encoding: gzip",
                                    "-H", "Content-Type: application/octet-stream",
                                    "--data-binary", "@" + str(encoded), base_url + "/api/echo"),
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "413"


def test_curl_posts_an_encoded_body_it_labels_as_a_form_and_gets_it_decoded(base_url, tmp_path):
    # curl labels --data-binary as application/x-www-form-urlencoded unless told otherwise
    encoded = tmp_path / "form.gz"
    encoded.write_bytes(gzip.compress(b"a=1&b=2"))
    result = subprocess.run(command("--silent", "--max-time", "30", "--dump-header", "-", "--output",
                                    str(tmp_path / "body"), "-H", "Content-Encoding: gzip",
                                    "--data-binary", "@" + str(encoded), base_url + "/api/echo"),
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert re.match(r"HTTP/[\d.]+ 200", result.stdout)
    assert "application/x-www-form-urlencoded" in result.stdout.lower()
    assert (tmp_path / "body").read_bytes() == b"a=1&b=2"