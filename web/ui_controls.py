# The table's controls: what one click on the table means, as a command for the page to
# carry out. Pure: it reads the snapshot seen through ui_render.Table and the UI's own
# state (selection, staged groups), changes only that UI state, and returns one of
#   ("render",)                      the selection changed: draw the table again
#   ("say", key, params)             explain, in the player's language, why nothing happens
#                                    (a "seat" parameter is given to the catalog as the
#                                    seat's name, "name")
#   ("send", intent)                 play a canasta.protocol.ActionRecord (the engine judges)
#   ("hint",)                        ask the engine for the expert's suggestion
#   ("undo",)                        ask the engine to take back the player's last move
#   ("wait",)                        held until the player's move on its way lands
#   ("none",)                        nothing to do (busy)
# so that the whole of it is tested without a browser (tests/web). No rule is decided
# here: intents come from the engine's records (ui_intent), and an unlisted one is sent
# for the engine to judge and explain.

RENDER = ("render",)
WAIT = ("wait",)
NOTHING = ("none",)
HINT = ("hint",)
UNDO = ("undo",)


def say(key, **params):
    return ("say", key, params)


def tell(ui, text, kind="error", why=""):
    """The table's message line: ``text`` (a refusal, a hint, an explanation) and the guide
    key of the rule that explains it ("" for none; ui_guide)."""
    ui.feedback = text
    ui.feedback_kind = kind
    ui.feedback_why = why


def quiet(ui):
    """No message on the table."""
    tell(ui, "")


def clear(ui):
    """Forget the selection, the staged groups and what was said about them."""
    ui.selected = []
    ui.staged = []
    quiet(ui)
    ui.suggested = ""


def carry_selection(ui, old, new):
    """After a draw: the cards the player had selected or set aside, before pressing Draw or
    while the draw was on its way, stay so in the new hand (``new``), found by their codes
    (a selection holds indices into the hand, and the drawn cards change them). A player
    who picks a meld while the stock is drawn does not lose the picking."""
    free = list(range(len(new)))

    def find(i):
        code = old[i] if 0 <= i < len(old) else None
        for j in free:
            if new[j] == code:
                free.remove(j)
                return j
        return None

    ui.staged = [g for g in ([j for j in map(find, group) if j is not None] for group in ui.staged) if g]
    ui.selected = [j for j in map(find, ui.selected) if j is not None]
    quiet(ui)
    ui.suggested = ""


def hold(ui, act, target):
    """A press made while the player's own move is on its way (``ui.sending``, its verb):
    kept (the latest one) to be carried out once that move lands, so that Draw then Meld,
    pressed in quick succession, melds after the draw instead of being lost. A second
    press of the button just sent is a double tap and is dropped: a second Draw would
    only be refused."""
    if act == ui.sending or (act == "add-to" and ui.sending == "add"):
        return NOTHING
    ui.held = (act, target)
    return WAIT


def take_held(ui):
    """The press kept by ``hold`` as (act, target), or None; it is forgotten."""
    held, ui.held = ui.held, None
    return held


def _selection_command(act, index, tb, ui):
    """The clicks that only change the selection: a card, a staged group, Clear."""
    if act == "card":
        if index in tb.staged_indices():
            return say("hints.staged_card")
        if index in ui.selected:
            ui.selected.remove(index)
        else:
            ui.selected.append(index)
        quiet(ui)
        ui.suggested = ""
        return RENDER
    if act == "unstage":
        if 0 <= index < len(ui.staged):
            ui.staged.pop(index)
        quiet(ui)
        return RENDER
    clear(ui)
    return RENDER


def _stage(ui):
    """+ New meld: the selection set aside, to be laid with the next groups in one action."""
    if not ui.selected:
        return say("hints.select_cards")
    ui.staged.append(sorted(ui.selected))
    ui.selected = []
    quiet(ui)
    return RENDER


def command(act, tb, ui, index=-1, target=""):
    """The command for a click on the element with data-act ``act`` (``index``: its
    data-i; ``target``: a meld's data-target)."""
    if act in ("card", "unstage", "clear"):
        return _selection_command(act, index, tb, ui)
    if act == "undo":  # also while the bots wait to answer a discard: the engine judges
        return NOTHING if ui.busy else UNDO
    if tb.hand_over:
        return say("hints.hand_over")
    if not tb.my_turn:
        return say("hints.wait_turn", seat=tb.turn)
    if ui.busy:
        return hold(ui, act, target) if ui.sending else NOTHING
    hand = tb.hand
    legal = tb.legal
    selected = [hand[i] for i in ui.selected if i < len(hand)]
    groups = [[hand[i] for i in g if i < len(hand)] for g in ui.staged] + ([selected] if selected else [])
    if act in ("draw", "pass", "ask"):
        return ("send", legal.intent(act, []))
    if act == "take":
        # the engine reads which group goes with the top card, and onto which meld
        return ("send", legal.intent("take", groups))
    if act == "merge":
        merges = legal.merges()
        return ("send", merges[0]) if merges else say("hints.no_merge")
    if act == "swap":
        if len(selected) != 1:
            return say("hints.swap_one")
        swaps = legal.swaps_for(selected[0])
        return ("send", swaps[0]) if swaps else say("hints.no_swap")
    if act == "meld":
        return ("send", legal.intent("meld", groups)) if groups else say("hints.select_cards")
    if act == "stage":
        return _stage(ui)
    if act in ("add", "add-to"):
        if not selected:
            return say("hints.select_cards")
        if not tb.my_melds:
            return say("hints.no_meld_to_add")
        # A meld tapped names the target; the Add button leaves it to the engine, which
        # finds the one meld the cards fit or asks the player to choose.
        return ("send", legal.intent("add", [selected], target if act == "add-to" else ""))
    if act == "discard":
        if ui.staged:
            return say("hints.staged_discard")
        if len(selected) != 1:
            return say("hints.discard_one")
        return ("send", legal.intent("discard", [selected]))
    if act == "hint":
        return HINT
    return NOTHING


def click_args(act, dataset):
    """The (index, target) a clicked element carries for ``command``: a card's or a
    staged group's data-i, a meld's data-target."""
    index = int(dataset.i) if act in ("card", "unstage") else -1
    target = str(dataset.target or "") if act == "add-to" else ""
    return index, target


def said(cmd, tb):
    """The text of a ("say", key, params) command in the table's language (a "seat"
    parameter named as the catalog names that seat)."""
    params = dict(cmd[2])
    if "seat" in params:
        params["name"] = tb.seat_name(params.pop("seat"))
    return tb.cat.t(cmd[1], **params)
