"""localStorage as the UI's tests give it (web/ui_store.py's Store wraps it)."""

from __future__ import annotations


class FakeStorage:
    """localStorage's three methods; ``full`` refuses every write, as a full quota does."""

    def __init__(self, items: dict[str, str] | None = None, full: bool = False) -> None:
        self.items = dict(items or {})
        self.full = full

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the browser's name)
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if self.full:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)
