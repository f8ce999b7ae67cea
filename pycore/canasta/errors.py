"""The engine's one error hierarchy (DESIGN.md convention 5).

Every refusal carries a stable ``code`` (snake_case, never renamed: the UI translates it
from its catalogs), the ``params`` that explain it, and an English ``message``.
"""

from __future__ import annotations

from typing import Any


class CanastaError(Exception):
    """Base of every error the engine raises on purpose."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: dict[str, Any] = params

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``{"code", "message", "params"}``."""
        return {"code": self.code, "message": self.message, "params": dict(self.params)}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)`` for a message, cut to ``limit`` characters; never raises (an int
    too long to print, or a ``__repr__`` that fails, is shown by its type)."""
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


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
