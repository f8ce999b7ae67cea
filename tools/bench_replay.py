"""What a replay costs (issue 41): ``host.replay`` on CPython for one hand played by
casual bots at 2, 4 and 6 players: its time (best of 5) and the size of its reply (the
frames cross the worker boundary as JSON). Prints only; asserts nothing.

    PYTHONPATH=pycore python tools/bench_replay.py [seed]
"""

from __future__ import annotations

import json
import sys
import time

from canasta.bots import get_bot
from canasta.game import Game
from canasta.host import Host


def one_hand(players: int, seed: int) -> str:
    """The record (JSON text) of a first hand played to its end by casual bots."""
    game = Game("classic", seed=seed, players=players)
    bots = [get_bot("casual", seed * 10 + s) for s in range(players)]
    while not game.state.over:
        seat = game.state.turn
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    return json.dumps(game.record())


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    for players in (2, 4, 6):
        text = one_hand(players, seed)
        host = Host()
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            out = host.replay(text, 1, 0)
            best = min(best, time.perf_counter() - start)
        moves = len(json.loads(out)["frames"]) - 1
        print(f"{players} players: {moves} moves, host.replay {best * 1000:.1f} ms (best of 5), "
              f"reply {len(out) / 1024:.0f} KB")


if __name__ == "__main__":
    main()
