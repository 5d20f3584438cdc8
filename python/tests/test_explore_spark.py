"""Beyond one machine: the rows of `tabula.spark.positions`, written as Parquet and read back,
aggregate in Spark (and in DuckDB) into the statistics `tabula explore` answers from the
archive database, copies of a game counted once. Marked `spark`; the part on ../shared/data
fails naming the folder when it is missing."""

import pytest

import tabula
from conftest import ROOT, TESTDATA

pytestmark = pytest.mark.spark

SHARED_DATA = ROOT.parent / "shared" / "data"
FOLDERS = [TESTDATA / "arimaa", TESTDATA / "backgammon", TESTDATA / "snr"]
STARTS = [
    ("arimaa", "g [................................................................]"),
    ("backgammon", "4HPwATDgc/ABMA"),
    ("stones-and-rivers", "13/13/13/13/3sssssss3/3sssssss3/13/13/3SSSSSSS3/3SSSSSSS3/13/13/13/13 cr"),
]
SIDES = {"arimaa": ("g", "s"), "stones-and-rivers": ("sq", "cr")}


def explorer(rows, keys):
    """docs/archive.md's aggregation ("Python and Spark"), for the positions of `keys` at once:
    each position's games and wins, and its moves with theirs. A game is its `fingerprint`, so
    that its copies count once; `won` is taken at its first ply at the position (at its first
    ply there with the move, for a move), as `explore` does."""
    from pyspark.sql import functions as F

    def tally():
        return [
            F.count("*").alias("games"),
            F.count(F.when(F.col("won"), 1)).alias("won"),
            F.count(F.when(~F.col("won"), 1)).alias("lost"),
        ]

    at = rows.where(F.col("key").isin(keys) & (F.col("verdict") == "ok"))
    games = at.groupBy("key", "fingerprint").agg(F.min_by("won", "ply").alias("won"))
    totals = games.groupBy("key").agg(*tally())
    played = at.where(F.col("move").isNotNull())
    per_move = played.groupBy("key", "fingerprint", "dice", "move").agg(F.min_by("won", "ply").alias("won"))
    moves = per_move.groupBy("key", "dice", "move").agg(*tally()).orderBy("key", F.desc("games"), "move", "dice")
    return totals, moves


# The same aggregation in DuckDB's SQL, for one position (`$key`), on the Parquet files.
DUCKDB_TOTALS = """
WITH here AS (SELECT * FROM read_parquet($files) WHERE key = $key AND verdict = 'ok'),
     games AS (SELECT fingerprint, arg_min(won, ply) AS won FROM here GROUP BY fingerprint)
SELECT count(*) AS games, count(*) FILTER (WHERE won) AS won, count(*) FILTER (WHERE NOT won) AS lost FROM games
"""
DUCKDB_MOVES = """
WITH here AS (SELECT * FROM read_parquet($files) WHERE key = $key AND verdict = 'ok' AND move IS NOT NULL),
     games AS (SELECT fingerprint, dice, move, arg_min(won, ply) AS won FROM here GROUP BY fingerprint, dice, move)
SELECT dice, move, count(*) AS games, count(*) FILTER (WHERE won) AS won, count(*) FILTER (WHERE NOT won) AS lost
FROM games GROUP BY dice, move ORDER BY games DESC, move, dice
"""


def labelled(kind, side, won, lost):
    """`won` and `lost` (the side to move at the position, the other) as `explore`'s `wins`."""
    if kind == "backgammon":
        return {"on_roll": won, "other": lost}
    a, b = SIDES[kind]
    return {a: won, b: lost} if side == a else {a: lost, b: won}


def explored(answer):
    """What the aggregation gives of an `explore` answer: games, wins, and each move's."""
    moves = [(m["dice"], m["move"], m["games"], m["wins"]) for m in answer["moves"]]
    return answer["games"], answer["wins"], moves


def aggregated(kind, side, total, moves):
    won, lost = (total["won"], total["lost"]) if total else (0, 0)
    return (
        total["games"] if total else 0,
        labelled(kind, side, won, lost),
        [(m["dice"], m["move"], m["games"], labelled(kind, side, m["won"], m["lost"])) for m in moves],
    )


def asked(row):
    """The position of a row as `explore` takes it."""
    if row["kind"] == "arimaa":
        return f"{row['side']} [{row['position']}]"
    return row["position"]


