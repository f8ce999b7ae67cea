"""Hostile-input probes (``python -m canasta.lab.fuzz``, ``make fuzz``).

Each probe builds one hostile input from a seeded generator, hands it to one entry
point of the engine (a parser, a loader, the scenario runner, the host) and says how
the engine answered: ``accepted``, ``refused`` (a :class:`~canasta.errors.CanastaError`
or an error envelope whose code is one of ``host.error_codes()``, never
``internal_error``), or it raises :class:`Crash` (any other exception, an unknown code,
``internal_error``, a refused call that changed the game, a bot game that cannot reach
the hand's end, a save that does not load back).

The same probes run bounded under hypothesis in ``tests/engine/test_hostile.py``
(a generator from ``st.randoms()``) and long from the command line, which prints per
probe how many inputs were tried, accepted, refused and crashed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import CanastaError
from ..game import Game
from ..host import Host, error_codes
from ..limits import check_data
from ..notation import from_position, to_position
from ..rules import Rules
from ..scenario import run_scenario
from ..variants import PRESETS, get

ACCEPTED = "accepted"
REFUSED = "refused"
#: Most bot steps a probe plays in one hand before calling the game stuck.
MAX_STEPS = 3000
_CODES = frozenset(error_codes()) - {"internal_error"}


class Crash(Exception):
    """The engine answered a hostile input in a way the contract forbids."""


# --------------------------------------------------------------------------- inputs
def _huge_int(rng: random.Random) -> int:
    digits: int = rng.choice((20, 40, 400, 4400, 6000))
    return (-1 if rng.random() < 0.3 else 1) * (10 ** digits - 1)  # type: ignore[no-any-return]


#: How deep the probes nest Python values (not JSON text, which the limits refuse before
#: parsing): under Pyodide, freeing a list nested thousands deep overflows the WebAssembly
#: stack (CPython 3.14's deallocation recursion, seen killing the whole test run), so the
#: probes stay at 1000 there. Only Python callers can hand the engine such values; the
#: browser sends text.
_DEPTHS = (50, 200, 1000) if sys.platform == "emscripten" else (50, 200, 1000, 5000)


def _deep(rng: random.Random, depth: int | None = None) -> Any:
    """A list (or object) nested ``depth`` deep: built without recursion."""
    depth = depth if depth is not None else rng.choice(_DEPTHS)
    value: Any = rng.choice((0, "x", None))
    for _ in range(depth):
        value = [value] if rng.random() < 0.7 else {"k": value}
    return value


_STRINGS = ("", "x", "²", "٣", "3", "1", "-1", "1e999", "NaN", "draw", "meld 5H 5D 5S", "classic", "samba",
            "expert", "beginner", "\u0000", "\ud800", "K" * 5000, "take", "#1", "yes")


def junk(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON-like value: wrong types, edge numbers, long strings, deep nesting."""
    r = rng.random()
    if r < 0.12:
        return rng.choice((0, 1, -1, 2, 3, 4, 6, 7, 13, 100, 10 ** 7, 10 ** 8, -10 ** 8, 2 ** 53, 2 ** 63))
    if r < 0.2:
        return _huge_int(rng)
    if r < 0.27:
        return rng.choice((0.5, 1.0, 2.0, -0.0, 1e300, float("inf"), float("nan")))
    if r < 0.35:
        return rng.choice((True, False, None))
    if r < 0.5:
        return rng.choice(_STRINGS)
    if r < 0.55:
        return _deep(rng)
    if depth >= 3 or r < 0.75:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(("a", "players", "rules", "seed", "hands")): junk(rng, depth + 1) for _ in range(rng.randrange(3))}


def _dumps(data: Any) -> str:
    """JSON text of probe data; data no JSON writer can write (too deep, a huge integer,
    NaN) becomes the text a browser would never send either: a broken object."""
    try:
        check_data(data, "bad_json")  # never hand the recursive writer a deep nest
        return json.dumps(data, allow_nan=False)
    except (CanastaError, ValueError):
        return "{"


def _text(rng: random.Random, data: Any) -> str:
    """``data`` as JSON text, possibly damaged: truncated, a huge integer or a deep
    nest spliced in, bytes replaced."""
    text = _dumps(data)
    r = rng.random()
    if r < 0.2 and text:
        return text[: rng.randrange(len(text))]
    if r < 0.35:
        return text.replace("0", "9" * rng.choice((50, 4400, 5000)), 1)
    if r < 0.5:
        depth = rng.choice((100, 1000, 5000, 50000))
        return text.replace("[", "[" * depth + "0" + "]" * depth + ",", 1) if "[" in text else "[" * depth
    if r < 0.6 and text:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(("\"", "{", "]", ",", "\\", "NaN", "Infinity", "1e999", "\u00b2")) + text[i + 1:]
    if r < 0.65:
        return "[" + ",".join(["1"] * rng.choice((10, 100000))) + "]"
    return text


