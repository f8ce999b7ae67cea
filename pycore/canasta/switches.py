"""The disputed points of RULES.md 2.2 (D1-D10) and of Samba (RULES.md 4: S1-S3, the
initial-meld table S4, the Uruguayan sub-variant S5 and Open Samba S6) as named
house-rule switches.

Each switch is a choice between the shipped default and the alternatives the sources
give; choosing an option sets one or more rule parameters. ``set_switch(rules, "D3",
"freeze")`` gives new rules; ``switch_state(rules, "D3")`` tells which option rules
are playing (or ``"custom"``). The UI lists ``SWITCHES`` with their one-line texts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import RulesError
from .rules import Rules, Upcard


@dataclass(frozen=True)
class Option:
    name: str
    text: str  #: one line (English; the UI translates by switch id and option name)
    params: tuple[tuple[str, Any], ...]


def _always(rules: Rules) -> bool:
    return True


def _no_sequences(rules: Rules) -> bool:
    """D10 is Classic's 6-player deck; Samba always plays 162 cards (RULES.md 4)."""
    return not rules.sequences


def _sequences(rules: Rules) -> bool:
    """The Samba family's switches (S1-S5) mean something where sequences are played."""
    return rules.sequences


def _samba_only(rules: Rules) -> bool:
    """Samba's sub-variants (S5, S6: RULES.md 4): sequences without Bolivia's wild-card
    melds (their wild cards have a meld of their own, and escaleras are natural)."""
    return rules.sequences and not rules.wild_melds


def _has_upcard(rules: Rules) -> bool:
    return rules.upcard is not Upcard.NONE


def _pile_can_thaw(rules: Rules) -> bool:
    """The pile is not always frozen (Modern American takes it with a natural pair only)."""
    return not rules.pile_always_frozen


def _black_three_discarded(rules: Rules) -> bool:
    return "B3" not in rules.undiscardable and _pile_can_thaw(rules)


@dataclass(frozen=True)
class Switch:
    """A disputed point: ``id`` is stable (the UI translates by it), ``title`` is its
    one-line English description, ``options`` its choices (the default first)."""

    id: str
    title: str
    options: tuple[Option, ...]  #: the first one is the default
    players: tuple[int, ...] = (2, 3, 4, 6)  #: the player counts it applies to
    #: whether the switch means anything under these rules (e.g. no upcard, no D1).
    applies: Callable[[Rules], bool] = _always

    def applicable(self, rules: Rules) -> bool:
        return rules.players in self.players and self.applies(rules)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: id, title, and each option's name and one-line text."""
        return {"id": self.id, "title": self.title,
                "options": [{"name": o.name, "text": o.text} for o in self.options]}


def _o(name: str, text: str, **params: Any) -> Option:
    return Option(name, text, tuple(params.items()))


