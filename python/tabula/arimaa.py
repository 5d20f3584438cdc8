"""Arimaa: a ``Board`` in long and short notation.

Positions are ``g [<64 squares>]`` (side to move, then rank 8 first, files a..h, ``.`` empty).
"""

from ._tabula import ArimaaBoard as Board

__all__ = ["Board"]
