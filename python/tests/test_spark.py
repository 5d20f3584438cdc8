"""`tabula.spark.check` in a local Spark (`local[2]`) against `tabula check --jsonl` on the same
files: every row, in every file's order, with archives cut into pieces of a few KiB so that the
pieces are many. Marked `spark`: run with `-m spark` (they need pyspark and Java, and fail
without them); the plain run skips them."""

import gzip
import json
import time
from collections import defaultdict
from pathlib import Path

import pytest

from conftest import ROOT, TESTDATA, jsonl, local, run

pytestmark = pytest.mark.spark

SHARED_DATA = ROOT.parent / "shared" / "data"
# Small enough that every archive of testdata/ larger than it is cut into several pieces.
PIECE_BYTES = 4 << 10




def as_report(row) -> dict:
    """A DataFrame row as the dict of `tabula check --jsonl`."""
    r = row.asDict()
    r["source"] = local(r["source"])
    for key in ("result", "error"):
        r[key] = None if r[key] is None else json.loads(r[key])
    # A column of every row; the program writes the key for backgammon alone.
    if r["match_fingerprint"] is None:
        del r["match_fingerprint"]
    return r


def spark_check(spark, path, max_bytes):
    import tabula.spark

    started = time.perf_counter()
    rows = tabula.spark.check(spark, str(path), max_bytes_per_task=max_bytes).collect()
    return [as_report(r) for r in rows], time.perf_counter() - started


def by_file(reports: list) -> dict:
    files = defaultdict(list)
    for r in reports:
        files[r["source"]].append(r)
    return files


def compare(program, spark, path, max_bytes) -> dict:
    """Checks `path` both ways; asserts every file's rows are equal, in order; the figures."""
    ours, seconds = spark_check(spark, path, max_bytes)
    theirs = jsonl(run(program, "check", "--jsonl", str(path)).stdout)
    assert theirs, "the program reported nothing"
    ours_files, theirs_files = by_file(ours), by_file(theirs)
    assert sorted(ours_files) == sorted(theirs_files)
    for source, expected in theirs_files.items():
        got = ours_files[source]
        assert len(got) == len(expected), source
        for a, b in zip(got, expected):
            assert a == b, source
    # Spark's rows come in the order of their files' paths.
    assert [local(r["source"]) for r in ours] == sorted(local(r["source"]) for r in ours)
    games = sum(r["verdict"] != "skipped" for r in ours)
    return {"files": len(ours_files), "rows": len(ours), "games": games, "seconds": seconds}


def pieces(spark, path, max_bytes) -> dict:
    import tabula.spark

    return tabula.spark._pieces(spark, str(path), max_bytes)


def report(capsys, what: str, figures: dict, cut: dict) -> None:
    with capsys.disabled():
        rate = figures["games"] / figures["seconds"]
        print(
            f"\n{what}: {figures['files']} files, {figures['games']} games, {figures['rows']} rows equal to "
            f"tabula check --jsonl; {rate:,.0f} games/s in local[2] ({figures['seconds']:.1f} s); "
            f"cut into pieces of {cut['max_bytes']:,} bytes: "
            + ", ".join(f"{Path(f).name} {n}" for f, n in sorted(cut["pieces"].items()))
        )


def test_testdata_as_the_program_checks_it(program, spark, capsys):
    figures = compare(program, spark, TESTDATA, PIECE_BYTES)
    cut = pieces(spark, TESTDATA, PIECE_BYTES)
    assert cut["random_games.tsv"] > 5, cut
    assert cut["broken_games.tsv"] > 1, cut
    report(capsys, "testdata/", figures, {"max_bytes": PIECE_BYTES, "pieces": cut})


def test_one_file_named_as_the_program_checks_it(program, spark):
    compare(program, spark, TESTDATA / "arimaa" / "random_games.tsv", PIECE_BYTES)
    # Named, a file in no known format is a report, unreadable (in a folder it is skipped).
    rows = compare(program, spark, TESTDATA / "arimaa" / "README.md", PIECE_BYTES)
    assert rows["games"] == 1


