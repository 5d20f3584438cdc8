"""tabula on a Spark cluster: ``check(spark, path)`` checks every file under ``path`` in the
cluster's tasks and returns a DataFrame with a row per game (or skipped file), the rows of
``tabula check --jsonl`` on the same files.

Needs ``pyspark`` (``pip install "./python[spark]"``) and a classic ``SparkSession`` (the driver
asks the JVM for the start of the large files; Spark Connect has no such door). The package must
be installed where the tasks run (see docs/python.md, "Beyond one machine").

How the files are checked:

- A file of at most ``max_bytes_per_task`` bytes is read whole (Spark's ``binaryFile`` source)
  and checked in a task by the library's check of one file's content, as ``tabula.check_bytes``
  checks it.
- A larger plain Arimaa archive (a header line, then one game a row) is cut into pieces: Spark's
  text source reads it in blocks of about ``max_bytes_per_task`` bytes, split at line breaks
  (``lineSep`` ``\\n``; the bytes of every line as they are); a first pass counts each block's
  lines and rows, and a second checks each block in a task of its own, handed the file's header
  line and what stands before it, so that its rows are named (an empty id: the row's index in
  the file) and placed (``error.line``) as in the whole file. The rows are put back in order.
- Any other large file (gzip, which cannot be cut; a match; records of another game) is read
  whole in one task, as a small one is.

A path naming one file checks it as ``tabula check FILE`` does (content in no known format is a
game report, ``unreadable``); a folder or a glob as ``tabula check FOLDER`` does (such content is
skipped: a row with verdict ``skipped``, kind ``unknown``, the reason in ``error``). Files Spark
lists leave out names starting with ``.`` or ``_`` (Spark's rule, not the program's).

``positions(spark, path)`` gives the rows of ``tabula positions --jsonl`` (a task per file), each
with its game's fingerprint, verdict and winner, to write as Parquet and count into ``tabula
explore``'s statistics (docs/archive.md, "Beyond one machine: the positions as Parquet").
"""

import json
import os
from typing import Any, Dict, Iterable, Iterator, List, Optional, Tuple

from . import _tabula

__all__ = ["check", "positions", "COLUMNS", "POSITION_COLUMNS", "GAME_COLUMNS", "DEFAULT_MAX_BYTES_PER_TASK"]

#: The most bytes of a file one task reads and checks, unless told otherwise: 64 MiB.
DEFAULT_MAX_BYTES_PER_TASK = 64 << 20

#: The columns of the DataFrame, in order: the keys of ``tabula check --jsonl``.
COLUMNS = [
    "source",
    "game",
    "kind",
    "verdict",
    "turns",
    "result",
    "final_position",
    "error",
    "fingerprint",
    "match_fingerprint",
]

# Bytes of a file's start its format is recognised from (the library's DETECT_BYTES).
_HEAD_BYTES = 64 << 10


def _schema():
    from pyspark.sql.types import LongType, StringType, StructField, StructType

    return StructType(
        [
            StructField("source", StringType(), False),
            StructField("game", StringType(), False),
            StructField("kind", StringType(), False),
            StructField("verdict", StringType(), False),
            StructField("turns", LongType(), False),
            StructField("result", StringType(), True),
            StructField("final_position", StringType(), False),
            StructField("error", StringType(), True),
            StructField("fingerprint", StringType(), True),
            StructField("match_fingerprint", StringType(), True),
            # Where the row stands: its file, the byte its piece starts at, its place in the piece.
            StructField("_file", StringType(), False),
            StructField("_block", LongType(), False),
            StructField("_seq", LongType(), False),
        ]
    )


def _json_text(value: Any) -> Optional[str]:
    """A report's ``result`` or ``error`` as compact JSON text, as the program writes it; None
    for null."""
    if value is None:
        return None
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _rows(lines: Iterable[str], file: str, block: int) -> Iterator[tuple]:
    """The DataFrame rows of a check's JSON lines."""
    for seq, line in enumerate(lines):
        r = json.loads(line)
        yield (
            r["source"],
            r["game"],
            r["kind"],
            r["verdict"],
            r["turns"],
            _json_text(r["result"]),
            r["final_position"],
            _json_text(r["error"]),
            r["fingerprint"],
            r.get("match_fingerprint"),
            file,
            block,
            seq,
        )


