"""The engine host the browser's worker calls: JSON strings in, JSON strings out.

One :class:`Host` holds one game: which seats are human, which bot plays the others,
and a short log. Every method takes and returns plain strings and numbers (they cross
a web-worker boundary) and never raises: a refusal comes back as
``{"ok": false, "error": {"code", "params", "message"}}`` with a stable code the UI
translates (:func:`error_codes` lists them all), and leaves the game unchanged.

The module functions (``new_game``, ``snapshot``, ``play``, ``act``, ``bot_step``,
``bot_run``, ``hint``, ``undo``, ``next_hand``, ``save``, ``load``, ``replay``,
``export_record``, ``read_record_file``) call one module-level host.

Shapes:

- options (``new_game``): ``{"variant": "classic", "players": 2|3|4|6, "target": int,
  "seed": int (required), "humans": [seats] (default [0]), "bot": "good",
  "bots": {"<seat>": level}, "expert_rollouts": int, "expert_think_ms": int,
  "switches": {switch id: option},
  "rules": {overrides}, "start": {"hand": int, "scores": [int per side]}}``; missing
  ones take the preset's values. ``bot`` is the
  table's difficulty, ``bots`` a level per seat (the advanced panel) over it: a level is
  a bot name of ``canasta.bots`` (``beginner``, ``casual``, ``good``, ``expert``,
  ``random``, ``basic``) or its number 1-4; ``expert_rollouts`` the expert's budget
  (playouts per decision, 1 to 1000; default its own, docs/bots.md); ``expert_think_ms``
  a cap on the expert's think time per decision and hint, in milliseconds (50 to 10000;
  default none: the budget alone decides, the same way on every machine; with a cap a
  slow machine stops sooner and may choose otherwise). Switches (``canasta.switches``)
  apply first, then the target, then the overrides; a switch that does not apply to the
  preset is refused. ``start`` begins the game at that hand of the seed's game with
  those scores (a shared deal of a later hand: ``Game(first_hand=, scores=)``).
- catalog (``catalog``): every preset with its player counts and applicable switches
  (``canasta.catalog``), for the start screen.
- every reply is the protocol's envelope (``canasta.protocol``): ``{"ok": true, "v": 1,
  ...}`` or ``{"ok": false, "v": 1, "error": {"code", "params", "message"}}``.
- snapshot: ``{"ok", "v", "view", "legal", "actions", "melds", "kinds", "turn",
  "human_turn", "hand_over", "game_over", "scores", "last_hand", "history", "left_over",
  "log", "table", "options", "moves", "undo"}``. ``view`` is ``Game.view(seat)`` plus ``"rules"``, the table's
  rule overrides (public); ``legal`` the seat's action texts when it is to act (its
  turn, or its answer), else ``[]``, and ``actions`` the same actions as
  ``ActionRecord`` objects; ``melds`` each side's melds as ``MeldRecord`` objects (kind,
  canasta kind, id); ``kinds`` the kind of each card of the seat's hand (for matching a
  selection: ``protocol.matches``); ``last_hand`` the last finished hand's score lines
  per side, or null; ``history`` every finished hand's score lines per side, in order
  (the score sheet of the whole game); ``left_over`` once the hand is over, the cards
  left in each seat's hand (scored against its side, RULES.md 2: public then), else
  null; ``log`` the last :data:`LOG_SIZE` actions as ``records.move_entry`` gives them:
  ``{"seat", "action", "hand", "record"}`` (hand numbers from 1) with ``taken`` (a
  take: the pile's size), ``drawn`` (a draw: how many cards) and, for a bot's move,
  ``reason`` (its hint reason code and params); ``table`` the rules in play, for the player to look
  up: ``{"variant", "players", "target", "switches": {id: option}}``; ``options`` the
  game's options as saved; ``moves`` how many actions the hand has had; ``undo`` whether
  the seat may take back its last action now (``undo(seat)``, ``canasta.undo``). The save is not
  in it: ``save()`` fetches it when the screen wants to keep the game.
- act (``act(seat, intent)``): an ``ActionRecord`` as JSON with the player's own cards;
  the engine fills in what it leaves open (``canasta.intents``) and plays it:
  ``{"ok", "v", "action": record, "snapshot"}``. ``play(seat, text)`` takes the notation.
- save: ``{"format": "canasta-save", "version": 1, "options", "record"}`` with the
  game's record (``Game.record()``). ``check_save(save)`` answers whether ``load`` would
  read it (``{"ok": true}`` or its ``bad_save`` refusal) without touching the game in
  progress: the page checks the save a game it deals at once replaces after dealing.
- replay (``replay(record, hand, seat)``): a finished hand of a game's record (its JSON
  text, ``Game.record()``) move by move with every hand open (``canasta.replay``):
  ``{"ok", "v", "hand", "hands", "seat", "frames": [{"snapshot", "move"}], "sheet",
  "scores"}``; each frame's snapshot is a still in the snapshot's shape seen from
  ``seat``, the others' hands in ``shown_hands``. Refused: ``bad_record`` or
  ``record_version`` (a record that cannot be replayed), ``no_such_hand``,
  ``hand_in_progress`` (the hand is not over).
- game files (``export_record(meta)``, ``read_record_file(text)``): ``canasta.recordfile``
  (docs/engine.md "Game files"); reading one never changes the game in progress.
- bots (``bot_step(viewer)``): the bot in turn plays one action, ``{"ok": true, "seat",
  "action", "record", "snapshot"}``; ``bot_run(viewer, budget_ms)`` plays on, ``{"ok":
  true, "moves", "snapshot"}``: one bot action, then more while a bot is to act, the hand
  goes on and ``budget_ms`` has not passed (the UI's speed "instant", which shows no
  move between frames). Each decision is the one ``bot_step`` would make. Refused:
  ``not_bot_turn`` (a human is to act, or the hand is over).
- hint (``hint(seat)``): ``{"ok": true, "action": "<notation>", "hint": record, "reason":
  {"code", "params"}}``, the expert's suggestion for a human seat that is to act, with a reason
  code of :data:`HINT_REASONS` the UI translates; the hint is never played.

Inputs are read within ``canasta.limits`` (JSON text size, nesting, integers, an
action's length; docs/engine.md "Errors"); an error repeats at most 200 characters of
what it was sent. Rule overrides may not change the preset's ``name`` or ``players``
(``Rules.with_overrides``), so what ``new_game`` accepts, ``load`` reads back; a
``load`` or ``new_game`` that fails leaves the game in progress as it was.

Bots get ``Game.view(seat)`` (with the rules) and the seat's legal actions, never the
state. Each decision gets a generator seeded from the game's seed, the seat, the hand
and the step, so a game plays the same way whether or not it was saved and loaded.
"""