def test_an_archive_cut_anywhere_keeps_its_ids_lines_and_order(program, spark, tmp_path):
    """Rows without an id (named by their index), blank lines, CRLF line ends, a last row
    without a line break, and gzip (not cut: checked whole)."""
    lines = (TESTDATA / "arimaa" / "random_games.tsv").read_bytes().split(b"\n")
    header, rows = lines[0], [r for r in lines[1:] if r]
    out = [header]
    for i, row in enumerate(rows):
        if i % 3 == 0:
            row = b"\t" + row.split(b"\t", 1)[1]  # no id: the row's index names it
        if i % 4 == 1:
            out.append(b"")
        if i % 5 == 2:
            out.append(b"  \r")
        out.append(row + (b"\r" if i % 7 == 3 else b""))
    data = b"\n".join(out)
    (tmp_path / "cut.tsv").write_bytes(data)
    (tmp_path / "whole.tsv.gz").write_bytes(gzip.compress(data))
    (tmp_path / "blank.tsv").write_bytes(header + b"\n" + b"\n \n" * 3000)
    figures = compare(program, spark, tmp_path, 2 << 10)
    cut = pieces(spark, tmp_path, 2 << 10)
    assert cut["cut.tsv"] > 10 and "whole.tsv.gz" not in cut, cut
    assert figures["rows"] == 2 * len(rows) + 1


def test_shared_data_as_the_program_checks_it(program, spark, capsys):
    if not SHARED_DATA.is_dir():
        pytest.fail(f"{SHARED_DATA} not found: this test needs ../shared/data beside the repository")
    max_bytes = 64 << 10
    figures = compare(program, spark, SHARED_DATA, max_bytes)
    cut = pieces(spark, SHARED_DATA, max_bytes)
    assert cut, "no archive of ../shared/data was cut"
    report(capsys, "../shared/data", figures, {"max_bytes": max_bytes, "pieces": cut})


def test_bad_arguments(spark):
    import tabula.spark

    with pytest.raises(TypeError):
        tabula.spark.check(spark, 12)
    with pytest.raises(TypeError):
        tabula.spark.check(spark, str(TESTDATA), max_bytes_per_task="1")
    with pytest.raises(ValueError):
        tabula.spark.check(spark, str(TESTDATA), max_bytes_per_task=0)


# Bundled legal games with one slip written into each (the first `from` made `to`): a file of
# each game, the Arimaa archive long enough to be cut into pieces.
SLIPS = [
    ("arimaa/random_games.tsv", b"\\n6w Dd2n He2n Eb3n Ra2e\\n", b"\\n6w Dd2n He2n Eb3n Ra2w\\n"),
    ("arimaa/random_games.tsv", b"\\n3b ra7e re7s re6e rf6s\\n", b"\\n3b ra7e re7s re6w rf6s\\n"),
    ("backgammon/matches/galaxy_5pt.mat", b"  3) 63: 24/18 7/4 ", b"  3) 63: 24/18 7/3 "),
    ("snr/games.txt", b"Cr - I9, PS, I8, I7\n", b"Cr - I9, PS, I8, I6\n"),
]


def test_suggest_gives_the_rows_of_check_suggest(program, spark, tmp_path):
    """`suggest=True`: the rows of `tabula check --suggest --jsonl` on files with slips in the
    three games (the archive cut into pieces, so that its suggestions come from several tasks);
    without it, those of `tabula check --jsonl`, no error with the key."""
    import tabula.spark

    files = {}
    for name, slip, written in SLIPS:
        data = files.get(name) or (TESTDATA / name).read_bytes()
        assert slip in data, (name, slip)
        files[name] = data.replace(slip, written, 1)
    for name, data in files.items():
        (tmp_path / Path(name).name).write_bytes(data)

    def rows(**kwargs):
        df = tabula.spark.check(spark, str(tmp_path), max_bytes_per_task=PIECE_BYTES, **kwargs)
        return [as_report(r) for r in df.collect()]

    suggested = rows(suggest=True)
    assert suggested == jsonl(run(program, "check", "--suggest", "--jsonl", str(tmp_path)).stdout)
    with_hints = [r for r in suggested if r["error"] and r["error"].get("suggestions")]
    assert {r["kind"] for r in with_hints} == {"arimaa", "backgammon", "stones-and-rivers"}, with_hints
    assert sum(r["kind"] == "arimaa" for r in with_hints) == 2
    assert all(r["error"]["suggestions"][0]["then"] == "ok" for r in with_hints), with_hints
    assert tabula.spark._pieces(spark, str(tmp_path), PIECE_BYTES)["random_games.tsv"] > 5

    plain = rows()
    assert plain == jsonl(run(program, "check", "--jsonl", str(tmp_path)).stdout)
    assert [r["verdict"] for r in plain] == [r["verdict"] for r in suggested]
    assert not any(r["error"] and "suggestions" in r["error"] for r in plain)


def test_the_public_names():
    import tabula.spark

    for name in tabula.spark.__all__:
        assert hasattr(tabula.spark, name), name
    assert {"check", "positions", "COLUMNS", "POSITION_COLUMNS"} <= set(tabula.spark.__all__)
