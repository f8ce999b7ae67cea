"""A blind player can play a whole hand (issue 40, "Screen readers"): every move of seat 0
in a 2-player game is played with the keyboard alone (Tab, arrows, Space, Enter and the
table's shortcut keys; no click), and before each move the state is read the way a screen
reader reads it, from the accessibility tree and the live region, never from the page's
data-* attributes: the hand, the pile's top and size, every meld, the opponent's count,
the bots' moves announced. The moves are the engine's 'basic' bot's choices on CPython
(game_helpers.Mirror), which also tells what the page must say."""

from __future__ import annotations

import re
from collections import Counter
from typing import Callable

from game_helpers import Mirror, catalog, open_page, wait_human_turn
from playwright.sync_api import Page, expect
from site_helpers import Watched

SEED = 4
#: Enough Tab presses to go round the whole table once.
TAB_LIMIT = 80
_FOCUSED = """() => { const a = document.activeElement;
  return a ? [(a.getAttribute('aria-label') || a.textContent || '').trim(), a.getAttribute('aria-pressed') || ''] : ['', ''] }"""


def _focused(page: Page) -> tuple[str, str]:
    """The focused element's accessible name and its aria-pressed (as a screen reader says them)."""
    name, pressed = page.evaluate(_FOCUSED)
    return str(name), str(pressed)


def _tab_to(page: Page, wanted: Callable[[str], bool], what: str) -> None:
    """Press Tab until the focused element's accessible name is one ``wanted`` accepts."""
    for _ in range(TAB_LIMIT):
        page.keyboard.press("Tab")
        if wanted(_focused(page)[0]):
            return
    raise AssertionError(f"{what} never got the focus in {TAB_LIMIT} Tab presses")


class Reader:
    """What a screen reader gives the player, in the page's language (en)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cat = catalog("en")
        ranks = "AKQJT98765432"
        codes = [r + s for r in ranks for s in "SHDC"] + ["JK"]
        self.labels = {self.cat.card_label(c): c for c in codes}
        # the card just drawn is named so ("Ace of spades, just drawn")
        self.labels.update({self.cat.t("see.drawn", card=label): c for label, c in list(self.labels.items())})

    def tree(self) -> str:
        return self.page.locator("#game").aria_snapshot()

    def hand(self) -> list[str]:
        """The cards of the hand, from the hand's buttons as the accessibility tree names them."""
        names = re.findall(r'button "([^"]+)"', self.page.locator("#g-hand").aria_snapshot())
        return sorted(self.labels[n] for n in names if n in self.labels)

    def select(self, code: str) -> None:
        """Tab into the hand, arrow to an unpressed copy of the card, press Space."""
        if _focused(self.page)[0] not in self.labels:
            _tab_to(self.page, lambda name: name in self.labels, "the hand")
        self.page.keyboard.press("Home")
        for _ in range(30):
            name, pressed = _focused(self.page)
            if self.labels.get(name) == code and pressed == "false":
                # Waited for as one more pressed card, not any: with cards already pressed,
                # the next key could reach the hand before this press was drawn.
                chosen = self.page.locator("#g-hand [aria-pressed=true]")
                before = chosen.count()
                self.page.keyboard.press("Space")
                expect(chosen).to_have_count(before + 1)
                return
            self.page.keyboard.press("ArrowRight")
        raise AssertionError(f"{code} is not in the hand as the arrows read it")

    def press_named(self, name: str) -> None:
        """Tab to the control of this accessible name and press Enter."""
        _tab_to(self.page, lambda n: n == name, name)
        self.page.keyboard.press("Enter")


