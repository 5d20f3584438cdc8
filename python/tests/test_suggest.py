"""Repair hints from the package: `tabula.check(..., suggest=True)` gives the lines of
`tabula check --suggest --jsonl`, and a board's `IllegalMove` carries the `suggestions` that
`tabula resolve --jsonl` gives for the same move."""

import pytest

import tabula
from conftest import jsonl, run

SNR_SLIP = "Sq - D5, PS, D6, D8\nCr - J10, PS, J9, J8\n"


def arimaa_board():
    """The seed's game after both set-ups (from Silver's view), Gold to play `evmvh8vh7v`."""
    b = tabula.arimaa.Board()
    b.push_short("1g dcdemchh", view="s")
    b.push_short("1s 8hdcmecdh", view="s")
    return b


def test_check_with_suggestions_gives_the_programs_lines(program, tmp_path):
    path = tmp_path / "slip.txt"
    path.write_text(SNR_SLIP)
    expected = jsonl(run(program, "check", "--suggest", "--jsonl", str(path)).stdout)
    got = list(tabula.check(str(path), suggest=True))
    assert got == expected
    assert got[0]["error"]["suggestions"][0] == {"move": "Sq - D5, PS, D6, D7", "then": "ok", "turns": 2}
    assert tabula.check_bytes(SNR_SLIP.encode(), str(path), suggest=True) == expected
    assert "suggestions" not in list(tabula.check(str(path)))[0]["error"]
    assert "suggestions" not in tabula.check_bytes(SNR_SLIP.encode(), str(path))[0]["error"]


@pytest.mark.parametrize(
    "game, board, push, asked",
    [
        (
            "stones-and-rivers",
            lambda: tabula.stones_rivers.Board(),
            lambda b: b.push("Sq - D5, PS, D6, D8"),
            {"move": "Sq - D5, PS, D6, D8"},
        ),
        (
            "backgammon",
            lambda: tabula.backgammon.Board(),
            lambda b: b.play("24/21 13/10", "43"),
            {"move": "24/21 13/10", "dice": "43"},
        ),
        (
            # Short notation with its last arrow turned, in Silver's view.
            "arimaa",
            arimaa_board,
            lambda b: b.push_short("evmvh8vh7^", view="s"),
            {"move": "evmvh8vh7^", "view": "s"},
        ),
    ],
)
def test_illegal_move_suggestions_are_resolves(game, board, push, asked, cli_resolve):
    b = board()
    with pytest.raises(tabula.IllegalMove) as caught:
        push(b)
    answer = cli_resolve([{"game": game, "position": b.position, **asked}])[0]
    expected = [s["move"] for s in answer["error"]["suggestions"]]
    assert expected
    assert caught.value.suggestions == expected



def test_a_move_that_does_not_read_carries_resolves_suggestions_too(cli_resolve):
    b = tabula.backgammon.Board()
    with pytest.raises(tabula.NotationError) as caught:
        b.play("8/5 6/5x", "31")
    answer = cli_resolve([{"game": "backgammon", "position": b.position, "dice": "31", "move": "8/5 6/5x"}])[0]
    assert answer["error"]["kind"] == "syntax"
    expected = [s["move"] for s in answer["error"]["suggestions"]]
    assert expected[0] == "8/5 6/5"
    assert caught.value.suggestions == expected


def test_a_short_slip_pushed_as_long_notation_gets_the_same_suggestions(cli_resolve):
    """A short text given to `push_long` does not read as long notation; its suggestions are
    those of `tabula resolve` and of `push_short` in view g, the label left out (the seed game's
    turn as view g writes it, `e^m^h1^h2^`, its last arrow turned)."""
    b = arimaa_board()
    with pytest.raises(tabula.NotationError) as caught:
        b.push_long("2g e^m^h1^h2v")
    answer = cli_resolve([{"game": "arimaa", "position": b.position, "move": "2g e^m^h1^h2v"}])[0]
    expected = [s["move"] for s in answer["error"]["suggestions"]]
    assert expected
    assert caught.value.suggestions == expected
    with pytest.raises(tabula.IllegalMove) as short:
        b.push_short("2g e^m^h1^h2v")
    assert short.value.suggestions == expected
