"""Fuzzes ``tabula.arimaa.Board.push_short(text, view)`` on positions of every kind: the empty
board (Gold to set up), Silver to set up, and positions of real and random games.

The first byte of an input picks the position, the second the view (``g``, ``s``, ``n``, or one
that is not a view); the rest, decoded as UTF-8 (undecodable bytes as lone surrogates), is the
text. A refused turn leaves the board as it was; a turn played returns long text that
``push_long`` plays to the same position (a position record excepted: it places pieces as no
turn does), and ``pop`` takes it back.

    python python/fuzz/fuzz_push_short.py -max_total_time=600
"""

import _harness

if __name__ == "__main__":
    _harness.start("push_short", "fuzz_push_short")  # before tabula is imported; does not return

import tabula
from tabula import arimaa

# What the interface allows a call to raise (../shared/python.md); anything else is a finding.
ALLOWED = (tabula.TabulaError, TypeError, ValueError)

POSITIONS = [
    None,
    "s [................................................HDCMECDHRRRRRRRR]",
    "g [rrrrrrrrhdcemcdh................................HDCMECDHRRRRRRRR]",
    "g [...r..cr..dd.eM....rDDrh.c.ErRRCr.RmCHRRRH........R..R..........]",
    "s [rrrc.rrrrc.d..M..H....e......E.......r...D..D.R...CR..CRRRR.R.R.]",
    "s [.......rr....rrrrc..c...Hrd..dH.RmEhM...RDre..h..RC.CDRR.R..R.R.]",
    "g [...merd........rh..R...cR..r..d.H.H.r.rD.R..R..........E....C...]",
    "s [e......hRR.....................r........................M.......]",
]
VIEWS = ["g", "s", "n", "G", "x", ""]


def one_input(data: bytes) -> None:
    (p, v), rest = _harness.take(data, 2)
    position = POSITIONS[p % len(POSITIONS)]
    view = VIEWS[v % len(VIEWS)]
    text = rest.decode("utf-8", "surrogateescape")
    board = arimaa.Board(position)
    before = board.position
    long_text = _harness.played(board, lambda b: b.push_short(text, view=view), ALLOWED, "turn")
    if long_text is None:
        return
    after = board.position
    # A position record (`0g ...`) places pieces as no turn does, and leaves the side to move:
    # its placement tokens are not a turn to push again.
    if board.side != arimaa.Board(position).side:
        again = arimaa.Board(position)
        again.push_long(long_text)
        assert again.position == after, (text, long_text)
    assert board.pop() == long_text
    assert board.position == before

