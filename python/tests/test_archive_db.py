"""``tabula.Archive``: the archive database from Python gives the program's answers."""

import json
import sqlite3

import pytest

import tabula
from conftest import TESTDATA, run

STARTS = [
    ("arimaa", "g [................................................................]"),
    ("backgammon", "4HPwATDgc/ABMA"),
    ("stones-and-rivers", "13/13/13/13/3sssssss3/3sssssss3/13/13/3SSSSSSS3/3SSSSSSS3/13/13/13/13 cr"),
]


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    path = tmp_path_factory.mktemp("archive") / "archive.db"
    db = tabula.Archive(path)
    summary = db.index([TESTDATA / "arimaa", TESTDATA / "backgammon", TESTDATA / "snr"], jobs=2)
    assert summary["games"] > 100 and summary["copies"] > 0, summary
    return db


def test_index_again_passes_every_file_over(archive):
    again = archive.index([TESTDATA / "arimaa", TESTDATA / "backgammon", TESTDATA / "snr"])
    assert again["files"] == 0 and again["skipped"] >= 50 and again["positions"] == 0, again


@pytest.mark.parametrize("kind,position", STARTS, ids=[k for k, _ in STARTS])
def test_explore_and_find_are_the_programs(archive, program, kind, position):
    mine = archive.explore(position, game=kind)
    out = run(program, "explore", "--jsonl", "--db", archive.path, "--game", kind, "--position", position)
    assert mine == json.loads(out.stdout)
    assert mine["games"] > 0 and mine["moves"], mine
    found = archive.find(position, game=kind)
    out = run(program, "find", "--jsonl", "--db", archive.path, "--game", kind, "--position", position)
    assert found == [json.loads(line) for line in out.stdout.splitlines()]
    assert {f["kind"] for f in found} == {kind}


def test_dice_and_player_filter(archive):
    opening = archive.explore("4HPwATDgc/ABMA", dice="13")
    assert opening["moves"] and all(m["dice"] == "31" for m in opening["moves"])
    start = STARTS[0][1]
    mine = archive.explore(start, player="Bot_Tabula_Runner")
    assert 0 < mine["games"] < archive.explore(start)["games"]


def test_bad_input_raises(archive, tmp_path):
    with pytest.raises(ValueError):
        archive.explore("not a position")
    with pytest.raises(ValueError):
        archive.explore("4HPwATDgc/ABMA", dice="71")
    with pytest.raises(ValueError):
        archive.find("4HPwATDgc/ABMA", game="chess")
    with pytest.raises(TypeError):
        archive.explore(42)
    with pytest.raises(OSError):
        tabula.Archive(tmp_path / "missing.db").explore("4HPwATDgc/ABMA")
    text = tmp_path / "text.db"
    text.write_text("no database at all, only text long enough to be read as a header. " * 4)
    with pytest.raises(OSError, match="not an SQLite database"):
        tabula.Archive(text).find("4HPwATDgc/ABMA")
    with pytest.raises(OSError, match="not a tabula database"):
        tabula.Archive(text).index([TESTDATA / "snr"])
    with pytest.raises(OSError):
        tabula.Archive(tmp_path / "new.db").index([tmp_path / "no such folder"])


def test_the_file_opens_in_sqlite3(archive):
    con = sqlite3.connect(f"file:{archive.path}?mode=ro", uri=True)
    (version,) = con.execute("PRAGMA user_version").fetchone()
    assert version == 1
    kinds = dict(con.execute("SELECT kind, count(*) FROM games WHERE verdict = 'ok' GROUP BY kind").fetchall())
    assert set(kinds) == {"arimaa", "backgammon", "stones-and-rivers"}
    start = archive.explore(STARTS[1][1])
    key = int(json.loads(run_positions_key()), 16)
    key -= 1 << 64 if key >= 1 << 63 else 0
    (games,) = con.execute(
        "SELECT count(DISTINCT p.game) FROM positions p JOIN games g ON g.id = p.game "
        "WHERE p.key = ? AND g.verdict = 'ok'",
        (key,),
    ).fetchone()
    assert games == start["games"]


def run_positions_key() -> str:
    """The key of the backgammon start, as ``tabula positions`` writes it (quoted)."""
    return '"da8365f13a8bbe62"'


def test_the_file_opens_in_pandas_as_documented(archive):
    """The pandas example of docs/archive.md, run on the archive: its moves from the backgammon
    start are explore's, roll by roll."""
    import pandas as pd

    con = sqlite3.connect(f"file:{archive.path}?mode=ro", uri=True)
    key = int("da8365f13a8bbe62", 16) - (1 << 64 if int("da8365f13a8bbe62", 16) >= 1 << 63 else 0)
    moves = pd.read_sql(
        "SELECT p.dice, m.text, count(DISTINCT p.game) AS games FROM positions p "
        "JOIN games g ON g.id = p.game JOIN moves m ON m.id = p.move "
        "WHERE p.key = ? AND g.verdict = 'ok' GROUP BY 1, 2 ORDER BY 3 DESC", con, params=(key,))
    got = {(str(r.dice), r.text): r.games for r in moves.itertuples()}
    expected = {(m["dice"], m["move"]): m["games"] for m in archive.explore(STARTS[1][1])["moves"]}
    assert got == expected and len(got) > 10
    games = pd.read_sql("SELECT kind, fingerprint, player0, player1, date, winner FROM games", con)
    assert set(games.kind) == {"arimaa", "backgammon", "stones-and-rivers"}
