"""Fuzzes ``tabula.backgammon.Board.play(text, dice)`` on positions of real and random matches
and the starting position.

The first byte of an input picks the position, the next two are the dice (the numbers 1 to 6
most of the time, else any character); the rest, decoded as UTF-8 (undecodable bytes as lone
surrogates), is the play. A refused play leaves the board as it was; a play made returns a
standard text that, played on the position again, reaches the same position.

    python python/fuzz/fuzz_play.py -max_total_time=600
"""

import _harness

if __name__ == "__main__":
    _harness.start("play", "fuzz_play")  # before tabula is imported; does not return

import tabula
from tabula import backgammon

# What the interface allows a call to raise (../shared/python.md); anything else is a finding.
ALLOWED = (tabula.TabulaError, TypeError, ValueError)

POSITIONS = [
    None,
    "4HPwATDgc/ABMA",
    "bJ4mAQNqzsEBMA",
    "m7sDIAQzGxDAYw",
    "u7dAABjs3gAAAA",
    "fwAAAD8AAAAAAA",
    "zw+AhQS9gyCQTA",
]


def die(b: int) -> str:
    return str(b % 6 + 1) if b < 0xF0 else chr(b - 0xC0)


def one_input(data: bytes) -> None:
    (p, d1, d2), rest = _harness.take(data, 3)
    position = POSITIONS[p % len(POSITIONS)]
    dice = die(d1) + die(d2)
    text = rest.decode("utf-8", "surrogateescape")
    board = backgammon.Board(position)
    played = _harness.played(board, lambda b: b.play(text, dice), ALLOWED, "play")
    if played is None:
        return
    after = board.position
    again = backgammon.Board(position)
    again.play(played, dice)
    assert again.position == after, (text, played)

