"""The engine's limits on what it reads: one place, documented in docs/engine.md "Errors".

Every parser, loader and runner reads JSON through :func:`loads` (text) or checks data
handed over as Python objects with :func:`check_data`, so that no input can exhaust the
stack (nesting), the time of ``int``/``str`` conversions (huge integers) or the memory
(huge texts) before the engine's own checks see it. Both refuse with a
:class:`~canasta.errors.NotationError` carrying the caller's code (``bad_position``,
``bad_record``, ``bad_scenario``, ``bad_save``, ``bad_options``, ``bad_request``) and
``limit`` naming the limit; text that is not JSON at all is ``bad_json`` (the host's
calls answer their own code for both). Neither recurses.

Three limits bound work rather than input: ``MAX_OPENING_STEPS`` and ``MAX_OPENINGS``, the
budget ``legal_actions`` spends enumerating the minimal openings of a side that has not
opened, and ``MAX_SEQUENCE_CHOICES``, the going-out search's (docs/engine.md "Legal
actions"). Past them the work stops, never refused: the list is cut, a "may I go out?"
may be answered no.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from .errors import MAX_ECHO, CanastaError, NotationError, echo

#: Most characters of one JSON text: a position, record, scenario, save, options or intent.
#: A long game's save is well under 1 MB (about 1.5 KB a hand).
MAX_TEXT = 2_000_000
#: Deepest nesting of arrays and objects (a scenario's position's melds' cards are 5 deep).
MAX_DEPTH = 32
#: Most digits of an integer (seeds, scores, rule values): far below CPython's 4300-digit
#: conversion limit, and above any score (rule values stay within ±10^7).
MAX_INT_DIGITS = 24
#: Most values (arrays, objects, strings, numbers) in data handed over as objects.
MAX_NODES = 500_000
#: Most characters of an action's text (a meld of a whole 150-card hand is under 600).
MAX_ACTION_TEXT = 2_000
#: Most group choices ``legal_actions`` tries while enumerating the minimal openings of
#: one verb (new melds, or takes of the pile) for a side that has not opened: a crafted
#: hand of 40 cards holds tens of thousands of them. Random play spends at most 1,155.
MAX_OPENING_STEPS = 20_000
#: Most minimal openings one verb lists (random play: at most 52). Past either
#: limit the list stops there, and holds at least one opening whenever one exists; ``in``,
#: ``is_legal`` and ``apply`` still accept every legal opening.
MAX_OPENINGS = 200
#: The going-out search's sequence choices (``goout``): most ways to lay one suit's cards
#: in sequences, most combinations of them over the suits kept, most pairs tried when one
#: more suit joins. Past it a "no" may be wrong, a "yes" is always true. A crafted Samba
#: hand of 40 cards has millions of combinations; random play never comes near it.
MAX_SEQUENCE_CHOICES = 5_000

__all__ = ["MAX_ACTION_TEXT", "MAX_DEPTH", "MAX_ECHO", "MAX_INT_DIGITS", "MAX_NODES", "MAX_OPENINGS",
           "MAX_OPENING_STEPS", "MAX_SEQUENCE_CHOICES", "MAX_TEXT", "check_data", "loads"]

_MAX_INT = 10 ** MAX_INT_DIGITS
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def _refuse(code: str, what: str, why: str, limit: str) -> NotationError:
    return NotationError(code, f"{what}: {why}", limit=limit)


def loads(text: Any, code: str, what: str = "the text", syntax_code: str = "bad_json") -> Any:
    """Parse JSON text within the limits: too long, too deep, an integer of too many
    digits or a non-finite number raise ``code``; text that is not JSON ``syntax_code``."""
    if not isinstance(text, str):
        raise NotationError(code, f"{what}: expected JSON text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise _refuse(code, what, f"{len(text)} characters, more than {MAX_TEXT}", "MAX_TEXT")
    depth = 0
    for m in _BRACKETS.finditer(_STRING.sub('""', text)):
        depth += 1 if m.group() in "[{" else -1
        if depth > MAX_DEPTH:
            raise _refuse(code, what, f"nested more than {MAX_DEPTH} deep", "MAX_DEPTH")

    def whole(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_INT_DIGITS:
            raise _refuse(code, what, f"an integer of more than {MAX_INT_DIGITS} digits", "MAX_INT_DIGITS")
        return int(digits)

    def real(digits: str) -> float:
        value = float(digits)
        if not math.isfinite(value) or len(digits) > 64:
            raise _refuse(code, what, f"number {echo(digits)} out of range", "MAX_INT_DIGITS")
        return value

    def constant(name: str) -> Any:
        raise _refuse(code, what, f"{name} is not a number JSON allows", "MAX_INT_DIGITS")

    try:
        data = json.loads(text, parse_int=whole, parse_float=real, parse_constant=constant)
    except json.JSONDecodeError as e:
        message = f"{what}: not JSON: {e.msg} at character {e.pos}"
        if syntax_code == "bad_json":
            raise NotationError("bad_json", message) from None
        raise NotationError(syntax_code, message) from None
    except RecursionError:  # pragma: no cover - the depth scan above keeps the parser shallow
        raise _refuse(code, what, f"nested more than {MAX_DEPTH} deep", "MAX_DEPTH") from None
    return data


def check_data(data: Any, code: str, what: str = "the data") -> None:
    """Refuse (``code``) data that JSON text within the limits could not give: nested too
    deep, too many values, integers of too many digits, non-finite numbers, object keys
    that are not strings, values of other types (tuples pass as arrays). Walks the data
    with a stack of its own, never recursing."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    nodes = 0
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise _refuse(code, what, f"more than {MAX_NODES} values", "MAX_NODES")
        if value is None or isinstance(value, (bool, str)):
            continue
        if isinstance(value, int):
            if not -_MAX_INT < value < _MAX_INT:
                raise _refuse(code, what, f"an integer of more than {MAX_INT_DIGITS} digits", "MAX_INT_DIGITS")
            continue
        if isinstance(value, float):
            if not math.isfinite(value):
                raise _refuse(code, what, "a number that is not finite", "MAX_INT_DIGITS")
            continue
        if isinstance(value, (list, tuple, dict)):
            if depth > MAX_DEPTH:
                raise _refuse(code, what, f"nested more than {MAX_DEPTH} deep", "MAX_DEPTH")
            if isinstance(value, dict):
                if not all(isinstance(k, str) for k in value):
                    raise NotationError(code, f"{what}: object keys are strings")
                stack.extend((v, depth + 1) for v in value.values())
            else:
                stack.extend((v, depth + 1) for v in value)
            continue
        raise NotationError(code, f"{what}: {type(value).__name__} is not JSON data")


def cap_text(text: str, limit: int = MAX_ECHO) -> str:
    """``text`` cut to ``limit`` characters, marked when cut."""
    return text if len(text) <= limit else text[:limit] + "…"



def check_header(data: Any, fmt: str, version: int, what: str, error: type[CanastaError], *, format_code: str,
                 version_code: str) -> dict[str, Any]:
    """``data`` when it is an object of format ``fmt`` and version ``version`` (the
    integer only: not true, not 1.0), else raise ``error`` with ``format_code`` (not
    that format) or ``version_code`` (another version). ``what`` names it in messages."""
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise error(format_code, f"not {what} (expected format {fmt!r})")
    found = data.get("version")
    if type(found) is not int or found != version:
        raise error(version_code, f"{what}: version {echo(found)} is not supported (this engine reads version {version})",
                    version=echo(found))
    return data
