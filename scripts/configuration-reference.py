#!/usr/bin/env python3
"""Writes docs/configuration.md from the configuration metadata that the build generates.

Run after `./mvnw install -DskipTests`:  python3 scripts/configuration-reference.py
ConfigurationReferenceTests fails when a property is missing from the page.
"""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
METADATA = ROOT / "restcompress-spring-boot-autoconfigure/target/classes/META-INF/spring-configuration-metadata.json"
PAGE = ROOT / "docs/configuration.md"


def default(prop):
    value = prop.get("defaultValue")
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) if value else "(empty)"
    return str(value)


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
    PAGE.write_text("\n".join(lines) + "\n")
    print(f"wrote {len(properties)} properties to {PAGE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