from __future__ import annotations

import functools
import hashlib
import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ParamSpec

from .actions import parse_action
from .bots import BOTS, Bot, get_bot, level_name
from .bots.base import MAX_THINK_MS, MIN_THINK_MS
from .bots.hints import HINT_REASONS, explain
from .catalog import applies, catalog as _catalog, table_switches
from .errors import CanastaError, RecordFileError, RulesError, echo
from .game import MAX_FIRST_HAND, Game
from .limits import MAX_ACTION_TEXT, loads
from .intents import resolve
from .protocol import ActionRecord, ProtocolError, error_reply, ok_reply
from .records import action_record, move_entry, screen_records
from .rules import Rules
from .switches import SWITCHES, set_switch
from .variants import get as get_variant
from . import undo as _undo

if TYPE_CHECKING:
    from .trial import Trial

# The modules of the replays, game files and embedded examples (canasta.replay,
# .recordfile, .examples, .trial) are imported by the calls that need them, as the
# expert is (canasta.bots._LATER): the app's engine worker imports this module on every
# first visit, on its start's critical path, and a game needs none of them to begin.

SAVE_FORMAT = "canasta-save"
SAVE_VERSION = 1
#: How many of the latest actions a snapshot's log holds: a round of six seats (up to
#: three actions each) and the player's own turn before it, for "since your turn".
LOG_SIZE = 24
_OPTION_KEYS = frozenset({"variant", "players", "target", "seed", "humans", "bot", "bots", "expert_rollouts",
                          "expert_think_ms", "switches", "rules", "start"})
#: The bound of a starting score in the ``start`` option (a shared deal's game scores).
MAX_START_SCORE = 1_000_000
#: The table's difficulty when the options name none (issue 5: "defaulting to good").
DEFAULT_BOT = "good"


class HostError(CanastaError):
    """A request the host refuses (no game, wrong seat, unreadable options or save)."""


#: Every code an error object from the host can carry: the engine's refusals
#: (IllegalAction, NotationError, RulesError) and the host's own. A test checks this
#: list against the codes raised in the sources, so it cannot drift.
ERROR_CODES: tuple[str, ...] = (
    # the host
    "bad_options", "bad_request", "bad_save", "bad_seat", "internal_error", "no_game", "not_bot_turn",
    "not_your_turn", "nothing_to_undo",
    # notation, records, scenarios
    "bad_action", "bad_card", "bad_example", "bad_json", "bad_position", "bad_record", "bad_scenario", "bad_seed",
    "no_such_hand", "record_version", "too_many_copies",
    # rules, variants, bots
    "bad_rule_value", "bad_rules", "bad_player_count", "switch_not_applicable", "unknown_bot", "unknown_option",
    "unknown_rule", "unknown_switch", "unknown_variant",
    # play: phase and turn
    "game_over", "hand_in_progress", "hand_over", "unknown_action", "wrong_phase",
    # cards and the pile
    "bad_take", "card_not_in_hand", "must_take_pile", "no_cards", "no_meld_for_top_card", "pile_empty",
    "pile_frozen", "pile_group_too_large", "pile_not_for_initial_meld", "stock_empty", "stock_not_empty", "take_needs_natural",
    "take_needs_natural_pair", "take_needs_two_cards", "top_card_three", "top_card_wild",
    # melds
    "all_wild_meld", "ambiguous_target", "black_three_meld", "black_threes_count", "black_threes_only_going_out",
    "initial_meld_too_low", "meld_closed", "meld_too_large", "meld_too_small", "mixed_ranks", "no_such_meld",
    "rank_already_melded", "rank_takes_no_wilds", "red_three_meld", "too_few_naturals", "too_many_wilds",
    "wilds_outnumber", "wrong_rank",
    # Samba: sequences, two groups of a rank, the swap, the pile onto a canasta, Uruguayan wild cards
    "merge_needs_same_rank", "merge_not_allowed", "not_a_sequence", "pile_onto_canasta", "sequence_no_wilds",
    "side_wild_limit", "swap_canasta", "swap_needs_group", "swap_needs_wild", "swap_not_allowed",
    # melds: Modern American and the house rules (RULES.md 3, 6)
    "no_opening_first_turn", "opening_shape", "rank_closed", "rule_of_five", "wild_meld_unfinished",
    "wilds_initial_only",
    # discarding (RULES.md 3)
    "discard_closed_rank", "discard_on_empty_pile", "discard_three", "discard_wild",
    # going out and asking
    "already_asked", "ask_before_last_cards", "ask_once_after_draw", "cannot_go_out", "must_discard_to_go_out",
    "must_go_out", "need_canasta", "need_sequence", "no_partner", "partner_said_no",
    # game files (canasta.recordfile)
    "file_format", "file_illegal", "file_malformed", "file_scores", "file_tampered", "file_version",
)


