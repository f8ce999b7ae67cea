"""The engine boots from a memory snapshot on a return visit (issue 39, item 1).

engine.js keeps the snapshot the worker made after a normal boot in the origin's private
file system (OPFS: engine-snapshot/<key>.heap, the key in build-info.json; the heap without
its zero pages, engine-worker.js's packHeap). These
tests prove every path: none stored (a normal boot stores one), stored (the next visit
restores it; a new one is restored once before it counts as stored, and deleted if that
fails), corrupt or not a heap (discarded, normal boot, replaced), another build's
(never used, removed when the new one is stored), storage full, refused or absent (no
snapshot, the game starts all the same). Each ends on a game the player can play.
"""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest
from game_helpers import open_page, wait_human_turn
from playwright.sync_api import Page
from site_helpers import READY_TIMEOUT_MS, Watched

NEW_GAME = "?new=1&seed=5&speed=instant"

#: JavaScript: engine.js's boot facts once a snapshot was stored or refused.
STORED_JS = """() => new Promise((resolve) => {
  const boot = window.canastaEngine.boot;
  if (boot && boot.stored) { resolve(boot); return; }
  addEventListener("canasta:snapshot", () => resolve(window.canastaEngine.boot), { once: true });
})"""

#: JavaScript: put `bytes` (a list of byte values) in the snapshot store under `key`.
SEED_JS = """async ([key, bytes]) => {
  const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("engine-snapshot", { create: true });
  const writable = await (await dir.getFileHandle(key + ".heap", { create: true })).createWritable();
  await writable.write(new Uint8Array(bytes));
  await writable.close();
}"""


def packed(heap: bytes, page: int = 4096) -> bytes:
    """`heap` in the stored form engine-worker.js reads (packHeap): header, bitmap of the
    pages not all zero, those pages."""
    pages = [heap[i : i + page] for i in range(0, len(heap), page)]
    bitmap = bytearray((len(pages) + 7) // 8)
    for n, chunk in enumerate(pages):
        if any(chunk):
            bitmap[n // 8] |= 1 << (n % 8)
    header = b"CNHP" + (1).to_bytes(4, "little") + len(heap).to_bytes(4, "little") + page.to_bytes(4, "little")
    return header + bytes(bitmap) + b"".join(chunk for chunk in pages if any(chunk))

ENTRIES_JS = """async () => {
  const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("engine-snapshot", { create: true });
  const found = [];
  for await (const [name, handle] of dir.entries()) found.push([name, (await handle.getFile()).size]);
  return found;
}"""


def boot_of(page: Page) -> dict[str, Any]:
    boot: dict[str, Any] = page.evaluate("window.canastaEngine.boot")
    return boot


def stored(page: Page) -> dict[str, Any]:
    page.set_default_timeout(READY_TIMEOUT_MS)
    boot: dict[str, Any] = page.evaluate(STORED_JS)
    return boot


def entries(page: Page) -> dict[str, int]:
    return dict(page.evaluate(ENTRIES_JS))


def play(w: Watched, site_url: str) -> Page:
    """A new game on a new page of `w`, up to the player's first turn."""
    page = open_page(w, site_url + NEW_GAME)
    wait_human_turn(page)
    return page


def seed(w: Watched, site_url: str, key: str, data: bytes) -> None:
    """Write a snapshot entry from a page of the origin that runs no engine."""
    page = w.page()
    page.goto(site_url + "manifest.webmanifest")
    page.evaluate(SEED_JS, [key, list(data)])
    page.close()


#: JavaScript (init script): the engine workers a page starts, and what each said when up.
COUNT_WORKERS_JS = """(() => {
  const Native = window.Worker;
  window.__engineWorkers = [];
  window.Worker = class extends Native {
    constructor(url, ...rest) {
      super(url, ...rest);
      if (!String(url).includes("engine-worker.js")) return;
      const seen = { init: null, up: null };
      window.__engineWorkers.push(seen);
      const post = this.postMessage;
      this.postMessage = (data, ...more) => {
        if (data && data.type === "init") seen.init = { restoreOnly: !!data.restoreOnly };
        return post.call(this, data, ...more);
      };
      this.addEventListener("message", (event) => {
        const data = event.data || {};
        if (data.type === "ready" || data.type === "failed") seen.up = data.type === "ready" ? data.boot : "failed: " + data.message;
      });
    }
  };
})();"""


def test_a_return_visit_boots_from_the_snapshot(
    watched: Callable[..., Watched], site_url: str, build_info: dict[str, Any]
) -> None:
    w = watched()
    w.context.add_init_script(COUNT_WORKERS_JS)
    first = play(w, site_url)
    assert boot_of(first)["from"] == "normal"
    assert boot_of(first)["wasm"] == "early"  # Pyodide used the module compiled at the worker's start
    assert stored(first)["stored"] == "stored"
    # stored only once a second worker has restored it (and was ended)
    assert first.evaluate("window.__engineWorkers") == [
        {"init": {"restoreOnly": False}, "up": "normal"},
        {"init": {"restoreOnly": True}, "up": "snapshot"},
    ]
    kept = entries(first)
    key = build_info["snapshot_key"]
    assert list(kept) == [f"{key}.heap"]
    assert kept[f"{key}.heap"] > 5_000_000  # a heap of some 30 MB without its zero pages, not an empty entry
    first.close()
    second = play(w, site_url)
    assert boot_of(second) == {"from": "snapshot", "discarded": None, "stored": None, "wasm": "early"}
    w.assert_clean()


def test_a_snapshot_taken_during_play_brings_back_no_game(
    watched: Callable[..., Watched], site_url: str
) -> None:
    """The snapshot is taken once the engine is idle, in the middle of the first game (not
    before its first call, issue 39): a boot from it drops that game (canasta.host.forget).
    With the save gone too, the return visit's engine holds no game at all."""
    w = watched()
    first = play(w, site_url)
    assert stored(first)["stored"] == "stored"
    first.evaluate("localStorage.clear()")  # no save for the next visit to load
    first.close()
    second = open_page(w, site_url)
    second.set_default_timeout(READY_TIMEOUT_MS)
    second.evaluate("window.canastaEngine.ready")
    assert boot_of(second)["from"] == "snapshot"
    reply = json.loads(second.evaluate("window.canastaEngine.call('snapshot', 0)"))
    assert reply["ok"] is False and reply["error"]["code"] == "no_game", reply
    w.assert_clean()


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"not a snapshot at all" * 100, "not a stored heap (magic)"),
        (packed(bytes(range(256)) * 4096)[:-1], "a stored heap of the wrong size"),  # cut short
        (packed(bytes(range(256)) * 4096), ""),  # well formed, but no Pyodide heap in it
    ],
    ids=["junk", "truncated", "not-a-heap"],
)
def test_a_corrupt_snapshot_is_discarded_and_replaced(
    watched: Callable[..., Watched], site_url: str, build_info: dict[str, Any], data: bytes, reason: str
) -> None:
    w = watched()
    key = build_info["snapshot_key"]
    seed(w, site_url, key, data)
    page = play(w, site_url)
    boot = boot_of(page)
    assert boot["from"] == "normal" and boot["discarded"], boot
    assert reason in boot["discarded"], boot
    assert stored(page)["stored"] == "stored"
    assert entries(page)[f"{key}.heap"] > 5_000_000  # the junk was replaced by a real snapshot
    w.assert_clean()


