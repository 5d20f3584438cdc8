"""Differential tests against the peers, from Python: aei (Arimaa legal turns), gnubg-nn and
OpenSpiel (backgammon legal plays), each compared by the set of resulting positions.

Marked `peers`: run with `pytest -m peers` (.ci/run does, with the peers installed). Asked for,
they fail when a peer is missing; they never skip.
"""

import base64
import random

import pytest

import tabula
from conftest import ROOT

pytestmark = pytest.mark.peers


# --- Arimaa: aei ------------------------------------------------------------------------------


def _arimaa_positions(limit):
    """(side, 64-char board, tabula Board) at the start of turns of real games."""
    rng = random.Random(23)
    out = []
    for g in tabula.read(str(ROOT / "testdata/arimaa/random_games.tsv")):
        if g.turns < 4:
            continue
        for n in sorted(rng.sample(range(2, g.turns), min(3, g.turns - 2))):
            b = g.board(n)
            if b.outcome() is None:
                out.append(b)
    rng.shuffle(out)
    return out[:limit]


def _squares(position):
    return position[3:-1].replace(" ", ".")


def test_arimaa_legal_turns_are_aei_s():
    from pyrimaa import board as aei

    boards = _arimaa_positions(40)
    assert len(boards) >= 20
    for b in boards:
        side = b.side
        squares = _squares(b.position)
        pos = aei.parse_short_pos(
            aei.Color.GOLD if side == "g" else aei.Color.SILVER, 4, "[" + squares.replace(".", " ") + "]"
        )
        theirs = {npos.board_to_str("short")[1:-1].replace(" ", ".") for npos in pos.get_moves()}
        ours = set()
        for t in b.legal_turns():
            c = b.copy()
            c.push_long(t)
            ours.add(_squares(c.position))
        assert ours == theirs, (side, squares)


# --- backgammon: Position IDs in Python -------------------------------------------------------


def decode_id(pid):
    """[opponent, on roll], each 25 counts (points 1..24 from its owner's view, then the bar)."""
    raw = base64.b64decode(pid + "==")
    bits = [(raw[i // 8] >> (i % 8)) & 1 for i in range(80)]
    out, side, point, k = [[0] * 25, [0] * 25], 0, 0, 0
    for bit in bits:
        if side > 1:
            break
        if bit:
            out[side][point] += 1
        else:
            point += 1
            if point == 25:
                side, point = side + 1, 0
    return out


def encode_id(board):
    bits = []
    for side in board:
        for n in side:
            bits += [1] * n + [0]
    bits += [0] * (80 - len(bits))
    raw = bytes(sum(bits[8 * i + j] << j for j in range(8)) for i in range(10))
    return base64.b64encode(raw).decode("ascii").rstrip("=")


def test_position_ids_in_python_are_tabula_s():
    b = tabula.backgammon.Board()
    assert encode_id(decode_id(b.position)) == b.position
    b.play("8/5 6/5", "31")
    # Now from the view of the other player, who has not moved.
    opp, on_roll = decode_id(b.position)
    assert on_roll[23] == 2 and opp[4] == 2 and opp[7] == 2 and opp[5] == 4


def _results(board, dice):
    """The positions after each legal play, seen by the player who played (mover view IDs)."""
    plays = board.legal_plays(dice)
    if not plays:
        opp, me = decode_id(board.position)
        return {encode_id([opp, me])}
    out = set()
    for p in plays:
        c = board.copy()
        c.play(p, dice)
        if c.outcome() is not None:
            out.add(c.position)  # the game is over: still the mover's view
        else:
            opp, me = decode_id(c.position)
            out.add(encode_id([me, opp]))
    return out


def _backgammon_positions(limit):
    rng = random.Random(23)
    out = []
    for path in sorted((ROOT / "testdata/backgammon/matches").glob("*.mat")):
        for g in tabula.read(str(path)):
            if g.verdict != "ok":
                continue
            for n in range(g.turns):
                out.append(g.board(n).position)
    rng.shuffle(out)
    return sorted(set(out[:limit]))


def test_backgammon_legal_plays_are_gnubg_s():
    import gnubg_nn

    rolls = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]
    positions = _backgammon_positions(300)
    assert len(positions) >= 100
    for pid in positions:
        board = tabula.backgammon.Board(pid)
        gb = gnubg_nn.board_from_position_id(pid)
        gb = [list(gb[0]), list(gb[1])]
        for hi, lo in rolls:
            theirs = set()
            for key, _steps in gnubg_nn.moves(gb, hi, lo, 1):
                after = gnubg_nn.board_from_position_key(key)
                theirs.add(gnubg_nn.position_id([list(after[0]), list(after[1])]))
            ours = _results(board, f"{hi}{lo}")
            if not theirs:
                theirs = ours if len(ours) == 1 and not board.legal_plays(f"{hi}{lo}") else set()
            assert ours == theirs, (pid, hi, lo)


# --- backgammon: OpenSpiel --------------------------------------------------------------------


def _spiel_mover_id(state, mover):
    """The Position ID of an OpenSpiel backgammon state seen by `mover` (0 or 1)."""
    bar_line = str(state).split("Bar:")[1].split("\n")[0]
    bars = [bar_line.count("x"), bar_line.count("o")]  # player 0 is x

    def own(p):
        counts = [0] * 25
        for i in range(24):
            point = 24 - i if p == 0 else i + 1
            counts[point - 1] = state.board(p, i)
        counts[24] = bars[p]
        return counts

    return encode_id([own(1 - mover), own(mover)])


def test_backgammon_legal_actions_are_open_spiel_s():
    import pyspiel

    game = pyspiel.load_game("backgammon")
    rng = random.Random(23)
    compared = 0
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal() and compared < 3000:
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            mover = state.current_player()
            dice = str(state).split("Dice: ")[1].split("\n")[0].strip()
            board = tabula.backgammon.Board(_spiel_mover_id(state, mover))
            # A double is played in two actions of the same player (two checkers each).
            theirs, frontier = set(), [state]
            while frontier:
                s = frontier.pop()
                for a in s.legal_actions():
                    child = s.child(a)
                    if child.is_player_node() and child.current_player() == mover:
                        frontier.append(child)
                    else:
                        theirs.add(_spiel_mover_id(child, mover))
            ours = _results(board, dice[:2])
            assert ours == theirs, (str(state), dice)
            compared += 1
            while state.is_player_node() and state.current_player() == mover:
                state.apply_action(rng.choice(state.legal_actions()))
    assert compared >= 1000