class Explorer:
    """An archive indexed by `tabula.Archive` and the same files' Spark rows as Parquet."""

    def __init__(self, spark, tmp, folders):
        import tabula.spark

        self.spark = spark
        self.db = tabula.Archive(tmp / "archive.db")
        self.db.index(folders, jobs=2)
        self.parquet = tmp / "positions"
        for folder in folders:
            tabula.spark.positions(spark, str(folder.resolve())).write.mode("append").parquet(str(self.parquet))
        self.rows = spark.read.parquet(str(self.parquet))

    def busiest(self, per_kind):
        """For each kind, the positions reached by the most distinct ok games and those with the
        most distinct moves played from them: `per_kind` of each, as rows."""
        from pyspark.sql import Window
        from pyspark.sql import functions as F

        ok = self.rows.where(F.col("verdict") == "ok")
        stats = ok.groupBy("kind", "key").agg(
            F.countDistinct("fingerprint").alias("games"),
            F.countDistinct("dice", "move").alias("moves"),
            F.first("side").alias("side"),
            F.first("position").alias("position"),
        )
        out = []
        for order in ("games", "moves"):
            rank = F.row_number().over(Window.partitionBy("kind").orderBy(F.desc(order), "key"))
            out += stats.withColumn("rank", rank).where(F.col("rank") <= per_kind).collect()
        return [r.asDict() for r in out]

    def compare(self, positions):
        """Asserts that the aggregation of the Parquet rows gives `explore`'s games, wins and
        moves for each `(kind, position)`; returns the answers."""
        answers = {}
        for kind, position in positions:
            answer = self.db.explore(position, game=kind)
            answers[tabula.position_key(position, game=kind)] = (kind, position, answer)
        totals, moves = explorer(self.rows, list(answers))
        totals = {r["key"]: r.asDict() for r in totals.collect()}
        by_key = {}
        for r in moves.collect():
            by_key.setdefault(r["key"], []).append(r.asDict())
        for key, (kind, position, answer) in answers.items():
            got = aggregated(kind, answer["side"], totals.get(key), by_key.get(key, []))
            assert got == explored(answer), f"{kind} {position}"
        return answers


@pytest.fixture(scope="module")
def testdata(spark, tmp_path_factory):
    return Explorer(spark, tmp_path_factory.mktemp("explore"), FOLDERS)


def test_the_rows_carry_their_games_columns(testdata):
    import tabula.spark

    assert testdata.rows.columns == tabula.spark.POSITION_COLUMNS + tabula.spark.GAME_COLUMNS


def test_spark_counts_the_starts_as_explore(testdata):
    answers = testdata.compare(STARTS)
    for kind, position, answer in answers.values():
        assert answer["games"] > 1 and len(answer["moves"]) > 1, (kind, answer)


def test_spark_counts_the_busiest_positions_as_explore(testdata):
    rows = testdata.busiest(3)
    assert {r["kind"] for r in rows} == {"arimaa", "backgammon", "stones-and-rivers"}
    answers = testdata.compare([(r["kind"], asked(r)) for r in rows])
    assert any(len(a["moves"]) > 2 for _, _, a in answers.values())


def test_copies_of_a_match_count_once(testdata):
    """The backgammon start is reached by the same matches as `.mat`, gnubg's export and `.sgf`:
    counting rows, or games by file, would count each copy."""
    from pyspark.sql import functions as F

    key = tabula.position_key(STARTS[1][1])
    answer = testdata.db.explore(STARTS[1][1])
    at = testdata.rows.where((F.col("key") == key) & (F.col("verdict") == "ok"))
    records = at.select("source", "game").distinct().count()
    assert records >= 2 * answer["games"], (records, answer["games"])
    testdata.compare([STARTS[1]])


def test_duckdb_counts_as_explore(testdata):
    try:
        import duckdb
    except ImportError:
        pytest.fail("duckdb is not installed: pip install duckdb (the spark suite needs it)")
    files = [str(p) for p in sorted(testdata.parquet.glob("*.parquet"))]
    for kind, position in STARTS + [("backgammon", "4HPwASLgc/ABMA")]:
        key = tabula.position_key(position, game=kind)
        answer = testdata.db.explore(position, game=kind)
        con = duckdb.connect()
        params = {"files": files, "key": key}
        games, won, lost = con.execute(DUCKDB_TOTALS, params).fetchone()
        moves = con.execute(DUCKDB_MOVES, params).fetchall()
        total = {"games": games, "won": won, "lost": lost}
        moves = [dict(zip(("dice", "move", "games", "won", "lost"), m)) for m in moves]
        assert aggregated(kind, answer["side"], total, moves) == explored(answer), position


def test_spark_counts_the_shared_data_as_explore(spark, tmp_path):
    if not SHARED_DATA.is_dir():
        pytest.fail(f"{SHARED_DATA} not found: this test needs ../shared/data beside the repository")
    shared = Explorer(spark, tmp_path, [SHARED_DATA])
    rows = shared.busiest(4)
    answers = shared.compare(STARTS + [(r["kind"], asked(r)) for r in rows])
    kinds = {kind for kind, _, a in answers.values() if a["games"] > 1}
    assert kinds == {"arimaa", "backgammon", "stones-and-rivers"}, kinds