def error_codes() -> list[str]:
    """Every error code the host can return (sorted), for the UI's catalogs."""
    return sorted(ERROR_CODES)


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def _error(e: CanastaError) -> str:
    return _dumps(error_reply(e.code, e.message, _jsonable(e.params)))


def _jsonable(params: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in params.items():
        out[k] = v if v is None or isinstance(v, (str, int, float, bool)) else echo(v)
    return out


P = ParamSpec("P")


def _guarded(method: Callable[P, str]) -> Callable[P, str]:
    """Never let an exception cross the worker boundary: refusals become error JSON, and
    so does an unexpected exception (code ``internal_error``: an engine bug)."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> str:
        try:
            return method(*args, **kwargs)
        except CanastaError as e:
            return _error(e)
        except Exception as e:  # the boundary: report, never raise
            return _error(HostError("internal_error", f"{type(e).__name__}: {e}", type=type(e).__name__))

    return wrapper


#: The longest ``bot_run`` may play on (ms): a screen asks for a frame's worth.
MAX_BOT_RUN_MS = 10_000


def _int(value: Any) -> int | None:
    """An integer from JSON or JavaScript (whole floats accepted), or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _options(data: Any, code: str) -> tuple[dict[str, Any], Rules]:
    """Check and complete the options; the rules they name. Bad options raise
    HostError(``code``); bad rule values raise the RulesError itself."""
    if not isinstance(data, dict):
        raise HostError(code, "the options are a JSON object")
    unknown = sorted(set(data) - _OPTION_KEYS)
    if unknown:
        raise HostError(code, f"unknown option(s): {', '.join(unknown)}", field=unknown[0])
    variant = data.get("variant", "classic")
    if not isinstance(variant, str):
        raise HostError(code, "variant: expected a name", field="variant")
    players = data.get("players")
    if players is not None and _int(players) is None:
        raise HostError(code, "players: expected an integer", field="players")
    seed = _int(data.get("seed"))
    if seed is None:
        raise HostError(code, "seed: an integer is required (the engine never seeds from the clock)", field="seed")
    target = data.get("target")
    if target is not None and _int(target) is None:
        raise HostError(code, "target: expected an integer", field="target")
    overrides = data.get("rules", {})
    if not isinstance(overrides, dict):
        raise HostError(code, "rules: expected an object of rule overrides", field="rules")
    bot = _level(data.get("bot", DEFAULT_BOT), code, "bot")
    bots_raw = data.get("bots", {})
    if not isinstance(bots_raw, dict):
        raise HostError(code, "bots: expected an object of seat -> level", field="bots")
    rollouts = data.get("expert_rollouts")
    if rollouts is not None and (_int(rollouts) is None or not 1 <= int(rollouts) <= 1000):
        raise HostError(code, "expert_rollouts: an integer from 1 to 1000", field="expert_rollouts")
    think_ms = data.get("expert_think_ms")
    if think_ms is not None and (_int(think_ms) is None or not MIN_THINK_MS <= int(think_ms) <= MAX_THINK_MS):
        raise HostError(code, f"expert_think_ms: an integer from {MIN_THINK_MS} to {MAX_THINK_MS}",
                        field="expert_think_ms")
    switches = data.get("switches", {})
    if not isinstance(switches, dict) or not all(isinstance(v, str) for v in switches.values()):
        raise HostError(code, "switches: expected an object of switch id -> option name", field="switches")
    rules = get_variant(variant, _int(players) if players is not None else None)
    base = rules
    for switch_id, option in sorted(switches.items()):
        switch = SWITCHES.get(switch_id)
        if switch is not None and not applies(switch, base):
            raise RulesError("switch_not_applicable", f"{switch_id} does not apply to {base.name} "
                             f"with {base.players} players", name=switch_id)
        rules = set_switch(rules, switch_id, option)
    changes = dict(overrides)
    if target is not None:
        changes["target"] = _int(target)
    if changes:
        rules = Rules.with_overrides(rules, changes)
    humans_raw = data.get("humans", [0])
    humans = [_int(h) for h in humans_raw] if isinstance(humans_raw, list) else [None]
    if any(h is None or not 0 <= h < rules.players for h in humans) or len(set(humans)) != len(humans):
        raise HostError(code, f"humans: distinct seats from 0 to {rules.players - 1}", field="humans")
    per_seat: dict[str, str] = {}
    for key, level in bots_raw.items():
        digits = key.strip() if isinstance(key, str) else ""
        seat_no = int(digits) if digits.isascii() and digits.isdigit() and len(digits) < 3 else -1
        if not 0 <= seat_no < rules.players:
            raise HostError(code, f"bots: seats from 0 to {rules.players - 1}", field="bots")
        per_seat[str(seat_no)] = _level(level, code, "bots")
    options = {"variant": rules.name, "players": rules.players, "target": rules.target, "seed": seed,
               "humans": sorted(h for h in humans if h is not None), "bot": bot,
               "switches": dict(switches), "rules": dict(overrides)}
    if "start" in data:
        options["start"] = _start_option(data["start"], rules, code)
    if per_seat:
        options["bots"] = per_seat
    if rollouts is not None:
        options["expert_rollouts"] = int(rollouts)
    if think_ms is not None:
        options["expert_think_ms"] = int(think_ms)
    return options, rules


def _start_option(value: Any, rules: Rules, code: str) -> dict[str, Any]:
    """The ``start`` option, checked: the hand of the seed's game to start at and the
    sides' scores then (a shared deal of a later hand, issue 41; ``Game(first_hand=,
    scores=)``)."""
    hand = _int(value.get("hand")) if isinstance(value, dict) else None
    scores = value.get("scores") if isinstance(value, dict) else None
    if (hand is None or not 1 <= hand <= MAX_FIRST_HAND or set(value) - {"hand", "scores"}
            or not isinstance(scores, list) or len(scores) != rules.sides
            or any(_int(x) is None or not -MAX_START_SCORE <= int(x) <= MAX_START_SCORE for x in scores)):
        raise HostError(code, f"start: {{\"hand\": 1 to {MAX_FIRST_HAND}, \"scores\": one integer per side "
                        f"({rules.sides}), each within {MAX_START_SCORE}}}", field="start")
    return {"hand": hand, "scores": [int(x) for x in scores]}


def _game(rules: Rules, options: dict[str, Any]) -> Game:
    """The game the options deal: from the seed's first hand, or from ``start``."""
    start = options.get("start") or {"hand": 1, "scores": None}
    scores = start["scores"]
    return Game(rules, seed=options["seed"], first_hand=start["hand"],
                scores=None if scores is None else tuple(scores))


def _level(value: Any, code: str, field: str) -> str:
    """A bot level (a name or 1-4) as the bot's name, or raise HostError(``code``)."""
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        try:
            return level_name(value)
        except CanastaError:
            pass
    raise HostError(code, f"{field}: a level 1-4 or one of {', '.join(sorted(BOTS))}", field=field)


def _bot_seed(seed: int, seat: int, hand: int, step: int) -> int:
    """The seed of one bot decision: the same decision after a save and a load."""
    digest = hashlib.sha256(f"canasta-bot/{seed}/{seat}/{hand}/{step}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Host:
    """One game behind a JSON interface (module docstring)."""

    def __init__(self) -> None:
        self._game: Game | None = None
        self._options: dict[str, Any] = {}
        self._humans: frozenset[int] = frozenset()
        self._log: list[dict[str, Any]] = []
        self._table: dict[str, Any] = {}
        # A bot's decision made ahead (prepare): the game and the very state it is for.
        self._prepared: tuple[Game, Any, Any] | None = None

    # ------------------------------------------------------------- requests
    @_guarded
    def new_game(self, options: str) -> str:
        """Start a game from the options JSON; returns the snapshot of the first human
        seat (seat 0 when every seat is a bot)."""
        if not isinstance(options, str):
            raise HostError("bad_options", "the options are not JSON")
        opts, rules = _options(loads(options, "bad_options", "the options", "bad_options"), "bad_options")
        return self._switch(_game(rules, opts), opts, [], lambda: self._snapshot(self._viewer()))

    @_guarded
    def snapshot(self, seat: int) -> str:
        """What ``seat`` sees and may do now, plus the save (module docstring)."""
        return _dumps(self._snapshot(self._seat(seat)))

    @_guarded
    def play(self, seat: int, action: str) -> str:
        """Play a human's action for ``seat``: ``{"ok": true, "snapshot"}`` or an error."""
        game = self._need_game()
        s = self._human_to_act(game, seat)
        if not isinstance(action, str) or len(action) > MAX_ACTION_TEXT:
            raise HostError("bad_action", f"an action is a line of text of at most {MAX_ACTION_TEXT} characters",
                            text=echo(action))
        self._apply(game, parse_action(action))
        return _dumps(ok_reply({"snapshot": self._snapshot(s)}))

    @_guarded
    def act(self, seat: int, intent: str) -> str:
        """Play a human's intent for ``seat``: a :class:`~canasta.protocol.ActionRecord` as
        JSON, with the player's own cards; what it leaves open (which group goes with the
        top card, which meld an ``add`` joins) the engine fills in (``canasta.intents``).
        Returns ``{"ok": true, "action": record, "snapshot"}`` or an error."""
        game = self._need_game()
        try:
            data = loads(intent, "bad_request", "the intent", "bad_request")
            record = ActionRecord.from_json(data)
        except CanastaError as e:  # not JSON, or past canasta.limits
            raise HostError("bad_request", f"the intent is not an action record: {e.message}",
                            field=e.params.get("limit", "")) from None
        except ValueError as e:  # a ProtocolError
            field = e.field if isinstance(e, ProtocolError) else ""
            raise HostError("bad_request", f"the intent is not an action record: {e}", field=field) from None
        s = self._human_to_act(game, seat)
        state = game.state
        action = resolve(state, record)
        self._apply(game, action)
        return _dumps(ok_reply({"action": action_record(state, action).to_json(), "snapshot": self._snapshot(s)}))

    @_guarded
    def bot_step(self, viewer: int | None = None) -> str:
        """Let the bot in turn play one action: ``{"ok": true, "seat", "action", "snapshot"}``,
        the snapshot of ``viewer`` (default the first human seat). With several humans at
        one device (issue 41, pass-and-play) the screen names the human whose table it
        shows, so that the bots' moves never bring it another human's hand."""
        game = self._need_game()
        shown = self._viewer() if viewer is None else self._seat(viewer)
        seat, state, action = self._bot_move(game)
        return _dumps(ok_reply({"seat": seat, "action": str(action), "record": action_record(state, action).to_json(),
                                "snapshot": self._snapshot(shown)}))

    @_guarded
    def bot_run(self, viewer: int | None = None, budget_ms: int = 0) -> str:
        """Let the bots play on: ``{"ok": true, "moves", "snapshot"}``. One bot action, as
        ``bot_step``, then more while a bot is to act, the hand goes on and ``budget_ms``
        (wall clock, from the call) has not passed; the snapshot is ``viewer``'s after the
        last. At speed "instant" the screen draws no move between its frames, so one call
        replaces a call per move (issue 39: seven moves before the player's first turn took
        about 25 ms of calls and answers on the page). The game is the same, decision for
        decision, as with ``bot_step`` (each is seeded by the deal, seat, hand and step).
        A failure after the first move ends the run there: the moves played are answered
        (the game has them), and the next call, which starts with the failing move,
        reports it."""
        game = self._need_game()
        shown = self._viewer() if viewer is None else self._seat(viewer)
        budget = _int(budget_ms)
        if budget is None or not 0 <= budget <= MAX_BOT_RUN_MS:
            raise HostError("bad_request", f"budget_ms: an integer from 0 to {MAX_BOT_RUN_MS}", field="budget_ms")
        start = time.perf_counter()
        self._bot_move(game)
        moves = 1
        while (not game.hand_over and game.state.turn not in self._humans
               and (time.perf_counter() - start) * 1000 < budget):
            try:
                self._bot_move(game)
            except Exception:
                # A bot's bug: the moves already played are answered with their snapshot
                # (the game has them); the next call, which starts with this move, reports it.
                break
            moves += 1
        return _dumps(ok_reply({"moves": moves, "snapshot": self._snapshot(shown)}))

    def _bot_move(self, game: Game) -> tuple[int, Any, Any]:
        """The bot in turn plays one action (its prepared decision if the game is still
        where it was made): (seat, the state before, action)."""
        if game.hand_over:
            raise HostError("not_bot_turn", "the hand is over", turn=-1)
        seat = game.state.turn
        if seat in self._humans:
            raise HostError("not_bot_turn", f"seat {seat} is a human's", turn=seat)
        legal = tuple(game.legal_actions())  # a plain tuple: the list, without the state behind it
        action = self._prepared_for(game)
        self._prepared = None
        if action is None:
            action = self._decide(game, seat, legal)
        if action not in legal:
            raise HostError("internal_error", f"bot {self._bot_name(seat)!r} chose an action not listed: {action}",
                            action=str(action))
        state = game.state
        self._apply(game, action, explain(self._view(seat), legal, action))
        return seat, state, action

    @_guarded
    def prepare(self) -> str:
        """Make the next bot's decision ahead of its ``bot_step``, while the screen still
        shows the last move: ``{"ok": true, "prepared": bool}`` (false: no bot is to act).
        Nothing is played. ``bot_step`` plays the decision only if the game is still at
        that very state (HandState is immutable: any move, undo, load or new deal makes
        another), so the game is the same as without it: the decision is the one
        ``bot_step`` would make, with the same seed. The browser's engine worker calls this
        once it has had no call for a moment (issue 42: the expert's thinking, up to its
        cap on a phone, overlaps the pause between the bots' moves)."""
        game = self._game
        if game is None or game.hand_over or game.state.turn in self._humans:
            return _dumps(ok_reply({"prepared": False}))
        if self._prepared_for(game) is None:
            seat = game.state.turn
            self._prepared = (game, game.state, self._decide(game, seat, tuple(game.legal_actions())))
        return _dumps(ok_reply({"prepared": True}))

    def _prepared_for(self, game: Game) -> Any:
        """The decision ``prepare`` made for this game at its present state, or None."""
        prepared = self._prepared
        if prepared is not None and prepared[0] is game and prepared[1] is game.state:
            return prepared[2]
        return None

    def _decide(self, game: Game, seat: int, legal: tuple[Any, ...]) -> Any:
        """The action the bot at ``seat`` chooses now: its level, seeded by the deal, the
        seat, the hand and the step (the same choice however often it is asked)."""
        bot = self._make_bot(self._bot_name(seat), _bot_seed(game.seed, seat, game.hand_number,
                                                             len(game.hand_actions[-1])))
        return bot.choose(self._view(seat), legal)

    @_guarded
    def hint(self, seat: int) -> str:
        """The expert's suggestion for a human ``seat`` that is to act (its turn, or its
        answer to the partner): ``{"ok": true, "action", "reason": {"code", "params"}}``.
        Nothing is played: the game is left exactly as it was."""
        game = self._need_game()
        s = self._seat(seat)
        if game.hand_over or s not in self._humans or game.state.turn != s:
            raise HostError("not_your_turn", f"seat {s} is not a human seat to act now", seat=s,
                            turn=-1 if game.hand_over else game.state.turn)
        legal = tuple(game.legal_actions())
        view = self._view(s)
        bot = self._make_bot("expert", _bot_seed(game.seed, s, game.hand_number,
                                                 len(game.hand_actions[-1])) ^ 0x5EED)
        action = bot.choose(view, legal)
        return _dumps(ok_reply({"action": str(action), "hint": action_record(game.state, action).to_json(),
                                "reason": explain(view, legal, action)}))

    @_guarded
    def undo(self, seat: int) -> str:
        """Take back the human ``seat``'s last action of the hand (``canasta.undo``: a meld,
        add, merge or swap of its turn, its discard until the next seat acts; never past a
        draw or a taken pile): ``{"ok": true, "undone": "<notation>", "snapshot"}``, or
        ``nothing_to_undo`` with the ``reason``, the game unchanged."""
        game = self._need_game()
        s = self._seat(seat)
        if s not in self._humans:
            raise HostError("bad_seat", f"seat {s} is a bot's", seat=s)
        reason = self._undo_refusal(game, s)
        if reason:
            raise HostError("nothing_to_undo", f"nothing to take back: {reason}", reason=reason)
        undone = game.hand_actions[-1][-1]
        replayed = _undo.without_last(game)
        return self._switch(replayed, self._options, _replay_log(replayed, self._humans),
                            lambda: ok_reply({"undone": undone, "snapshot": self._snapshot(s)}))

    @_guarded
    def next_hand(self, viewer: int | None = None) -> str:
        """Deal the next hand (the current one must be over); returns the snapshot of
        ``viewer`` (default the first human seat; see ``bot_step``)."""
        game = self._need_game()
        shown = self._viewer() if viewer is None else self._seat(viewer)
        game.next_hand()
        return _dumps(self._snapshot(shown))

    @_guarded
    def save(self) -> str:
        """The save object as JSON."""
        self._need_game()
        return _dumps(self._save())

    @_guarded
    def replay(self, record: str, hand: int, seat: int = 0) -> str:
        """The frames of a finished hand of a game's record (``canasta.replay``), every
        hand open: ``{"ok", "v", "hand", "hands", "seat", "frames", "sheet", "scores"}``.
        Reads the record alone: the game in progress is left as it was."""
        h, s = _int(hand), _int(seat)  # a whole number from JavaScript may come as a float
        from .replay import hand_frames

        return _dumps(ok_reply(hand_frames(record, hand if h is None else h, seat if s is None else s)))

    @_guarded
    def load(self, save: str) -> str:
        """Restore a saved game: ``{"ok": true, "snapshot"}`` or a ``bad_save`` error."""
        game, opts = self._readable_save(save)
        return self._switch(game, opts, _replay_log(game, frozenset(opts["humans"])),
                            lambda: ok_reply({"snapshot": self._snapshot(self._viewer())}))

    @_guarded
    def check_save(self, save: str) -> str:
        """``{"ok": true}`` if ``load`` would read ``save``, else the ``bad_save`` refusal
        ``load`` gives; the game in progress is left as it is (issue 39: a page that deals
        a new game at once checks the save it replaces after dealing, and keeps an
        unreadable one aside, instead of loading it first)."""
        self._readable_save(save)
        return _dumps(ok_reply({}))

    @_guarded
    def export_record(self, meta: str) -> str:
        """The game as a file (``canasta.recordfile``): ``meta`` is JSON ``{"names": [one per
        seat], "started", "exported"}`` (ISO 8601 dates: the engine has no clock). Returns
        ``{"ok": true, "text": the file, "name": its file name}``; the game is unchanged."""
        from . import recordfile

        game = self._need_game()
        data = loads(meta, "bad_request", "the file's details", "bad_request")
        if not isinstance(data, dict):
            raise HostError("bad_request", "the file's details are a JSON object")
        try:
            body = recordfile.write(game, self._options, data.get("names"), data.get("started"), data.get("exported"))
        except RecordFileError as e:  # the page's own details, not a file: a bad request
            raise HostError("bad_request", e.message, field=e.params.get("field", "")) from None
        return _dumps(ok_reply({"text": json.dumps(body, indent=1, ensure_ascii=False),
                                "name": recordfile.file_name(game.rules.name, body["exported"])}))

    @_guarded
    def read_record_file(self, text: str) -> str:
        """Check a game file (``canasta.recordfile.read``: format, version, digest, the
        replay and its scores; the options against the record) without touching the game
        in progress: ``{"ok": true, "save": a save for ``load``, "summary"}``, or an error
        whose code says what is wrong (``file_*``)."""
        from . import recordfile

        rf = recordfile.read(text)
        try:
            opts, rules = _options(rf.options, "file_malformed")
        except CanastaError as e:
            raise RecordFileError("file_malformed", f"options: {e.message}", reason=e.code) from None
        if rf.game.rules != rules or rf.game.seed != opts["seed"]:
            raise RecordFileError("file_malformed", "the options and the record do not describe the same game")
        save = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "options": opts, "record": rf.record}
        return _dumps(ok_reply({"save": save, "summary": rf.summary()}))

    # ------------------------------------------------------------- internals
    def _switch(self, game: Game, options: dict[str, Any], log: list[dict[str, Any]],
                reply: Callable[[], dict[str, Any]]) -> str:
        """Start ``game`` and answer ``reply()``: if the answer cannot be built, the game
        that was in progress is put back (a failed call changes nothing)."""
        kept = (self._game, self._options, self._humans, self._log, self._table)
        self._start(game, options, log)
        try:
            return _dumps(reply())
        except BaseException:
            self._game, self._options, self._humans, self._log, self._table = kept
            raise

    def _start(self, game: Game, options: dict[str, Any], log: list[dict[str, Any]]) -> None:
        self._game = game
        self._options = options
        self._humans = frozenset(options["humans"])
        self._log = log[-LOG_SIZE:]
        r = game.rules
        self._table = {"variant": r.name, "players": r.players, "target": r.target,
                       "switches": table_switches(r)}

    def _need_game(self) -> Game:
        if self._game is None:
            raise HostError("no_game", "no game: start one with new_game or load")
        return self._game

    def _human_to_act(self, game: Game, seat: Any) -> int:
        """``seat`` checked as the human seat to act (any seat once the hand is over: the
        refusal then names the hand's end)."""
        s = self._seat(seat)
        if not game.hand_over and (s not in self._humans or game.state.turn != s):
            who = "a bot's" if game.state.turn not in self._humans else f"seat {game.state.turn}'s"
            raise HostError("not_your_turn", f"it is {who} turn, not seat {s}'s", seat=s, turn=game.state.turn)
        return s

    def _seat(self, seat: Any) -> int:
        game = self._need_game()
        s = _int(seat)
        if s is None or not 0 <= s < game.rules.players:
            raise HostError("bad_seat", f"no seat {echo(seat)} at this table", seat=echo(seat))
        return s

    def _bot_name(self, seat: int) -> str:
        """The level playing ``seat``: its own (``bots``) or the table's (``bot``)."""
        return str(self._options.get("bots", {}).get(str(seat), self._options["bot"]))

    def _make_bot(self, name: str, seed: int) -> Bot:
        if name != "expert":
            return get_bot(name, seed)
        from .bots.expert import ExpertBot  # on first use: see canasta.bots._LATER

        return ExpertBot.capped(seed, self._options.get("expert_rollouts"), self._options.get("expert_think_ms"))

    def _undo_refusal(self, game: Game, seat: int) -> str:
        """Why ``seat`` may not take back its last action now ("" when it may):
        ``canasta.undo``'s reasons, and ``next_seat`` once the turn is another human's.
        A discard may come back until the next seat acts, but with several humans at one
        device (issue 41) the next human has the device and has seen the pile: the
        discard is theirs to answer, not the discarder's to take back."""
        reason = _undo.refusal(game, seat)
        if not reason and game.state.turn != seat and game.state.turn in self._humans:
            return "next_seat"
        return reason

    def _viewer(self) -> int:
        """The seat whose snapshot the host returns when none is named."""
        return min(self._humans) if self._humans else 0

    def _view(self, seat: int) -> dict[str, Any]:
        # Game.view already carries the table's rule overrides (views.view: public)
        return self._need_game().view(seat)

    def _apply(self, game: Game, action: Any, reason: dict[str, Any] | None = None) -> None:
        entry = move_entry(game.state, action, game.hand_number, reason)
        game.apply(action)  # raises with the game unchanged
        self._log.append(entry)
        del self._log[:-LOG_SIZE]

    def _save(self) -> dict[str, Any]:
        game = self._need_game()
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "options": dict(self._options),
                "record": game.record()}

    def _snapshot(self, seat: int) -> dict[str, Any]:
        game = self._need_game()
        state = game.state
        over = state.over
        turn = state.turn
        return ok_reply({
            "view": self._view(seat),
            **screen_records(state, seat),
            "turn": turn,
            "human_turn": not over and turn in self._humans,
            "hand_over": over,
            "game_over": game.over,
            "scores": list(game.scores),
            "last_hand": [s.to_dict() for s in game.results[-1]] if game.results else None,
            "history": [[s.to_dict() for s in sheet] for sheet in game.results],
            "left_over": [[c.text for c in h] for h in state.hands] if over else None,
            "log": [dict(e) for e in self._log],
            "table": {**self._table, "switches": dict(self._table["switches"])},
            "options": dict(self._options),
            "moves": len(game.hand_actions[-1]),
            "undo": seat in self._humans and not self._undo_refusal(game, seat),
        })

    def _readable_save(self, save: Any) -> tuple[Game, dict[str, Any]]:
        """The game and options of a save, or ``bad_save``: anything unreadable is a bad save."""
        try:
            return self._read_save(save)
        except Exception as e:
            message = e.message if isinstance(e, CanastaError) else f"{type(e).__name__}: {e}"
            inner = e.code if isinstance(e, CanastaError) else type(e).__name__
            raise HostError("bad_save", f"the saved game cannot be read: {message}", reason=inner) from None

    def _read_save(self, save: Any) -> tuple[Game, dict[str, Any]]:
        if not isinstance(save, str):
            raise HostError("bad_save", "a save is a JSON text")
        data = loads(save, "bad_save", "the save")  # not JSON at all: bad_json (damaged data)
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise HostError("bad_save", f"not a saved game (expected format {SAVE_FORMAT!r})")
        version = data.get("version")
        if type(version) is not int or version != SAVE_VERSION:  # the integer only: not true, not 1.0
            raise HostError("bad_save", f"save version {echo(version)} is not supported "
                            f"(this engine reads version {SAVE_VERSION})")
        opts, rules = _options(data.get("options"), "bad_save")
        game = Game.from_record(data.get("record"))
        start = opts.get("start") or {"hand": 1, "scores": [0] * rules.sides}
        if (game.rules != rules or game.seed != opts["seed"] or game.first_hand != start["hand"]
                or list(game.start_scores) != start["scores"]):
            raise HostError("bad_save", "the options and the record do not describe the same game")
        return game, opts


