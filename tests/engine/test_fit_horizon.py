"""tools/fit_horizon.py: the self-play rows, the least-squares fit and the writing of the
weights into bots/horizon.py. CPython only (the tool is not in the wheel)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from canasta.bots import expert
from canasta.bots.expert import PLAIN
from canasta.bots.good import NOISE
from canasta.bots import horizon
from canasta.bots.horizon import CORRECTIONS, FACTS, WEIGHTS
from repo_tools import load_tool

pytestmark = pytest.mark.simulation

#: A correction of known figures, for the fits to find back.
KNOWN = [float(i % 3) - 1.0 for i in range(len(FACTS))]


def _written(source: Path, name: str) -> dict[tuple[str, int], tuple[float, ...]]:
    """The table ``name`` (``WEIGHTS`` or ``CORRECTIONS``) as the tool wrote it in ``source``,
    read by Python itself."""
    text = source.read_text()
    start = text.index(f"{name}:")
    namespace: dict[str, object] = {}
    exec(text[start:text.index("\n}\n", start) + 3].replace(f"{name}: dict[tuple[str, int], tuple[float, ...]]",
                                                             name), namespace)
    table = namespace[name]
    assert isinstance(table, dict)
    return table


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
    table = _written(source, "WEIGHTS")
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
        return real(side, seed)

    monkeypatch.setattr(tool.Side, "make", make)
    rows = tool.expert_play(("classic", 4, 900, 0, 1, 0.5, False))
    assert seen and set(seen) == {None}  # every decision played without the correction
    assert CORRECTIONS == before  # and it is back
    assert len(rows) > 10 and all(len(f) == len(FACTS) and d == 0 for d, f, _, _ in rows)
    assert rows == tool.expert_play(("classic", 4, 900, 0, 1, 0.5, False))  # seeded
    base = WEIGHTS[key]
    made = [(d, f, now, now + sum(a * b for a, b in zip(base, f)) + sum(a * b for a, b in zip(KNOWN, f)) + 30.0)
            for d, f, now, _ in rows]
    more, surplus = tool.fit_correction(made, base, 0.0)
    assert surplus == pytest.approx(30.0, abs=1e-6)
    for _, f, now, fin in made:
        assert now + sum(a * b for a, b in zip(base, f)) + sum(a * b for a, b in zip(more, f)) + surplus \
            == pytest.approx(fin, abs=1e-6)
    assert "explained 1.0000" in tool.correction_report(made, base, more)
    source = tmp_path / "horizon.py"
    source.write_text(tool.SOURCE.read_text())
    monkeypatch.setattr(tool, "SOURCE", source)
    tool.write({("samba", 4): [0.5] * len(FACTS)}, expert=True)
    assert _written(source, "WEIGHTS") == WEIGHTS
    corrections = _written(source, "CORRECTIONS")
    assert corrections[("samba", 4)] == (0.5,) * len(FACTS)
    assert key in corrections  # kept


def _made_rows(signal: float, seed: int, deals: int = 200, per_deal: int = 10, noise: float = 100.0,
               base: tuple[float, ...] = WEIGHTS[("classic", 4)]) -> list[tuple[int, list[float], float, float]]:
    """Rows whose surplus beyond ``base``'s outlook (level 3's) is ``signal`` times a known
    correction of the facts, plus noise of standard deviation ``noise`` and a constant 40."""
    rng = random.Random(seed)
    rows = []
    for d in range(deals):
        for _ in range(per_deal):
            f = [rng.gauss(0, 3) for _ in FACTS]
            now = rng.uniform(-100, 100)
            fin = (now + sum(a * b for a, b in zip(base, f)) + signal * sum(a * b for a, b in zip(KNOWN, f))
                   + 40.0 + rng.gauss(0, noise))
            rows.append((d, f, now, fin))
    return rows


def test_the_ridge_is_chosen_on_the_held_out_deals_and_noise_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """``--ridge a,b,..``: each ridge's correction is fitted on the even deals and judged on
    the odd ones; a real correction is found at a small ridge, and targets that are noise
    alone explain nothing held out (the tool then writes no correction)."""
    tool = load_tool("fit_horizon")
    base = WEIGHTS[("classic", 4)]
    ridge, share = tool.choose_ridge(_made_rows(10.0, 1), base, [1.0, 1e9])
    assert ridge == 1.0 and share > 0.5
    ridge, share = tool.choose_ridge(_made_rows(0.0, 2), base, [1.0, 1e3, 1e9])
    assert share < tool.MIN_HELD_OUT
    assert capsys.readouterr().out.count("ridge ") == 5  # one line per ridge tried


def test_the_rows_are_kept_and_read_back_only_for_their_own_collection(tmp_path: Path) -> None:
    tool = load_tool("fit_horizon")
    rows = _made_rows(1.0, 3, deals=3, per_deal=2)
    meta = {"table": "samba:4", "seed": 900, "deals": 3, "rate": 0.5}
    path = tmp_path / "rows.jsonl"
    tool.save_rows(path, rows, meta)
    assert tool.load_rows(path, meta) == rows
    with pytest.raises(SystemExit, match="not of"):
        tool.load_rows(path, dict(meta, seed=901))


@pytest.mark.parametrize(("argv", "said"), [
    (["--rows", "x.jsonl", "--table", "samba:4"], "--rows needs --expert and one --table"),
    (["--expert", "--rows", "x.jsonl"], "--rows needs --expert and one --table"),
    (["--ridge", "1,10", "--table", "samba:4"], "several ridges need --expert"),
    (["--again", "--table", "classic:4"], "--again needs --expert"),
    (["--expert", "--again", "--table", "samba:4"], "--again needs a correction to start from: none for samba:4"),
])
def test_rows_ridge_lists_and_again_are_refused_where_they_mean_nothing(argv: list[str], said: str,
                                                                        monkeypatch: pytest.MonkeyPatch,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    tool = load_tool("fit_horizon")
    monkeypatch.setattr("sys.argv", ["fit_horizon.py", *argv])
    with pytest.raises(SystemExit):
        tool.main()
    assert said in capsys.readouterr().err


def test_again_plays_the_corrected_expert_and_adds_what_it_finds_to_the_correction(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--again``: the expert's deals are played with the table's correction in place, the
    target is the surplus beyond the corrected outlook, and the correction written is the
    old one plus what the fit finds."""
    tool = load_tool("fit_horizon")
    key = ("classic", 4)
    start = CORRECTIONS[key]
    corrected = tuple(a + b for a, b in zip(WEIGHTS[key], start))
    seen: list[tuple[float, ...] | None] = []
    real = tool.Side.make

    def make(side: object, seed: int) -> object:
        seen.append(horizon.weights_for(tool.get(*key)))
        return real(side, seed)

    monkeypatch.setattr(tool.Side, "make", make)
    tool.expert_play(("classic", 4, 900, 0, 1, 0.5, True))
    assert seen and set(seen) == {corrected}  # corrected throughout
    # Rows whose surplus beyond the corrected outlook is a known correction, with noise.
    rows = _made_rows(10.0, 5, noise=30.0, base=corrected)
    path = tmp_path / "rows.jsonl"
    tool.save_rows(path, rows, {"table": "classic:4", "seed": 901, "deals": 200, "rate": 0.5, "again": list(start)})
    source = tmp_path / "horizon.py"
    source.write_text(tool.SOURCE.read_text())
    monkeypatch.setattr(tool, "SOURCE", source)
    monkeypatch.setattr("sys.argv", ["fit_horizon.py", "--table", "classic:4", "--expert", "--again", "--hands", "200",
                                     "--seed", "901", "--rate", "0.5", "--ridge", "1", "--rows", str(path), "--write"])
    tool.main()
    values = _written(source, "CORRECTIONS")[key]
    assert len(values) == len(FACTS)
    for got, old, more in zip(values, start, KNOWN):
        assert got == pytest.approx(old + 10.0 * more, abs=1.5)
    # Rows played with another correction are refused, not fitted against this one.
    tool.save_rows(path, rows, {"table": "classic:4", "seed": 901, "deals": 200, "rate": 0.5, "again": [0.0] * len(FACTS)})
    with pytest.raises(SystemExit, match="not of"):
        tool.main()

