"""curl run as a subprocess: one exchange, with the response headers and the body it wrote."""
import subprocess

# set by conftest.py for a run with --http2: HTTP/2 without TLS, with prior knowledge
HTTP2 = False


def command(*arguments: str) -> list[str]:
    """A curl command line speaking the protocol of this run."""
    return ["curl", *(["--http2-prior-knowledge"] if HTTP2 else []), *arguments]


def curl(*arguments: str, tmp_path) -> tuple[dict, bytes]:
    headers_file = tmp_path / "headers"
    body_file = tmp_path / "body"
    subprocess.run(command("--silent", "--show-error", "--fail-with-body", "--max-time", "120",
                           "--dump-header", str(headers_file), "--output", str(body_file), *arguments), check=True)
    headers = {}
    for line in headers_file.read_text("iso-8859-1").splitlines()[1:]:
        name, _, value = line.partition(":")
        if value:
            headers[name.strip().lower()] = value.strip()
    return headers, body_file.read_bytes()


def curl_accepted_codings() -> list[str]:
    features = subprocess.run(["curl", "--version"], capture_output=True, text=True, check=True).stdout
    known = {"libz": ["gzip", "deflate"], "brotli": ["br"], "zstd": ["zstd"]}
    return [coding for feature, codings in known.items() if feature in features.lower() for coding in codings]
