"""netlify.toml: build settings, and the headers the site is served with (by the same rules
locally, through build/serve_site.py)."""

from __future__ import annotations

import tomllib
import urllib.request
from pathlib import Path

from site_helpers import REPO, serve_site

IMMUTABLE = "public, max-age=31536000, immutable"


def served_headers(url: str) -> dict[str, str]:
    with urllib.request.urlopen(url) as response:
        return {name.lower(): value for name, value in response.headers.items()}


def test_netlify_build_settings() -> None:
    config = tomllib.loads((REPO / "netlify.toml").read_text(encoding="utf-8"))
    assert config["build"]["command"] == "make site"
    assert config["build"]["publish"] == "dist/site"


#: The one header deliberately set by two rules (netlify.toml: embed.html may be framed).
OVERRIDES = {("/embed.html", "content-security-policy")}


def test_no_header_set_twice_for_a_file(site_dir: Path) -> None:
    """Netlify may join the values of a header set by several matching rules (a broken
    Cache-Control, say): each header comes from one rule only, for every file and for /,
    but embed.html's CSP, written to be right either way (netlify.toml)."""
    rules = serve_site.load_rules()
    paths = ["/"] + ["/" + p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()]
    for path in paths:
        seen: dict[str, str] = {}
        for pattern, values in rules:
            if pattern.match(path):
                for name in values:
                    assert name.lower() not in seen or (path, name.lower()) in OVERRIDES, \
                        f"{path}: {name} set by two rules ({seen[name.lower()]}, {pattern.pattern})"
                    seen[name.lower()] = pattern.pattern


def test_served_headers(site_url: str, build_info: dict[str, str]) -> None:
    index = served_headers(site_url)
    csp = index["content-security-policy"]
    assert "default-src 'self'" in csp and "https:" not in csp and "http:" not in csp
    assert index["cache-control"] == "no-cache"
    assert index["content-type"].startswith("text/html")
    for path in ("index.html", "sw.js", "manifest.webmanifest"):
        assert served_headers(site_url + path)["cache-control"] == "no-cache", path
    assert served_headers(site_url + "manifest.webmanifest")["content-type"] == "application/manifest+json"

    wasm = served_headers(f"{site_url}pyodide/{build_info['pyodide']}/pyodide.asm.wasm")
    assert wasm["content-type"] == "application/wasm"
    assert wasm["cache-control"] == IMMUTABLE
    mpy = served_headers(f"{site_url}micropython/{build_info['micropython']}/micropython.wasm")
    assert mpy["content-type"] == "application/wasm"
    assert mpy["cache-control"] == IMMUTABLE
    assert build_info["pyscript_dir"].startswith(f"pyscript/{build_info['pyscript']}-csp-")  # patched: its own URLs
    assert served_headers(f"{site_url}{build_info['pyscript_dir']}/core.js")["cache-control"] == IMMUTABLE
    assert served_headers(site_url + build_info["engine_wheel"])["cache-control"] == IMMUTABLE
    assert "cache-control" not in served_headers(site_url + "main.py")  # host default (revalidate)


def directives(csp: str) -> dict[str, list[str]]:
    return {name: values for name, *values in (part.split() for part in csp.split(";") if part.strip())}


def test_csp_evaluates_no_strings(site_url: str) -> None:
    """No 'unsafe-eval' (see netlify.toml: PyScript is patched at build time not to need it)
    and no 'unsafe-inline', for the page and for the scripts that start workers of their own
    (a dedicated or service worker runs under the CSP its script is served with)."""
    for path in ("", "index.html", "engine-worker.js", "sw.js", "embed.html"):
        csp = directives(served_headers(site_url + path)["content-security-policy"])
        assert csp["script-src"] == ["'self'", "'wasm-unsafe-eval'"], (path, csp)
        assert csp["worker-src"] == ["'self'"], (path, csp)
        assert not any("unsafe-eval" in v and v != "'wasm-unsafe-eval'" or "unsafe-inline" in v
                       for values in csp.values() for v in values), (path, csp)


def test_cors_for_pages_elsewhere(site_url: str, build_info: dict[str, str]) -> None:
    """What a page of another origin loads (docs/python-pages.md) may be read by it: the
    Pyodide runtime with micropip beside it, PyScript, the wheels and the package index;
    the game's own pages stay same-origin, and the index revalidates (its URLs are stable)."""
    pyodide = f"pyodide/{build_info['pyodide']}/"
    shared = [pyodide + "pyodide.mjs", pyodide + "pyodide-lock.json",
              f"{pyodide}micropip-{build_info['micropip']}-py3-none-any.whl",
              f"{build_info['pyscript_dir']}/core.js", build_info["engine_wheel"],
              "simple/", "simple/canasta/", "simple//canasta/", build_info["simple_wheel"]]
    for path in shared:
        assert served_headers(site_url + path).get("access-control-allow-origin") == "*", path
    for path in ("simple/", "simple/canasta/", build_info["simple_wheel"]):
        assert served_headers(site_url + path)["cache-control"] == "no-cache", path
    for path in ("", "index.html", "embed.html", "engine-worker.js", "sw.js", "main.py"):
        assert "access-control-allow-origin" not in served_headers(site_url + path), path