def _mutate(rng: random.Random, data: Any) -> Any:
    """A copy of JSON data with one field (at any depth) replaced, removed or added."""
    data = json.loads(json.dumps(data))
    node: Any = data
    for _ in range(rng.randrange(1, 4)):
        if isinstance(node, dict) and node:
            key = rng.choice(sorted(node))
            if rng.random() < 0.5 and isinstance(node[key], (dict, list)) and node[key]:
                node = node[key]
                continue
            r = rng.random()
            if r < 0.15:
                del node[key]
            elif r < 0.25:
                node[rng.choice(("extra", "rules", "version", "players"))] = junk(rng)
            else:
                node[key] = junk(rng)
            return data
        if isinstance(node, list) and node:
            i = rng.randrange(len(node))
            if rng.random() < 0.5 and isinstance(node[i], (dict, list)) and node[i]:
                node = node[i]
                continue
            node[i] = junk(rng)
            return data
        break
    return junk(rng) if rng.random() < 0.3 else data


def _game(rng: random.Random, steps: int | None = None) -> Game:
    """A game of some preset and player count after some random legal actions."""
    name = rng.choice(sorted(PRESETS))
    players = rng.choice(PRESETS[name].players)
    game = Game(get(name, players), seed=rng.randrange(10 ** 6))
    for _ in range(rng.randrange(60) if steps is None else steps):
        if game.state.over:
            break
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


def _refusal(e: CanastaError) -> str:
    if e.code not in _CODES:
        raise Crash(f"code {e.code!r} is not one of the host's codes: {e.message[:200]}")
    return REFUSED


# --------------------------------------------------------------------------- probes
def probe_position_dict(rng: random.Random) -> str:
    """``notation.from_position`` on a position (as data) with fields replaced."""
    data = _mutate(rng, to_position(_game(rng).state))
    try:
        state = from_position(data)
    except CanastaError as e:
        return _refusal(e)
    if from_position(json.loads(json.dumps(to_position(state)))) != state:
        raise Crash("an accepted position does not round-trip")
    return ACCEPTED


def probe_position_text(rng: random.Random) -> str:
    """``notation.from_position`` on JSON text: damaged, deep, huge numbers."""
    data = to_position(_game(rng).state)
    text = _text(rng, _mutate(rng, data) if rng.random() < 0.5 else data)
    try:
        from_position(text)
    except CanastaError as e:
        return _refusal(e)
    return ACCEPTED


def probe_record(rng: random.Random) -> str:
    """``Game.from_record`` on a record (data or text) with fields replaced or damaged."""
    record = _game(rng).record()
    data: Any = _mutate(rng, record) if rng.random() < 0.7 else record
    if rng.random() < 0.5:
        data = _text(rng, data)
    try:
        Game.from_record(data)
    except CanastaError as e:
        return _refusal(e)
    return ACCEPTED


def _scenario(rng: random.Random) -> dict[str, Any]:
    game = _game(rng)
    steps: list[dict[str, Any]] = []
    if not game.state.over:
        legal = game.legal_actions()
        steps.append({"do": str(legal[rng.randrange(len(legal))]), "then": {"turn": game.state.turn}})
        steps.append({"do": "discard 3H", "expect": "illegal"})
    return {"name": "fuzz", "position": to_position(game.state), "steps": steps}


def _read_scenario(text: str) -> Any:
    from .. import scenario

    reader = getattr(scenario, "read_scenario", None)
    if reader is not None:
        return reader(text)
    try:  # before read_scenario: what the command line did (a JSONDecodeError fails the file)
        return json.loads(text)
    except json.JSONDecodeError:
        return None


def probe_scenario(rng: random.Random) -> str:
    """``scenario.run_scenario`` on a scenario (data or text) with fields replaced."""
    data: Any = _mutate(rng, _scenario(rng))
    try:
        if rng.random() < 0.5:
            data = _read_scenario(_text(rng, data))
    except CanastaError as e:
        return _refusal(e)
    outcome = run_scenario(data)
    return ACCEPTED if outcome.passed else REFUSED


