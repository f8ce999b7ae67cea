"""Live rule examples embedded on another site (embed.js, embed.html), in Chromium.

A host page served from another origin (a second local port) embeds examples with the
script tag: each draws with no Python runtime, is sized to its content, steps back and
forth (from its own buttons and from the host), re-sends its events to the host page, a
malformed one says why in its frame, and the game's own page refuses to be framed. No
request leaves the two local origins.
"""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from site_helpers import SITE, Watched

WEB = Path(__file__).resolve().parents[2] / "web"
EN = json.loads((WEB / "i18n" / "en.json").read_text(encoding="utf-8"))
FR = json.loads((WEB / "i18n" / "fr.json").read_text(encoding="utf-8"))


def example(ident: str) -> dict[str, object]:
    return dict(json.loads((WEB / "examples" / f"{ident}.json").read_text(encoding="utf-8")))


def assert_clean_but_the_refused_frame(w: Watched) -> None:
    """No outside request and no console error, but the browser's note that the game's
    page refused to be framed (the host page embeds it on purpose)."""
    w.errors[:] = [e for e in w.errors if "X-Frame-Options" not in e and "frame" not in e.lower()]
    w.assert_clean()


@pytest.fixture
def host_url(tmp_path: Path, site_url: str) -> Iterator[str]:
    """A page of another site (another port) embedding examples and the game's page."""
    page = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rules</title></head><body>
