# The UI's logic, without the DOM: the hand in order, what a selection of cards means as an
# action text (NOTATION.md), what the snapshot's `legal` list allows, who sits where, and the
# URL parameters. Pure Python for MicroPython (the page) and CPython (tests/web).

RANKS = "AKQJT98765432"
SUITS = "SHDC"
SPEEDS = ("slow", "normal", "fast", "instant")
#: Pause before each bot move, in seconds.
SPEED_DELAY = {"slow": 1.2, "normal": 0.6, "fast": 0.15, "instant": 0.0}
TARGETS = (2500, 5000, 7500, 10000)
PLAYER_COUNTS = (4, 2)
DEFAULTS = {"lang": "en", "players": 4, "target": 5000, "speed": "normal"}
CANASTA_SIZE = 7


# --------------------------------------------------------------------------- cards

def rank_of(code):
    return "JK" if code == "JK" else code[:1]


def is_wild(code):
    return code == "JK" or code[:1] == "2"


def kind_of(code):
    """What a card can do (suits aside): a natural rank, "2", "JK", "R3" or "B3"."""
    if code == "JK":
        return "JK"
    r = code[:1]
    if r == "3":
        return "R3" if code[1:2] in ("H", "D") else "B3"
    return r


def card_key(code):
    """Hand order: A K Q ... 4, 3, then the wild cards (2s, jokers); suits S H D C."""
    if code == "JK":
        return (14, 0)
    r = RANKS.find(code[:1])
    s = SUITS.find(code[1:2])
    return (r if r >= 0 else 15, s if s >= 0 else 9)


def sort_hand(codes):
    return sorted(codes, key=card_key)


def group_hand(hand):
    """[(rank, [indices into hand])] for a sorted hand: one group per rank (2s and
    jokers apart)."""
    groups = []
    for i in range(len(hand)):
        r = rank_of(hand[i])
        if groups and groups[-1][0] == r:
            groups[-1][1].append(i)
        else:
            groups.append((r, [i]))
    return groups


def kinds(codes):
    return sorted(kind_of(c) for c in codes)


def meld_rank(cards):
    """The rank a meld is of: its first natural card's rank ("3" for black 3s)."""
    for c in cards:
        if not is_wild(c):
            return rank_of(c)
    return ""


def meld_targets(melds):
    """The notation target of each of a side's melds: its rank letter, or "#i" where
    two melds share a rank."""
    ranks = [meld_rank(m) for m in melds]
    out = []
    for i in range(len(ranks)):
        out.append(ranks[i] if ranks[i] and ranks.count(ranks[i]) == 1 else "#" + str(i))
    return out


def is_canasta(cards):
    return len(cards) >= CANASTA_SIZE


def is_natural(cards):
    for c in cards:
        if is_wild(c):
            return False
    return True


# --------------------------------------------------------------------------- action texts

def cards_text(hand, indices):
    return " ".join(hand[i] for i in sorted(indices))


def meld_action(hand, groups):
    """"meld A | B" for groups of hand indices."""
    parts = [cards_text(hand, g) for g in groups if g]
    return "meld " + " | ".join(parts) if parts else ""


def take_action(hand, groups, top):
    """Take the pile: the group that goes with the top card (its naturals all of the top
    card's rank) first, the other groups as further melds ("take C1 C2 | A | B"); plain
    "take" (onto the side's meld) without cards."""
    groups = [g for g in groups if g]
    if not groups:
        return "take"
    top_rank = rank_of(top or "")
    first = 0
    for n in range(len(groups)):
        naturals = [hand[i] for i in groups[n] if not is_wild(hand[i])]
        if naturals and all(rank_of(c) == top_rank for c in naturals):
            first = n
            break
    ordered = [groups[first]] + [groups[n] for n in range(len(groups)) if n != first]
    return "take " + " | ".join(cards_text(hand, g) for g in ordered)


def add_action(target, hand, indices):
    return "add " + target + " " + cards_text(hand, indices)


def discard_action(hand, index):
    return "discard " + hand[index]


# --------------------------------------------------------------------------- legal list

