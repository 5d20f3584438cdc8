"""`tabula.duplicates`, `tabula.positions` and `tabula.find` give the program's lines, and the
reports of `tabula.check` carry the fingerprints."""

import pytest

import tabula
from conftest import TESTDATA, jsonl, run


@pytest.mark.parametrize("folder", ["arimaa", "backgammon", "snr"])
def test_positions_are_the_programs_rows(folder, program):
    path = str(TESTDATA / folder)
    expected = jsonl(run(program, "positions", "--jsonl", path).stdout)
    assert len(expected) > 100
    got = list(tabula.positions(path, jobs=2))
    assert got == expected
    assert [list(d) for d in got] == [list(d) for d in expected]


def test_positions_stream_and_stop():
    rows = tabula.positions(str(TESTDATA))
    first = next(rows)
    assert first["ply"] == 0
    rows.close()


def test_duplicates_are_the_programs_groups(program):
    path = str(TESTDATA)
    out = run(program, "duplicates", "--jsonl", path)
    assert out.returncode == 1
    assert tabula.duplicates(path) == jsonl(out.stdout)
    assert tabula.duplicates(str(TESTDATA / "snr")) == []


def test_find_gives_the_programs_lines(program):
    path = str(TESTDATA)
    last = list(tabula.positions(str(TESTDATA / "snr" / "games.txt")))[-1]
    out = run(program, "find", "--jsonl", "--position", last["position"], path)
    assert out.returncode == 0
    found = tabula.find(path, last["position"])
    assert found == jsonl(out.stdout)
    assert {"source": last["source"], "game": last["game"], "kind": last["kind"], "ply": last["ply"]} in found
    with pytest.raises(ValueError):
        tabula.find(path, "no position")
    with pytest.raises(ValueError):
        tabula.find(path, last["position"], game="chess")


def test_check_reports_carry_fingerprints():
    reports = [r for r in tabula.check(str(TESTDATA)) if r["kind"] != "unknown"]
    assert all(len(r["fingerprint"]) == 32 for r in reports)
    assert all(("match_fingerprint" in r) == (r["kind"] == "backgammon") for r in reports)


def test_a_path_not_read_is_an_error_as_the_program_exits_2(program, tmp_path):
    games = str(TESTDATA / "snr" / "games.txt")
    missing = str(tmp_path / "missing.txt")
    for command in (["duplicates"], ["positions"]):
        assert run(program, *command, "--jsonl", games, missing).returncode == 2
    with pytest.raises(OSError, match="could not be read"):
        tabula.duplicates([games, missing])
    rows = tabula.positions([games, missing])
    expected = jsonl(run(program, "positions", "--jsonl", games).stdout)
    got = [next(rows) for _ in expected]
    assert got == expected
    with pytest.raises(OSError, match="missing.txt"):
        next(rows)
    last = expected[-1]["position"]
    assert run(program, "find", "--jsonl", "--position", last, games, missing).returncode == 2
    with pytest.raises(OSError, match="missing.txt"):
        tabula.find([games, missing], last)


def test_position_key_is_the_key_of_the_rows_there():
    rows = [r for r in tabula.positions([TESTDATA / "arimaa", TESTDATA / "backgammon", TESTDATA / "snr"]) if r["ply"] < 3]
    assert {r["kind"] for r in rows} == {"arimaa", "backgammon", "stones-and-rivers"}
    for r in rows:
        asked = f"{r['side']} [{r['position']}]" if r["kind"] == "arimaa" else r["position"]
        assert tabula.position_key(asked, game=r["kind"]) == r["key"], r
    assert tabula.position_key("4HPwATDgc/ABMA") == "da8365f13a8bbe62"
    with pytest.raises(ValueError):
        tabula.position_key("not a position")
    with pytest.raises(ValueError):
        tabula.position_key("4HPwATDgc/ABMA", game="chess")
    with pytest.raises(TypeError):
        tabula.position_key(42)
