"""tabula.read and Game: every file of testdata/ read game by game gives the verdicts, ids and
turns of `tabula check --jsonl` on that file, and each game's board and page."""

import base64
import html
import re
import zlib
from pathlib import Path

import pytest

import tabula
from conftest import ROOT, TESTDATA

FILES = sorted(
    p for p in TESTDATA.rglob("*") if p.is_file() and "generate" not in p.relative_to(TESTDATA).parts
)


def rel(p):
    return str(p.relative_to(ROOT))


@pytest.mark.parametrize("path", FILES, ids=rel)
def test_every_file_reads_as_check_checks_it(path, cli_check, monkeypatch):
    monkeypatch.chdir(ROOT)
    name = rel(path)
    expected = [r for r in cli_check(name) if "verdict" in r]
    games = list(tabula.read(name))
    assert [g.report() for g in games] == expected
    for g, r in zip(games, expected):
        assert (g.kind, g.id, g.verdict, g.turns) == (r["kind"], r["game"], r["verdict"], r["turns"])
        assert (g.error, g.result, g.final_position, g.source) == (
            r["error"],
            r["result"],
            r["final_position"],
            r["source"],
        )


def _final_of(board, kind):
    """The final_position check gives, from a board."""
    if kind == "arimaa":
        return board.position[3:-1].replace(" ", ".")
    if kind == "stones-and-rivers":
        return board.position
    return None


@pytest.mark.parametrize(
    "name",
    ["testdata/arimaa/random_games.tsv", "testdata/snr/games.txt", "testdata/arimaa/broken_games.tsv"],
)
def test_the_last_board_is_the_final_position(name, monkeypatch):
    monkeypatch.chdir(ROOT)
    for g in tabula.read(name):
        if g.verdict == "unreadable":
            with pytest.raises(tabula.TabulaError):
                g.board()
            continue
        board = g.board()
        assert _final_of(board, g.kind) == g.final_position, g.id
        assert board.position == g.board(g.turns).position
        with pytest.raises(IndexError):
            g.board(g.turns + 1000)


def test_backgammon_boards_follow_the_plays(monkeypatch):
    monkeypatch.chdir(ROOT)
    games = list(tabula.read("testdata/backgammon/matches/galaxy_5pt.mat"))
    assert len(games) > 1
    for g in games:
        board = g.board()
        assert len(board.move_stack) == g.turns
        # Position IDs are from the view of the player on roll; check gives the final one too.
        assert g.board(0).position == "4HPwATDgc/ABMA"
        for n in range(g.turns + 1):
            b = g.board(n)
            assert b.move_stack == board.move_stack[:n]
        if g.result and g.result["how"] == "bearoff":
            assert board.outcome() is not None and board.outcome()["winner"] == g.result["winner"]


def test_the_board_can_be_played_on(monkeypatch):
    monkeypatch.chdir(ROOT)
    g = next(tabula.read("testdata/arimaa/random_games.tsv"))
    board = g.board(2)
    assert board.side == "g"
    turns = board.legal_turns()
    assert turns
    board.push_long(turns[0])
    assert board.pop() == turns[0]
    assert len([board.pop() for _ in range(2)]) == 2
    assert board.position == tabula.arimaa.Board().position


def test_tags_moves_and_page(monkeypatch):
    monkeypatch.chdir(ROOT)
    g = next(tabula.read("testdata/snr/games.txt"))
    assert g.tags["Game"] == g.id
    assert len(g.moves) == g.turns
    page = g._repr_html_()
    assert page.startswith("<!DOCTYPE html>") or page.lower().startswith("<!doctype html>")
    b = next(tabula.read("testdata/backgammon/matches/galaxy_5pt.mat"))
    assert b.moves[0] == "63: 8/2 13/10"
    assert b.tags["X"] == "tabula_left"


_EMPTY = '<script type="application/octet-stream" id="module"></script>'
_MODULE = re.compile(r'<script type="application/octet-stream" id="module" data-encoding="deflate-raw">([^<]*)</script>')


def test_the_page_is_the_program_s(program, monkeypatch):
    """The page is the program's to the byte, the analysis board's WebAssembly module inlined in
    both."""
    from conftest import run

    monkeypatch.chdir(ROOT)
    for name in ["testdata/arimaa/random_games.tsv", "testdata/backgammon/matches/galaxy_5pt.mat", "testdata/snr/games.txt"]:
        games = list(tabula.read(name))
        for g in games[:2]:
            out = run(program, "replay", "--format", "html", "--game", g.id, name)
            assert out.returncode in (0, 1), out.stderr
            page = g._repr_html_()
            assert page == out.stdout.rstrip("\n") or page == out.stdout


def test_the_page_carries_the_board():
    """The package carries the module (kept in the tabula-replay crate): every page inlines it,
    base64 of a WebAssembly module deflated (raw deflate, which the page's script inflates)."""
    g = next(tabula.read(str(ROOT / "testdata/snr/games.txt")))
    page = g._repr_html_()
    assert page.count(_EMPTY) == 0
    found = _MODULE.search(page)
    assert found, "the page has the module's slot"
    assert zlib.decompress(base64.b64decode(found.group(1)), -15).startswith(b"\0asm")


