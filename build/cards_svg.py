"""Draw the card faces as SVG files (our own drawing, no font needed for the suits).

A large-index design readable on a phone: the rank and suit in two corners and a big
suit (or letter, for court cards) in the middle. Suits are SVG paths, so they render the
same everywhere, and never by colour alone: each suit has its own shape. Wild cards (2s
and jokers) carry a star badge; threes carry a bar (red 3: bonus, black 3: stop).

    python build/cards_svg.py OUT_DIR [--four-colour]

writes ``OUT_DIR/<CARD>.svg`` for the 53 distinct cards (``AS`` ... ``2C``, ``JK``) and
``OUT_DIR/back.svg``; with ``--four-colour`` clubs are green and diamonds blue. It also
writes ``OUT_DIR/deck.svg``, every one of those drawings as a ``<symbol>`` named by its
file's stem, which the game draws with ``<svg><use href="cards/deck.svg#KH"/></svg>``
(web/ui_render.py, card_img): the browser parses that one document once, where each
``<img>`` of its own file is a document of its own to parse (issue 39: 15 cards cost the
main thread 72-84 ms as images, 31-38 ms as uses of the deck, its parsing included).
"""

from __future__ import annotations

import sys
from pathlib import Path

RANKS = ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS = ("S", "H", "D", "C")

# Suit shapes in a 100 x 100 box.
SUIT_PATHS = {
    "H": "M50 90 C22 68 4 50 4 31 C4 15 16 5 30 5 C40 5 47 11 50 19 C53 11 60 5 70 5 "
         "C84 5 96 15 96 31 C96 50 78 68 50 90 Z",
    "D": "M50 2 L88 50 L50 98 L12 50 Z",
    "S": "M50 4 C78 28 96 44 96 62 C96 76 85 85 72 85 C63 85 56 81 53 75 C54 85 58 92 66 97 "
         "L34 97 C42 92 46 85 47 75 C44 81 37 85 28 85 C15 85 4 76 4 62 C4 44 22 28 50 4 Z",
    "C": "M50 6 A21 21 0 1 1 49.9 6 Z M27 38 A21 21 0 1 1 26.9 38 Z M73 38 A21 21 0 1 1 72.9 38 Z "
         "M45 55 L55 55 C56 76 60 88 68 97 L32 97 C40 88 44 76 45 55 Z",
}
STAR = "M50 4 L61 38 L97 38 L68 59 L79 94 L50 72 L21 94 L32 59 L3 38 L39 38 Z"

TWO_COLOUR = {"S": "#1b1b1b", "C": "#1b1b1b", "H": "#c8102e", "D": "#c8102e"}
FOUR_COLOUR = {"S": "#1b1b1b", "C": "#1d7a32", "H": "#c8102e", "D": "#1d4fb8"}
RANK_TEXT = {"T": "10"}
W, H = 250, 350


def _suit(suit: str, x: float, y: float, size: float, colour: str) -> str:
    k = size / 100
    return (f'<path transform="translate({x:.1f} {y:.1f}) scale({k:.3f})" d="{SUIT_PATHS[suit]}" '
            f'fill="{colour}"/>')


def _paper(inner: str) -> str:
    """A face's drawing on its card."""
    return (f'<rect x="2" y="2" width="{W - 4}" height="{H - 4}" rx="18" fill="#fffdf8" stroke="#8a8a8a" '
            f'stroke-width="3"/>{inner}')


def _frame(inner: str, title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img" aria-label="{title}">'
            f'<title>{title}</title>{_paper(inner)}</svg>\n')


def _index(text: str, suit: str, colour: str) -> str:
    """The corner index, drawn at the top left and (rotated) at the bottom right."""
    size = 62 if len(text) == 1 else 54
    one = (f'<text x="34" y="70" font-family="Georgia, \'DejaVu Serif\', serif" font-weight="700" '
           f'font-size="{size}" text-anchor="middle" fill="{colour}">{text}</text>'
           + _suit(suit, 14, 84, 40, colour))
    return f'<g>{one}</g><g transform="rotate(180 {W / 2} {H / 2})">{one}</g>'


