"""build/serve_site.py, the local server of `make play` and the browser tests: a client
that goes away in the middle of an answer (a page closed, a response the engine worker
cancels) prints no traceback; an error of the server's own still does."""

from __future__ import annotations

import importlib.util
import socket
import struct
import sys
import time
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("serve_site", REPO / "build" / "serve_site.py")
assert _spec is not None and _spec.loader is not None
serve_site = importlib.util.module_from_spec(_spec)
sys.modules["serve_site"] = serve_site
_spec.loader.exec_module(serve_site)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>", encoding="utf-8")
    (tmp_path / "big.bin").write_bytes(bytes(range(256)) * 40_000)  # 10 MB: more than a socket buffer
    return tmp_path


def reset_mid_answer(port: int) -> None:
    """Ask for the big file, read a little of it, then close with a reset (SO_LINGER 0)."""
    client = socket.create_connection(("127.0.0.1", port))
    client.sendall(b"GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    client.recv(1000)
    client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    client.close()


def test_a_client_gone_mid_answer_prints_no_traceback(site: Path, capsys: Any) -> None:
    server, url = serve_site.serve_in_thread(site, rules=[])
    try:
        for _ in range(3):
            reset_mid_answer(server.server_port)
        time.sleep(0.5)  # the handler threads meet the reset and end
    finally:
        server.shutdown()
    assert "Traceback" not in capsys.readouterr().err


def test_another_error_is_still_printed(site: Path, capsys: Any) -> None:
    server = serve_site.make_server(site)
    try:
        raise ValueError("a bug of the server's own")
    except ValueError:
        server.handle_error(None, ("127.0.0.1", 1))
    finally:
        server.server_close()
    err = capsys.readouterr().err
    assert "Traceback" in err and "a bug of the server's own" in err


def test_it_still_serves(site: Path) -> None:
    server, url = serve_site.serve_in_thread(site, rules=[])
    try:
        with socket.create_connection(("127.0.0.1", server.server_port)) as client:
            client.sendall(b"GET / HTTP/1.0\r\n\r\n")
            reply = b""
            while chunk := client.recv(65536):
                reply += chunk
        assert reply.split(b"\r\n", 1)[0].endswith(b" 200 OK") and reply.endswith(b"<title>t</title>")
    finally:
        server.shutdown()
