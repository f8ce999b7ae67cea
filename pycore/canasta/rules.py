"""Every rule parameter of RULES.md as one frozen value (DESIGN.md convention 1).

A variant is a :class:`Rules` value; the engine never asks which variant it plays. Each
field names the rule it carries and where it comes from. ``to_dict``/``from_dict`` give
the JSON form used in positions (``"rules"`` overrides), records and saved games.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from .cards import KINDS
from .errors import RulesError, echo


class Upcard(StrEnum):
    """How the deal starts the discard pile (RULES.md 2 "Deck and deal", D1; 3)."""

    COVER = "cover"  #: turn further cards on top until an allowed card shows (D1 default)
    BURY = "bury"  #: put special cards at the bottom of the stock and turn again (seed 000)
    NONE = "none"  #: the pile starts empty (Modern American)


class WildRatio(StrEnum):
    """How many wild cards a group may hold besides ``max_wilds`` (D2)."""

    TWO_NATURALS = "two_naturals"  #: at least ``min_naturals`` naturals (seed 000, Pagat)
    NATURALS_OUTNUMBER = "naturals_outnumber"  #: more naturals than wilds (seed 001; Samba)
    NOT_OUTNUMBER = "not_outnumber"  #: wilds never outnumber naturals (seed 002)


class ThreeSign(StrEnum):
    """When bonus threes score negatively (RULES.md 2, 3, 6)."""

    MELD = "meld"  #: negative for a side that made no meld (Classic, Samba)
    CANASTAS = "canastas"  #: negative with no canasta, zero with one, positive with 2+ (Modern American)
    ALWAYS = "always"  #: always positive (seed 004)


class ThreeLastCard(StrEnum):
    """A bonus three drawn as the last stock card (RULES.md 2 "Stock exhausted"; 3)."""

    LAID = "laid"  #: laid and scored; the hand ends at once (Pagat)
    KEPT = "kept"  #: stays in hand, counts against, and the hand ends (Modern American)


class StockOut(StrEnum):
    """What happens once the stock is empty (RULES.md 2 "Stock exhausted"; 3)."""

    PLAY_DISCARDS = "play_discards"  #: play on while each player takes the pile (Pagat)
    END_HAND = "end_hand"  #: the hand ends (Modern American as played by seed 001)


class AskPartner(StrEnum):
    """When "may I go out?" may be asked (RULES.md 2 "Going out"; 3)."""

    ANY_TURN = "any_turn"  #: once a turn, after drawing (Classic)
    ONCE_AFTER_DRAW = "once_after_draw"  #: once a hand, right after drawing (Modern American)


class InitialMeldCount(StrEnum):
    """Which cards count toward the initial-meld minimum (RULES.md 2; 3)."""

    TOP_CARD = "top_card"  #: hand cards plus the pile's top card, not the rest (Classic)
    HAND_ONLY = "hand_only"  #: cards from hand only (Modern American)


class OpeningShape(StrEnum):
    """What the initial meld must contain besides its points (RULES.md 3, 6)."""

    ANY = "any"
    NATURAL_GROUP_OR_WILD_MELD = "natural_group_or_wild_meld"  #: Modern American
    THREE_OF_A_KIND = "three_of_a_kind"  #: a group of 3 identical naturals (seed 004)


class MeldsAgainst(StrEnum):
    """When a side's melded cards count against it instead of for it (RULES.md 3, 6)."""

    NEVER = "never"  #: melded cards always score for the side (Classic)
    NO_CANASTA = "no_canasta"  #: a side with no canasta at the end (Modern American, seed 001)
    #: a side with no canasta when the other side went out (seed 004: "tous les points de
    #: toutes les cartes de l'équipe adverse sont totalisés et soustraits")
    NO_CANASTA_OTHER_OUT = "no_canasta_other_out"


E = TypeVar("E", bound=StrEnum)

#: Every number of points a rule names (card values, bonuses, penalties, thresholds, the
#: target) lies within ±MAX_POINTS, so that scores stay small and serializable.
MAX_POINTS = 10_000_000

