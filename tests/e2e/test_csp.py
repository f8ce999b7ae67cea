"""The site under netlify.toml's Content-Security-Policy, which allows no string evaluation
('unsafe-eval' is absent: build/build_site.py patches the one place where PyScript needed it,
PYSCRIPT_PATCHES). Here the site is served with that very policy plus a `report-uri`, so that
a violation anywhere (the page, the engine worker, the service worker) is reported to the
server, and the page also records its `securitypolicyviolation` events; a control test
checks that this watch does see the violation of an unpatched PyScript."""

from __future__ import annotations

import json
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any, Callable

import pytest
from game_helpers import Mirror, hand_of, play_by_clicking, wait_human_turn, wait_ui
from site_helpers import READY_TIMEOUT_MS, REPO, Watched, build_site, serve_site

REPORT_PATH = "/csp-report"

#: Init script: every securitypolicyviolation event of the page, in window.__cspViolations.
WATCH_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__cspViolations.push({
  directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile,
  line: e.lineNumber, column: e.columnNumber, sample: e.sample}));
"""


class Reporting:
    """The site served with netlify.toml's headers, its CSP with 'report-sample' and a
    report-uri pointing at this server, which keeps the reports it receives."""

    def __init__(self, site: Path) -> None:
        self.reports: list[dict[str, Any]] = []
        rules = []
        for pattern, values in serve_site.load_rules():
            values = dict(values)
            for name, value in values.items():
                if name.lower() == "content-security-policy":
                    assert "script-src 'self'" in value, value
                    values[name] = value.replace("script-src 'self'", "script-src 'self' 'report-sample'") + f"; report-uri {REPORT_PATH}"
            rules.append((pattern, values))
        reports = self.reports

        class Handler(serve_site.Handler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                if self.path != REPORT_PATH:
                    self.send_error(405)
                    return
                reports.append(json.loads(body).get("csp-report", {}))
                self.send_response(204)
                self.send_header("Content-Length", "0")
                self.end_headers()

        Handler.rules = rules
        self.server = serve_site.SiteServer(("127.0.0.1", 0), partial(Handler, directory=str(site)))
        threading.Thread(target=self.server.serve_forever, name="csp-site-server", daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_port}/"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def wait_report(self, timeout_s: float) -> list[dict[str, Any]]:
        end = time.monotonic() + timeout_s
        while not self.reports and time.monotonic() < end:
            time.sleep(0.1)
        return self.reports


@pytest.fixture
def reporting(site_dir: Path) -> Iterator[Reporting]:
    served = Reporting(site_dir)
    yield served
    served.close()


def _violations(page: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("() => window.__cspViolations")
    return found


def test_a_game_under_the_csp_violates_nothing(watched: Callable[..., Watched], reporting: Reporting) -> None:
    """Start screen, engine worker, a few moves of seat 0 by clicking (each checked against
    the engine on CPython) and the bots' turns, the service worker installing: no violation
    event on the page, no violation report from anywhere, no console error."""
    seed = 21
    mirror = Mirror(seed, 4)
    w = watched(viewport={"width": 1280, "height": 800})
    w.context.add_init_script(WATCH_VIOLATIONS)
    page = w.page()
    page.set_default_timeout(READY_TIMEOUT_MS)
    page.goto(f"{reporting.url}?seed={seed}&new=1&speed=instant&lang=en")
    wait_ui(page)
    for _ in range(4):  # two turns: draw, discard or meld...
        wait_human_turn(page, mirror.snap["view"]["phase"])
        assert hand_of(page) == sorted(mirror.snap["view"]["hand"])
        action = mirror.choose()
        play_by_clicking(page, action)
        mirror.play(action)
        page.wait_for_selector(f'#game[data-moves="{mirror.moves()}"]', state="attached")
    # The service worker registers once the UI is ready: let it install under the CSP too.
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    time.sleep(1)  # reports are posted asynchronously
    assert _violations(page) == []
    assert reporting.reports == []
    w.assert_clean()


def _unpatch(site: Path, info: dict[str, Any]) -> None:
    pattern, old, new = build_site.PYSCRIPT_CSP_PATCH
    for path in (site / info["pyscript_dir"]).glob(pattern):
        text = path.read_text(encoding="utf-8")
        if new in text:
            path.write_text(text.replace(new, old), encoding="utf-8")
            return
    raise AssertionError("no patched PyScript file found")


def test_the_watch_sees_an_unpatched_pyscript(
    watched: Callable[..., Watched], site_dir: Path, build_info: dict[str, Any], tmp_path: Path
) -> None:
    """Control: with PyScript's original file, the same watch reports the violation (the UI
    then never starts), naming the Function(...) of the worker hooks."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    _unpatch(copy, build_info)
    served = Reporting(copy)
    try:
        w = watched()
        w.context.add_init_script(WATCH_VIOLATIONS)
        page = w.page()
        page.goto(served.url)
        deadline = time.monotonic() + READY_TIMEOUT_MS / 1000
        while not _violations(page) and time.monotonic() < deadline:
            page.wait_for_timeout(200)
        events = _violations(page)
        # The browser posts its report on its own schedule: under a parallel suite's load
        # it once came after more than 10 s (a fresh clone's make test, 2a7e915).
        reports = served.wait_report(READY_TIMEOUT_MS / 1000)
    finally:
        served.close()
    assert events and events[0]["directive"] == "script-src" and events[0]["blocked"] == "eval", events
    assert "/core-" in events[0]["source"] and "return(w,x)=>" in events[0]["sample"], events
    assert reports and reports[0]["blocked-uri"] == "eval", reports
    assert any("Content Security Policy" in e for e in w.errors), w.errors


