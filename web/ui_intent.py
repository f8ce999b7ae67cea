# What the player's selection means, from the engine's records alone (canasta.protocol):
# which buttons a selection fits, which melds glow, the intent a button sends, and the
# cards a hint selects. No rule is decided here: the engine lists the legal actions as
# records with the cards they play and the kinds that may stand for them, classifies the
# melds, and judges every intent (an unlisted one too: it then explains the refusal).
# Pure Python for MicroPython (the page) and CPython (tests/web).

import protocol as P


class Intents:
    """One snapshot's legal actions, seen from the player's selection."""

    def __init__(self, snap):
        snap = snap or {}
        self.records = []
        for data in snap.get("actions") or []:
            try:
                self.records.append(P.ActionRecord.from_json(data))
            except P.ProtocolError:
                pass  # a record this UI cannot read is left out; the engine still judges
        self.kinds = snap.get("kinds") or {}
        self.verbs = set(r.verb for r in self.records)

    def can(self, verb):
        """Whether any listed action has this verb."""
        return verb in self.verbs

    def answers(self):
        return [r.answer for r in self.records if r.verb == "answer"]

    def fits(self, verb, groups):
        """The listed actions of ``verb`` that these groups of cards play, as intents."""
        return P.find(self.records, verb, groups, self.kinds)

    def add_targets(self, cards):
        """The ids of the melds these cards may be added to (the melds that glow)."""
        out = []
        for intent in self.fits("add", [cards]):
            if intent.target not in out:
                out.append(intent.target)
        return out

    def merges(self):
        return P.of_verb(self.records, "merge")

    def swaps(self):
        return P.of_verb(self.records, "swap")

    def swaps_for(self, card):
        """The swaps the natural ``card`` from hand can make."""
        return self.fits("swap", [[card]])

    def intent(self, verb, groups, target=""):
        """What pressing ``verb`` sends: the listed action the groups play (onto ``target``
        when one is named), else the groups as they are, for the engine to read and judge
        (an unlisted compound meld, or a refusal it explains)."""
        groups = [list(g) for g in groups if g]
        fits = self.fits(verb, groups)
        # the action onto the meld named (none named: the one that names none, e.g. a
        # take that starts a new group rather than joining one), else the first that fits
        for found in fits:
            if found.target == target:
                return found
        for found in fits:
            if not target:
                return found
        return P.ActionRecord(verb, groups=groups, target=target)


def hint_selection(hand, record):
    """The hand positions a hint's action plays, as (staged groups, selected): every group
    but the last is set aside, the last is selected, so that pressing the hinted button
    plays the hint as it stands. Cards are matched by code, each position once."""
    used = []
    groups = []
    for group in record.groups:
        positions = []
        for code in group:
            for i in range(len(hand)):
                if hand[i] == code and i not in used:
                    used.append(i)
                    positions.append(i)
                    break
        if positions:
            groups.append(positions)
    if not groups:
        return [], []
    return groups[:-1], groups[-1]


def group_hand(hand, kinds):
    """[(kind, [positions])]: the hand (in the engine's order) cut where the kind
    changes, so that each rank's cards stand together."""
    groups = []
    for i in range(len(hand)):
        k = kinds.get(hand[i], hand[i])
        if groups and groups[-1][0] == k:
            groups[-1][1].append(i)
        else:
            groups.append((k, [i]))
    return groups