def _reply(text: Any) -> dict[str, Any]:
    """A host reply checked: the envelope, and an error's code among the host's codes."""
    if not isinstance(text, str):
        raise Crash(f"a host reply is not text: {type(text).__name__}")
    data = json.loads(text)
    if isinstance(data, dict) and data.get("format") == "canasta-save":
        return {"ok": True, "save": data}  # host.save() answers the save itself
    if not isinstance(data, dict) or data.get("v") != 1 or not isinstance(data.get("ok"), bool):
        raise Crash(f"not an envelope: {text[:200]}")
    if not data["ok"]:
        code = data["error"]["code"]
        if code not in _CODES:
            raise Crash(f"error {code}: {data['error']['message'][:300]}")
        if len(text) > 20_000:
            raise Crash(f"an error of {len(text)} characters")
    return data


def _options(rng: random.Random) -> dict[str, Any]:
    name = rng.choice(sorted(PRESETS))
    return {"variant": name, "players": rng.choice(PRESETS[name].players), "seed": rng.randrange(10 ** 6),
            "humans": rng.choice(([0], [], [0, 1])), "bot": rng.choice(("beginner", "casual", "random", 1, 2))}


def _hostile_options(rng: random.Random) -> Any:
    options = _options(rng)
    r = rng.random()
    if r < 0.1:
        return junk(rng)
    if r < 0.3:
        options[rng.choice(("bot", "players", "seed", "target", "humans", "expert_rollouts",
                            "expert_think_ms", "variant"))] = junk(rng)
    elif r < 0.4:
        options["bots"] = {rng.choice(("0", "1", "²", "٣", " 1", "-1", "99")): rng.choice(("²", "٣", "1", "2", "x", 7))}
    elif r < 0.5:
        options["bot"] = rng.choice(("²", "٣", "¹", "①", "1", " 2 ", "0", "5", "EXPERT"))
    elif r < 0.7:
        options["rules"] = {rng.choice(sorted(Rules().to_dict())): junk(rng)}
    elif r < 0.8:
        options["switches"] = {rng.choice(("D1", "D2", "S5", "X")): junk(rng)}
    return options


def _state(host: Host) -> str:
    """What a refused call must leave as it was: the save (options and record)."""
    return host.save()


def probe_host(rng: random.Random) -> str:
    """A sequence of host calls, in and out of turn, with random arguments: every reply an
    envelope with a known code, and a refused call changes nothing."""
    host = Host()
    refused = 0
    for _ in range(rng.randrange(1, 25)):
        before = _state(host)
        call = rng.random()
        seat: Any = rng.choice((0, 1, 2, 3, 5, -1, 0.0, 1.5, True, None, "0", 10 ** 30, _huge_int(rng)))
        if call < 0.15:
            opts = _hostile_options(rng)
            reply = _reply(host.new_game(_dumps(opts) if rng.random() < 0.8 else _text(rng, opts)))
        elif call < 0.3:
            reply = _reply(host.bot_step())
        elif call < 0.45:
            text: Any = rng.choice(("draw", "discard 5H", "meld 5H 5D 5S", "take", "ask", "answer yes", "pass",
                                    "x" * rng.choice((10, 10 ** 6)), junk(rng)))
            snap = json.loads(host.snapshot(seat)) if rng.random() < 0.5 else {}
            if snap.get("ok") and snap.get("legal") and rng.random() < 0.7:
                text = rng.choice(snap["legal"])
            reply = _reply(host.play(seat, text))
        elif call < 0.55:
            intent = rng.choice(({"verb": "draw"}, {"verb": "discard", "groups": [["5H"]]},
                                 {"verb": junk(rng)}, junk(rng)))
            reply = _reply(host.act(seat, _dumps(intent) if rng.random() < 0.7 else _text(rng, intent)))
        elif call < 0.65:
            reply = _reply(host.snapshot(seat))
        elif call < 0.7:
            pick = rng.random()
            reply = _reply(host.hint(seat) if pick < 0.2 else host.undo(seat) if pick < 0.5 else host.snapshot(seat))
        elif call < 0.8:
            reply = _reply(host.next_hand())
        elif call < 0.9:
            reply = _reply(host.save())
            if reply["ok"] and "save" in reply:
                reply = _reply(host.load(json.dumps(reply["save"])))
        else:
            reply = _reply(host.load(_text(rng, junk(rng))))
        if not reply["ok"]:
            refused += 1
            if _state(host) != before:
                raise Crash(f"a refused call changed the game: {reply['error']['code']}")
    return REFUSED if refused else ACCEPTED


