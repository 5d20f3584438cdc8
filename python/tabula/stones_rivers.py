"""Stones and Rivers: a ``Board`` in the 2024 turn notation and position string."""

from ._tabula import StonesRiversBoard as Board

__all__ = ["Board"]
