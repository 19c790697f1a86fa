"""Helpers for the interop suite: codings, payloads and raw HTTP access."""
