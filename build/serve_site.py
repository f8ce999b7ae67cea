"""Serve the built site locally with the headers of netlify.toml (standard library only).

    python build/serve_site.py [--host 127.0.0.1] [--port 8000] [SITE_DIR]

Used by `make play` (port 8000) and by the end-to-end tests (tests/e2e, a free port in a
thread). Like Netlify: "/" serves index.html, no directory listings, the [[headers]] rules of
netlify.toml applied (a rule's `for` path: `*` matches anything, `:name` one segment; the
CORS headers of the runtimes and the package index too), and correct types for .wasm, .mjs,
.webmanifest, .whl and .py files. A folder's index.html answers its URL with a final slash,
"//" included (micropip asks for `<index URL>/canasta/`).
"""

from __future__ import annotations

import argparse
import http.server
import os
import re
import sys
import threading
import tomllib
from functools import partial
from typing import Any
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
NETLIFY_TOML = REPO / "netlify.toml"
SITE = REPO / "dist" / "site"

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".mpy": "application/octet-stream",  # MicroPython bytecode (build_site.compile_page_modules)
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
}

HeaderRule = tuple[re.Pattern[str], dict[str, str]]


def rule_pattern(for_path: str) -> re.Pattern[str]:
    """Netlify's matching of a [[headers]] `for` path (see netlify/build's headers-parser)."""
    parts = []
    for part in (p.rstrip() for p in for_path.split("/")):
        if not part:
            continue
        if part.startswith(":"):
            parts.append("([^/]+)")
        elif part == "*":
            parts.append("?(.*)")
        else:
            parts.append(".*".join(re.escape(piece) for piece in part.split("*")))
    return re.compile("^/" + "/".join(parts) + "/?$", re.IGNORECASE)


def load_rules(netlify_toml: Path = NETLIFY_TOML) -> list[HeaderRule]:
    config = tomllib.loads(netlify_toml.read_text(encoding="utf-8"))
    return [(rule_pattern(rule["for"]), dict(rule.get("values", {}))) for rule in config.get("headers", [])]


def headers_for(path: str, rules: list[HeaderRule]) -> dict[str, str]:
    """The headers every matching rule sets for a URL path (later rules win on a clash;
    netlify.toml is written so that there is none, and a test checks it)."""
    headers: dict[str, str] = {}
    for pattern, values in rules:
        if pattern.match(path):
            headers.update(values)
    return headers


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as a real host
    rules: list[HeaderRule] = []
    quiet = True
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def _rule_headers(self) -> dict[str, str]:
        return headers_for(self.path.split("?", 1)[0].split("#", 1)[0], self.rules)

    def guess_type(self, path: "str | os.PathLike[str]") -> str:
        for name, value in self._rule_headers().items():
            if name.lower() == "content-type":
                return value
        return super().guess_type(path)

    def end_headers(self) -> None:
        for name, value in self._rule_headers().items():
            if name.lower() != "content-type":  # sent by send_head, via guess_type
                self.send_header(name, value)
        super().end_headers()

    def list_directory(self, path: str | Path) -> None:  # type: ignore[override]
        self.send_error(404, "Not Found")
        return None

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """A client that goes away in the middle of an answer is not an error worth a traceback:
    a page closed, or a response the engine worker cancels on purpose (compileEarly drops
    Pyodide's own fetch of the wasm it has already compiled). Every other error is printed
    as before."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def make_server(
    site: Path = SITE, host: str = "127.0.0.1", port: int = 0, rules: list[HeaderRule] | None = None, quiet: bool = True
) -> http.server.ThreadingHTTPServer:
    """A threading HTTP server for `site` (port 0: a free port; see server.server_port)."""
    if not (site / "index.html").is_file():
        raise FileNotFoundError(f"{site}/index.html not found: run `make site` first")
    handler = type("SiteHandler", (Handler,), {"rules": load_rules() if rules is None else rules, "quiet": quiet})
    return SiteServer((host, port), partial(handler, directory=str(site)))


def serve_in_thread(site: Path = SITE, host: str = "127.0.0.1", port: int = 0,
                    rules: list[HeaderRule] | None = None) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve `site` from a daemon thread; returns the server and its URL. `rules`: the
    header rules (netlify.toml's when None; [] serves plain files, as another site would)."""
    server = make_server(site, host, port, rules)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, f"http://{host}:{server.server_port}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", type=Path, default=SITE)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--log", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.site, args.host, args.port, quiet=not args.log)
    except (FileNotFoundError, OSError) as error:
        print(f"serve_site: {error}", file=sys.stderr)
        return 1
    print(f"Canasta is served at http://{args.host}:{server.server_port}/ (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
