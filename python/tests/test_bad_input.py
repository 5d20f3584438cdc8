"""Bad input of every kind raises `TabulaError` or `TypeError`, never crashes."""

import pytest

import tabula
from tabula import arimaa, backgammon, stones_rivers

BAD = [
    b"\xff\xfe not text",
    "\ud800 a lone surrogate",
    "x" * 10_000_000,
    "Ee2n " * 2_000,
    12,
    3.5,
    [],
    {},
    object(),
    "\0",
    "é ü 漢字 🂡",
    "   ",
]

ARIMAA_POSITION = "g [rrrrrrrrhdcemcdh................................HDCMECDHRRRRRRRR]"
BOARDS = [
    (arimaa.Board, ARIMAA_POSITION, ["push_long", "push_short", "short"]),
    (backgammon.Board, "4HPwATDgc/ABMA", ["play"]),
    (stones_rivers.Board, None, ["push"]),
]


def ids(value):
    return type(value).__name__ + str(len(value) if hasattr(value, "__len__") else "")


@pytest.mark.parametrize("value", BAD, ids=ids)
@pytest.mark.parametrize("cls,position,methods", BOARDS, ids=lambda x: getattr(x, "__module__", "-"))
def test_bad_values_raise_tabula_or_type_error(cls, position, methods, value):
    with pytest.raises((tabula.TabulaError, TypeError)):
        cls(value)
    board = cls(position)
    before = board.position
    for name in methods:
        method = getattr(board, name)
        args = [value, "31"] if name == "play" else [value]
        with pytest.raises((tabula.TabulaError, TypeError)):
            method(*args)
        assert board.position == before
    if cls is arimaa.Board:
        with pytest.raises((tabula.TabulaError, TypeError)):
            board.push_short("Ee2n", view=value)
    if cls is backgammon.Board:
        with pytest.raises((tabula.TabulaError, TypeError)):
            board.legal_plays(value)
        with pytest.raises((tabula.TabulaError, TypeError)):
            board.play("8/5 6/5", value)


def test_pop_of_an_empty_board_is_an_index_error():
    for cls in (arimaa.Board, backgammon.Board, stones_rivers.Board):
        with pytest.raises(IndexError):
            cls().pop()


def test_errors_are_value_errors():
    assert issubclass(tabula.TabulaError, ValueError)
    for e in (tabula.NotationError, tabula.IllegalMove, tabula.AmbiguousMove):
        assert issubclass(e, tabula.TabulaError)