#: Classic card values for melds and hand penalties (RULES.md 2 "Card values").
CLASSIC_VALUES: tuple[tuple[str, int], ...] = (
    ("JK", 50), ("2", 20), ("A", 20),
    ("K", 10), ("Q", 10), ("J", 10), ("T", 10), ("9", 10), ("8", 10),
    ("7", 5), ("6", 5), ("5", 5), ("4", 5),
    ("B3", 5), ("R3", 0),
)


@dataclass(frozen=True)
class Rules:
    """One variant's rule parameters; defaults are Classic Canasta for 4 players (RULES.md 2).

    Scores and thresholds are in points; tables indexed by a count start at count 0.
    """

    name: str = "classic"

    # --- table and deal (RULES.md 2, 2.1) ---
    players: int = 4
    #: number of sides; seat ``s`` plays for side ``s % sides`` (NOTATION.md "Position").
    sides: int = 2
    decks: int = 2
    jokers_per_deck: int = 2
    hand_size: int = 11
    draw_count: int = 1
    upcard: Upcard = Upcard.COVER
    #: kinds that may not be the upcard (D1: wild cards and all threes).
    upcard_barred: tuple[str, ...] = ("2", "JK", "R3", "B3")

    # --- card values (RULES.md 2 "Card values"; D6) ---
    card_values: tuple[tuple[str, int], ...] = CLASSIC_VALUES
    #: score of each black 3 left in hand, added to the side's hand score (D6 alternative,
    #: seed 004: -100); None: minus its card value like any other card.
    black_three_hand_penalty: int | None = None

    # --- bonus threes (RULES.md 2 "Scoring", 2.1; 3) ---
    #: kinds laid face up at once and replaced from the stock.
    bonus_threes: tuple[str, ...] = ("R3",)
    #: a side's bonus for holding n bonus threes (per colour when ``three_bonus_per_colour``).
    three_bonus: tuple[int, ...] = (0, 100, 200, 300, 800)
    three_bonus_per_colour: bool = False
    three_sign: ThreeSign = ThreeSign.MELD
    three_last_card: ThreeLastCard = ThreeLastCard.LAID

    # --- melds (RULES.md 2 "Meld legality"; D2) ---
    min_naturals: int = 2
    max_wilds: int = 3
    wild_ratio: WildRatio = WildRatio.TWO_NATURALS
    #: largest group size; 0 = no limit (Modern American and seed 004: 7).
    group_max: int = 0
    #: ranks that never take wild cards (Modern American: 7s).
    no_wild_ranks: tuple[str, ...] = ()
    #: ranks that take wild cards only in the initial meld (Modern American: Aces).
    wild_ranks_initial_only: tuple[str, ...] = ()
    #: after a side's initial meld, wilds only join groups with this many naturals; 0 = off (rule of five).
    rule_of_five: int = 0
    #: nobody melds a rank once a side completed a natural canasta of it (Modern American).
    close_rank_after_natural_canasta: bool = False
    #: a side may start a new group of a rank once every group it has of that rank is full
    #: (``group_max`` cards; RULES.md 3: a new group after a mixed canasta; seed 004: a
    #: completed canasta is set aside, the rank may be melded again; Samba's two groups).
    new_group_when_full: bool = False
    #: groups of wild cards alone (RULES.md 3 "Wild-card melds"; Bolivia, RULES.md 5).
    wild_melds: bool = False
    #: fewest and most cards of a wild-card meld (RULES.md 3: 3 to 7 twos and jokers).
    wild_meld_min: int = 3
    wild_meld_max: int = 7
    #: while a side's wild-card meld is unfinished, the side puts no wild card in another
    #: meld (RULES.md 3, seed 001).
    unfinished_wild_meld_blocks_wilds: bool = False
    #: bonus of a completed wild-card meld (a wild canasta): RULES.md 3 "any other 2000";
    #: Bolivia's "bolivia" 2500 (RULES.md 5).
    wild_canasta_bonus: int = 2000
    #: (jokers, twos, bonus) of wild canastas that score otherwise (RULES.md 3: seven 2s
    #: 3000, four jokers + three 2s 2500).
    wild_canasta_special: tuple[tuple[int, int, int], ...] = ()
    #: points lost for a wild-card meld left unfinished at the end (RULES.md 3: 2000).
    unfinished_wild_meld_penalty: int = 0
    #: the same when it holds every joker of the decks (RULES.md 3: 2500 with the four jokers).
    unfinished_wild_meld_jokers_penalty: int = 0
    #: black 3s meld only when going out, 3 or 4 of them, no wild card (RULES.md 2).
    black_threes_meld_going_out: bool = True

    #: how many groups of one rank a side may hold (RULES.md 4, Bicycle and Pagat: two in
    #: Samba, which may be merged with ``merge``); Classic: one group per rank (RULES.md 2).
    groups_per_rank: int = 1
    #: the swap (seed 003, RULES.md 4): a natural card from hand replaces a wild card of an
    #: unfinished group of its rank, and the wild card goes back to the hand.
    swap_wilds: bool = False
    #: most wild cards in all of a side's melds together; 0 = no such limit (Uruguayan
    #: Samba, seed 003: "deux cartes joker au total pour tous les groupes d'une donne",
    #: read per side, RULES.md 4).
    side_wild_limit: int = 0

    # --- sequences (Samba family, RULES.md 4, 5) ---
    #: sequences of 3+ consecutive natural cards of one suit may be melded (seed 003).
    sequences: bool = False
    #: a sequence grows to at most this many cards and is then closed (seed 003: 7, a samba).
    sequence_max: int = 7
    #: S1 alternative: an Ace may also sit below the 4 (A-4-5); never wrap-around (K-A-4).
    #: Default off: 4 low, Ace high (Pagat, Bicycle; RULES.md 4 S1).
    sequence_ace_low: bool = False
    #: bonus for a completed sequence of ``sequence_max`` cards: a samba (seed 003: 1500),
    #: an escalera in Bolivia (RULES.md 5: 1500).
    sequence_bonus: int = 1500
    #: most wild cards in one sequence; 0 = sequences are natural (seed 003). Open Samba
    #: (seed 003, RULES.md 4 "Sub-variants", switch S6): 2, with more naturals than wild
    #: cards (Samba's limits for groups). The wild cards fill gaps; the spare ones extend it.
    sequence_wilds: int = 0
    #: bonus for a completed sequence that holds a wild card (Open Samba: 1000 instead of 1500).
    wild_sequence_bonus: int = 1000
    #: the top card of the pile alone may go onto a meld that is already a canasta (S2
    #: alternative, seed 003 literally); Bicycle: only onto melds that are not yet a canasta
    #: (RULES.md 4, S2 default in Samba). Classic puts it on any meld of its rank (seed 000).
    take_onto_canasta: bool = True

    # --- penalties at the end of a hand (RULES.md 3, 6) ---
    #: when melded cards count against their side (RULES.md 3; seed 004).
    melds_against: MeldsAgainst = MeldsAgainst.NEVER
    #: (rank, points lost) for an unfinished natural group of that rank (RULES.md 3: 7s and Aces 2500).
    unfinished_group_penalty: tuple[tuple[str, int], ...] = ()
    #: (rank, count, points lost): a player holding ``count``+ cards of the rank at the end
    #: loses the points once per such rank (RULES.md 3: 3+ Aces or 3+ sevens, 1500 each).
    held_rank_penalty: tuple[tuple[str, int, int], ...] = ()
    #: score of each black 3 held by a player who went out holding only black 3s (seed 004:
    #: +100 each); 0 = such a going out is not played (the hand must be emptied).
    black_three_going_out_bonus: int = 0

    # --- canastas (RULES.md 2 "Scoring"; 3; D7) ---
    canasta_size: int = 7
    natural_canasta_bonus: int = 500
    mixed_canasta_bonus: int = 300
    #: natural canastas of these ranks score this instead (Modern American: 7s and Aces 2500).
    special_canasta_bonus: tuple[tuple[str, int], ...] = ()
    #: D7: extra bonus for a canasta laid whole from hand (or completed with the top card only).
    concealed_canasta_bonus: int = 0
    #: D5 alternative (seed 000, literally): the side's red 3s count toward the initial meld.
    threes_count_for_initial_meld: bool = False

    # --- the discard pile (RULES.md 2 "Taking the discard pile"; D3, D4, D8) ---
    #: kinds whose presence in the pile freezes it for everyone (D1 wild or red 3 upcard; D3 alt: B3).
    freezing_kinds: tuple[str, ...] = ("2", "JK", "R3")
    #: the pile is frozen for a side that has not made its initial meld.
    frozen_without_initial_meld: bool = True
    #: the pile may always be taken only with a natural pair (Modern American).
    pile_always_frozen: bool = False
    #: D8: an unfrozen pile may be taken with one natural and one wild card.
    take_with_natural_and_wild: bool = True
    #: D4: an unfrozen pile may be taken by adding its top card to the side's meld.
    take_onto_meld: bool = True
    #: seed 000's strict option: the pile can never be taken for the initial meld.
    no_pile_for_initial_meld: bool = False
    #: the pile's top card and the pair join the side's group of that rank only if the group
    #: holds at most this many cards; 0 = any (RULES.md 3, seed 001: 3 or 4 cards). With a
    #: larger unfinished group of that rank the pile cannot be taken with that rank.
    take_joins_group_max: int = 0

    # --- discarding (RULES.md 3 "Discarding") ---
    #: kinds that are never discarded (Modern American: every 3).
    undiscardable: tuple[str, ...] = ()
    #: wild cards are discarded only to go out or from a hand of wild cards alone (RULES.md 3).
    wild_discard_only_going_out: bool = False
    #: ranks discarded on an empty pile only by a player with no other natural card (RULES.md 3: A, 7).
    empty_pile_barred_ranks: tuple[str, ...] = ()

    # --- the initial meld (RULES.md 2 "Initial meld minimum"; D5) ---
    #: minimum below the first threshold (Classic: a negative score needs 15).
    initial_meld_base: int = 15
    #: (from score, minimum) pairs in ascending order of score.
    initial_meld_thresholds: tuple[tuple[int, int], ...] = ((0, 50), (1500, 90), (3000, 120))
    initial_meld_count: InitialMeldCount = InitialMeldCount.TOP_CARD
    opening_shape: OpeningShape = OpeningShape.ANY
    #: Pagat: going out concealed in one turn needs no minimum.
    concealed_going_out_exempt: bool = True
    #: an initial meld holding a canasta laid from hand needs no minimum (RULES.md 3, seed 001).
    canasta_from_hand_exempt: bool = False
    #: no initial meld on the player's first turn of the hand (seed 004: "On ne peut ouvrir
    #: le jeu qu'à partir du second tour").
    no_opening_first_turn: bool = False

    # --- going out (RULES.md 2 "Going out"; 2.1; D9) ---
    canastas_to_go_out: int = 1
    #: of the canastas needed to go out, how many must be completed sequences (Bolivia:
    #: one escalera, RULES.md 5).
    sequences_to_go_out: int = 0
    #: the player must finish with a discard (Modern American).
    go_out_with_discard: bool = False
    going_out_bonus: int = 100
    concealed_going_out_bonus: int = 200
    #: going out concealed needs the pile not taken that turn (seed 003 for Samba: "sans
    #: ramasser la pile"); Pagat lets a Classic player take it (RULES.md 2).
    concealed_without_pile: bool = False
    ask_partner: AskPartner = AskPartner.ANY_TURN
    stock_out: StockOut = StockOut.PLAY_DISCARDS

    # --- the game (RULES.md 2 "Game end") ---
    target: int = 5000
    #: on an exact tie above the target, another hand is played to a target raised by this.
    tie_target_step: int = 500

    # Derived lookups, filled in __post_init__ (not fields: not serialized, not compared).
    _values: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)
    _hash: int = field(default=0, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        _validate(self)
        object.__setattr__(self, "_values", dict(self.card_values))
        self._rehash()

    def _rehash(self) -> None:
        # Hashed once (views look their overrides up by the rules at every decision, and
        # a search bot makes thousands of them) over the compared fields, as the
        # dataclass would.
        object.__setattr__(self, "_hash", hash(tuple(getattr(self, f.name) for f in dataclasses.fields(self)
                                                     if f.compare)))

    def __hash__(self) -> int:
        return self._hash

    def __setstate__(self, state: dict[str, Any]) -> None:
        # Unpickled in another process (string hashes differ there): hash again.
        self.__dict__.update(state)
        self._rehash()

    # ------------------------------------------------------------------ queries
    def value(self, kind: str) -> int:
        """Point value of a card kind (RULES.md 2 "Card values")."""
        return self._values[kind]

    def initial_meld_minimum(self, score: int) -> int:
        """The initial-meld minimum for a side with this cumulative score."""
        minimum = self.initial_meld_base
        for start, need in self.initial_meld_thresholds:
            if score >= start:
                minimum = need
        return minimum

    def three_bonus_points(self, count: int) -> int:
        """The bonus for ``count`` bonus threes (RULES.md 2: 100 each, 800 for four)."""
        table = self.three_bonus
        if count < len(table):
            return table[count]
        # More threes than the table lists: one step more for each beyond its last entry.
        return table[-1] + (count - len(table) + 1) * (table[1] - table[0])

    def side_of(self, seat: int) -> int:
        return seat % self.sides

    @property
    def partnerships(self) -> bool:
        """True when some side has more than one player (ask-partner exists)."""
        return self.players > self.sides

    @property
    def card_copies(self) -> int:
        """How many copies of each non-joker card the decks hold."""
        return self.decks

    @property
    def joker_copies(self) -> int:
        return self.decks * self.jokers_per_deck

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        """Every field as JSON-ready data (enums as strings, tuples as lists)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name.startswith("_"):
                continue
            out[f.name] = _to_json(getattr(self, f.name))
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any], base: Rules | None = None) -> Rules:
        """Rules from JSON data; fields missing from ``data`` come from ``base`` (or Classic).

        Unknown field names and values of the wrong type raise :class:`RulesError`.
        """
        if not isinstance(data, dict):
            raise RulesError("bad_rules", "rules must be a JSON object")
        start = base if base is not None else cls()
        changes: dict[str, Any] = {}
        for key, raw in data.items():
            f = _FIELDS.get(key)
            if f is None:
                raise RulesError("unknown_rule", f"unknown rule parameter {echo(key)}", name=key)
            changes[key] = _from_json(key, raw, getattr(start, key))
        return dataclasses.replace(start, **changes)

    @classmethod
    def with_overrides(cls, base: Rules, data: Any) -> Rules:
        """``base`` (a preset) with the rule overrides of a position, record or game's
        options: as :meth:`from_dict`, but the preset's identity stays: ``name`` and
        ``players`` are refused unless equal to the preset's (a preset is named by
        ``variant`` and its player count by ``players``, checked against the preset's
        counts; an override of either would give a game whose record names another
        table, which no load could read back)."""
        if isinstance(data, dict):
            for key in ("name", "players"):
                if key in data and data[key] != getattr(base, key):
                    raise RulesError("bad_rule_value", f"rule {key!r}: set by the variant and its player count, "
                                     "not by an override", name=key, value=echo(data[key]))
        return cls.from_dict(data, base=base)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some parameters changed (validated again)."""
        for key in changes:
            if key not in _FIELDS:
                raise RulesError("unknown_rule", f"unknown rule parameter {key!r}", name=key)
        return dataclasses.replace(self, **changes)


