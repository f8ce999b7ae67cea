"""The engine worker's own zip reader (web/engine-worker.js, zipEntries), which writes the
compiled engine's files into Pyodide instead of unpackArchive: under Node, it reads what
Python's zipfile reads, and it refuses, with a reason, what it cannot read exactly (the
worker then falls back to unpackArchive)."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js not found")


def read(tmp_path: Path, data: bytes) -> dict[str, object]:
    path = tmp_path / "archive.zip"
    path.write_bytes(data)
    done = subprocess.run(["node", str(HERE / "zip_entries.mjs"), str(path)], capture_output=True, text=True,
                          timeout=60, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def build(entries: list[tuple[str, bytes, int]], comment: bytes = b"") -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data, method in entries:
            archive.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data, compress_type=method)
        archive.comment = comment
    return out.getvalue()


def expected(data: bytes) -> list[dict[str, object]]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return [{"name": i.filename, "size": i.file_size, "sha256": hashlib.sha256(archive.read(i)).hexdigest()}
                for i in archive.infolist() if not i.filename.endswith("/")]


def test_it_reads_what_zipfile_reads(tmp_path: Path) -> None:
    body = bytes(range(256)) * 300
    data = build([
        ("canasta/", b"", zipfile.ZIP_STORED),  # a directory entry: left out
        ("canasta/__init__.pyc", body, zipfile.ZIP_DEFLATED),
        ("canasta/bots/expert.pyc", body[::-1] + b"x", zipfile.ZIP_DEFLATED),
        ("canasta/py.typed", b"", zipfile.ZIP_STORED),
        ("canasta/data/variants.json", b'{"classic": 1}', zipfile.ZIP_STORED),
    ], comment=b"a comment after the directory")
    got = read(tmp_path, data)
    assert got == {"entries": expected(data)}
    assert [e["name"] for e in got["entries"]][0] == "canasta/__init__.pyc"  # type: ignore[index]


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"PK\x03\x04 not a whole zip" * 10, "no end of central directory"),
        (build([("../outside.pyc", b"x", zipfile.ZIP_STORED)]), "outside the archive: ../outside.pyc"),
        (build([("/etc/passwd", b"x", zipfile.ZIP_STORED)]), "outside the archive: /etc/passwd"),
        (build([("a.pyc", b"x" * 100, zipfile.ZIP_BZIP2)]), "compression method 12"),
    ],
    ids=["junk", "dot-dot", "absolute", "bzip2"],
)
def test_it_refuses_what_it_cannot_read_exactly(tmp_path: Path, data: bytes, reason: str) -> None:
    got = read(tmp_path, data)
    assert "entries" not in got
    assert reason in str(got["error"])


def test_a_damaged_entry_is_refused(tmp_path: Path) -> None:
    data = bytearray(build([("a.pyc", bytes(range(256)) * 64, zipfile.ZIP_DEFLATED)]))
    at = data.index(b"a.pyc") + len("a.pyc") + 10  # inside the deflated data, after the local header
    data[at:at + 40] = bytes(40)
    got = read(tmp_path, bytes(data))
    assert "entries" not in got and got["error"], got
