"""axe-core on the game's own screens (issue 40, item 7): the start screen, and the table
at the player's turn in a 4- and a 6-player game, in both languages, have no serious or
critical violation; the table is the page's main landmark with a level-one heading."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest
from game_helpers import wait_human_turn, wait_ui
from site_helpers import READY_TIMEOUT_MS, Watched

AXE = Path(__file__).resolve().parents[2] / "build" / "node_modules" / "axe-core" / "axe.min.js"
RUN = """async () => {
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact,
                                      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
}"""


def _serious(page: Any) -> list[dict[str, Any]]:
    return [v for v in page.evaluate(RUN) if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("lang,players", [("en", 4), ("fr", 6)])
def test_axe_finds_no_serious_problem_in_the_game(watched: Callable[..., Watched], site_url: str,
                                                   lang: str, players: int) -> None:
    assert AXE.is_file(), f"{AXE} is missing: run `npm ci` in build/"
    w = watched(viewport={"width": 390, "height": 844})
    w.context.add_init_script(path=str(AXE))
    page = w.page()
    page.set_default_timeout(READY_TIMEOUT_MS)
    page.goto(f"{site_url}?lang={lang}")
    wait_ui(page)
    assert _serious(page) == []
    page.goto(f"{site_url}?seed=3&new=1&speed=instant&lang={lang}&players={players}")
    wait_human_turn(page)
    problems = _serious(page)
    assert problems == [], json.dumps(problems, indent=1)
    landmarks = page.evaluate("""() => [...document.querySelectorAll('main')].filter((m) => !m.hidden)
                                 .map((m) => [m.id, (m.querySelector('h1') || {}).textContent || ''])""")
    assert len(landmarks) == 1 and landmarks[0][0] == "game" and landmarks[0][1].startswith("Canasta"), landmarks
    w.assert_clean()