_FIELDS = {f.name: f for f in dataclasses.fields(Rules) if not f.name.startswith("_")}


def _to_json(value: Any) -> Any:
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


def _from_json(key: str, raw: Any, current: Any) -> Any:
    """Convert JSON data to the type of the field's current value, or raise RulesError."""
    bad = RulesError("bad_rule_value", f"bad value for rule {key!r}: {echo(raw)}", name=key, value=echo(raw))
    if isinstance(current, StrEnum):
        try:
            return type(current)(raw)
        except ValueError:
            raise bad from None
    if isinstance(current, bool):
        if not isinstance(raw, bool):
            raise bad
        return raw
    if isinstance(current, int) or (current is None and key == "black_three_hand_penalty"):
        if raw is None and key == "black_three_hand_penalty":
            return None
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise bad
        return raw
    if isinstance(current, str):
        if not isinstance(raw, str):
            raise bad
        return raw
    if isinstance(current, tuple):
        if not isinstance(raw, list):
            raise bad
        return _tuple_like(raw, _TUPLE_SHAPES[key], bad)
    raise bad  # pragma: no cover - every field type is handled above


#: The element shape of every tuple field: a type, or a tuple of types for pairs.
_TUPLE_SHAPES: dict[str, type | tuple[type, ...]] = {
    "upcard_barred": str, "card_values": (str, int), "bonus_threes": str, "three_bonus": int,
    "no_wild_ranks": str, "wild_ranks_initial_only": str, "special_canasta_bonus": (str, int),
    "freezing_kinds": str, "initial_meld_thresholds": (int, int),
    "wild_canasta_special": (int, int, int), "unfinished_group_penalty": (str, int),
    "held_rank_penalty": (str, int, int), "undiscardable": str, "empty_pile_barred_ranks": str,
}