def face(rank: str, suit: str, colours: dict[str, str]) -> str:
    colour = colours[suit]
    text = RANK_TEXT.get(rank, rank)
    parts = [_index(text, suit, colour)]
    if rank in ("K", "Q", "J"):
        parts.append(f'<rect x="62" y="88" width="126" height="174" rx="10" fill="none" stroke="{colour}" '
                     f'stroke-width="4"/>')
        parts.append(f'<text x="125" y="200" font-family="Georgia, \'DejaVu Serif\', serif" font-weight="700" '
                     f'font-size="110" text-anchor="middle" fill="{colour}">{rank}</text>')
        parts.append(_suit(suit, 100, 206, 50, colour))
    else:
        parts.append(_suit(suit, 65, 115, 120, colour))
    if rank == "2":
        parts.append(f'<path transform="translate(196 16) scale(0.4)" d="{STAR}" fill="#e0a800" '
                     f'stroke="#7a5c00" stroke-width="4"/>')
    if rank == "3":
        bar = "#c8102e" if suit in ("H", "D") else "#1b1b1b"
        parts.append(f'<rect x="70" y="258" width="110" height="16" rx="8" fill="{bar}"/>')
    return "".join(parts)


def joker() -> str:
    return (f'<path transform="translate(55 85) scale(1.4)" d="{STAR}" fill="#e0a800" stroke="#7a5c00" '
            f'stroke-width="3"/>'
            '<text x="125" y="300" font-family="Georgia, \'DejaVu Serif\', serif" font-weight="700" '
            'font-size="44" text-anchor="middle" fill="#6b2fa3" letter-spacing="4">JOKER</text>'
            '<text x="34" y="66" font-family="Georgia, serif" font-weight="700" font-size="40" '
            'text-anchor="middle" fill="#6b2fa3">JK</text>')


def _back_drawing() -> str:
    return (f'<rect x="2" y="2" width="{W - 4}" height="{H - 4}" rx="18" fill="#1f4e79" stroke="#0f2a44" '
            f'stroke-width="3"/><rect x="20" y="20" width="{W - 40}" height="{H - 40}" rx="10" fill="none" '
            f'stroke="#9cc3e6" stroke-width="6"/>'
            f'<path transform="translate(75 125) scale(1)" d="{SUIT_PATHS["D"]}" fill="#9cc3e6"/>')


def back() -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img" aria-label="card back">'
            f'{_back_drawing()}</svg>\n')


def faces(four_colour: bool = False) -> dict[str, str]:
    """Every face's drawing (what goes on the card's paper) by its name: ``AS`` ... ``JK``."""
    colours = FOUR_COLOUR if four_colour else TWO_COLOUR
    out = {f"{rank}{suit}": face(rank, suit, colours) for rank in RANKS for suit in SUITS}
    out["JK"] = joker()
    return out


def deck(four_colour: bool = False) -> str:
    """The deck document: each face, and the back, a <symbol> with its file's stem as id."""
    drawn = {name: _paper(inner) for name, inner in faces(four_colour).items()}
    drawn["back"] = _back_drawing()
    symbols = "".join(f'<symbol id="{name}" viewBox="0 0 {W} {H}">{body}</symbol>' for name, body in drawn.items())
    return f'<svg xmlns="http://www.w3.org/2000/svg"><defs>{symbols}</defs></svg>\n'


def write_deck(out: Path, four_colour: bool = False) -> list[Path]:
    """Write every card face, the back and the deck document into ``out``; return the files
    written."""
    out.mkdir(parents=True, exist_ok=True)
    files = {f"{name}.svg": _frame(inner, name) for name, inner in faces(four_colour).items()}
    files["back.svg"] = back()
    files["deck.svg"] = deck(four_colour)
    for name, text in files.items():
        (out / name).write_text(text, encoding="utf-8")
    return [out / name for name in files]


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    files = write_deck(Path(sys.argv[1]), "--four-colour" in sys.argv[2:])
    print(f"{len(files)} card files in {sys.argv[1]}")
