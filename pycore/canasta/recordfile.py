"""A game kept as a file: the record a player exports, and checks it on the way back in
(issue 41, "A game's record can be exported as a file and imported again").

The file is JSON (``*.canasta.json``)::

    {"format": "canasta-game-file", "version": 1,
     "options": {...the host's options...}, "record": {...Game.record()...},
     "names": ["You", "West", ...], "started": "2026-12-04T19:30:00Z", "exported": "...",
     "hand_scores": [[side totals of hand 1], ...], "scores": [game totals],
     "digest": "sha256:<hex>"}

``digest`` is the SHA-256 of the file's canonical form without it (:func:`canonical`:
sorted keys, no spaces, ASCII only), so an edited file is told from a damaged or
tampered one (``file_tampered``) before anything is replayed. A digest is no signature
(anyone can recompute it), so :func:`read` also replays the record through the engine:
an action the rules refuse is ``file_illegal``, and written scores that the replay does
not reach are ``file_scores``. The engine has no clock: the dates are the caller's, and
are only checked for shape.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

from .errors import CanastaError, RecordFileError, echo
from .game import Game
from .limits import check_header, loads

FILE_FORMAT = "canasta-game-file"
FILE_VERSION = 1
#: What a file's name ends with (the browser's file picker offers these).
FILE_SUFFIX = ".canasta.json"
#: Most characters of a player's name in a file.
MAX_NAME = 40
#: A date as the page writes it: an ISO 8601 day, optionally with a time (UTC).
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?Z?)?$")
_FIELDS = frozenset({"format", "version", "options", "record", "names", "started", "exported", "hand_scores",
                     "scores", "digest"})


@dataclass(frozen=True, slots=True)
class RecordFile:
    """A file read and checked: its parts, and the game its record replays to."""

    options: dict[str, Any]
    record: dict[str, Any]
    names: tuple[str, ...]
    started: str
    exported: str
    game: Game

    def summary(self) -> dict[str, Any]:
        """What a screen shows of the file before the player decides what to do with it."""
        g = self.game
        return {"variant": g.rules.name, "players": g.rules.players, "names": list(self.names),
                "started": self.started, "exported": self.exported, "hands": len(g.hand_actions),
                "hands_finished": len(g.results), "scores": list(g.scores), "game_over": g.over,
                "winner": g.winner}


def canonical(data: dict[str, Any]) -> str:
    """The one text of ``data`` the digest is computed over: whatever spacing or key order
    the file was written with, the same data gives the same text (ASCII escapes, so no
    Unicode normalization can change it)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def digest(body: dict[str, Any]) -> str:
    """``sha256:<hex>`` of the canonical form of ``body`` without its ``digest`` field."""
    rest = {k: v for k, v in body.items() if k != "digest"}
    return "sha256:" + hashlib.sha256(canonical(rest).encode("ascii")).hexdigest()


def file_name(variant: str, exported: str) -> str:
    """The name a download gets: ``canasta-<variant>-<day>.canasta.json``."""
    return f"canasta-{variant}-{exported[:10]}{FILE_SUFFIX}"


def _date(value: Any, name: str) -> str:
    if not isinstance(value, str) or not _DATE.match(value):
        raise RecordFileError("file_malformed", f"{name}: expected an ISO 8601 date, not {echo(value)}", field=name)
    return value


def _names(value: Any, players: int) -> tuple[str, ...]:
    if (not isinstance(value, list) or len(value) != players
            or not all(isinstance(n, str) and len(n) <= MAX_NAME for n in value)):
        raise RecordFileError("file_malformed", f"names: expected {players} names of at most {MAX_NAME} characters",
                              field="names")
    return tuple(value)


def write(game: Game, options: dict[str, Any], names: Any, started: Any, exported: Any) -> dict[str, Any]:
    """The file of ``game`` (played with the host's ``options``), with its digest; the
    names and dates are checked (``file_malformed``), so a caller may pass what it was sent."""
    body: dict[str, Any] = {
        "format": FILE_FORMAT, "version": FILE_VERSION, "options": dict(options), "record": game.record(),
        "names": list(_names(names, game.rules.players)), "started": _date(started, "started"),
        "exported": _date(exported, "exported"),
        "hand_scores": [[s.total for s in sheet] for sheet in game.results], "scores": list(game.scores),
    }
    body["digest"] = digest(body)
    return body


def read(text: Any) -> RecordFile:
    """Read a file's text and check it all (module docstring), or raise
    :class:`RecordFileError` with one of ``file_malformed``, ``file_format``,
    ``file_version``, ``file_tampered``, ``file_illegal``, ``file_scores``."""
    try:
        data = loads(text, "file_malformed", "the file", "file_malformed")
    except CanastaError as e:  # not JSON, or past canasta.limits
        raise RecordFileError("file_malformed", e.message, **e.params) from None
    check_header(data, FILE_FORMAT, FILE_VERSION, "a Canasta game file", RecordFileError,
                 format_code="file_format", version_code="file_version")
    unknown = sorted(set(data) - _FIELDS)
    missing = sorted(_FIELDS - set(data))
    if unknown or missing:
        raise RecordFileError("file_malformed", f"fields: unknown {unknown}, missing {missing}",
                              field=(unknown + missing)[0])
    if data["digest"] != digest(data):
        # Checked before the replay: an edited file is said to be edited, whatever it holds.
        raise RecordFileError("file_tampered", "the file was changed after it was exported (its digest differs)")
    options, record = data["options"], data["record"]
    if not isinstance(options, dict) or not isinstance(record, dict):
        raise RecordFileError("file_malformed", "options and record: expected objects", field="record")
    try:
        game = Game.from_record(record)
    except CanastaError as e:
        raise RecordFileError("file_illegal", f"the record does not replay: {e.message}", reason=e.code,
                              **{k: v for k, v in e.params.items() if k in ("hand", "step")}) from None
    names = _names(data["names"], game.rules.players)
    started, exported = _date(data["started"], "started"), _date(data["exported"], "exported")
    replayed = [[s.total for s in sheet] for sheet in game.results]
    if data["hand_scores"] != replayed or data["scores"] != list(game.scores):
        raise RecordFileError("file_scores", f"the written scores are not those of the game replayed "
                              f"({echo(data['scores'])} written, {list(game.scores)} replayed)")
    return RecordFile(dict(options), dict(record), names, started, exported, game)
