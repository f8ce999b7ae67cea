# The chart of a game's score across its hands (issue 41: "drawn in the page, no chart
# library from elsewhere"): an SVG of each side's running total after every hand, with a
# title and a description for assistive technology and the same numbers as a table beside
# it (the text alternative). Lines differ by dash and marker shape, not by colour alone.
# Pure Python for MicroPython (the page) and CPython (tests/web).

import ui_render as R

WIDTH = 320
HEIGHT = 180
PAD_LEFT = 46
PAD_RIGHT = 10
PAD_TOP = 10
PAD_BOTTOM = 26
#: Per side: a CSS class (its colour) and a dash pattern, so that print and colour-blind
#: eyes tell the lines apart too.
STYLES = (("s0", ""), ("s1", "6 4"), ("s2", "2 3"), ("s3", "8 3 2 3"))


def running(hands):
    """Each side's total after each hand: a list per side."""
    sides = len(hands[0]) if hands else 0
    out = [[] for _ in range(sides)]
    totals = [0] * sides
    for sheet in hands:
        for s in range(sides):
            totals[s] += sheet[s] if s < len(sheet) else 0
            out[s].append(totals[s])
    return out


def _ticks(low, high):
    """Three or four round values spanning low..high for the vertical axis."""
    span = max(1, high - low)
    step = 1
    for unit in (10, 20, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 50000):
        step = unit
        if span / unit <= 4:
            break
    out = [(low // step) * step]
    while out[-1] < high:
        out.append(out[-1] + step)
    return out


def score_chart(cat, title, labels, hands, mine=0):
    """The SVG chart and its table. ``labels`` names each side, ``hands`` each hand's
    points per side, ``mine`` the player's side (drawn first in the legend)."""
    series = running(hands)
    values = [v for s in series for v in s] + [0]
    ticks = _ticks(min(values), max(values))
    low, high = ticks[0], ticks[-1] if ticks[-1] > ticks[0] else ticks[0] + 1
    n = len(hands)
    inner_w = WIDTH - PAD_LEFT - PAD_RIGHT
    inner_h = HEIGHT - PAD_TOP - PAD_BOTTOM

    def x(i):
        # hand i (0 = the start, before any hand)
        return PAD_LEFT + (inner_w * i // n if n else 0)

    def y(v):
        return PAD_TOP + inner_h - (inner_h * (v - low) // (high - low))

    out = ['<figure class="chart"><svg class="score-chart" viewBox="0 0 ' + str(WIDTH) + ' ' + str(HEIGHT)
           + '" role="img" aria-labelledby="chart-title chart-desc" focusable="false">'
           '<title id="chart-title">' + R.esc(title) + '</title><desc id="chart-desc">'
           + R.esc(cat.t("stats.chart_desc", hands=n, totals=", ".join(
               labels[s] + " " + str(series[s][-1] if series[s] else 0) for s in range(len(series)))))
           + '</desc>']
    for t in ticks:
        out.append('<line class="grid" x1="' + str(PAD_LEFT) + '" x2="' + str(WIDTH - PAD_RIGHT) + '" y1="' + str(y(t))
                   + '" y2="' + str(y(t)) + '"/><text class="tick" x="' + str(PAD_LEFT - 4) + '" y="' + str(y(t) + 4)
                   + '" text-anchor="end">' + str(t) + '</text>')
    for i in range(1, n + 1):
        if n <= 12 or i % ((n + 11) // 12) == 0:
            out.append('<text class="tick" x="' + str(x(i)) + '" y="' + str(HEIGHT - 8) + '" text-anchor="middle">'
                       + str(i) + '</text>')
    for s in range(len(series)):
        css, dash = STYLES[s % len(STYLES)]
        points = [str(x(0)) + "," + str(y(0))] + [str(x(i + 1)) + "," + str(y(v)) for i, v in enumerate(series[s])]
        out.append('<polyline class="line ' + css + '" fill="none" points="' + " ".join(points) + '"'
                   + (' stroke-dasharray="' + dash + '"' if dash else '') + '/>')
        for i, v in enumerate(series[s]):
            out.append('<circle class="dot ' + css + '" cx="' + str(x(i + 1)) + '" cy="' + str(y(v)) + '" r="'
                       + str(3 + s % 2) + '"/>')
    out.append('</svg><figcaption class="chart-legend">')
    order = [mine] + [s for s in range(len(series)) if s != mine]
    for s in order:
        css = STYLES[s % len(STYLES)][0]
        out.append('<span class="legend-item"><svg class="legend-swatch" viewBox="0 0 24 8" aria-hidden="true">'
                   '<line class="line ' + css + '" x1="0" x2="24" y1="4" y2="4"'
                   + (' stroke-dasharray="' + STYLES[s % len(STYLES)][1] + '"' if STYLES[s % len(STYLES)][1] else '')
                   + '/></svg>' + R.esc(labels[s]) + '</span>')
    out.append('</figcaption></figure>')
    out.append(chart_table(cat, labels, hands, series))
    return "".join(out)


def chart_table(cat, labels, hands, series):
    """The chart's numbers: each hand's points and the running total per side."""
    out = ['<details class="chart-data"><summary>' + R.esc(cat.t("stats.chart_table")) + '</summary>'
           '<table class="stats-table"><thead><tr><th scope="col">' + R.esc(cat.t("stats.col_hand")) + '</th>']
    for label in labels:
        out.append('<th scope="col">' + R.esc(label) + '</th>')
    out.append('</tr></thead><tbody>')
    for i, sheet in enumerate(hands):
        out.append('<tr><th scope="row">' + str(i + 1) + '</th>')
        for s in range(len(series)):
            out.append('<td>' + R.esc(cat.t("stats.hand_cell", points=sheet[s], total=series[s][i])) + '</td>')
        out.append('</tr>')
    out.append('</tbody></table></details>')
    return "".join(out)