def test_a_snapshot_that_does_not_restore_is_deleted_when_stored(
    watched: Callable[..., Watched], site_url: str, build_info: dict[str, Any]
) -> None:
    # The bytes are damaged on their way to the file (its first byte flipped): the check of
    # the new snapshot fails, it is deleted, and the next visit boots normally, with no
    # failed restore first.
    w = watched()
    w.context.add_init_script("""(() => {
      const write = FileSystemWritableFileStream.prototype.write;
      FileSystemWritableFileStream.prototype.write = function (data) {
        if (!(data instanceof ArrayBuffer)) return write.call(this, data);
        const bytes = new Uint8Array(data.slice(0));
        bytes[0] ^= 0xff;
        return write.call(this, bytes);
      };
    })();""")
    page = play(w, site_url)
    boot = stored(page)
    assert boot["from"] == "normal"
    assert boot["stored"] == "failed: does not restore: not a stored heap (magic)", boot
    assert entries(page) == {}
    page.close()
    again = play(w, site_url)
    assert boot_of(again)["from"] == "normal" and boot_of(again)["discarded"] is None
    w.assert_clean()


def test_another_builds_snapshot_is_never_used(
    watched: Callable[..., Watched], site_url: str, build_info: dict[str, Any]
) -> None:
    w = watched()
    seed(w, site_url, "0.0.0-000000000000-00000000", packed(b"stale" * 1000))
    page = play(w, site_url)
    assert boot_of(page)["from"] == "normal" and boot_of(page)["discarded"] is None
    assert stored(page)["stored"] == "stored"
    assert list(entries(page)) == [f"{build_info['snapshot_key']}.heap"]  # the stale one is gone
    w.assert_clean()


@pytest.mark.parametrize(
    ("stub", "outcome"),
    [
        ("FileSystemWritableFileStream.prototype.write = () => Promise.reject(new DOMException('full', 'QuotaExceededError'));",
         "failed: QuotaExceededError"),
        ("StorageManager.prototype.getDirectory = () => Promise.reject(new DOMException('no', 'SecurityError'));",
         "failed: SecurityError"),
        ("delete StorageManager.prototype.getDirectory;", "failed: no file system"),
    ],
    ids=["full", "refused", "absent"],
)
def test_storage_that_fails_only_means_no_snapshot(
    watched: Callable[..., Watched], site_url: str, stub: str, outcome: str
) -> None:
    w = watched()
    w.context.add_init_script(stub)
    page = play(w, site_url)
    boot = stored(page)
    assert boot["from"] == "normal" and boot["stored"] == outcome, boot
    page.close()
    again = play(w, site_url)  # and the next visit boots normally again
    assert boot_of(again)["from"] == "normal"
    w.assert_clean()


def test_an_older_builds_cache_api_copy_is_dropped(watched: Callable[..., Watched], site_url: str) -> None:
    # Builds before the OPFS store kept the snapshot in the Cache API: 15 MB to free.
    w = watched()
    page = w.page()
    page.goto(site_url + "manifest.webmanifest")
    page.evaluate("""async () => (await caches.open("engine-snapshot")).put(
        new URL("./engine-snapshot/old.heap", document.baseURI).href, new Response(new Uint8Array(1000)))""")
    page.close()
    page = play(w, site_url)
    assert stored(page)["stored"] == "stored"
    caches = page.evaluate("() => caches.keys()")
    for _ in range(50):  # dropped just after the new one is stored
        if "engine-snapshot" not in caches:
            break
        page.wait_for_timeout(100)
        caches = page.evaluate("() => caches.keys()")
    assert "engine-snapshot" not in caches, caches
    w.assert_clean()
