"""`tabula.check` and `tabula.check_bytes` give the dicts of `tabula check --jsonl`."""

import gzip
import json
import os
from pathlib import Path

import pytest

import tabula
from conftest import TESTDATA, data_files


def test_version():
    assert isinstance(tabula.__version__, str) and tabula.__version__


@pytest.mark.parametrize("folder", ["arimaa", "backgammon", "snr", "."])
def test_check_gives_the_programs_lines(folder, cli_check):
    path = str(TESTDATA / folder)
    expected = cli_check(path)
    assert len(expected) > 0
    got = list(tabula.check(path))
    assert got == expected
    # The keys in the program's order too: the package makes a game's dict itself.
    assert [list(d) for d in got] == [list(d) for d in expected]


def test_check_takes_lists_paths_and_jobs(cli_check):
    paths = [str(TESTDATA / "snr"), str(TESTDATA / "arimaa" / "broken_games.tsv")]
    expected = cli_check(*paths)
    assert list(tabula.check(paths)) == expected
    assert list(tabula.check([Path(p) for p in paths], jobs=1)) == expected
    assert list(tabula.check(tuple(paths), jobs=2)) == expected
    assert list(tabula.check(iter(paths))) == expected


def test_missing_and_odd_paths_are_reported_as_the_program_reports_them(cli_check, tmp_path):
    missing = str(tmp_path / "no such file.tsv")
    empty = tmp_path / "empty.tsv"
    empty.write_bytes(b"")
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "notes.txt").write_text("just words\n")
    paths = [missing, str(empty), str(folder)]
    assert list(tabula.check(paths)) == cli_check(*paths)


def test_check_streams_and_stops_when_dropped():
    it = tabula.check(str(TESTDATA))
    first = next(it)
    assert set(first) >= {"source", "game", "kind", "verdict", "turns", "result", "final_position", "error"}
    it.close()
    del it
    # The check's thread stops when nothing reads its lines: a second full run still works.
    assert len(list(tabula.check(str(TESTDATA / "snr")))) > 0


@pytest.mark.parametrize("path", data_files(), ids=lambda p: str(p.relative_to(TESTDATA)))
def test_check_bytes_gives_the_programs_lines_for_each_file(path, cli_check):
    data = path.read_bytes()
    expected = cli_check(str(path))
    assert tabula.check_bytes(data, str(path)) == expected
    assert tabula.check_bytes(bytearray(data), str(path)) == expected
    assert tabula.check_bytes(gzip.compress(data), str(path)) == expected


def test_check_bytes_reads_gzip_as_the_program_reads_a_gz_file(cli_check, tmp_path):
    src = TESTDATA / "arimaa" / "broken_games.tsv"
    gz = tmp_path / "broken_games.tsv.gz"
    gz.write_bytes(gzip.compress(src.read_bytes()))
    assert tabula.check_bytes(gz.read_bytes(), str(gz)) == cli_check(str(gz))


@pytest.mark.parametrize(
    "data",
    [b"", b"\xff\xfe\x00garbage\x80", b"\x1f\x8b not gzip at all", b"1g " * 100_000, os.urandom(4096),
     b"x" * 10_000_000, b"\n" * 100_000],
    ids=["empty", "not-utf8", "bad-gzip", "long-line", "random", "10MB", "newlines"],
)
def test_check_bytes_on_bad_input_reports_never_crashes(data):
    out = tabula.check_bytes(data, "bad.txt")
    assert isinstance(out, list)
    for d in out:
        assert d["source"] == "bad.txt"
        assert d["verdict"] in {"ok", "illegal", "result-mismatch", "unreadable", "skipped"}


def test_wrong_types_raise_type_error():
    with pytest.raises(TypeError):
        tabula.check_bytes("text, not bytes", "x")
    with pytest.raises(TypeError):
        tabula.check_bytes(12, "x")
    with pytest.raises(TypeError):
        tabula.check_bytes(b"", 12)
    with pytest.raises(TypeError):
        tabula.check(12)
    with pytest.raises(TypeError):
        tabula.check([None])
    with pytest.raises(TypeError):
        tabula.check("x", jobs="2")
    with pytest.raises(ValueError):
        tabula.check("x", jobs=0)


def test_every_report_is_json_clean():
    for d in tabula.check(str(TESTDATA)):
        assert json.loads(json.dumps(d)) == d


def test_check_bytes_of_an_empty_file_says_it_is_skipped_as_the_program_does(cli_check, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    expected = cli_check(str(empty))
    assert expected and expected[0]["verdict"] == "skipped"
    assert tabula.check_bytes(b"", str(empty)) == expected
