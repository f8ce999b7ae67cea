"""A Python page of another site installs the engine from this site, in Chromium.

The PyScript page and the plain Pyodide script of docs/python-pages.md (read from the doc,
so the two cannot drift) are served from a second local origin, with the site's address
put in for the placeholder. PyScript, Pyodide and micropip come from the site's own files,
micropip installs `canasta` from the site's package index (`<site>/simple/`), and what the
page writes must be what the same code writes on CPython; the PyScript page runs again
with the browser offline. Every request outside 127.0.0.1 is blocked and asserted
absent. Also: the hashes in the shipped lock and index, and the build's pin of micropip.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import textwrap
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from playwright.sync_api import BrowserType, Page
from site_helpers import READY_TIMEOUT_MS, REPO, Watched, build_site, serve_site

DOC = REPO / "docs" / "python-pages.md"
#: The site's address in the doc's page (a reserved name: it never resolves).
PLACEHOLDER = "https://canasta.example"
OUTPUTS = ("meld", "score")


def doc_block(marker: str, language: str) -> str:
    """The code block that follows the doc's `<!-- marker ... -->` line."""
    text = DOC.read_text(encoding="utf-8")
    match = re.search(rf"<!-- {marker}[^\n]*-->\n```{language}\n(.*?)\n```\n", text, re.S)
    assert match, f"{DOC}: no {language} block after a <!-- {marker} ... --> line"
    return match.group(1)


def doc_page() -> str:
    """The doc's PyScript page."""
    return doc_block("python-page", "html")


def script_page(script: str) -> str:
    """A page running the doc's module script, writing its `result` into #result."""
    return ('<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Pyodide</title>'
            '<link rel="icon" href="data:,"></head>\n<body><output id="result"></output>\n'
            f'<script type="module">\n{script}\ndocument.querySelector("#result").textContent = result;\n'
            "</script>\n</body>\n</html>\n")


def page_python(page: str) -> str:
    """The Python of the page's <script type="py">."""
    match = re.search(r'<script type="py"[^>]*>\n(.*?)</script>', page, re.S)
    assert match, "no <script type=\"py\"> in the doc's page"
    return textwrap.dedent(match.group(1))


class _Element:
    textContent = ""


def run_on_cpython(code: str) -> dict[str, str]:
    """Run the page's Python here, `pyscript.document` standing in for the DOM: the text
    it writes into each output element."""
    elements = {name: _Element() for name in OUTPUTS}
    document = types.SimpleNamespace(querySelector=lambda selector: elements[selector.lstrip("#")])
    saved = sys.modules.get("pyscript")
    sys.modules["pyscript"] = types.SimpleNamespace(document=document)  # type: ignore[assignment]
    try:
        exec(compile(code, f"{DOC.name} (page)", "exec"), {"__name__": "__page__"})
    finally:
        if saved is None:
            sys.modules.pop("pyscript", None)
        else:
            sys.modules["pyscript"] = saved
    return {name: element.textContent for name, element in elements.items()}