def _replay_log(game: Game, humans: frozenset[int]) -> list[dict[str, Any]]:
    """The latest log entries of a loaded game, as they were written while it was played:
    its record is played again from the deal, so each entry sees the state its action
    was played in (the pile's size for a take, a bot's reason). Only the last
    :data:`LOG_SIZE` actions are kept, so only theirs are explained."""
    record = game.record()
    replay = Game(game.rules, game.seed, first_dealer=game.first_dealer, first_hand=game.first_hand,
                  scores=game.start_scores)
    total = sum(len(h) for h in record["hands"])
    out: list[dict[str, Any]] = []
    step = 0
    for h, actions in enumerate(record["hands"]):
        if h:
            replay.next_hand()
        for text in actions:
            action = parse_action(text)
            reason = None
            seat = replay.state.turn
            if step >= total - LOG_SIZE and seat not in humans:
                reason = explain(replay.view(seat), tuple(replay.legal_actions()), action)
            if step >= total - LOG_SIZE:
                out.append(move_entry(replay.state, action, replay.hand_number, reason))
            replay.apply(action)
            step += 1
    return out


class TrialHost:
    """A reader trying a live rule example (``canasta.trial``) behind the same JSON
    interface: the embed page's engine calls (``example_start``, ``example_act``,
    ``example_show_me``, ``example_restart``)."""

    def __init__(self) -> None:
        self._trial: Trial | None = None

    def _need(self) -> Trial:
        if self._trial is None:
            raise HostError("no_game", "no example: start one with example_start")
        return self._trial

    @_guarded
    def start(self, example: str) -> str:
        """Start trying an example (its JSON, as in web/examples): the table and the goal."""
        from .examples import read_example
        from .trial import Trial

        trial = Trial(read_example(loads(example, "bad_example", "the example", "bad_request")))
        self._trial = trial
        goal = trial.goal
        return _dumps(ok_reply({"snapshot": trial.snapshot(), "mode": trial.example.mode,
                                "goal": {"kind": goal.kind, "caption": goal.caption}}))

    @_guarded
    def frames(self, encoded: str) -> str:
        """An example written into a link (``examples.encode``): checked by the engine,
        then its stills (``examples.frames``) for the screen to draw, and the example
        itself (to try it). A broken example is refused with what is wrong with it."""
        from .examples import check_example, decode, frames, read_example

        data = decode(encoded)
        problems = check_example(data)
        if problems:
            raise HostError("bad_example", "; ".join(problems)[:500], problems="; ".join(problems)[:500])
        return _dumps(ok_reply({"example": data, "frames": frames(read_example(data))}))

    @_guarded
    def act(self, intent: str) -> str:
        """Judge the reader's intent: ``{"verdict", "action", "error", "tries", "snapshot"}``."""
        trial = self._need()
        try:
            record = ActionRecord.from_json(loads(intent, "bad_request", "the intent", "bad_request"))
        except ProtocolError as e:
            raise HostError("bad_request", f"the intent is not an action record: {e.message}", field=e.field) from None
        verdict = trial.act(record)
        return _dumps(ok_reply({**verdict, "snapshot": trial.snapshot()}))

    @_guarded
    def show_me(self) -> str:
        trial = self._need()
        return _dumps(ok_reply({"solution": trial.show_me(), "snapshot": trial.snapshot()}))

    @_guarded
    def restart(self) -> str:
        trial = self._need()
        trial.restart()
        return _dumps(ok_reply({"snapshot": trial.snapshot(), "tries": trial.tries}))


