"""`tabula.arimaa.Board` against `tabula moves`, `tabula resolve` and `tabula check`."""

import csv
import random

import pytest

import tabula
from tabula.arimaa import Board
from conftest import TESTDATA, arimaa_positions

SEED_MOVES = ["1g dcdemchh", "1s 8hdcmecdh", "2g evmvh8vh7v", "2s e^^^r^"]


def seed_board() -> Board:
    board = Board()
    for m in SEED_MOVES:
        board.push_short(m, view="s")
    return board


def test_an_empty_board_is_gold_to_set_up():
    b = Board()
    assert b.side == "g"
    assert b.position == "g [" + "." * 64 + "]"
    assert b.outcome() is None
    assert b.legal_turns() == []


@pytest.mark.parametrize("position", arimaa_positions(40))
def test_legal_turns_are_the_programs(position, cli_moves):
    board = Board(position)
    assert board.position == position
    assert board.legal_turns() == cli_moves("arimaa", position)


def archive_games():
    with open(TESTDATA / "arimaa" / "random_games.tsv", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    return rows


def test_archive_games_replay_to_the_checkers_final_position(cli_check):
    reports = {r["game"]: r for r in cli_check(str(TESTDATA / "arimaa" / "random_games.tsv"))}
    rows = archive_games()
    assert rows
    for row in rows:
        report = reports[row["id"]]
        assert report["verdict"] == "ok"
        board = Board()
        moves = [m for m in row["movelist"].split("\\n") if m.strip()]
        played = 0
        for m in moves:
            label, _, body = m.strip().partition(" ")
            if not body.strip():
                break  # the label of the move never played
            board.push_long(m)
            played += 1
        assert played == report["turns"], row["id"]
        assert board.position[3:-1] == report["final_position"], row["id"]
        outcome = board.outcome()
        if report["result"] and report["result"]["reason"] in {"goal", "elimination", "immobilization"}:
            assert outcome == report["result"], row["id"]
        # Every turn comes back in order.
        stack = board.move_stack
        assert len(stack) == played
        for text in reversed(stack):
            assert board.pop() == text
        assert board.position == Board().position


@pytest.mark.parametrize("position", arimaa_positions(12))
def test_short_and_push_short_agree_with_resolve(position, cli_resolve):
    board = Board(position)
    turns = board.legal_turns()
    rng = random.Random(position)
    sample = rng.sample(turns, min(15, len(turns)))
    requests, expected = [], []
    for view in ("g", "s", "n"):
        for long in sample:
            short = board.short(long, view=view)
            requests.append({"game": "arimaa", "position": position, "view": view, "move": short})
            expected.append(long)
            b = board.copy()
            assert b.push_short(short, view=view) == long
            assert b.pop() == long
            assert b.position == position
    answers = cli_resolve(requests)
    assert [a.get("resolved") for a in answers] == expected


def test_push_long_returns_the_canonical_text_and_push_is_undone_by_pop():
    board = seed_board()
    before = board.position
    turns = board.legal_turns()
    for long in turns[:50]:
        b = board.copy()
        assert b.push_long(long) == long
        assert b.position != before
        assert b.side == "s"
        assert b.pop() == long
        assert b.position == before


def test_ambiguous_short_text_names_its_candidates(cli_resolve):
    board = seed_board()
    before = board.position
    with pytest.raises(tabula.AmbiguousMove) as e:
        board.push_short("3g dvdvdvr5v", view="s")
    assert e.value.candidates == ["Df2n Df3n Df4n Rd1n", "Dh2n Dh3n Dh4n Rd1n"]
    assert isinstance(e.value, tabula.TabulaError) and isinstance(e.value, ValueError)
    answer = cli_resolve([{"game": "arimaa", "position": before, "view": "s", "move": "3g dvdvdvr5v"}])[0]
    assert str(e.value) == answer["error"]["message"]
    assert board.position == before, "nothing changes when a push raises"


@pytest.mark.parametrize(
    "move,view,kind",
    [
        ("3s ev", "s", "illegal"),
        ("eMv", "s", "illegal"),
        ("e^9", "s", "syntax"),
        ("ev, rv", "s", "syntax"),
        ("ev", "s", None),
        ("e^", "g", None),
        ("3g e^", "g", None),
    ],
)
def test_push_short_raises_as_resolve_answers(move, view, kind, cli_resolve):
    board = seed_board()
    before = board.position
    answer = cli_resolve([{"game": "arimaa", "position": before, "view": view, "move": move}])[0]
    if kind is None:
        assert board.push_short(move, view=view) == answer["resolved"]
        return
    assert answer["error"]["kind"] == kind
    error = {"illegal": tabula.IllegalMove, "syntax": tabula.NotationError}[kind]
    with pytest.raises(error) as e:
        board.push_short(move, view=view)
    assert str(e.value) == answer["error"]["message"]
    assert board.position == before


def test_bad_long_moves_raise_and_change_nothing():
    board = seed_board()
    before = board.position
    for text, error in [
        ("Zz9q", tabula.NotationError),
        ("Ra1e", tabula.IllegalMove),
        ("Ee3w", tabula.IllegalMove),
        ("", tabula.IllegalMove),
        ("3s Ee3n", tabula.IllegalMove),
    ]:
        with pytest.raises(error):
            board.push_long(text)
        assert board.position == before


def test_position_records_replace_a_sides_pieces():
    board = seed_board()
    gold = board.position
    text = board.push_short("0s 6h6e17rc10d2h2r1rmd2r4rr, r2r3r2c4r1r22h7r1e", view="g")
    assert text
    assert board.position != gold
    board.pop()
    assert board.position == gold


def test_pictures_and_words():
    board = seed_board()
    assert "<svg" in board._repr_svg_()
    text = str(board)
    assert "a" in text and "8" in text
    assert repr(board).startswith("tabula.arimaa.Board(")
    assert board.copy() == board


@pytest.mark.parametrize("bad", ["", "g", "g [abc]", "x [" + "." * 64 + "]", "g [" + "Z" * 64 + "]", "g [" + "R" * 64 + "]"])
def test_bad_positions_raise_tabula_error(bad):
    with pytest.raises(tabula.TabulaError):
        Board(bad)


EMPTY = "." * 64
SHARED_ARIMAA = TESTDATA.parent.parent / "shared" / "data" / "arimaa"


def test_a_side_with_no_piece_sets_up_from_a_position_string(cli_resolve):
    """The phase is read from the position as every door reads it: Gold on the empty board and
    Silver beside Gold's pieces set up, whether the board is `Board()` or a position string."""
    gold = "1g 3dd4hcmech"
    board = Board("g [" + EMPTY + "]")
    answer = cli_resolve([{"game": "arimaa", "position": board.position, "view": "g", "move": gold}])[0]
    played = board.push_short(gold)
    assert played == answer["resolved"]
    fresh = Board()
    assert fresh.push_short(gold) == played
    assert board.position == fresh.position and board.side == "s"
    # Silver to set up beside Gold's pieces: the position string of the board after Gold's set-up.
    silver = Board(board.position)
    assert silver.side == "s" and silver.legal_turns() == []
    text = "1s 8hdcmecdh"
    answer = cli_resolve([{"game": "arimaa", "position": silver.position, "view": "s", "move": text}])[0]
    assert silver.push_short(text, view="s") == answer["resolved"]
    assert fresh.push_short(text, view="s") == answer["resolved"]
    assert silver.position == fresh.position and silver.side == "g"
    assert silver.legal_turns() == fresh.legal_turns() != []
    # A turn of steps on a side with nothing to move is refused by both doors alike.
    board = Board("s [" + board.position[3:-1] + "]")
    answer = cli_resolve([{"game": "arimaa", "position": board.position, "view": "g", "move": "e^"}])[0]
    assert answer["error"]["kind"] == "illegal"
    with pytest.raises(tabula.IllegalMove):
        board.push_short("e^")


def real_vectors(count: int = 600) -> list:
    """`count` (position, view, short text with its label, position after) from the real games of
    `../shared/data/arimaa`: every set-up, then turns spread evenly over the games, each written
    by `Board.short` in the three views in turn (a turn with its label)."""
    setups, turns = [], []
    for name in ("allgames202602_sample.tsv", "allgames201111_sample.tsv"):
        for game in tabula.read(str(SHARED_ARIMAA / name)):
            board = Board()
            for move in game.moves:
                number = move.partition(" ")[0][:-1]
                label = number + board.side
                before = board.position
                try:
                    long = board.push_long(move)
                except tabula.TabulaError:
                    break
                after = board.position
                board.pop()
                view = "gsn"[(len(setups) + len(turns)) % 3]
                short = board.short(long, view=view)
                # A set-up's short text carries its view and label; a turn's does not.
                text = short if number == "1" else f"{label} {short}"
                vector = (before, view, text, long, after)
                (setups if number == "1" else turns).append(vector)
                board.push_long(long)
    step = len(turns) / (count - len(setups))
    return setups + [turns[int(i * step)] for i in range(count - len(setups))]


@pytest.mark.skipif(not SHARED_ARIMAA.is_dir(), reason="../shared/data is not beside the clone")
def test_real_short_vectors_through_the_package_are_the_programs(cli_resolve):
    vectors = real_vectors()
    assert len(vectors) == 600
    setups = sum(1 for _, _, text, _, _ in vectors if text.split()[1] in ("1g", "1s"))
    assert setups >= 150, setups
    answers = cli_resolve(
        [{"game": "arimaa", "position": before, "view": view, "move": text} for before, view, text, _, _ in vectors]
    )
    for (before, view, text, long, after), answer in zip(vectors, answers):
        board = Board(before)
        assert board.push_short(text, view=view) == answer.get("resolved"), (before, view, text, answer)
        assert board.position == after, (before, view, text)
        if text.split()[1] in ("1g", "1s"):
            # A set-up's pieces in the order its text names their squares, as `tabula resolve` gives them.
            assert sorted(answer["resolved"].split()) == sorted(long.split()), (before, view, text)
        else:
            assert answer["resolved"] == long, (before, view, text)
