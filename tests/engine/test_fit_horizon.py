"""tools/fit_horizon.py: the self-play rows, the least-squares fit and the writing of the
weights into bots/horizon.py. CPython only (the tool is not in the wheel)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from canasta.bots import expert
from canasta.bots.expert import PLAIN
from canasta.bots.good import NOISE
from canasta.bots import horizon
from canasta.bots.horizon import CORRECTIONS, FACTS, WEIGHTS
from repo_tools import load_tool

pytestmark = pytest.mark.simulation


def test_the_fit_recovers_known_weights_and_reads_self_play() -> None:
    tool = load_tool("fit_horizon")
    rows = tool.play(("classic", 4, 900, 6, 0.2))
    assert len(rows) > 100 and all(len(f) == len(FACTS) for _, f, _, _ in rows)
    assert rows == tool.play(("classic", 4, 900, 6, 0.2))  # seeded
    # A target made of the facts themselves is fitted back (no ridge): the weights of the
    # facts that varied in these few hands, and the target itself.
    truth = [float(i % 5) - 2.0 for i in range(len(FACTS))]
    made = [(d, f, 0.0, sum(a * b for a, b in zip(truth, f))) for d, f, _, _ in rows]
    fitted = tool.fit(made, 0.0)
    for i in (0, 1, 2, 3):  # cards, points, wild cards, pairs in hand: always varying
        assert abs(fitted[i] - truth[i]) < 1e-6
    for _, f, _, target in made:
        assert abs(sum(a * b for a, b in zip(fitted, f)) - target) < 1e-6
    assert "explained 1.000" in tool.report(made, fitted)
    # A real target: the fit explains some of it on the rows it was fitted on.
    real = tool.fit(rows, 1.0)
    assert "explained 0.0" not in tool.report(rows, real) and "explained -" not in tool.report(rows, real)


def test_write_replaces_the_fitted_tables_and_keeps_the_others(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tool = load_tool("fit_horizon")
    source = tmp_path / "horizon.py"
    source.write_text(tool.SOURCE.read_text())
    monkeypatch.setattr(tool, "SOURCE", source)
    tool.write({("samba", 4): [1.0] * len(FACTS)})
    tool.write({("samba", 4): [2.5] * len(FACTS), ("bolivia", 4): [-1.0] * len(FACTS)})
    namespace: dict[str, object] = {}
    text = source.read_text()
    start = text.index("WEIGHTS:")
    exec(text[start:text.index("\n}\n", start) + 3].replace("WEIGHTS: dict[tuple[str, int], tuple[float, ...]]",
                                                             "WEIGHTS"), namespace)
    table = namespace["WEIGHTS"]
    assert isinstance(table, dict)
    assert table[("samba", 4)] == (2.5,) * len(FACTS)
    assert table[("bolivia", 4)] == (-1.0,) * len(FACTS)
    assert ("classic", 4) in table  # kept


@pytest.mark.parametrize("name", ["classic", "samba"])
def test_self_play_breaks_ties_at_the_noise_the_table_is_searched_with(monkeypatch: pytest.MonkeyPatch,
                                                                      name: str) -> None:
    """The fit's self-play models the expert's playouts at the table, at the noise of
    the profile it is searched with once fitted (``expert.outlook_profile``): level 3's
    own at Classic (the fitted profile) and at Samba 4 players (its outlook's profile,
    expert.OUTLOOK_PROFILES); another noise there is followed too."""
    tool = load_tool("fit_horizon")
    seen: list[float] = []
    real = tool.GoodBot

    def recording(seed: int, noise: float, **kw: object) -> object:
        seen.append(noise)
        return real(seed, noise=noise, **kw)

    monkeypatch.setattr(tool, "GoodBot", recording)
    assert tool.play((name, 4, 900, 1, 0.2))
    assert seen and set(seen) == {NOISE}
    monkeypatch.setitem(expert.OUTLOOK_PROFILES, (name, 4), dataclasses.replace(PLAIN, noise=0.3))
    seen.clear()
    assert tool.play((name, 4, 900, 1, 0.2))
    assert seen and set(seen) == {0.3}


def test_the_expert_mode_reads_the_experts_matches_and_fits_what_level_3_misses(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """``--expert``: rows of the expert's side in its duplicate deals against level 3,
    played on level 3's outlook alone (the correction set aside, then put back); a
    correction made of known figures is fitted back, constant included; written between
    its own markers, the weights kept."""
    tool = load_tool("fit_horizon")
    key = ("classic", 4)
    before = dict(CORRECTIONS)
    seen: list[tuple[float, ...] | None] = []
    real = tool.Side.make

    def make(side: object, seed: int) -> object:
        seen.append(horizon.CORRECTIONS.get(key))
        return real(side, seed)  # type: ignore[arg-type]

    monkeypatch.setattr(tool.Side, "make", make)
    rows = tool.expert_play(("classic", 4, 900, 0, 1, 0.5))
    assert seen and set(seen) == {None}  # every decision played without the correction
    assert CORRECTIONS == before  # and it is back
    assert len(rows) > 10 and all(len(f) == len(FACTS) and d == 0 for d, f, _, _ in rows)
    assert rows == tool.expert_play(("classic", 4, 900, 0, 1, 0.5))  # seeded
    base = WEIGHTS[key]
    known = [float(i % 3) - 1.0 for i in range(len(FACTS))]
    made = [(d, f, now, now + sum(a * b for a, b in zip(base, f)) + sum(a * b for a, b in zip(known, f)) + 30.0)
            for d, f, now, _ in rows]
    more, surplus = tool.fit_correction(made, base, 0.0)
    assert surplus == pytest.approx(30.0, abs=1e-6)
    for _, f, now, fin in made:
        assert now + sum(a * b for a, b in zip(base, f)) + sum(a * b for a, b in zip(more, f)) + surplus \
            == pytest.approx(fin, abs=1e-6)
    assert "explained 1.0000" in tool.correction_report(made, base, more, surplus)
    source = tmp_path / "horizon.py"
    source.write_text(tool.SOURCE.read_text())
    monkeypatch.setattr(tool, "SOURCE", source)
    tool.write({("samba", 4): [0.5] * len(FACTS)}, expert=True)
    namespace: dict[str, object] = {}
    text = source.read_text()
    for name in ("WEIGHTS", "CORRECTIONS"):
        start = text.index(f"{name}:")
        exec(text[start:text.index("\n}\n", start) + 3].replace(f"{name}: dict[tuple[str, int], tuple[float, ...]]",
                                                                 name), namespace)
    assert namespace["WEIGHTS"] == WEIGHTS
    corrections = namespace["CORRECTIONS"]
    assert isinstance(corrections, dict)
    assert corrections[("samba", 4)] == (0.5,) * len(FACTS)
    assert key in corrections  # kept