def _bot_host(rng: random.Random, options: dict[str, Any]) -> tuple[Host, dict[str, Any]]:
    host = Host()
    return host, _reply(host.new_game(json.dumps(options)))


def _play_hand(host: Host) -> None:
    """Bots play the hand to its end (or to a human's turn); a refusal or a hand that
    never ends is a crash."""
    for _ in range(MAX_STEPS):
        reply = _reply(host.bot_step())
        if not reply["ok"]:
            if reply["error"]["code"] == "not_bot_turn":
                return
            raise Crash(f"bot_step refused: {reply['error']['code']}: {reply['error']['message'][:200]}")
        if reply["snapshot"]["hand_over"]:
            return
    raise Crash(f"the hand did not end in {MAX_STEPS} bot steps")


def probe_save(rng: random.Random) -> str:
    """``host.load`` of a save truncated, tampered or of another version: refused without
    touching the game in progress, or loaded as the same game."""
    host, _ = _bot_host(rng, {**_options(rng), "humans": []})
    for _ in range(rng.randrange(80)):
        if not _reply(host.bot_step())["ok"]:
            break
    save = json.loads(host.save())
    r = rng.random()
    if r < 0.2:
        save["version"] = rng.choice((True, 1.0, "1", 2, 0, None, [1], _huge_int(rng)))
    elif r < 0.3:
        save["format"] = junk(rng)
    elif r < 0.8:
        save = _mutate(rng, save)
    other = Host()
    _reply(other.new_game(json.dumps({**_options(rng), "humans": []})))
    before = _state(other)
    text = _text(rng, save) if rng.random() < 0.5 else _dumps(save)
    reply = _reply(other.load(text))
    if not reply["ok"]:
        if _state(other) != before:
            raise Crash("a refused load replaced the game in progress")
        return REFUSED
    _play_hand(other)
    again = Host()
    if not _reply(again.load(other.save()))["ok"]:
        raise Crash("a loaded game's save does not load back")
    return ACCEPTED


def probe_replay(rng: random.Random) -> str:
    """``host.replay`` of a bot game's record, tampered or not, for a hand number and a
    seat that may be junk: refused with a known code without touching the game in
    progress, or frames that follow the hand's actions to its score sheet."""
    host, _ = _bot_host(rng, {**_options(rng), "humans": []})
    if rng.random() < 0.8:
        _play_hand(host)
    record: Any = json.loads(host.save())["record"]
    if rng.random() < 0.5:
        record = _mutate(rng, record)
    hand: Any = 1 if rng.random() < 0.6 else junk(rng)
    seat: Any = rng.randrange(6) if rng.random() < 0.8 else junk(rng)
    before = _state(host)
    reply = _reply(host.replay(_text(rng, record) if rng.random() < 0.3 else _dumps(record), hand, seat))
    if _state(host) != before:
        raise Crash("a replay changed the game in progress")
    if not reply["ok"]:
        return REFUSED
    frames = reply["frames"]
    if len(frames) != len(record["hands"][reply["hand"] - 1]) + 1 or not frames[-1]["snapshot"]["hand_over"]:
        raise Crash("a replay's frames do not follow the hand to its end")
    return ACCEPTED


#: Rule fields and values worth trying: the presets' own values, near values, far values.
def _rule_value(rng: random.Random, key: str, current: Any) -> Any:
    r = rng.random()
    if r < 0.15:
        return junk(rng)
    if isinstance(current, bool):
        return not current
    if isinstance(current, int) or current is None:
        base = current or 0
        if r < 0.6:
            return base + rng.choice((-3, -2, -1, 1, 2, 3))
        if r < 0.8:
            return rng.choice((0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13, -1, 100))
        return rng.choice((10 ** 7, -10 ** 7, 10 ** 8, _huge_int(rng)))
    if isinstance(current, str):
        return rng.choice(("any", "none", "cover", "bury", "meld", "always", "never", "x"))
    if isinstance(current, list):
        if not current or rng.random() < 0.3:
            return []
        items = list(current)
        i = rng.randrange(len(items))
        if isinstance(items[i], list):
            j = rng.randrange(len(items[i]))
            if isinstance(items[i][j], int):
                items[i] = list(items[i])
                items[i][j] = rng.choice((0, -1, 1, 10 ** 7, _huge_int(rng)))
        elif isinstance(items[i], int):
            items[i] = rng.choice((0, -1, 10 ** 7, _huge_int(rng)))
        else:
            items.pop(i)
        return items
    return junk(rng)


