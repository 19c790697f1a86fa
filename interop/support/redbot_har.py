"""Runs REDbot (the HTTP linter) on one request and prints its HAR report, whose entries carry
REDbot's notes in "_red_messages", each with a level: good, info, warning or bad.

    python -m support.redbot_har URL [--method POST] [--header 'Accept-Encoding: gzip' ...] [--data-file FILE]

REDbot's own command line takes only a URL; this is the same run with a method and request
headers. It runs as a subprocess because REDbot's event loop (thor) is process-wide.
"""
import argparse
import sys
from configparser import ConfigParser

import thor
from redbot.formatter import find_formatter
from redbot.resource import HttpResource


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("--method", default="GET")
    parser.add_argument("--header", action="append", default=[], help="a request header, 'Name: value'")
    parser.add_argument("--data-file", help="a file whose bytes are the request content")
    args = parser.parse_args()
    config_parser = ConfigParser()
    config_parser.read_dict({"redbot": {"enable_local_access": "True"}})
    config = config_parser["redbot"]
    headers = [tuple(part.strip() for part in header.split(":", 1)) for header in args.header]

    resource = HttpResource(config)
    content = b""
    if args.data_file:
        with open(args.data_file, "rb") as data:
            content = data.read()
    resource.set_request(args.url, method=args.method, headers=headers, content=content)
    formatter = find_formatter("har")(config, resource, sys.stdout.write, {"tty_out": False, "descend": False})
    formatter.bind_resource(resource)

    @thor.events.on(formatter)
    def formatter_done() -> None:
        thor.stop()

    resource.check()
    thor.run()


if __name__ == "__main__":
    main()
