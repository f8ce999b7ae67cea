"""The engine's one error hierarchy (DESIGN.md convention 5).

Every refusal carries a stable ``code`` (snake_case, never renamed: the UI translates it
from its catalogs), the ``params`` that explain it, and an English ``message``.
"""

from __future__ import annotations

from typing import Any

#: Most characters of a caller's text an error repeats (in its message or a parameter):
#: a refused 1 MB action answers a short error (``canasta.limits`` lists every limit).
MAX_ECHO = 200
#: Most characters of an error's message (the echoed text and the engine's own words).
MAX_MESSAGE = 2 * MAX_ECHO + 200
_BIG = 10 ** 24


def echo(value: Any, limit: int = MAX_ECHO) -> str:
    """A short, safe ``repr`` of a caller's value for an error: strings cut to ``limit``
    characters, huge integers by their size, arrays and objects by their length (never
    walked, so any depth is safe)."""
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else repr(value[:limit]) + f"… ({len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and not -_BIG < value < _BIG:
        return f"<an integer of {value.bit_length()} bits>"
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value)
    # Anything else by its repr when that is short and can be made (a few cards, an
    # action's groups), else by its kind and size. Containers are printed only when they
    # are at most two levels deep: a deeper value is never walked (printing one thousands
    # of levels deep overflows the JavaScript stack under Pyodide before Python can stop).
    if _shallow(value):
        try:
            text = repr(value)
        except Exception:  # a __repr__ that fails
            text = ""
        if text and len(text) <= limit:
            return text
    if isinstance(value, (list, tuple)):
        return f"<an array of {len(value)}>"
    if isinstance(value, dict):
        return f"<an object of {len(value)} keys>"
    return f"<{type(value).__name__}>"


def _shallow(value: Any) -> bool:
    """A value that is no container, or a container of at most 20 items, each no
    container or one of at most 20 items that holds none (two levels at most)."""
    if not isinstance(value, (list, tuple, dict, set, frozenset)):
        return True
    if len(value) > 20:
        return False
    for item in (value.values() if isinstance(value, dict) else value):
        if isinstance(item, (list, tuple, dict, set, frozenset)):
            if len(item) > 20 or any(isinstance(x, (list, tuple, dict, set, frozenset))
                                     for x in (item.values() if isinstance(item, dict) else item)):
                return False
    return True


def _param(value: Any) -> Any:
    """A parameter as an error keeps it: text cut short, a huge integer by its size."""
    if isinstance(value, str):
        return value if len(value) <= MAX_ECHO else value[:MAX_ECHO] + "…"
    if isinstance(value, int) and not isinstance(value, bool) and not -_BIG < value < _BIG:
        return echo(value)
    return value


class CanastaError(Exception):
    """Base of every error the engine raises on purpose.

    The message and text parameters are cut to :data:`MAX_MESSAGE` and :data:`MAX_ECHO`
    characters and a huge integer parameter becomes a short text: whatever a caller
    sent, an error stays small and serializable."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        if len(message) > MAX_MESSAGE:
            message = message[:MAX_MESSAGE] + "…"
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: dict[str, Any] = {k: _param(v) for k, v in params.items()}

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``{"code", "message", "params"}``."""
        return {"code": self.code, "message": self.message, "params": dict(self.params)}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class NotationError(CanastaError):
    """A card, action, position, record or scenario text that cannot be read."""


class RulesError(CanastaError):
    """A rules object, rule override or variant name that is not valid."""


class IllegalAction(CanastaError):
    """A well-formed action the rules do not allow now. The state is left unchanged."""


class CommandError(CanastaError):
    """A request of the measuring commands (``match``, ``compare``, ``simulate``) that
    cannot be carried out: a pairs file that cannot be read or written, two that cannot
    be compared, more bots than seats. Never raised by the game or the host, so its
    codes are not among the host's (``host.ERROR_CODES``)."""


class RecordFileError(CanastaError):
    """A game file (``canasta.recordfile``) that cannot be taken back in: malformed, of
    another format or version, edited since it was exported, or whose record does not
    replay to the scores it states. The game in progress is never touched by one."""