def _check_whole(named: bool, suggest: bool):
    """A task's work on a whole file: ``(path, content)`` into rows."""

    def check(row) -> Iterator[tuple]:
        path, content = row[0], bytes(row[1])
        return _rows(_tabula.check_content_lines(content, path, named, 0, 0, suggest), path, 0)

    return check


def _blocks(rows: Iterable) -> Iterator[Tuple[int, List[bytes]]]:
    """The lines of one partition of a text read, grouped by the block (its first byte in the
    file) they were read from, in order."""
    block, lines = None, []
    for start, line in rows:
        if start != block:
            if block is not None:
                yield block, lines
            block, lines = start, []
        lines.append(bytes(line))
    if block is not None:
        yield block, lines


def _count_blocks(path: str):
    """First pass over a cut file: each block's lines and rows (the header line left out)."""

    def count(rows) -> Iterator[Tuple[str, int, int, int]]:
        for block, lines in _blocks(rows):
            if block == 0:
                lines = lines[1:]
            n_lines, n_rows = _tabula.rows_in(b"\n".join(lines) + b"\n") if lines else (0, 0)
            yield path, block, n_lines, n_rows

    return count


def _check_blocks(
    path: str, header: bytes, named: bool, before: Dict[int, Tuple[int, int, int]], empty: bool, suggest: bool
):
    """Second pass: each block with rows, after the header line, checked as the piece of the
    file it is (``before[block]``: lines and rows before it, and its own rows)."""

    def check(rows) -> Iterator[tuple]:
        for block, lines in _blocks(rows):
            if block == 0:
                lines = lines[1:]
            lines_before, rows_before, own_rows = before[block]
            # A block of blank lines alone reports nothing (alone, it would be skipped as holding
            # no game); a file without a row at all is reported once, from its first block.
            if own_rows == 0 and not (empty and block == 0):
                continue
            data = header + b"".join(line + b"\n" for line in lines)
            out = _tabula.check_content_lines(data, path, named, lines_before, rows_before, suggest)
            yield from _rows(out, path, block)

    return check


class _Jvm:
    """What the driver asks of Hadoop's file system through the JVM: whether a path names one
    file, a file's first bytes, and whether Spark's text source would decompress it."""

    def __init__(self, spark):
        self.jvm = spark.sparkContext._jvm
        self.conf = spark.sparkContext._jsc.hadoopConfiguration()

    def _path(self, path: str):
        return self.jvm.org.apache.hadoop.fs.Path(path)

    def is_file(self, path: str) -> bool:
        try:
            p = self._path(path)
            return bool(p.getFileSystem(self.conf).getFileStatus(p).isFile())
        except Exception:  # a glob, or a path Spark will say is missing
            return False

    def head(self, path: str, length: int) -> bytes:
        p = self._path(path)
        n = min(length, _HEAD_BYTES)
        stream = p.getFileSystem(self.conf).open(p)
        try:
            # A byte[] comes back as Python bytes (InputStream.readNBytes: Java 11 and later).
            return bytes(stream.readNBytes(n))
        finally:
            stream.close()

    def compressed(self, path: str) -> bool:
        factory = self.jvm.org.apache.hadoop.io.compress.CompressionCodecFactory(self.conf)
        return factory.getCodec(self._path(path)) is not None