def probe_rules(rng: random.Random) -> str:
    """Rule overrides (within and outside ranges) on a preset: refused with a rules code,
    or level-1/2 bots play the hand to its end, and the save loads back."""
    options = {**_options(rng), "humans": [], "bot": rng.choice(("beginner", "casual"))}
    base = get(options["variant"], options["players"]).to_dict()
    keys = sorted(base)
    overrides = {}
    for _ in range(rng.choice((1, 1, 2, 3))):
        key = rng.choice(keys)
        overrides[key] = _rule_value(rng, key, base[key])
    options["rules"] = overrides
    host = Host()
    reply = _reply(host.new_game(_dumps(options)))
    if not reply["ok"]:
        return REFUSED
    _play_hand(host)
    save = _reply(host.save())
    if not save["ok"]:
        raise Crash(f"no save of accepted rules: {save['error']['code']}")
    again = Host()
    if not _reply(again.load(json.dumps(save["save"])))["ok"]:
        raise Crash(f"the save of accepted rules {_dumps(overrides)[:200]} does not load")
    if _reply(again.snapshot(0))["ok"] is not True:
        raise Crash("no snapshot after loading")
    return ACCEPTED


PROBES: dict[str, Callable[[random.Random], str]] = {
    "position_dict": probe_position_dict,
    "position_text": probe_position_text,
    "record": probe_record,
    "scenario": probe_scenario,
    "host_calls": probe_host,
    "save": probe_save,
    "replay": probe_replay,
    "rules": probe_rules,
}


@dataclass
class Tally:
    tried: int = 0
    accepted: int = 0
    refused: int = 0
    crashed: int = 0
    examples: list[str] = field(default_factory=list)


def run_probe(probe: Callable[[random.Random], str], rng: random.Random, tally: Tally) -> None:
    """One probe, counted; a crash keeps its first lines as an example."""
    tally.tried += 1
    try:
        outcome = probe(rng)
    except Crash as e:
        tally.crashed += 1
        tally.examples.append(f"{e}"[:300])
        return
    except Exception as e:  # noqa: BLE001 - counting is the point
        tally.crashed += 1
        tb = traceback.extract_tb(e.__traceback__)
        where = f"{tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno}" if tb else "?"
        tally.examples.append(f"{type(e).__name__} at {where}: {str(e)[:200]}")
        return
    if outcome == ACCEPTED:
        tally.accepted += 1
    else:
        tally.refused += 1


def run(names: Sequence[str], seed: int, count: int, seconds: float) -> dict[str, Tally]:
    """Each probe in turn, ``count`` inputs or ``seconds`` each, whichever ends first."""
    out: dict[str, Tally] = {}
    for k, name in enumerate(names):
        rng = random.Random(seed * 1000 + k)
        tally = out[name] = Tally()
        stop = time.perf_counter() + seconds
        while tally.tried < count and time.perf_counter() < stop:
            run_probe(PROBES[name], rng, tally)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="canasta fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=1000, help="inputs per probe at most")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds per probe at most")
    parser.add_argument("--probes", default=",".join(PROBES), help="comma-separated: " + ", ".join(PROBES))
    parser.add_argument("--examples", type=int, default=3, help="crash examples shown per probe")
    args = parser.parse_args(argv)
    names = [n for n in args.probes.split(",") if n]
    unknown = [n for n in names if n not in PROBES]
    if unknown:
        parser.error(f"unknown probe(s): {', '.join(unknown)}")
    start = time.perf_counter()
    table = run(names, args.seed, args.count, args.seconds)
    print(f"{'probe':<15}{'tried':>8}{'accepted':>10}{'refused':>9}{'crashed':>9}")
    for name, t in table.items():
        print(f"{name:<15}{t.tried:>8}{t.accepted:>10}{t.refused:>9}{t.crashed:>9}")
    crashed = sum(t.crashed for t in table.values())
    print(f"seed {args.seed}, {time.perf_counter() - start:.0f} s, {crashed} crashed")
    for name, t in table.items():
        seen: list[str] = []
        for ex in t.examples:
            head = ex[:120]
            if head not in seen:
                seen.append(head)
        for ex in seen[: args.examples]:
            print(f"  {name}: {ex}")
    return 1 if crashed else 0


if __name__ == "__main__":
    raise SystemExit(main())
