# The game's scores as a player reads them (issue 40, item 9): a score sheet of every
# hand (each hand's lines on demand, in a <details>), the counts in brackets labeled,
# the cards left in the other hands when a hand ends, and the game-over summary. The
# engine scores (canasta.scoring's lines in the snapshot's ``history``); this module only
# adds them up and lays them out. Pure Python: CPython and MicroPython.

import ui_render as R

#: Score lines that count canastas (canasta.scoring), for the summary.
CANASTA_LINES = ("natural_canastas", "mixed_canastas", "special_canastas", "wild_canastas", "sambas",
                 "concealed_canastas")
#: Score lines that say a side went out (canasta.scoring).
OUT_LINES = ("going_out", "going_out_concealed")

esc = R.esc
order = R.sheet_order


def by_side(sheet):
    """One hand's score sheet (a list of per-side records) as side -> record."""
    out = {}
    for s in sheet or []:
        if isinstance(s, dict):
            out[s.get("side", -1)] = s
    return out


def line_of(record, name):
    for x in (record or {}).get("lines") or []:
        if x.get("name") == name:
            return x
    return None


def totals(history, sides):
    """Each hand's totals per side and the running game score after it:
    [(hand totals, running)]."""
    out = []
    running = [0] * sides
    for sheet in history or []:
        sheet = by_side(sheet)
        hand = [(sheet.get(s) or {}).get("total", 0) for s in range(sides)]
        running = [running[s] + hand[s] for s in range(sides)]
        out.append((hand, running))
    return out


def summary(history, sides):
    """Per side: hands won (the best total of a hand, alone), canastas, hands gone out."""
    won = [0] * sides
    canastas = [0] * sides
    out = [0] * sides
    for sheet in history or []:
        sheet = by_side(sheet)
        hand = [(sheet.get(s) or {}).get("total", 0) for s in range(sides)]
        best = max(hand) if hand else 0
        if hand.count(best) == 1:
            won[hand.index(best)] += 1
        for s in range(sides):
            for name in CANASTA_LINES:
                line = line_of(sheet.get(s), name)
                if line is not None:
                    canastas[s] += line.get("count", 0)
            if any(line_of(sheet.get(s), name) is not None for name in OUT_LINES):
                out[s] += 1
    return {"won": won, "canastas": canastas, "out": out}


def _head(tb, first):
    out = ['<thead><tr><th scope="col">' + esc(first) + '</th>']
    for side in order(tb):
        out.append('<th scope="col" data-side="' + str(side) + '">' + esc(tb.side_name(side)) + '</th>')
    out.append('</tr></thead>')
    return "".join(out)


def history_html(tb):
    """Every finished hand of the game: one row per hand (each side's hand total and the
    game score after it), each hand's lines on demand (ui_render.breakdown)."""
    cat = tb.cat
    history = tb.snap.get("history") or []
    if not history:
        return ""
    rows = totals(history, tb.sides)
    out = ['<details class="history" id="score-history"><summary>'
           + esc(cat.t("see.history", n=len(history))) + '</summary>'
           '<table class="history-table"><caption class="sr-only">' + esc(cat.t("see.history", n=len(history)))
           + '</caption>' + _head(tb, cat.t("see.hand_col")) + '<tbody>']
    for n in range(len(rows)):
        hand, running = rows[n]
        out.append('<tr><th scope="row">' + esc(cat.t("see.hand_n", n=n + 1)) + '</th>')
        for side in order(tb):
            out.append('<td>' + esc(hand[side]) + ' <span class="running">'
                       + esc(cat.t("see.running", n=running[side])) + '</span></td>')
        out.append('</tr>')
    out.append('</tbody></table>')
    for n in range(len(history)):
        out.append('<details class="history-hand"><summary>' + esc(cat.t("see.hand_lines", n=n + 1))
                   + '</summary>' + R.breakdown(tb, history[n], "hand-total") + '</tfoot></table></details>')
    out.append('</details>')
    return "".join(out)


def left_over_html(tb):
    """The cards left in the other seats' hands at the hand's end (they count against
    their side)."""
    cat = tb.cat
    left = tb.snap.get("left_over")
    if not tb.hand_over or not isinstance(left, list):
        return ""
    out = ['<section class="left-over" aria-labelledby="left-over-h"><h3 id="left-over-h">'
           + esc(cat.t("see.left_over")) + '</h3><ul>']
    for seat in range(len(left)):
        if seat == tb.viewer and not tb.ui.watch:
            continue
        cards = left[seat] or []
        shown = ('<span class="mfan">' + "".join(R.card_figure(cat, c) for c in cards) + '</span>') if cards \
            else esc(cat.t("see.no_cards"))
        out.append('<li data-seat="' + str(seat) + '"><span class="who">'
                   + esc(cat.t("see.left_of", name=tb.seat_name(seat), n=len(cards))) + '</span> ' + shown + '</li>')
    out.append('</ul></section>')
    return "".join(out)


def summary_html(tb):
    """The game-over summary: final scores, hands won, canastas and hands gone out."""
    cat = tb.cat
    if not tb.game_over:
        return ""
    history = tb.snap.get("history") or []
    facts = summary(history, tb.sides)
    scores = tb.view.get("game_scores") or tb.snap.get("scores") or []
    out = ['<table class="summary" id="game-summary"><caption>' + esc(cat.t("see.summary", n=len(history)))
           + '</caption>' + _head(tb, cat.t("dialogs.line")) + '<tbody>']
    rows = (("see.final_score", [scores[s] if s < len(scores) else 0 for s in range(tb.sides)]),
            ("see.hands_won", facts["won"]), ("see.canastas", facts["canastas"]), ("see.went_out", facts["out"]))
    for key, values in rows:
        out.append('<tr><th scope="row">' + esc(cat.t(key)) + '</th>')
        for side in order(tb):
            out.append('<td>' + esc(values[side]) + '</td>')
        out.append('</tr>')
    out.append('</tbody></table>')
    return "".join(out)


def result_html(tb, first=""):
    """The end of a hand: its score sheet (ui_render.result_panel), then ``first`` (the
    page's "Replay this hand"), the cards left in the other hands, the game-over summary
    and the sheet of every hand."""
    return R.result_panel(tb, first + left_over_html(tb) + summary_html(tb) + history_html(tb))
