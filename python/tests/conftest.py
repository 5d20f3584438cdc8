"""Shared helpers: the repository's test data and the `tabula` program to compare with."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTDATA = ROOT / "testdata"


def _find_program() -> str:
    named = os.environ.get("TABULA_BIN")
    if named:
        return named
    targets = [os.environ.get("CARGO_TARGET_DIR"), str(ROOT / "target")]
    for target in filter(None, targets):
        for profile in ("release", "debug"):
            candidate = Path(target) / profile / "tabula"
            if candidate.is_file():
                return str(candidate)
    found = shutil.which("tabula")
    if found:
        return found
    raise RuntimeError(
        "the tabula program is needed to compare with: build it (cargo build --release --bin tabula) "
        "or name it in TABULA_BIN"
    )


@pytest.fixture(scope="session")
def program() -> str:
    return _find_program()


def run(program: str, *args: str, stdin: str = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [program, "--color", "never", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def jsonl(text: str) -> list:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.fixture(scope="session")
def cli_check(program):
    """`tabula check --jsonl PATH...` as a list of dicts."""

    def check(*paths: str) -> list:
        return jsonl(run(program, "check", "--jsonl", *paths).stdout)

    return check


@pytest.fixture(scope="session")
def cli_moves(program):
    """`tabula moves` as a list of texts."""

    def moves(game: str, position: str, dice: str = None) -> list:
        args = ["moves", "--game", game, "--position", position]
        if dice:
            args += ["--dice", dice]
        out = run(program, *args)
        assert out.returncode == 0, out.stderr
        return out.stdout.splitlines()

    return moves


@pytest.fixture(scope="session")
def cli_resolve(program):
    """`tabula resolve --jsonl` on a list of requests: the list of answers."""

    def resolve(requests: list) -> list:
        text = "".join(json.dumps(r) + "\n" for r in requests)
        return jsonl(run(program, "resolve", "--jsonl", stdin=text).stdout)

    return resolve


def data_files() -> list:
    return sorted(p for p in TESTDATA.rglob("*") if p.is_file() and "generate" not in p.parts)


def arimaa_positions(limit: int = 60) -> list:
    """Positions (`g [...]`) of the Arimaa perft file: real games, random play, hand-made."""
    out = []
    for line in (TESTDATA / "arimaa" / "perft.tsv").read_text().splitlines():
        if line.startswith("#") or line.startswith("source\t"):
            continue
        _, side, board, _ = line.split("\t")
        out.append(f"{side} [{board}]")
    step = max(1, len(out) // limit)
    return out[::step][:limit]


def backgammon_positions(limit: int = 150) -> list:
    """(Position ID, dice) of the backgammon perft file."""
    out = []
    for line in (TESTDATA / "backgammon" / "perft.tsv").read_text().splitlines():
        if line.startswith("#") or line.startswith("position_id\t"):
            continue
        pid, dice = line.split("\t")[:2]
        out.append((pid, dice))
    step = max(1, len(out) // limit)
    return out[::step][:limit]


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "peers: differential tests against aei, gnubg-nn and OpenSpiel (run with -m peers)"
    )
    config.addinivalue_line(
        "markers", "spark: tabula.spark in a local Spark against the program (run with -m spark; needs pyspark and Java)"
    )


# The marked tests that run only when asked for, and what they need.
ON_DEMAND = {
    "peers": "differential tests against the peers: run with -m peers",
    "spark": "tabula.spark in a local Spark (pyspark, Java): run with -m spark",
}


def pytest_collection_modifyitems(config, items):
    """The peers' tests and the Spark tests run only when asked for (`-m peers`, `-m spark`);
    asked for, they fail when a peer, pyspark or Java is missing."""
    asked = config.option.markexpr or ""
    for marker, reason in ON_DEMAND.items():
        if marker in asked:
            continue
        skip = pytest.mark.skip(reason=reason)
        for item in items:
            if marker in item.keywords:
                item.add_marker(skip)


@pytest.fixture(scope="session")
def spark():
    """One local Spark (two cores) for every test marked ``spark``, stopped at the end."""
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[2]")
        .appName("tabula-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def local(source: str) -> str:
    """A path as Spark names a local file (`file:/tmp/x`), as the program names it."""
    for prefix in ("file://", "file:"):
        if source.startswith(prefix):
            return source[len(prefix):]
    return source