def _check_table(reader: Reader, mirror: Mirror) -> None:
    """What the player hears matches the engine: hand, pile, melds, opponent's count."""
    cat, view = reader.cat, mirror.snap["view"]
    assert reader.hand() == sorted(view["hand"])
    tree = reader.tree()
    size = cat.t("table.pile_size", n=view["pile_size"])  # said even when empty, as the pile shows it
    assert f'"{cat.t("table.discard")}: {size}' in tree, tree
    if not view["pile_size"]:
        assert f'"{cat.t("table.discard")}: {size}, {cat.t("table.pile_empty")}' in tree, tree
    if view["discard_top"]:
        assert cat.t("table.top_card", card=cat.card_label(view["discard_top"])) in tree
    assert f'img "{cat.t("table.cards_in_hand", n=view["hand_counts"][1])}"' in tree, tree
    for side in (0, 1):
        for meld in mirror.snap["melds"][side]:  # every meld, named in words (rank, cards, wild cards)
            words = cat.t("table.meld_name", rank=cat.rank_name(meld["rank"]), n=len(meld["cards"]), wilds=meld["wilds"])
            assert words in tree, (words, tree)


def _play_by_keys(reader: Reader, action: str) -> None:
    """One action (notation) played with keys only."""
    cat, page = reader.cat, reader.page
    words = action.split()
    verb = words[0]
    groups = [g.split() for g in " ".join(words[1:]).split("|")] if len(words) > 1 else []
    if verb in ("draw", "pass"):
        page.keyboard.press("d")
    elif verb == "discard":
        reader.select(words[1])
        page.keyboard.press("x")
    elif verb == "add":
        for code in words[2:]:
            reader.select(code)
        target = cat.rank_name(words[1])
        prefix = cat.t("table.add_to", meld="")
        _tab_to(page, lambda n: n.startswith(prefix) and target in n, f"the meld of {target}")
        page.keyboard.press("Enter")
    elif verb in ("meld", "take"):
        for group in groups[1:]:
            for code in group:
                reader.select(code)
            reader.press_named(cat.t("forgive.stage"))
        for code in groups[0] if groups else []:
            reader.select(code)
        page.keyboard.press("m" if verb == "meld" else "p")
    else:
        raise AssertionError(f"cannot play {action!r} by keys")


def test_a_blind_player_plays_a_whole_hand_with_the_keyboard(watched: Callable[..., Watched],
                                                              site_url: str) -> None:
    mirror = Mirror(SEED, 2)
    w = watched(viewport={"width": 1280, "height": 800})
    page = open_page(w, f"{site_url}?seed={SEED}&new=1&speed=instant&players=2&lang=en")
    reader = Reader(page)
    verbs: Counter[str] = Counter()
    heard = 0
    while not mirror.snap["hand_over"]:
        wait_human_turn(page, mirror.snap["view"]["phase"])
        _check_table(reader, mirror)
        live = page.inner_text("#g-live")
        if mirror.moves() > 1 and mirror.snap["view"]["phase"] == "draw" and mirror.snap["view"]["discard_top"]:
            # the bot's discard was announced as it happened
            assert reader.cat.card_name(mirror.snap["view"]["discard_top"]) in live, live
            heard += 1
        action = mirror.choose()
        verbs[action.split()[0]] += 1
        moves = mirror.moves()
        _play_by_keys(reader, action)
        mirror.play(action)
        try:
            page.wait_for_function(
                "(n) => document.querySelector('#game').dataset.moves !== String(n)", arg=moves)
        except Exception as e:  # say which move the page did not take, and what it showed
            raise AssertionError(f"the page did not play {action!r} (move {moves}); feedback: "
                                 f"{page.inner_text('#g-feedback')!r}; focused: {_focused(page)}") from e
    page.wait_for_selector('#game[data-hand-over="true"]', state="attached")
    totals = [s["total"] for s in sorted(mirror.snap["last_hand"], key=lambda s: s["side"])]
    expect(page.locator("#g-result tfoot tr.total td")).to_have_text([str(t) for t in totals])
    print("moves played by keys:", dict(verbs), "bots' discards heard:", heard)
    assert verbs["discard"] > 0 and heard > 0
    w.assert_clean()