<h1>How to play</h1>
<canasta-example id="demo" ex="classic/ask-partner" lang="en"></canasta-example>
<canasta-example id="try" ex="classic/frozen-pile-natural-pair" lang="fr" compact></canasta-example>
<canasta-example id="bad" ex="classic/no-such-example"></canasta-example>
<iframe id="game" src="{site_url}index.html" style="width:400px;height:300px"></iframe>
<script>
window.events = [];
for (const type of ["canasta-ready", "canasta-step", "canasta-error", "canasta-verdict", "canasta-solved"]) {{
  document.addEventListener(type, (e) => window.events.push([type, e.target.id, e.detail.index ?? null]));
}}
</script>
<script src="{site_url}embed.js"></script>
</body></html>"""
    (tmp_path / "host.html").write_text(page, encoding="utf-8")
    handler = partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/host.html"
    server.shutdown()
    server.server_close()


def open_host(watched: Callable[..., Watched], host_url: str) -> tuple[Watched, Page, list[str]]:
    """The host page in a watched browser, with the list of every URL it requests."""
    w = watched(viewport={"width": 800, "height": 900})
    page = w.page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(host_url)
    return w, page, requests


def test_examples_embedded_on_another_site(watched: Callable[..., Watched], host_url: str) -> None:
    w, page, requests = open_host(watched, host_url)
    demo = page.frame_locator("#demo iframe")
    expect(demo.locator("body[data-step='0']")).to_be_attached(timeout=15_000)
    title = example("classic/ask-partner")["title"]
    assert isinstance(title, dict)
    expect(demo.locator("#ex-title")).to_have_text(title["en"])
    # the partner's hand, which the example shows face up; the opponents' stay hidden
    assert demo.locator("#seat-2 .seat-hand [data-card], #seat-2 .seat-hand .cardimg").count() == 3
    assert demo.locator("#seat-1 .seat-hand, #seat-3 .seat-hand").count() == 0
    # drawn from the build's stills: no Python runtime was loaded for it
    assert not [u for u in requests if "pyodide" in u or "micropython" in u or "pyscript" in u], requests

    # the frame is as tall as its content
    page.wait_for_timeout(300)
    frame_height = page.evaluate("() => document.querySelector('#demo iframe').getBoundingClientRect().height")
    content = demo.locator("html").evaluate("(el) => el.scrollHeight")
    assert abs(frame_height - content) <= 2, (frame_height, content)

    # a demo steps like a move list; the host page hears every step
    demo.locator("#ex-next").click()
    demo.locator("#ex-next").click()
    expect(demo.locator("body")).to_have_attribute("data-step", "2")
    demo.locator("#ex-back").click()
    expect(demo.locator("body")).to_have_attribute("data-step", "1")
    demo.locator("body").press("End")
    steps = len(example("classic/ask-partner")["steps"])  # type: ignore[arg-type]
    expect(demo.locator("body")).to_have_attribute("data-step", str(steps))
    page.evaluate("() => document.getElementById('demo').step(1)")  # from the host, by message
    expect(demo.locator("body")).to_have_attribute("data-step", "1")
    events = page.evaluate("() => window.events")
    assert ["canasta-ready", "demo", None] in events and ["canasta-step", "demo", 2] in events

    # a try shows the position, then its solution on "show me", in French
    tried = page.frame_locator("#try iframe")
    show_me = tried.locator("#ex-next")
    expect(show_me).to_have_text(FR["embed"]["show_me"])
    show_me.click()
    goal = example("classic/frozen-pile-natural-pair")["goal"]
    assert isinstance(goal, dict)
    expect(tried.locator("#ex-caption")).to_have_text(goal["caption"]["fr"])
    expect(tried.locator("#ex-title")).to_be_hidden()  # compact

    # a malformed example says why, in its frame
    bad = page.frame_locator("#bad iframe")
    expect(bad.locator(".error")).to_have_text(EN["embed"]["not_found"].replace("{id}", "classic/no-such-example"))
    assert ["canasta-error", "bad", None] in page.evaluate("() => window.events")

    # the game's own page refuses to be framed (X-Frame-Options: DENY)
    page.wait_for_timeout(500)
    game = page.frame_locator("#game")
    assert game.locator("#app").count() == 0
    assert_clean_but_the_refused_frame(w)


def test_a_plain_iframe_and_the_page_alone(watched: Callable[..., Watched], site_url: str) -> None:
    w = watched(viewport={"width": 390, "height": 700})
    page = w.page()
    page.goto(site_url + "embed.html?ex=samba/sequence&lang=fr&theme=light")
    expect(page.locator("body[data-step='0']")).to_be_attached()
    title = example("samba/sequence")["title"]
    assert isinstance(title, dict)
    expect(page.locator("#ex-title")).to_have_text(title["fr"])
    assert page.locator("#ex-table .hand-box [data-card]").count() > 0
    page.goto(site_url + "embed.html?ex=../../etc/passwd")
    expect(page.locator(".error")).to_contain_text("ex")
    # mode=show: the position alone, no steps to play
    page.goto(site_url + "embed.html?ex=classic/ask-partner&mode=show")
    expect(page.locator("body[data-step='0']")).to_be_attached()
    assert page.locator("#ex-controls button").count() == 0
    w.assert_clean()


def test_a_try_preloaded_when_the_host_asks(watched: Callable[..., Watched], site_url: str) -> None:
    """preload: the engine loads once the page is idle, and "Try it" then goes live."""
    w = watched(viewport={"width": 640, "height": 900})
    page = w.page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(site_url + "embed.html?ex=classic/frozen-pile-natural-pair&preload=1")
    expect(page.locator("body[data-step='0']")).to_be_attached()
    page.wait_for_function("() => window.canastaEngine !== undefined", timeout=30_000)
    for _ in range(60):  # the engine's worker fetches Pyodide before the reader asks anything
        if any("/pyodide/" in u for u in requests):
            break
        page.wait_for_timeout(500)
    assert any("/pyodide/" in u for u in requests), requests
    page.locator("#ex-try").click()
    expect(page.locator("body[data-live='ready']")).to_be_attached(timeout=90_000)
    w.assert_clean()


def test_every_example_is_rendered_by_the_build() -> None:
    index = json.loads((SITE / "examples" / "index.json").read_text(encoding="utf-8"))
    shipped = sorted(f"{p.parent.name}/{p.stem}" for p in (WEB / "examples").glob("*/*.json"))
    assert sorted(e["id"] for e in index) == shipped
    for ident in shipped:
        frames = json.loads((SITE / "examples" / f"{ident}.frames.json").read_text(encoding="utf-8"))
        assert frames["frames"] and all(f["html"]["en"] and f["html"]["fr"] for f in frames["frames"])


def test_trying_an_example_the_engine_judges(watched: Callable[..., Watched], host_url: str) -> None:
    """A reader tries the frozen-pile example on another site: the engine and the live
    table load only then; a wrong take is refused with the rule, the right one solves it,
    and the host page hears the verdicts and the solution."""
    w, page, requests = open_host(watched, host_url)
    tried = page.frame_locator("#try iframe")
    expect(tried.locator("body[data-step='0']")).to_be_attached(timeout=15_000)
    assert not [u for u in requests if "pyodide" in u], "the engine loads only when the reader tries"
    tried.locator("#ex-try").click()
    expect(tried.locator("body[data-live='ready']")).to_be_attached(timeout=90_000)
    hand = tried.locator("#ex-table .hand-box")
    edge = {"x": 6, "y": 24}  # a card's left edge, which the next card never covers
    for code in ("8S", "JK"):
        hand.locator(f'button[data-card="{code}"]').first.click(position=edge)
    tried.locator("#act-take").click()
    expect(tried.locator("body")).to_have_attribute("data-verdict", "refused")
    expect(tried.locator("#ex-table .feedback")).to_have_text(FR["errors"]["pile_frozen"])
    tried.locator("#act-clear").click()
    for code in ("8S", "8H"):
        hand.locator(f'button[data-card="{code}"]').first.click(position=edge)
    tried.locator("#act-take").click()
    expect(tried.locator("body")).to_have_attribute("data-live", "solved")
    goal = example("classic/frozen-pile-natural-pair")["goal"]
    assert isinstance(goal, dict)
    expect(tried.locator("#ex-caption")).to_have_text(goal["caption"]["fr"])
    events = page.evaluate("() => window.events")
    assert any(e[0] == "canasta-solved" and e[1] == "try" for e in events), events
    tried.locator("#act-restart").click()
    expect(tried.locator("body")).to_have_attribute("data-live", "ready")
    assert_clean_but_the_refused_frame(w)


def test_an_example_written_into_the_link(watched: Callable[..., Watched], site_url: str) -> None:
    """An author's example in the link itself (python -m canasta example --encode): the
    engine checks and draws it, a demo steps; a broken one says what is wrong, in the frame."""
    from canasta.examples import encode

    w = watched(viewport={"width": 640, "height": 900})
    page = w.page()
    data = example("classic/ask-partner")
    page.goto(site_url + "embed.html?lang=fr#ex=" + encode(data))
    expect(page.locator("body[data-step='0']")).to_be_attached(timeout=90_000)
    title = data["title"]
    assert isinstance(title, dict)
    expect(page.locator("#ex-title")).to_have_text(title["fr"])
    page.locator("#ex-next").click()
    expect(page.locator("body")).to_have_attribute("data-step", "1")
    broken = dict(data, steps=[{"do": "discard 5C", "expect": "ok", "caption": {"en": "x", "fr": "x"}}])
    page.goto(site_url + "embed.html?lang=en&broken=1#ex=" + encode(broken))
    expect(page.locator(".error")).to_contain_text(EN["errors"]["bad_example"], timeout=90_000)
    expect(page.locator(".error")).to_contain_text("steps:")
    page.goto(site_url + "embed.html?lang=en&bad=1#ex=not*valid")
    expect(page.locator(".error")).to_have_text(EN["embed"]["bad_param"].replace("{name}", "#ex")
                                                .replace("{value}", "not*valid"))
    w.assert_clean()


def test_examples_offline_once_the_site_was_visited(watched: Callable[..., Watched], site_url: str,
                                                    build_info: dict[str, object]) -> None:
    """After one visit to the game (its service worker precaches the game) and one to the
    example (the embed's files are kept on first use: issue 39), the example is drawn and
    tried offline, its engine included."""
    from site_helpers import wait_controlled, wait_ready

    w = watched(viewport={"width": 640, "height": 900})
    page = w.page()
    page.goto(site_url)
    wait_ready(page, str(build_info["engine"]))
    wait_controlled(page)
    page.goto(site_url + "embed.html?ex=classic/frozen-pile-natural-pair&lang=en")
    expect(page.locator("body[data-step='0']")).to_be_attached(timeout=30_000)
    w.context.new_cdp_session(page).send("Network.clearBrowserCache")
    w.context.set_offline(True)
    page.goto(site_url + "embed.html?ex=classic/frozen-pile-natural-pair&lang=en")
    expect(page.locator("body[data-step='0']")).to_be_attached(timeout=30_000)
    page.locator("#ex-try").click()
    expect(page.locator("body[data-live='ready']")).to_be_attached(timeout=90_000)
    # offline, the engine's first try may fail before engine.js retries from the precache
    w.errors[:] = [e for e in w.errors if "Failed to load resource" not in e and "ERR_INTERNET_DISCONNECTED" not in e]
    w.assert_clean()
