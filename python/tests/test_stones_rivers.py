"""`tabula.stones_rivers.Board` against `tabula check`, `tabula moves` and `tabula resolve`."""

import pytest

import tabula
from tabula.stones_rivers import Board
from conftest import TESTDATA

START = "13/13/13/13/3sssssss3/3sssssss3/13/13/3SSSSSSS3/3SSSSSSS3/13/13/13/13 sq"


def records():
    """(game id, start position or None, turns) of the legal records of games.txt."""
    out, game, position, turns = [], None, None, []
    for line in (TESTDATA / "snr" / "games.txt").read_text().splitlines() + [""]:
        line = line.strip()
        if line.startswith("[Game "):
            game = line.split('"')[1]
        elif line.startswith("[Position "):
            position = line.split('"')[1]
        elif line and not line.startswith(("[", "#")):
            turns.append(line)
        elif not line and turns:
            out.append((game, position, turns))
            game, position, turns = None, None, []
    return out


def test_the_starting_position():
    b = Board()
    assert b.position == START
    assert b.side == "Sq"
    assert len(b.legal_turns()) == 54
    assert b.push("sq-d5,ps,d6,d7") == "Sq - D5, PS, D6, D7"
    assert b.side == "Cr"


def test_records_replay_to_the_checkers_final_position_and_moves(cli_check, cli_moves):
    reports = {r["game"]: r for r in cli_check(str(TESTDATA / "snr" / "games.txt"))}
    games = records()
    assert games
    for n, (game, position, turns) in enumerate(games):
        report = reports[game]
        first_circle = turns[0].lower().startswith("cr")
        if position is None:
            position = START[:-2] + "cr" if first_circle else START
        board = Board(position)
        for i, turn in enumerate(turns):
            if n < 2 and i % 25 == 0:
                assert board.legal_turns() == cli_moves("stones-and-rivers", board.position)
            board.push(turn)
        assert board.position == report["final_position"], game
        result = board.outcome()
        assert (result or "*") == report["result"], game
        for turn in reversed(board.move_stack):
            assert board.pop() == turn
        assert board.move_stack == []


def test_push_raises_as_resolve_answers(cli_resolve):
    moves = ["Cr - D10, FN", "Sq - D5, FS", "Sq - D05, FN", " Sq - D5 , FN ", "nonsense"]
    answers = cli_resolve([{"game": "stones-and-rivers", "position": START, "move": m} for m in moves])
    for move, answer in zip(moves, answers):
        b = Board()
        if "resolved" in answer:
            assert b.push(move) == answer["resolved"]
            continue
        error = {"illegal": tabula.IllegalMove, "syntax": tabula.NotationError}[answer["error"]["kind"]]
        with pytest.raises(error) as e:
            b.push(move)
        assert str(e.value) == answer["error"]["message"]
        assert b.position == START


def test_pictures_and_words():
    b = Board()
    b.push("Sq - D5, FN")
    assert "<svg" in b._repr_svg_()
    assert "Cr to move" in str(b)
    assert b.copy() == b


@pytest.mark.parametrize("bad", ["", "13/13 sq", START.replace("sq", "xx"), START.replace("3SSSSSSS3", "3SSSSSSSS3")])
def test_bad_positions_raise_tabula_error(bad):
    with pytest.raises(tabula.TabulaError):
        Board(bad)
