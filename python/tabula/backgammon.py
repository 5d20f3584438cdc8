"""Backgammon: a ``Board`` in the standard play notation, positions as gnubg Position IDs."""

from ._tabula import BackgammonBoard as Board

__all__ = ["Board"]