SWITCHES: dict[str, Switch] = {s.id: s for s in (
    Switch("D1", "Upcard that is a wild card or a 3", (
        _o("cover", "Turn more cards on top; a covered wild or red 3 freezes the pile (seed 002, Pagat)",
           upcard="cover"),
        _o("bury", "Put it at the bottom of the stock and turn again; no freeze (seed 000)", upcard="bury"),
    ), applies=_has_upcard),
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
    ), applies=_black_three_discarded),
    Switch("D4", "Unfrozen pile: top card onto an existing meld", (
        _o("allowed", "Allowed (seed 000, Pagat)", take_onto_meld=True),
        _o("two_cards", "Only with two cards from hand (seed 001)", take_onto_meld=False),
    ), applies=_pile_can_thaw),
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
    ), applies=_pile_can_thaw),
    Switch("D9", "Three players: canastas needed to go out", (
        _o("two", "Two (seed 000, Pagat)", canastas_to_go_out=2),
        _o("one", "One (seed 001)", canastas_to_go_out=1),
    ), players=(3,)),
    Switch("D10", "Six players: the deck", (
        _o("162", "162 cards, 13 each (Pagat)", decks=3, hand_size=13, three_bonus=(0, 100, 200, 300, 400, 1000, 1200)),
        _o("108", "108 cards, 11 each (seed 000)", decks=2, hand_size=11, three_bonus=(0, 100, 200, 300, 800)),
    ), players=(6,), applies=_no_sequences),
    Switch("S1", "Samba: ranks in a sequence", (
        _o("four_to_ace", "4 low to Ace high, no wrap-around (Pagat, Bicycle)", sequence_ace_low=False),
        _o("ace_low_too", "An Ace may also sit below the 4 (A-4-5), never wrap around (seed 003's ace)",
           sequence_ace_low=True),
    ), applies=_sequences),
    Switch("S2", "Samba: the top card of an unfrozen pile onto a meld", (
        _o("not_canasta", "Only onto a meld that is not yet a canasta (Bicycle)", take_onto_canasta=False),
        _o("any_meld", "Onto any meld of the side that can take it (seed 003)", take_onto_canasta=True),
    ), applies=_sequences),
    Switch("S3", "Samba: going out concealed", (
        _o("200_in_all", "Scores 200 in all (seed 003's table)", concealed_going_out_bonus=200),
        _o("200_more", "Scores 200 on top of the 100 for going out (seed 003's text)", concealed_going_out_bonus=300),
    ), applies=_sequences),
    Switch("S4", "Samba: initial meld table", (
        _o("seed_003", "50 below 1500, 90 from 1500, 150 from 7000 (seed 003)", initial_meld_base=50,
           initial_meld_thresholds=((1500, 90), (7000, 150))),
        _o("pagat", "15 below 0, 50, 90 from 1500, 120 from 3000, 150 from 7000 (Pagat)", initial_meld_base=15,
           initial_meld_thresholds=((0, 50), (1500, 90), (3000, 120), (7000, 150))),
    ), applies=_sequences),
    Switch("S5", "Samba: Uruguayan wild cards", (
        _o("per_group", "At most 2 wild cards in each group (seed 003)", side_wild_limit=0),
        _o("uruguayan", "Uruguayan: at most 2 wild cards in all the side's groups of a hand (seed 003)",
           side_wild_limit=2),
    ), applies=_samba_only),
    Switch("S6", "Samba: wild cards in sequences (Open Samba)", (
        _o("closed", "Sequences take no wild card; a samba scores 1500 (seed 003, Pagat)", sequence_wilds=0),
        _o("open", "Open Samba: up to 2 wild cards in a sequence (naturals outnumber them); a samba with one "
           "scores 1000 (seed 003)", sequence_wilds=2),
    ), applies=_samba_only),
)}


def _switch(switch_id: str) -> Switch:
    found = SWITCHES.get(switch_id)
    if found is None:
        raise RulesError("unknown_switch", f"unknown house-rule switch {switch_id!r}", name=switch_id)
    return found


def _json(value: Any) -> Any:
    return [_json(v) for v in value] if isinstance(value, tuple) else value


def set_switch(rules: Rules, switch_id: str, option: str) -> Rules:
    """``rules`` with one switch set to ``option`` (refused where it does not apply)."""
    sw = _switch(switch_id)
    for o in sw.options:
        if o.name == option:
            if not sw.applicable(rules):
                raise RulesError("switch_not_applicable", f"{switch_id} does not apply to these rules "
                                 f"({rules.name}, {rules.players} players)", name=switch_id)
            # from_dict, not replace: it turns the option's plain values into the rules'
            # enums (the engine compares enums by identity)
            return Rules.from_dict({k: _json(v) for k, v in o.params}, base=rules)
    names = ", ".join(o.name for o in sw.options)
    raise RulesError("unknown_option", f"{switch_id} has no option {option!r} (options: {names})",
                     name=switch_id, option=option)


def switch_state(rules: Rules, switch_id: str) -> str:
    """The option ``rules`` play for this switch, or ``"custom"``."""
    for o in _switch(switch_id).options:
        if all(getattr(rules, k) == v for k, v in o.params):
            return o.name
    return "custom"


def switches_for(rules: Rules) -> list[Switch]:
    """The switches a player can set on these rules (a preset and player count), in id order."""
    return [sw for sw in SWITCHES.values() if sw.applicable(rules)]
