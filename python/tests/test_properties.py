"""Where a writer meets a reader, for random legal moves (hypothesis): the short text a board
writes for a turn resolves to that turn; every legal play of a roll is played as itself."""

from hypothesis import given, settings, strategies as st

import tabula
from conftest import ROOT

_GAMES = None


def _arimaa_games():
    global _GAMES
    if _GAMES is None:
        _GAMES = [g for g in tabula.read(str(ROOT / "testdata/arimaa/random_games.tsv")) if g.turns > 3]
    return _GAMES


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_arimaa_short_text_resolves_to_its_turn(data):
    games = _arimaa_games()
    g = data.draw(st.sampled_from(games))
    n = data.draw(st.integers(min_value=2, max_value=g.turns - 1))
    board = g.board(n)
    turns = board.legal_turns()
    if not turns:
        return
    t = data.draw(st.sampled_from(turns))
    view = data.draw(st.sampled_from(["g", "s", "n"]))
    short = board.short(t, view)
    played = board.copy()
    assert played.push_short(short, view) == t
    direct = board.copy()
    direct.push_long(t)
    assert played.position == direct.position


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_backgammon_every_legal_play_plays_as_itself(data):
    board = tabula.backgammon.Board()
    for _ in range(data.draw(st.integers(min_value=0, max_value=40))):
        roll = (data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6)))
        plays = board.legal_plays(roll)
        if board.outcome() is not None:
            break
        board.play(data.draw(st.sampled_from(plays)) if plays else "", roll)
        if board.outcome() is not None:
            return
    roll = (data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6)))
    for p in board.legal_plays(roll):
        c = board.copy()
        assert c.play(p, roll) == p


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_stones_rivers_every_legal_turn_pushes_as_itself(data):
    board = tabula.stones_rivers.Board()
    for _ in range(data.draw(st.integers(min_value=0, max_value=30))):
        turns = board.legal_turns()
        if not turns or board.outcome() is not None:
            return
        t = data.draw(st.sampled_from(turns))
        assert board.copy().push(t) == t
        board.push(t)