_HOST = Host()
_TRIALS = TrialHost()


def forget() -> str:
    """Drop the game and the rule example this module holds: the host as just imported.
    The browser's engine worker takes its memory snapshot once idle, during play (issue
    39: never before the first game), and calls this after booting from one, so that a
    return visit never starts with that game."""
    global _HOST, _TRIALS
    _HOST = Host()
    _TRIALS = TrialHost()
    return _dumps(ok_reply({}))


def example_start(example: str) -> str:
    return _TRIALS.start(example)


def example_frames(encoded: str) -> str:
    return _TRIALS.frames(encoded)


def example_act(intent: str) -> str:
    return _TRIALS.act(intent)


def example_show_me() -> str:
    return _TRIALS.show_me()


def example_restart() -> str:
    return _TRIALS.restart()


def new_game(options: str) -> str:
    return _HOST.new_game(options)


def catalog() -> str:
    """Every preset, its player counts and house-rule switches (``canasta.catalog``), as JSON."""
    return _dumps(ok_reply(_catalog()))


def snapshot(seat: int) -> str:
    return _HOST.snapshot(seat)


def play(seat: int, action: str) -> str:
    return _HOST.play(seat, action)


def bot_step(viewer: int | None = None) -> str:
    return _HOST.bot_step(viewer)


def bot_run(viewer: int | None = None, budget_ms: int = 0) -> str:
    return _HOST.bot_run(viewer, budget_ms)


def hint(seat: int) -> str:
    return _HOST.hint(seat)


def prepare() -> str:
    return _HOST.prepare()


def hint_reasons() -> str:
    """The reason codes a hint can carry, with their English meaning (docs/bots.md)."""
    return _dumps(ok_reply({"reasons": dict(HINT_REASONS)}))


def next_hand(viewer: int | None = None) -> str:
    return _HOST.next_hand(viewer)


def save() -> str:
    return _HOST.save()


def load(save: str) -> str:
    return _HOST.load(save)


def check_save(save: str) -> str:
    return _HOST.check_save(save)


def replay(record: str, hand: int, seat: int = 0) -> str:
    return _HOST.replay(record, hand, seat)
def export_record(meta: str) -> str:
    return _HOST.export_record(meta)


def read_record_file(text: str) -> str:
    return _HOST.read_record_file(text)


def act(seat: int, intent: str) -> str:
    return _HOST.act(seat, intent)


def undo(seat: int) -> str:
    return _HOST.undo(seat)