# --- the build-time patch itself ------------------------------------------------------


def test_the_patched_hooks_compose_the_same_source(tmp_path: Path) -> None:
    """PyScript's worker hooks with and without the patch, run in Node with the real
    to-json-callback: same source text for the worker, same calls when run in place."""
    _, old, new = build_site.PYSCRIPT_CSP_PATCH
    to_json = REPO / "build" / "node_modules" / "to-json-callback" / "esm" / "index.js"
    script = tmp_path / "hooks.mjs"
    script.write_text(
        f"import _o from {json.dumps(to_json.as_uri())};\n"
        "const calls = [];\n"
        "const registered = { onReady: [(w, x) => calls.push(['a', w, x]), function named(w, x) { calls.push(['b', w, x]); }],\n"
        "                     onBeforeRunAsync: [async ({ interpreter }) => calls.push(['c', interpreter])],\n"
        "                     onAfterRun: [] };\n"
        "const Eo = (name) => registered[name];\n"
        "const build = (code) => { let jo; eval(code); return jo; };\n"
        f"const original = build({json.dumps(old)}), patched = build({json.dumps(new)});\n"
        "const out = {};\n"
        "for (const name of Object.keys(registered)) {\n"
        "  const a = original({}, name), b = patched({}, name);\n"
        "  out[name] = [a === undefined ? null : String(a), b === undefined ? null : String(b)];\n"
        "}\n"
        "patched({}, 'onReady')(1, 2);\n"
        "await patched({}, 'onBeforeRunAsync')({ interpreter: 'i' }, 3);\n"
        "out.calls = calls;\n"
        "console.log(JSON.stringify(out));\n",
        encoding="utf-8",
    )
    node = shutil.which("node")
    if node is None:
        pytest.fail("node not found (make site needs it too)")
    done = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["onAfterRun"] == [None, None]
    for name in ("onReady", "onBeforeRunAsync"):
        original, patched = out[name]
        assert original == patched and original.startswith("(w,x)=>("), out[name]
    assert out["calls"] == [["a", 1, 2], ["b", 1, 2], ["c", "i"]]


def test_the_build_refuses_a_pyscript_it_cannot_patch(tmp_path: Path) -> None:
    pattern, old, new = build_site.PYSCRIPT_CSP_PATCH
    folder = tmp_path / "pyscript"
    folder.mkdir()
    target = folder / pattern.replace("*", "X1")
    for text in ("", old + old, old.replace("Function(", "Function (")):
        target.write_text("/* a newer PyScript */" + text, encoding="utf-8")
        with pytest.raises(build_site.BuildError, match="PYSCRIPT_PATCHES"):
            build_site.patch_vendored(folder, [build_site.PYSCRIPT_CSP_PATCH])
    target.write_text("a;" + old + ";b", encoding="utf-8")
    assert build_site.patch_vendored(folder, [build_site.PYSCRIPT_CSP_PATCH]) == [target.name]
    assert target.read_text(encoding="utf-8") == "a;" + new + ";b"