def check(spark, path, *, max_bytes_per_task: int = DEFAULT_MAX_BYTES_PER_TASK, suggest: bool = False):
    """Checks every file under ``path`` on the cluster of ``spark`` (a ``SparkSession``).

    ``path``: any path Spark reads (a file, a folder, searched recursively, a glob; local, HDFS,
    S3). Returns a DataFrame with one row per game or skipped file, with the columns of
    ``tabula check --jsonl`` (``COLUMNS``): ``source`` (the path as Spark names the file),
    ``game``, ``kind``, ``verdict``, ``turns``, ``final_position``, ``fingerprint`` as they are,
    ``result`` and ``error`` as JSON text (null when null), ``match_fingerprint`` (backgammon; null
    for the other games). The rows are those of ``tabula check --jsonl`` on the
    same files, in the order of the files' paths, and within a file in the file's order.

    A plain Arimaa archive larger than ``max_bytes_per_task`` bytes is checked in pieces of about
    that size, one task each; any other file in one task (Spark's ``binaryFile`` source: at most
    2 GB). The files are listed, and the large archives read once to count their rows, when
    ``check`` is called; the games are checked when the DataFrame is used. A path that does not
    exist raises Spark's error (the program reports it as a row, ``unknown``). With ``suggest``,
    the ``error`` of an ``illegal`` game carries ``suggestions`` (``tabula check --suggest``).
    """
    from pyspark.sql import functions as F

    plan = _Plan(spark, path, max_bytes_per_task)
    small = plan.files.where(F.col("length") <= plan.max_bytes).select("path", "content")
    parts = [small.rdd.flatMap(_check_whole(plan.named, bool(suggest)))]
    if plan.whole_large:
        large = spark.read.format("binaryFile").load(plan.whole_large).select("path", "content")
        parts.append(large.rdd.flatMap(_check_whole(plan.named, bool(suggest))))
    if plan.cut:
        texts = plan.texts()
        counts = plan.counts(texts)
        for p, header, rdd in texts:
            blocks = counts[p]
            before: Dict[int, Tuple[int, int, int]] = {}
            lines, rows_before = 0, 0
            for b, n_lines, n_rows in blocks:
                before[b] = (lines, rows_before, n_rows)
                lines, rows_before = lines + n_lines, rows_before + n_rows
            parts.append(rdd.mapPartitions(_check_blocks(p, header, plan.named, before, rows_before == 0, bool(suggest))))
    sc = spark.sparkContext
    rows = sc.union(parts) if len(parts) > 1 else parts[0]
    df = spark.createDataFrame(rows, _schema())
    return df.orderBy("_file", "_block", "_seq").select(*COLUMNS)


class _Plan:
    """How the files under a path are checked: which are read whole, which cut into pieces."""

    def __init__(self, spark, path, max_bytes: int):
        from pyspark.sql import functions as F

        if isinstance(path, bytes) or hasattr(path, "__fspath__"):
            path = os.fsdecode(os.fspath(path))
        if not isinstance(path, str):
            raise TypeError(f"path must be str or os.PathLike, not {type(path).__name__}")
        if isinstance(max_bytes, bool) or not isinstance(max_bytes, int):
            raise TypeError(f"max_bytes_per_task must be an int, not {type(max_bytes).__name__}")
        if max_bytes < 1:
            raise ValueError("max_bytes_per_task must be at least 1")
        self.spark, self.max_bytes = spark, max_bytes
        jvm = _Jvm(spark)
        self.named = jvm.is_file(path)
        self.files = spark.read.format("binaryFile").option("recursiveFileLookup", "true").load(path)
        # The large files: plain archives are cut into pieces, the others read whole.
        self.whole_large: List[str] = []
        self.cut: List[Tuple[str, bytes]] = []
        large = self.files.where(F.col("length") > max_bytes).select("path", "length").collect()
        for row in large:
            header_len = None
            if not jvm.compressed(row.path):
                header_len = _tabula.rows_header_len(jvm.head(row.path, row.length))
            if header_len is None:
                self.whole_large.append(row.path)
            else:
                self.cut.append((row.path, jvm.head(row.path, header_len)))

    def texts(self) -> list:
        """``(path, header line, lines)`` of each file cut: the lines an RDD of ``(block, line)``,
        ``block`` the first byte of the piece (Spark's block) the line was read in, the pieces
        of about ``max_bytes`` bytes. The partitions are fixed when the RDD is made, so that the
        two passes read the same pieces."""
        from pyspark.sql import functions as F

        spark, key = self.spark, "spark.sql.files.maxPartitionBytes"
        old = spark.conf.get(key, None)
        spark.conf.set(key, str(self.max_bytes))
        try:
            return [
                (
                    p,
                    header,
                    spark.read.option("lineSep", "\n")
                    .text(p)
                    .select(F.input_file_block_start().alias("block"), F.col("value").cast("binary").alias("line"))
                    .rdd,
                )
                for p, header in self.cut
            ]
        finally:
            if old is None:
                spark.conf.unset(key)
            else:
                spark.conf.set(key, old)

    def counts(self, texts: list) -> Dict[str, List[Tuple[int, int, int]]]:
        """First pass: each file's blocks, in order, with their lines and rows."""
        sc = self.spark.sparkContext
        counted = sc.union([rdd.mapPartitions(_count_blocks(p)) for p, _, rdd in texts]).collect()
        out: Dict[str, List[Tuple[int, int, int]]] = {p: [] for p, _ in self.cut}
        for p, b, n_lines, n_rows in counted:
            out[p].append((b, n_lines, n_rows))
        return {p: sorted(blocks) for p, blocks in out.items()}