class Legal:
    """What the snapshot's `legal` list allows, by card kinds (the engine lists one suit
    choice per kind; any suits of the same kinds are equally legal)."""

    def __init__(self, legal):
        self.texts = list(legal or [])
        self.verbs = set()
        self.takes = []     # [[kinds of the cards taken with the top card, ...per group]]
        self.melds = []     # [[kinds per group]]
        self.adds = []      # [(target, kinds)]
        for text in self.texts:
            words = text.split()
            if not words:
                continue
            verb = words[0]
            self.verbs.add(text if verb == "answer" else verb)
            if verb in ("take", "meld"):
                groups = [kinds(g.split()) for g in " ".join(words[1:]).split("|")]
                groups = [g for g in groups if g]
                (self.takes if verb == "take" else self.melds).append(groups)
            elif verb == "add" and len(words) > 2:
                self.adds.append((words[1], kinds(words[2:])))

    def can(self, verb):
        return verb in self.verbs

    def meld_matches(self, groups_codes):
        want = sorted(kinds(g) for g in groups_codes if g)
        for groups in self.melds:
            if sorted(groups) == want:
                return True
        return False

    def take_matches(self, groups_codes):
        want = sorted(kinds(g) for g in groups_codes if g)
        for groups in self.takes:
            if sorted(groups) == want:
                return True
        return False

    def add_targets(self, codes):
        """Targets ("K", "#2") the cards could be added to."""
        want = kinds(codes)
        return [t for (t, k) in self.adds if k == want]


# --------------------------------------------------------------------------- seats and sides

def seat_role(seat, viewer, players, watch):
    """The catalog key that names a seat for the viewer."""
    if watch:
        compass = ("south", "west", "north", "east") if players == 4 else ("south", "north")
        return "table." + compass[seat % len(compass)]
    rel = (seat - viewer) % players
    if players == 2:
        return "table.you" if rel == 0 else "table.opponent"
    return ("table.you", "table.left", "table.partner", "table.right")[rel]


def side_key(side, my_side, players, watch):
    if watch:
        if players == 2:
            return "table.south" if side == 0 else "table.north"
        return "table.side_ns" if side == 0 else "table.side_ew"
    if players == 2:
        return "table.you" if side == my_side else "table.opponent"
    return "table.our_side" if side == my_side else "table.their_side"


def seat_positions(viewer, players):
    """Where each other seat sits around the viewer: [(seat, "north"|"west"|"east")]."""
    if players == 2:
        return [((viewer + 1) % 2, "north")]
    return [((viewer + 1) % 4, "west"), ((viewer + 2) % 4, "north"), ((viewer + 3) % 4, "east")]


# --------------------------------------------------------------------------- URL parameters

def parse_query(search):
    """The page's URL parameters: (values, problems). Values hold only valid ones;
    problems are (name, value, expected) for the player to read. Never raises."""
    values = {}
    problems = []
    text = str(search or "")
    if text.startswith("?"):
        text = text[1:]
    for part in text.split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        name = _unquote(name).strip().lower()
        value = _unquote(value).strip()
        check = _CHECKS.get(name)
        if check is None:
            continue  # not ours (e.g. a tracking parameter): ignored silently
        ok, parsed, expected = check(value.lower() if name != "seed" else value)
        if ok:
            values[name] = parsed
        else:
            problems.append((name, value, expected))
    return values, problems


def _choice(options, convert=str):
    expected = ", ".join(str(o) for o in options)

    def check(value):
        for o in options:
            if str(o) == value:
                return True, convert(value), expected
        return False, None, expected
    return check


def _seed(value):
    if value and value.isdigit() and len(value) <= 15:
        return True, int(value), "0 … 999999999999999"
    return False, None, "0 … 999999999999999"


def _flag(value):
    if value in ("1", "true", "yes", ""):
        return True, True, "1"
    if value in ("0", "false", "no"):
        return True, False, "1"
    return False, None, "0, 1"


_CHECKS = {
    "lang": _choice(("en", "fr")),
    "players": _choice(PLAYER_COUNTS, int),
    "seed": _seed,
    "watch": _flag,
    "speed": _choice(SPEEDS),
    "new": _flag,
    "target": _choice(TARGETS, int),
}


def _unquote(text):
    """Percent-decoding for URL parameters (ASCII is enough for ours), + as space."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "%" and i + 2 < len(text) and _is_hex(text[i + 1:i + 3]):
            code = int(text[i + 1:i + 3], 16)
            out.append(chr(code) if code < 128 else "?")
            i += 3
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _is_hex(pair):
    if len(pair) != 2:
        return False
    for c in pair:
        if c not in "0123456789abcdefABCDEF":
            return False
    return True


def query_without(search, names):
    """The search string without the given parameters ("" when nothing is left)."""
    text = str(search or "")
    if text.startswith("?"):
        text = text[1:]
    kept = [p for p in text.split("&") if p and _unquote(p.partition("=")[0]).strip().lower() not in names]
    return "?" + "&".join(kept) if kept else ""
