#!/usr/bin/env python3
"""Writes docs/configuration.md from the configuration metadata that the build generates.

Run after `./mvnw install -DskipTests`:  python3 scripts/configuration-reference.py
ConfigurationReferenceTests fails when a property is missing from the page.
"""
import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
METADATA = ROOT / "restcompress-spring-boot-autoconfigure/target/classes/META-INF/spring-configuration-metadata.json"
PAGE = ROOT / "docs/configuration.md"
SOURCES = ROOT / "restcompress-spring-boot-autoconfigure/src/main/java/io/restcompress"

# Lists of objects: the metadata stops at the list, so their elements' fields are read from the
# nested class's source (property of the list, source file, nested class).
ELEMENTS = [
    ("restcompress.network.links", "metrics/autoconfigure/NetworkProperties.java", "Link"),
    ("restcompress.dictionary.training.dictionaries", "dictionary/autoconfigure/DictionaryProperties.java", "Trained"),
]

FIELD = re.compile(r"/\*\*(?P<doc>(?:(?!\*/).)*)\*/\s*private\s+(?:final\s+)?(?:@Nullable\s+)?[\w<>, ]+?\s+(?P<name>\w+)\s*(?:=\s*(?P<value>[^;]+))?;", re.S)


def default(prop):
    value = prop.get("defaultValue")
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) if value else "(empty)"
    return str(value)


def kebab(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()


def element_rows(prefix, source, nested):
    text = (SOURCES / source).read_text()
    start = text.index(f"public static class {nested} ")
    body = text[start:]
    depth, end = 0, 0
    for i, c in enumerate(body):
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                end = i
                break
    rows = []
    for match in FIELD.finditer(body[:end]):
        doc = " ".join(line.strip().lstrip("*").strip() for line in match["doc"].splitlines()).strip()
        value = (match["value"] or "").strip()
        shown = "" if value in ("", "null") or value.startswith("new ArrayList") else value
        rows.append((f"{prefix}[i].{kebab(match['name'])}", shown, doc))
    if not rows:
        raise SystemExit(f"no fields found in {source} {nested}")
    return rows


def main():
    metadata = json.loads(METADATA.read_text())
    properties = sorted(metadata["properties"], key=lambda p: p["name"])
    lines = [
        "# Configuration reference",
        "",
        "Every `restcompress.*` property, with its default. Sizes take Spring's `DataSize` syntax",
        "(`4500B`, `64KB`, `16MB`), lists are comma-separated. This page is generated from the",
        "configuration metadata by `scripts/configuration-reference.py`.",
        "",
        "| property | default | description |",
        "|---|---|---|",
    ]
    for prop in properties:
        description = " ".join(prop.get("description", "").split()).replace("|", "\\|")
        lines.append(f"| `{prop['name']}` | `{default(prop)}` | {description} |".replace("| `` |", "| |"))
    lines += [
        "",
        "## Elements of lists",
        "",
        "Each element of these lists is a group of its own (`restcompress.network.links[0].name=eu`).",
        "",
        "| property | default | description |",
        "|---|---|---|",
    ]
    for prefix, source, nested in ELEMENTS:
        for name, value, doc in element_rows(prefix, source, nested):
            lines.append(f"| `{name}` | `{value}` | {doc.replace('|', chr(92) + '|')} |".replace("| `` |", "| |"))
    PAGE.write_text("\n".join(lines) + "\n")
    print(f"wrote {len(properties)} properties to {PAGE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
