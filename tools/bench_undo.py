"""How long an undo takes: ``Host.undo`` replays the game's record without the last
action (``canasta.undo``), so its cost grows with the game. Plays a game with bots in
every seat (seed and player count as given) and, in each hand, once past 20 actions at
a point where the seat that just acted may take it back, times the replay without that
action (``undo.without_last``, what ``Host.undo`` does; the game itself is left as it
was). Prints only; asserts nothing.

    PYTHONPATH=pycore python tools/bench_undo.py [--seed 1] [--players 4] [--hands 4]
"""

from __future__ import annotations

import argparse
import json
import time

from canasta import undo
from canasta.host import Host


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    host = Host()
    host.new_game(json.dumps({"seed": args.seed, "players": args.players, "humans": [], "bot": "basic"}))
    game = host._game  # the bench looks inside: it times the engine's replay
    assert game is not None
    print(f"seed {args.seed}, {args.players} players, bots 'basic'; undo = replay of the record without one action")
    for hand in range(1, args.hands + 1):
        while not game.hand_over:
            host.bot_step()
            seat = game.state.turn
            if undo.last_actor(game) == seat and not undo.refusal(game, seat) and len(game.hand_actions[-1]) > 20:
                break
        if game.hand_over:
            if game.over:
                break
            host.next_hand()
            continue
        moves = sum(len(h) for h in game.hand_actions)
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            replayed = undo.without_last(game)
            times.append(time.perf_counter() - start)
        times.sort()
        print(f"hand {hand}: {moves} actions in the record, undo {times[len(times) // 2] * 1000:.1f} ms "
              f"(median of {args.repeat}; min {times[0] * 1000:.1f}, max {times[-1] * 1000:.1f}); "
              f"replayed moves {sum(len(h) for h in replayed.hand_actions)}")
        while not game.hand_over:
            host.bot_step()
        if game.over:
            break
        host.next_hand()


if __name__ == "__main__":
    main()
