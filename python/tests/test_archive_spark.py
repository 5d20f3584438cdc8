"""`tabula.spark.positions` in a local Spark gives the rows of `tabula positions --jsonl`, and
`tabula.spark.check` the fingerprints of `tabula check --jsonl`. Marked `spark`."""


import pytest

from conftest import ROOT, TESTDATA, jsonl, local, run

pytestmark = pytest.mark.spark

SHARED_DATA = ROOT.parent / "shared" / "data"




def spark_positions(spark, path):
    import tabula.spark

    rows = []
    for row in tabula.spark.positions(spark, str(path)).select(*tabula.spark.POSITION_COLUMNS).collect():
        r = row.asDict()
        r["source"] = local(r["source"])
        rows.append(r)
    return rows


@pytest.mark.parametrize("folder", ["arimaa", "backgammon", "snr"])
def test_spark_positions_are_the_programs_rows(spark, program, folder):
    path = (TESTDATA / folder).resolve()
    expected = jsonl(run(program, "positions", "--jsonl", str(path)).stdout)
    assert spark_positions(spark, path) == expected


@pytest.mark.parametrize("folder", ["arimaa", "backgammon", "snr"])
def test_spark_positions_carry_their_games_report(spark, program, folder):
    """Each row's `fingerprint`, `match_fingerprint` and `verdict` are its game's in `tabula
    check --jsonl`, `winner` the side its `result` names, and `won` whether that is the row's
    side to move."""
    import tabula.spark

    path = (TESTDATA / folder).resolve()
    reports = {(r["source"], r["game"]): r for r in jsonl(run(program, "check", "--jsonl", str(path)).stdout)}
    rows = tabula.spark.positions(spark, str(path)).collect()
    assert rows
    for row in rows:
        report = reports[(local(row.source), row.game)]
        assert row.fingerprint == report["fingerprint"]
        assert row.match_fingerprint == report.get("match_fingerprint")
        assert row.verdict == report["verdict"]
        assert row.winner == winner(report["result"]), (row, report["result"])
        assert row.won == (None if row.winner is None else row.winner == row.side)
    assert {r.verdict for r in rows} >= {"ok"} and any(r.won for r in rows) and any(r.won is False for r in rows)


def winner(result):
    """The side a report's `result` names, as `positions` writes sides."""
    if result is None or result == "*":
        return None
    if isinstance(result, str):
        return result.lower()
    return str(result["winner"])


def test_spark_positions_on_the_shared_data(spark, program):
    if not SHARED_DATA.is_dir():
        pytest.fail(f"{SHARED_DATA} not found: this test needs ../shared/data beside the repository")
    path = (SHARED_DATA / "snr").resolve()
    expected = jsonl(run(program, "positions", "--jsonl", str(path)).stdout)
    assert spark_positions(spark, path) == expected


def test_spark_check_carries_the_fingerprints(spark, program):
    import tabula.spark

    path = (TESTDATA / "backgammon" / "sgf").resolve()
    expected = jsonl(run(program, "check", "--jsonl", str(path)).stdout)
    got = tabula.spark.check(spark, str(path)).collect()
    assert [r.fingerprint for r in got] == [e.get("fingerprint") for e in expected]
    assert [r.match_fingerprint for r in got] == [e.get("match_fingerprint") for e in expected]
