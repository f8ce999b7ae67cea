"""The disputed points of RULES.md 2.2 (D1-D10) and of Samba (RULES.md 4: S1-S3, the
initial-meld table S4 and the Uruguayan sub-variant S5) as named house-rule switches.

Each switch is a choice between the shipped default and the alternatives the sources
give; choosing an option sets one or more rule parameters. ``set_switch(rules, "D3",
"freeze")`` gives new rules; ``switch_state(rules, "D3")`` tells which option rules
are playing (or ``"custom"``). The UI lists ``SWITCHES`` with their one-line texts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import RulesError
from .rules import Rules


@dataclass(frozen=True)
class Option:
    name: str
    text: str  #: one line (English; the UI translates by switch id and option name)
    params: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Switch:
    id: str
    title: str
    options: tuple[Option, ...]  #: the first one is the default
    players: tuple[int, ...] = (2, 3, 4, 6)  #: the player counts it applies to
    variants: tuple[str, ...] = ("classic",)  #: the presets it applies to


def _o(name: str, text: str, **params: Any) -> Option:
    return Option(name, text, tuple(params.items()))


SWITCHES: dict[str, Switch] = {s.id: s for s in (
    Switch("D1", "Upcard that is a wild card or a 3", (
        _o("cover", "Turn more cards on top; a covered wild or red 3 freezes the pile (seed 002, Pagat)",
           upcard="cover"),
        _o("bury", "Put it at the bottom of the stock and turn again; no freeze (seed 000)", upcard="bury"),
    )),
    Switch("D2", "Wild cards in a meld", (
        _o("two_naturals", "At least 2 natural cards and at most 3 wild cards (seed 000, Pagat)",
           wild_ratio="two_naturals"),
        _o("naturals_outnumber", "More natural cards than wild cards, at most 3 wild (seed 001)",
           wild_ratio="naturals_outnumber"),
        _o("not_outnumber", "Wild cards never outnumber natural cards (seed 002)", wild_ratio="not_outnumber"),
    )),
    Switch("D3", "A discarded black 3", (
        _o("block_next", "Blocks only the next player (seed 000, Pagat)", freezing_kinds=("2", "JK", "R3")),
        _o("freeze", "Freezes the pile like a wild card (Bicycle)", freezing_kinds=("2", "JK", "R3", "B3")),
    )),
    Switch("D4", "Unfrozen pile: top card onto an existing meld", (
        _o("allowed", "Allowed (seed 000, Pagat)", take_onto_meld=True),
        _o("two_cards", "Only with two cards from hand (seed 001)", take_onto_meld=False),
    )),
    Switch("D5", "Red 3s toward the initial meld", (
        _o("no", "Do not count (Pagat)", threes_count_for_initial_meld=False),
        _o("yes", "Count (seed 000, literally)", threes_count_for_initial_meld=True),
    )),
    Switch("D6", "Black 3s left in hand", (
        _o("value", "Count their card value, 5 (Pagat)", black_three_hand_penalty=None),
        _o("minus_100", "Cost 100 each (seed 004)", black_three_hand_penalty=-100),
    )),
    Switch("D7", "Canasta laid whole from hand", (
        _o("none", "No extra bonus", concealed_canasta_bonus=0),
        _o("bonus_100", "100 more: 400 mixed, 600 natural (seed 002)", concealed_canasta_bonus=100),
    )),
    Switch("D8", "Unfrozen pile: top card + one natural + one wild", (
        _o("allowed", "Allowed (seed 001, Pagat)", take_with_natural_and_wild=True),
        _o("natural_pair", "Natural pair only (seed 000)", take_with_natural_and_wild=False),
    )),
    Switch("D9", "Three players: canastas needed to go out", (
        _o("two", "Two (seed 000, Pagat)", canastas_to_go_out=2),
        _o("one", "One (seed 001)", canastas_to_go_out=1),
    ), players=(3,)),
    Switch("D10", "Six players: the deck", (
        _o("162", "162 cards, 13 each (Pagat)", decks=3, hand_size=13, three_bonus=(0, 100, 200, 300, 400, 1000, 1200)),
        _o("108", "108 cards, 11 each (seed 000)", decks=2, hand_size=11, three_bonus=(0, 100, 200, 300, 800)),
    ), players=(6,)),
    Switch("S1", "Samba: ranks in a sequence", (
        _o("four_to_ace", "4 low to Ace high, no wrap-around (Pagat, Bicycle)", sequence_ace_low=False),
        _o("ace_low_too", "An Ace may also sit below the 4 (A-4-5), never wrap around (seed 003's ace)",
           sequence_ace_low=True),
    ), variants=("samba", "bolivia")),
    Switch("S2", "Samba: the top card of an unfrozen pile onto a meld", (
        _o("not_canasta", "Only onto a meld that is not yet a canasta (Bicycle)", take_onto_canasta=False),
        _o("any_meld", "Onto any meld of the side that can take it (seed 003)", take_onto_canasta=True),
    ), variants=("samba", "bolivia")),
    Switch("S3", "Samba: going out concealed", (
        _o("200_in_all", "Scores 200 in all (seed 003's table)", concealed_going_out_bonus=200),
        _o("200_more", "Scores 200 on top of the 100 for going out (seed 003's text)", concealed_going_out_bonus=300),
    ), variants=("samba",)),
    Switch("S4", "Samba: initial meld table", (
        _o("seed_003", "50 below 1500, 90 from 1500, 150 from 7000 (seed 003)", initial_meld_base=50,
           initial_meld_thresholds=((1500, 90), (7000, 150))),
        _o("pagat", "15 below 0, 50, 90 from 1500, 120 from 3000, 150 from 7000 (Pagat)", initial_meld_base=15,
           initial_meld_thresholds=((0, 50), (1500, 90), (3000, 120), (7000, 150))),
    ), variants=("samba",)),
    Switch("S5", "Samba: Uruguayan wild cards", (
        _o("per_group", "At most 2 wild cards in each group (seed 003)", side_wild_limit=0),
        _o("uruguayan", "Uruguayan: at most 2 wild cards in all the side's groups of a hand (seed 003)",
           side_wild_limit=2),
    ), variants=("samba",)),
)}


def _switch(switch_id: str) -> Switch:
    found = SWITCHES.get(switch_id)
    if found is None:
        raise RulesError("unknown_switch", f"unknown house-rule switch {switch_id!r}", name=switch_id)
    return found


def set_switch(rules: Rules, switch_id: str, option: str) -> Rules:
    """``rules`` with one switch set to ``option`` (refused where it does not apply)."""
    sw = _switch(switch_id)
    for o in sw.options:
        if o.name == option:
            if rules.players not in sw.players or rules.name not in sw.variants:
                raise RulesError("switch_not_applicable",
                                 f"{switch_id} applies to {'/'.join(sw.variants)} with {sw.players} players only",
                                 name=switch_id)
            return rules.replace(**dict(o.params))
    names = ", ".join(o.name for o in sw.options)
    raise RulesError("unknown_option", f"{switch_id} has no option {option!r} (options: {names})",
                     name=switch_id, option=option)


def switch_state(rules: Rules, switch_id: str) -> str:
    """The option ``rules`` play for this switch, or ``"custom"``."""
    for o in _switch(switch_id).options:
        if all(getattr(rules, k) == v for k, v in o.params):
            return o.name
    return "custom"
