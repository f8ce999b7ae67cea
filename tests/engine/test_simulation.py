"""Seeded random games with every invariant checked after every action (simulate.py).

``CANASTA_SIM_HANDS`` sets the hands per player count (default 250: 1000 hands over the
four player counts); a smaller number gives a quick run.
"""

from __future__ import annotations

import os

import pytest

from canasta import variants
from canasta.__main__ import main
from canasta.lab.simulate import simulate

DEFAULT_HANDS = 250
HANDS = int(os.environ.get("CANASTA_SIM_HANDS", str(DEFAULT_HANDS)))


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_simulate_finds_no_violation(players: int) -> None:
    rules = variants.get("classic", players)
    report = simulate(rules, HANDS, seed=100 + players)
    assert report.violations == []
    assert report.hands == HANDS
    assert sum(report.endings.values()) == HANDS
    assert "stuck" not in report.endings  # every hand ended by the rules
    assert set(report.endings) <= {"went_out", "stock_out", "three_last"}
    assert report.actions >= 30 * HANDS  # real hands were played
    assert report.games >= 1


#: Samba hands per player count (RULES.md 4): at least 300 each.
SAMBA_HANDS = int(os.environ.get("CANASTA_SAMBA_SIM_HANDS", "300"))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_samba_simulation_finds_no_violation(players: int) -> None:
    rules = variants.get("samba", players)
    report = simulate(rules, SAMBA_HANDS, seed=300 + players)
    assert report.violations == []
    assert report.hands == SAMBA_HANDS
    assert "stuck" not in report.endings
    assert report.endings["went_out"] > 0  # sides do reach two canastas or sambas


#: Bolivia hands (RULES.md 5): at least 300, basic bots against random ones.
BOLIVIA_HANDS = int(os.environ.get("CANASTA_BOLIVIA_SIM_HANDS", "300"))


def test_bolivia_simulation_finds_no_violation() -> None:
    report = simulate(variants.get("bolivia"), BOLIVIA_HANDS, seed=404, bots=("basic", "random"))
    assert report.violations == []
    assert report.hands == BOLIVIA_HANDS
    assert "stuck" not in report.endings
    assert set(report.endings) <= {"went_out", "stock_out", "three_last"}
    assert report.endings["went_out"] > 0


def test_default_covers_a_thousand_hands() -> None:
    assert 4 * DEFAULT_HANDS >= 1000


def test_cli_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--hands", "5", "--seed", "3"])
    out = capsys.readouterr().out
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[-1] == "0 violations"
    assert lines[0].startswith("classic 4 players: 5 hands in ")
    assert "VIOLATION" not in out


#: Presets beyond Classic (RULES.md 3, 6): hands per preset, basic bots against random
#: ones (partners alike), every invariant checked after every action.
NEW_PRESETS = ("modern-american", "maison", "classic-1950s")
BOT_HANDS = int(os.environ.get("CANASTA_SIM_BOT_HANDS", "300"))


@pytest.mark.parametrize("name", NEW_PRESETS)
def test_presets_simulate_with_basic_and_random_bots(name: str) -> None:
    for players in variants.PRESETS[name].players:
        rules = variants.get(name, players)
        report = simulate(rules, BOT_HANDS, seed=200 + players, bots=("basic", "random"))
        assert report.violations == []
        assert report.hands == BOT_HANDS
        assert "stuck" not in report.endings
        assert set(report.endings) <= {"went_out", "stock_out", "three_last"}
        assert report.endings["went_out"] > 0  # the basic bot does go out under these rules
