"""Canasta rules engine (package ``canasta``)."""

__version__ = "0.1.0"
