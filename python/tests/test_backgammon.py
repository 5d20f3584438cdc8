"""`tabula.backgammon.Board` against `tabula moves` and `tabula resolve`."""

import random

import pytest

import tabula
from tabula.backgammon import Board
from conftest import backgammon_positions

START = "4HPwATDgc/ABMA"


def test_the_starting_position():
    b = Board()
    assert b.position == START
    assert b.outcome() is None
    assert b.legal_plays("31") == b.legal_plays((3, 1)) == b.legal_plays((1, 3))
    assert "8/5 6/5" in b.legal_plays("31")


@pytest.mark.parametrize("pid,dice", backgammon_positions(60))
def test_legal_plays_are_the_programs(pid, dice, cli_moves):
    assert Board(pid).legal_plays(dice) == cli_moves("backgammon", pid, dice)


def test_play_resolves_as_resolve_does(cli_resolve):
    requests, boards = [], []
    for pid, dice in backgammon_positions(40):
        board = Board(pid)
        for play in board.legal_plays(dice)[:5]:
            # Another spelling: the items in the other order.
            spelled = " ".join(reversed(play.split(" ")))
            requests.append({"game": "backgammon", "position": pid, "dice": dice, "move": spelled})
            boards.append((board, spelled, dice))
    answers = cli_resolve(requests)
    assert len(answers) == len(requests)
    for (board, spelled, dice), answer in zip(boards, answers):
        b = board.copy()
        before = b.position
        if "resolved" in answer:
            assert b.play(spelled, dice) == answer["resolved"]
            assert b.pop() == answer["resolved"]
        else:
            error = {"illegal": tabula.IllegalMove, "syntax": tabula.NotationError,
                     "ambiguous": tabula.AmbiguousMove}[answer["error"]["kind"]]
            with pytest.raises(error) as e:
                b.play(spelled, dice)
            assert str(e.value) == answer["error"]["message"]
        assert b.position == before


def test_random_games_play_to_the_end_and_back():
    rng = random.Random(7)
    for _ in range(20):
        board = Board()
        positions = [board.position]
        while board.outcome() is None:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = board.legal_plays(dice)
            if not plays:
                # A roll that cannot be played: the other player rolls (the board's view turns).
                continue
            board.play(rng.choice(plays), dice)
            positions.append(board.position)
        o = board.outcome()
        assert o["how"] == "bearoff" and o["winner"] in (0, 1) and o["points"] in (1, 2, 3)
        assert board.legal_plays("31") == []
        with pytest.raises(tabula.IllegalMove):
            board.play("8/5 6/5", "31")
        for expected in reversed(positions[:-1]):
            board.pop()
            assert board.position == expected
        assert board.outcome() is None


def test_ambiguity_and_errors():
    # gnubg's own IDs and XGIDs are read, with the roll they carry ignored by legal_plays.
    assert Board("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:7:10").position == START
    b = Board()
    for text, dice, error in [
        ("24/18 13/11", "31", tabula.IllegalMove),
        ("8/5 6/", "31", tabula.NotationError),
        ("8/5 6/5", "71", tabula.NotationError),
        ("8/5 6/5", (7, 1), tabula.NotationError),
        ("8/5 6/5", "", tabula.NotationError),
    ]:
        with pytest.raises(error):
            b.play(text, dice)
        assert b.position == START
    with pytest.raises(TypeError):
        b.play("8/5 6/5", 31)
    with pytest.raises(TypeError):
        b.legal_plays(None)


def test_an_ambiguous_play_names_its_candidates(cli_resolve):
    # An unmarked move through a point where a hit is possible may read two ways: search the
    # fixture positions for one, as the program's test does.
    for pid, dice in backgammon_positions(2000):
        board = Board(pid)
        if dice[0] == dice[1]:
            continue
        for play in board.legal_plays(dice):
            # One checker through a hit on the way: `13/10*/8`, written `13/8`.
            points = play.split("/")
            if " " in play or len(points) != 3 or not points[1].endswith("*"):
                continue
            plain = f"{points[0]}/{points[2]}"
            try:
                board.copy().play(plain, dice)
            except tabula.AmbiguousMove as e:
                assert len(e.candidates) >= 2
                answer = cli_resolve([{"game": "backgammon", "position": pid, "dice": dice, "move": plain}])[0]
                assert e.candidates == answer["error"]["candidates"]
                assert str(e) == answer["error"]["message"]
                return
            except tabula.TabulaError:
                pass
    pytest.fail("no ambiguous play found")


def test_pictures_and_words():
    b = Board()
    b.play("8/5 6/5", "31")
    assert "<svg" in b._repr_svg_()
    assert "BAR" in str(b)
    assert repr(b) == f"tabula.backgammon.Board('{b.position}')"
    assert b.turn == 1


@pytest.mark.parametrize("bad", ["", "zzzz", "4HPwATDgc/ABMA:zzzz", "XGID=nonsense", "////////////////"])
def test_bad_positions_raise_tabula_error(bad):
    with pytest.raises(tabula.TabulaError):
        Board(bad)