def _is(value: Any, kind: type) -> bool:
    return isinstance(value, kind) and not isinstance(value, bool)


def _tuple_like(raw: list[Any], shape: type | tuple[type, ...], bad: RulesError) -> tuple[Any, ...]:
    """A JSON list as the field's tuple, each element of the field's shape, or raise ``bad``."""
    out: list[Any] = []
    for item in raw:
        if isinstance(shape, tuple):
            if not (isinstance(item, list) and len(item) == len(shape) and all(map(_is, item, shape))):
                raise bad
            out.append(tuple(item))
        elif _is(item, shape):
            out.append(item)
        else:
            raise bad
    return tuple(out)


def _validate(r: Rules) -> None:
    """Refuse parameter sets the engine cannot play, naming the parameter."""

    def need(ok: bool, name: str, why: str) -> None:
        if not ok:
            raise RulesError("bad_rule_value", f"rule {name!r}: {why}", name=name, value=repr(getattr(r, name)))

    for name in _POINTS:
        value = getattr(r, name)
        need(value is None or -MAX_POINTS <= value <= MAX_POINTS, name, f"points within ±{MAX_POINTS}")
    for name, picks in _POINT_TABLES.items():
        need(all(-MAX_POINTS <= row[i] <= MAX_POINTS for row in getattr(r, name) for i in picks), name,
             f"points within ±{MAX_POINTS}")
    need(r.players in (2, 3, 4, 6), "players", "2, 3, 4 or 6 players are supported")
    # One side would leave nobody to play against (RULES.md 2: each alone, or partnerships).
    need(2 <= r.sides <= r.players and r.players % r.sides == 0, "sides",
         "at least two sides, and the sides divide the players")
    need(1 <= r.decks <= 4, "decks", "1 to 4 decks")
    need(0 <= r.jokers_per_deck <= 4, "jokers_per_deck", "0 to 4 jokers per deck")
    need(1 <= r.hand_size <= 20, "hand_size", "1 to 20 cards")
    need(r.players * r.hand_size < r.decks * (52 + r.jokers_per_deck), "hand_size", "the deal needs more cards than the decks hold")
    need(1 <= r.draw_count <= 3, "draw_count", "1 to 3 cards")
    kinds = {k for k, _ in r.card_values}
    need(kinds == set(KINDS), "card_values", "a value for every card kind")
    for name in ("upcard_barred", "bonus_threes", "freezing_kinds"):
        need(all(k in KINDS for k in getattr(r, name)), name, "card kinds only")
    need(set(r.bonus_threes) <= {"R3", "B3"}, "bonus_threes", "only threes are bonus cards")
    need(2 <= len(r.three_bonus) <= 13 and all(-MAX_POINTS <= b <= MAX_POINTS for b in r.three_bonus),
         "three_bonus", f"a bonus for at least one three and at most 12, points within ±{MAX_POINTS}")
    need(len(r.card_values) == len(KINDS), "card_values", "one value for each card kind")
    need(set(r.upcard_barred) <= {"2", "JK", "R3", "B3"}, "upcard_barred", "wild cards and threes only")
    # The pile is taken with a natural pair and the top card: three naturals (with D8's
    # natural and wild card, two); a group needing more could never be made that way,
    # and the legal moves offer such takes (a bot then retries a refused action).
    need(1 <= r.min_naturals <= (2 if r.take_with_natural_and_wild else 3), "min_naturals",
         "1 to 3 naturals (1 or 2 with take_with_natural_and_wild)")
    need(r.group_max == 0 or r.group_max >= r.canasta_size, "group_max", "0 or at least the canasta size")
    need(3 <= r.canasta_size <= 12, "canasta_size", "3 to 12 cards")
    need(0 <= r.max_wilds <= r.canasta_size, "max_wilds", "0 to the canasta size")
    need(0 <= r.canastas_to_go_out <= 5, "canastas_to_go_out", "0 to 5")
    need(0 <= r.rule_of_five <= r.canasta_size, "rule_of_five", "0 (off) to the canasta size")
    need(0 <= r.take_joins_group_max <= r.canasta_size, "take_joins_group_max", "0 (any) to the canasta size")
    need(len(r.initial_meld_thresholds) <= 10, "initial_meld_thresholds", "at most 10 thresholds")
    need(all(0 <= j <= 8 and 0 <= t <= 16 for j, t, _ in r.wild_canasta_special), "wild_canasta_special",
         "counts of jokers and twos the decks can hold")
    need(all(a < b for (a, _), (b, _) in zip(r.initial_meld_thresholds, r.initial_meld_thresholds[1:])),
         "initial_meld_thresholds", "scores in ascending order")
    need(r.target > 0, "target", "a positive target")
    need(1 <= r.groups_per_rank <= 2, "groups_per_rank", "one or two groups per rank")
    need(0 <= r.side_wild_limit <= 20, "side_wild_limit", "0 (none) to 20")
    # Uruguayan Samba's limit counts groups' wild cards; a wild-card meld holds 3 or more
    # wild cards alone, and the legal moves would offer melds the limit then refuses.
    need(r.side_wild_limit == 0 or not r.wild_melds, "side_wild_limit",
         "not with wild-card melds (wild_melds): those hold more wild cards than the limit")
    need(3 <= r.sequence_max <= 12, "sequence_max", "3 to 12 cards")
    need(0 <= r.sequence_wilds < r.sequence_max, "sequence_wilds", "non-negative, fewer than sequence_max")
    need(0 <= r.sequences_to_go_out <= r.canastas_to_go_out, "sequences_to_go_out",
         "at most the canastas needed to go out")
    # Without sequences nobody could ever go out, and a player left with cards that may
    # not be discarded would have no legal action.
    need(r.sequences_to_go_out == 0 or r.sequences, "sequences_to_go_out", "only where sequences are played")
    need(3 <= r.wild_meld_min <= r.wild_meld_max, "wild_meld_min", "at least 3 and at most wild_meld_max")
    need(r.wild_meld_max <= r.decks * (4 + r.jokers_per_deck), "wild_meld_max", "no more than the decks' wild cards")
    need(r.take_joins_group_max >= 0, "take_joins_group_max", "non-negative")
    need(not r.new_group_when_full or r.group_max > 0, "new_group_when_full", "needs a group_max")
    ranks = set(KINDS[:11])
    for name in ("no_wild_ranks", "wild_ranks_initial_only", "empty_pile_barred_ranks"):
        need(all(k in ranks for k in getattr(r, name)), name, "natural ranks only")
    need(all(k in ranks for k, _ in r.unfinished_group_penalty), "unfinished_group_penalty", "natural ranks only")
    need(all(k in ranks and 1 <= n <= 20 for k, n, _ in r.held_rank_penalty), "held_rank_penalty",
         "natural ranks and a count from 1 to 20")
    need(all(k in KINDS for k in r.undiscardable), "undiscardable", "card kinds only")
    # Parameters designed for the other variants (RULES.md 3-6) whose play is not built yet.
    for name, default in _NOT_YET.items():
        need(getattr(r, name) == default, name, "this rule is not supported by this version of the engine")


#: Fields that are a number of points (None: the card's own value).
_POINTS = ("black_three_hand_penalty", "wild_canasta_bonus", "unfinished_wild_meld_penalty",
           "unfinished_wild_meld_jokers_penalty", "sequence_bonus", "wild_sequence_bonus",
           "black_three_going_out_bonus", "natural_canasta_bonus", "mixed_canasta_bonus", "concealed_canasta_bonus",
           "initial_meld_base", "going_out_bonus", "concealed_going_out_bonus", "target", "tie_target_step")
#: Tables of points: the field, and which element of each row is a number of points.
_POINT_TABLES: dict[str, tuple[int, ...]] = {
    "card_values": (1,), "special_canasta_bonus": (1,), "unfinished_group_penalty": (1,), "held_rank_penalty": (2,),
    "wild_canasta_special": (2,), "initial_meld_thresholds": (0, 1),
}

#: Parameters of later variants; the engine refuses a non-default value until it plays it.
_NOT_YET: dict[str, Any] = {
}
