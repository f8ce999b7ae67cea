"""The card drawings (build/cards_svg.py): the deck document the game draws from holds
exactly the drawings of the single files, as symbols named by their stems."""

from __future__ import annotations

import importlib.util
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("canasta_cards_svg", REPO / "build" / "cards_svg.py")
assert _spec and _spec.loader
C = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = C
_spec.loader.exec_module(C)

SVG = "{http://www.w3.org/2000/svg}"


def _drawing(svg_text: str) -> str:
    """What an <svg> file draws: its content without <title>."""
    inner = svg_text.strip().split(">", 1)[1].rsplit("</svg>", 1)[0]
    return re.sub(r"<title>[^<]*</title>", "", inner)


@pytest.mark.parametrize("four", [False, True], ids=["two-colour", "four-colour"])
def test_the_deck_holds_every_single_files_drawing(tmp_path: Path, four: bool) -> None:
    files = C.write_deck(tmp_path, four_colour=four)
    deck_text = (tmp_path / "deck.svg").read_text(encoding="utf-8")
    root = ET.fromstring(deck_text)  # well-formed XML, as the browser needs it
    symbols = root.findall(f"{SVG}defs/{SVG}symbol")
    names = [s.get("id") for s in symbols]
    singles = sorted(f.stem for f in files if f.name != "deck.svg")
    assert sorted(names) == singles and len(singles) == 54  # 52 cards, the joker, the back
    assert all(s.get("viewBox") == "0 0 250 350" for s in symbols)
    for name in singles:
        body = re.search(f'<symbol id="{name}" viewBox="0 0 250 350">(.*?)</symbol>', deck_text)
        assert body and body.group(1) == _drawing((tmp_path / f"{name}.svg").read_text(encoding="utf-8")), name


def test_the_two_decks_differ_only_in_colours() -> None:
    two, four = C.deck(False), C.deck(True)
    assert two != four
    assert re.sub(r'(fill|stroke)="#[0-9a-f]{6}"', "", two) == re.sub(r'(fill|stroke)="#[0-9a-f]{6}"', "", four)
