"""REDbot (the HTTP linter) run on one request against the app, with its notes.

REDbot's own command line takes only a URL, so support/redbot_har.py runs the same check with a
method, request headers and content, in a subprocess, and prints REDbot's HAR report."""
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

INTEROP_DIR = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Note:
    note_id: str
    level: str
    subject: str
    summary: str

    def __str__(self) -> str:
        return f"{self.level} {self.note_id} ({self.subject}): {self.summary}"


# RFC 9110, section 12.5.3 (which took over RFC 7694): in a response, Accept-Encoding lists the
# content codings the resource accepts in requests. httplint, REDbot's linter, still knows the
# field as a request field only and rates it "bad" in every response.
FALSE_POSITIVES = {("REQUEST_HDR_IN_RESPONSE", '"Accept-Encoding" isn\'t valid in a response.')}


@dataclass(frozen=True)
class Report:
    method: str
    url: str
    status: int
    headers: dict
    notes: list[Note]

    def bad(self) -> list[Note]:
        return [note for note in self.notes
                if note.level == "BAD" and (note.note_id, note.summary) not in FALSE_POSITIVES]

    def notes_named(self, note_id: str) -> list[Note]:
        return [note for note in self.notes if note.note_id == note_id]


def lint(url: str, method: str = "GET", headers: dict | None = None, data_file: Path | None = None) -> Report:
    command = [sys.executable, "-m", "support.redbot_har", url, "--method", method]
    for name, value in (headers or {}).items():
        command += ["--header", f"{name}: {value}"]
    if data_file is not None:
        command += ["--data-file", str(data_file)]
    result = subprocess.run(command, cwd=INTEROP_DIR, capture_output=True, text=True, timeout=120, check=True)
    har = json.loads(result.stdout)["log"]
    assert "_red_error" not in har, har["_red_error"]
    entry = har["entries"][0]
    return Report(entry["request"]["method"], entry["request"]["url"], entry["response"]["status"],
                  {header["name"].lower(): header["value"].strip() for header in entry["response"]["headers"]},
                  list(_notes(entry["_red_messages"])))


def _notes(messages):
    for message in messages:
        yield Note(message["note_id"], message["level"], message["subject"], message["summary"])
        yield from _notes(message.get("subnotes", []))