def wait_for_outputs(page: Page, w: Watched, outputs: tuple[str, ...] = OUTPUTS) -> dict[str, str]:
    """The text of each output element once all are written, or fail as soon as the page
    reports an error (a failed install ends in one: no need to wait out the time limit)."""
    selector = ", ".join(f"#{name}:empty" for name in outputs)
    for _ in range(READY_TIMEOUT_MS // 250):
        if w.errors or page.query_selector(selector) is None:
            break
        page.wait_for_timeout(250)
    w.assert_clean()
    return {name: page.text_content(f"#{name}") or "" for name in outputs}


def serve_doc_page(folder: Path, site_url: str, page: str | None = None) -> tuple[Any, str]:
    """A page of the doc (its PyScript page by default), for the site at `site_url`, served
    by another site (another port, plain files: no header of the site's). Returns the
    server and the page's URL."""
    text = doc_page() if page is None else page
    (folder / "index.html").write_text(text.replace(PLACEHOLDER, site_url.rstrip("/")), encoding="utf-8")
    return serve_site.serve_in_thread(folder, rules=[])


def stop(server: Any) -> None:
    server.shutdown()
    server.server_close()


@pytest.fixture
def other_origin(tmp_path: Path, site_url: str) -> Iterator[str]:
    server, url = serve_doc_page(tmp_path, site_url)
    yield url
    stop(server)


def test_the_doc_names_this_builds_runtimes(build_info: dict[str, Any]) -> None:
    """The page's URLs name the folders this build ships: a new Pyodide or PyScript fails
    here until docs/python-pages.md is updated."""
    page = doc_page()
    assert f"{PLACEHOLDER}/pyodide/{build_info['pyodide']}/pyodide.mjs" in page, "update the doc's Pyodide version"
    assert f"{PLACEHOLDER}/{build_info['pyscript_dir']}/core.js" in page, "update the doc's PyScript folder"
    assert f'"index_urls": ["{PLACEHOLDER}/simple/"]' in page
    script = doc_block("pyodide-script", "js")
    assert f'loadPyodide({{ indexURL: "{PLACEHOLDER}/pyodide/{build_info["pyodide"]}/" }})' in script


def test_a_pyscript_page_elsewhere_installs_the_engine(watched: Callable[..., Watched], other_origin: str,
                                                       site_url: str, build_info: dict[str, Any]) -> None:
    expected = run_on_cpython(page_python(doc_page()))
    assert all(expected.values()), expected

    w = watched()
    page = w.page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(other_origin)
    got = wait_for_outputs(page, w)
    assert got == expected

    # Where each part came from: the site's runtime, micropip and index, micropip installing.
    pyodide = f"{site_url}pyodide/{build_info['pyodide']}/"
    assert f"{pyodide}pyodide.asm.wasm" in requests
    assert f"{pyodide}micropip-{build_info['micropip']}-py3-none-any.whl" in requests
    assert any(re.fullmatch(re.escape(site_url) + "simple//?canasta/", url) for url in requests), requests
    assert site_url + build_info["engine_wheel"] in requests  # the index links the content-hashed wheel
    assert all(url.startswith((site_url, other_origin, "data:", "blob:")) for url in requests), requests
    w.assert_clean()


def test_the_index_and_the_lock_name_the_files_shipped(site_dir: Path, build_info: dict[str, Any]) -> None:
    """The hashes Pyodide and micropip check are those of the files beside them, and the
    index's link finds the wheel whether the index URL ends in a slash or not."""
    def digest(path: Path) -> str:
        return hashlib.sha256(path.read_bytes()).hexdigest()

    folder = site_dir / "pyodide" / build_info["pyodide"]
    entry = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]["micropip"]
    assert entry["sha256"] == digest(folder / entry["file_name"])

    project = (site_dir / "simple" / "canasta" / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a href="([^"#]+)#sha256=([0-9a-f]{64})"', project)
    assert len(links) == 1, project
    href, sha = links[0]
    assert sha == build_info["engine_wheel_sha256"]
    assert sha == digest(site_dir / build_info["engine_wheel"]) == digest(site_dir / build_info["simple_wheel"])
    for index in (f"{PLACEHOLDER}/simple", f"{PLACEHOLDER}/simple/"):
        # micropip asks for <index>/canasta/ and joins the link with urljoin (which drops
        # the empty segment of "simple//canasta/").
        assert urljoin(f"{index}/canasta/", href) == f"{PLACEHOLDER}/{build_info['engine_wheel']}"
    assert 'href="canasta/"' in (site_dir / "simple" / "index.html").read_text(encoding="utf-8")


def test_a_wheel_that_is_not_the_pinned_one_stops_the_build(tmp_path: Path) -> None:
    name, version, _ = build_site.MICROPIP
    wheel = tmp_path / f"{name}-{version}-py3-none-any.whl"
    wheel.write_bytes(b"not the pinned wheel")
    with pytest.raises(build_site.BuildError, match="is not the pinned"):
        build_site.pinned_wheel(build_site.MICROPIP, "3.14", cache=tmp_path)
    assert not wheel.exists()  # deleted: the next build downloads it again


def test_the_page_runs_again_offline(browser_type: BrowserType, browser_type_launch_args: dict[str, Any],
                                     site_url: str, tmp_path: Path, build_info: dict[str, Any]) -> None:
    """After one visit the page needs nothing more from the site: the runtimes and the
    content-hashed wheel the index links to are cached for a year, and PyScript keeps
    micropip's lock of what it installed (its packages_cache). The second visit is made
    with the browser offline (the page itself cached by its own site for the test).

    The browser's HTTP cache is what is tested, and Playwright turns it off in a context
    that routes requests: so this context routes none; it has a profile on disk (an
    in-memory cache keeps no 9.6 MB wasm) and sends everything but 127.0.0.1 to a closed
    proxy port (blocked), and the test asserts that no request went elsewhere."""
    cached = [(re.compile(".*"), {"Cache-Control": "max-age=3600"})]
    (tmp_path / "page").mkdir()
    (tmp_path / "page" / "index.html").write_text(doc_page().replace(PLACEHOLDER, site_url.rstrip("/")),
                                                  encoding="utf-8")
    host, url = serve_site.serve_in_thread(tmp_path / "page", rules=cached)
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args, proxy={"server": "http://127.0.0.1:9", "bypass": "127.0.0.1"})
    try:
        w = Watched(context)
        page = w.page()
        requests: list[str] = []
        page.on("request", lambda request: requests.append(request.url))
        page.on("requestfailed", lambda request: w.errors.append(f"failed: {request.url} {request.failure}"))
        page.goto(url)
        first = wait_for_outputs(page, w)
        page.wait_for_load_state("networkidle")  # every file in the cache (PyScript's plugins load late)
        w.context.set_offline(True)
        offline_from = len(requests)
        page.goto(url)
        assert wait_for_outputs(page, w) == first
        assert site_url + build_info["engine_wheel"] in requests[offline_from:]  # asked, answered by the cache
        assert all(urlsplit(r).hostname == "127.0.0.1" for r in requests if r.startswith("http")), requests
    finally:
        context.close()
        stop(host)


def test_plain_pyodide_elsewhere_installs_the_engine(watched: Callable[..., Watched], site_url: str,
                                                    tmp_path: Path, build_info: dict[str, Any]) -> None:
    """The doc's module script: loadPyodide from the site, loadPackage("micropip"), then
    micropip.install from `<site>/simple` (no final slash); its last Python expression is
    what the same code gives on CPython."""
    script = doc_block("pyodide-script", "js")
    python = textwrap.dedent(re.findall(r"runPython\(`\n(.*?)`\)", script, re.S)[-1]).strip().splitlines()
    scope: dict[str, Any] = {}
    exec("\n".join(python[:-1]), scope)
    expected = str(eval(python[-1], scope))

    server, url = serve_doc_page(tmp_path, site_url, script_page(script))
    try:
        w = watched()
        page = w.page()
        requests: list[str] = []
        page.on("request", lambda request: requests.append(request.url))
        page.goto(url)
        assert wait_for_outputs(page, w, ("result",)) == {"result": expected}
    finally:
        stop(server)
    assert f"{site_url}pyodide/{build_info['pyodide']}/micropip-{build_info['micropip']}-py3-none-any.whl" in requests
    assert f"{site_url}simple/canasta/" in requests and site_url + build_info["engine_wheel"] in requests