def test_bad_paths(tmp_path):
    with pytest.raises(OSError):
        list(tabula.read(tmp_path / "missing.tsv"))
    with pytest.raises(TypeError):
        tabula.read(3)
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    assert list(tabula.read(empty)) == []
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"\x00\x01\x02 not records")
    (g,) = list(tabula.read(junk))
    assert (g.kind, g.verdict, g.id) == ("unknown", "unreadable", "1")
    with pytest.raises(tabula.TabulaError):
        g.board()
    with pytest.raises(tabula.TabulaError):
        g._repr_html_()


def test_reading_stops_when_dropped(monkeypatch):
    monkeypatch.chdir(ROOT)
    it = tabula.read("testdata/arimaa/random_games.tsv")
    first = next(it)
    del it
    assert first.verdict == "ok"


def test_a_single_game_file_too_large_to_read_gets_checks_report(cli_check, tmp_path):
    big = tmp_path / "big_movelist.txt"
    big.write_bytes(b"1w Ra1 Rb1\n" + b"2w Ra1n\n" * 200_000)
    expected = cli_check(str(big))
    assert [d["verdict"] for d in expected] == ["unreadable"]
    games = list(tabula.read(str(big)))
    assert [g.report() for g in games] == expected


def test_a_backgammon_page_opens_the_board_at_every_frame(monkeypatch):
    """Galaxy's game 1 ends `Doubles`, `Drops`, `Wins`: those frames, as every other, carry the
    position the analysis board opens at, the board the last play left (`Game.board()`)."""
    monkeypatch.chdir(ROOT)
    g = next(tabula.read("testdata/backgammon/matches/galaxy_5pt.mat"))
    page = g._repr_html_()
    frames = re.findall(r'<div class="frame" data-i="\d+"( data-position="([^"]*)")?', page)
    labels = re.findall(r'<li data-i="\d+"[^>]* data-turn="\d+"[^>]*>([^<]*)</li>', page)
    assert len(frames) == len(labels) > 4
    assert all(at for _, at in frames), "every frame carries a position"
    assert [("Doubles" in a, "Drops" in b, "Wins" in c) for a, b, c in [labels[-3:]]] == [(True, True, True)]
    last = [at for _, at in frames[-4:]]
    assert len(set(last)) == 1, last
    assert last[0].split(":")[0] == g.board().position != frames[0][1].split(":")[0]


# Bundled legal games with one slip written into each (the first `from` made `to`), and the
# game broken by it.
SLIPS = [
    ("arimaa/random_games.tsv", "900005", b"\\n6w Dd2n He2n Eb3n Ra2e\\n", b"\\n6w Dd2n He2n Eb3n Ra2w\\n"),
    ("backgammon/matches/galaxy_5pt.mat", "galaxy_5pt#2", b"  3) 63: 24/18 7/4 ", b"  3) 63: 24/18 7/3 "),
    ("backgammon/sgf/galaxy_1pt.sgf", "galaxy_1pt#1", b";B[43yclp]", b";B[43yclq]"),
    ("snr/games.txt", "cr-win-1", b"Cr - I9, PS, I8, I7\n", b"Cr - I9, PS, I8, I6\n"),
]


@pytest.mark.parametrize("name,game,slip,written", SLIPS, ids=[s[0] for s in SLIPS])
def test_a_broken_game_s_page_lists_the_suggestions_of_check(program, tmp_path, name, game, slip, written):
    """The page of a game broken by a slip lists, under the break, the moves `tabula.check(...,
    suggest=True)` suggests, in its order, and is the program's page to the byte; the game's
    report stays the one without suggestions."""
    from conftest import run

    data = (TESTDATA / name).read_bytes()
    assert slip in data
    path = tmp_path / Path(name).name
    path.write_bytes(data.replace(slip, written, 1))
    (checked,) = [r for r in tabula.check([str(path)], suggest=True) if r["game"] == game]
    want = [s["move"] for s in checked["error"]["suggestions"]]
    assert want and checked["error"]["suggestions"][0]["then"] == "ok", checked
    (g,) = [g for g in tabula.read(str(path)) if g.id == game]
    assert g.verdict == "illegal" and "suggestions" not in g.error
    page = g._repr_html_()
    listed = re.search(r'<ul id="repairs"[^>]*>(.*?)</ul>', page, re.S)
    assert listed, "the page lists the suggestions"
    moves = [html.unescape(m) for m in re.findall(r'<li data-move="([^"]*)"', listed.group(1))]
    assert moves == want
    out = run(program, "replay", "--format", "html", "--game", game, str(path))
    assert out.returncode == 1, out.stderr
    assert page == out.stdout.rstrip("\n") or page == out.stdout