def _pieces(spark, path, max_bytes: int) -> Dict[str, int]:
    """The files ``check`` cuts into pieces, by name, and how many pieces of each hold rows."""
    plan = _Plan(spark, path, max_bytes)
    if not plan.cut:
        return {}
    counts = plan.counts(plan.texts())
    return {p.rsplit("/", 1)[-1]: sum(1 for _, _, rows in blocks if rows) for p, blocks in counts.items()}


#: The program's columns of ``positions``' DataFrame, in order: the keys of ``tabula positions
#: --jsonl``.
POSITION_COLUMNS = ["source", "game", "kind", "ply", "side", "position", "dice", "move", "key"]

#: The columns ``positions``' DataFrame adds after ``POSITION_COLUMNS``: of the row's game, as
#: ``tabula check --jsonl`` reports it, its ``fingerprint``, ``match_fingerprint`` (backgammon;
#: null for the other games) and ``verdict``; ``winner``, the side that won the game written as
#: ``side`` is (``g``/``s``, ``0``/``1``, ``sq``/``cr``; null when the record does not end the
#: game); and ``won``, whether the side to move at the row won (``winner = side``; null with
#: ``winner``).
GAME_COLUMNS = ["fingerprint", "match_fingerprint", "verdict", "winner", "won"]


def _positions_schema():
    from pyspark.sql.types import BooleanType, LongType, StringType, StructField, StructType

    return StructType(
        [
            StructField("source", StringType(), False),
            StructField("game", StringType(), False),
            StructField("kind", StringType(), False),
            StructField("ply", LongType(), False),
            StructField("side", StringType(), False),
            StructField("position", StringType(), False),
            StructField("dice", StringType(), False),
            StructField("move", StringType(), True),
            StructField("key", StringType(), False),
            StructField("fingerprint", StringType(), True),
            StructField("match_fingerprint", StringType(), True),
            StructField("verdict", StringType(), False),
            StructField("winner", StringType(), True),
            StructField("won", BooleanType(), True),
            StructField("_file", StringType(), False),
            StructField("_seq", LongType(), False),
        ]
    )


def _positions_of(row) -> Iterator[tuple]:
    """A task's work on a whole file: ``(path, content)`` into rows of positions, each with its
    game's columns."""
    path, content = row[0], bytes(row[1])
    seq = 0
    for lines, fingerprint, match_fingerprint, verdict, winner in _tabula.positions_bytes_games(content, path):
        for line in lines:
            r = json.loads(line)
            won = None if winner is None else winner == r["side"]
            game = (fingerprint, match_fingerprint, verdict, winner, won)
            yield tuple(r[c] for c in POSITION_COLUMNS) + game + (path, seq)
            seq += 1


def positions(spark, path):
    """Every position reached in the games of the files under ``path`` (any path Spark reads),
    on the cluster of ``spark``: a DataFrame with the columns of ``tabula positions --jsonl``
    (``POSITION_COLUMNS``), the same rows as the program gives for the same files, in the order
    of the files' paths and within a file in the games' order and by ply; then the columns of
    each row's game (``GAME_COLUMNS``: ``fingerprint``, ``match_fingerprint``, ``verdict``,
    ``winner``, ``won``), so that the rows, written as Parquet
    (``positions(spark, path).write.parquet(out)``), aggregate into ``tabula explore``'s
    statistics without the archive database (docs/archive.md, "Python and Spark"). A task per
    file (Spark's ``binaryFile`` source: at most 2 GB); files in no format tabula knows give no
    rows.
    """
    if isinstance(path, bytes) or hasattr(path, "__fspath__"):
        path = os.fsdecode(os.fspath(path))
    if not isinstance(path, str):
        raise TypeError(f"path must be str or os.PathLike, not {type(path).__name__}")
    files = spark.read.format("binaryFile").option("recursiveFileLookup", "true").load(path)
    rows = files.select("path", "content").rdd.flatMap(_positions_of)
    df = spark.createDataFrame(rows, _positions_schema())
    return df.orderBy("_file", "_seq").select(*POSITION_COLUMNS, *GAME_COLUMNS)
