"""tabula: verified replay of Arimaa, backgammon and Stones and Rivers records.

Every string in and out is the text the ``tabula`` program reads and writes: long notation and
the ``g [<64 squares>]`` position string for Arimaa, the standard play notation and gnubg's
Position ID for backgammon, the turn text and position string of Stones and Rivers.

>>> import tabula
>>> board = tabula.arimaa.Board()
>>> for report in tabula.check("testdata/arimaa"):  # doctest: +SKIP
...     print(report["game"], report["verdict"])
"""

import json as _json
import os as _os
from typing import Any, Dict, Iterator, List, Optional, Sequence, Union

from . import _tabula
from ._tabula import AmbiguousMove, Game, IllegalMove, NotationError, TabulaError

__version__: str = _tabula.__version__

from . import arimaa, backgammon, stones_rivers  # noqa: E402

__all__ = [
    "__version__",
    "check",
    "check_bytes",
    "duplicates",
    "positions",
    "find",
    "position_key",
    "read",
    "Archive",
    "Game",
    "TabulaError",
    "NotationError",
    "IllegalMove",
    "AmbiguousMove",
    "arimaa",
    "backgammon",
    "stones_rivers",
]

_PathLike = Union[str, bytes, "_os.PathLike[str]", "_os.PathLike[bytes]"]


def _fspath(p: Any) -> str:
    if isinstance(p, (str, bytes)) or hasattr(p, "__fspath__"):
        path = _os.fsdecode(_os.fspath(p))
        if "\0" in path:
            raise TabulaError(f"a path with a NUL character: {path!r}")
        return path
    raise TypeError(f"a path must be str, bytes or os.PathLike, not {type(p).__name__}")


def check(
    paths: Union[_PathLike, Sequence[_PathLike]], *, jobs: Optional[int] = None, suggest: bool = False
) -> Iterator[Dict[str, Any]]:
    """Checks every game in ``paths`` (a path or a list of paths: files or folders).

    Yields one dict per game or skipped file, in input order, with exactly the keys and values
    of ``tabula check --jsonl``. The games are checked in parallel by ``jobs`` threads (default:
    all cores) without holding the GIL, and streamed: memory does not grow with the archive.
    Closing the iterator (or dropping it) stops the check. With ``suggest``, the ``error`` of an
    ``illegal`` game carries ``suggestions``, as ``tabula check --suggest`` gives them.
    """
    names, jobs = _paths_and_jobs(paths, jobs)
    return _stream(_tabula.check_lines(names, jobs, bool(suggest)))


def _paths_and_jobs(paths: Any, jobs: Any):
    """The path names of ``paths`` (a path or a list of paths) and ``jobs``, checked."""
    if isinstance(paths, (str, bytes)) or hasattr(paths, "__fspath__"):
        paths = [paths]
    if not isinstance(paths, (list, tuple)):
        try:
            paths = list(paths)
        except TypeError:
            raise TypeError(
                f"paths must be a path or a list of paths, not {type(paths).__name__}"
            ) from None
    names = [_fspath(p) for p in paths]
    if jobs is not None:
        if isinstance(jobs, bool) or not isinstance(jobs, int):
            raise TypeError(f"jobs must be an int, not {type(jobs).__name__}")
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
    return names, jobs


def duplicates(
    paths: Union[_PathLike, Sequence[_PathLike]], jobs: Optional[int] = None
) -> List[Dict[str, Any]]:
    """The records found more than once in ``paths``: the groups of ``tabula duplicates --jsonl``.

    Each group is a dict ``{"kind", "scope", "fingerprint", "members": [{"source", "game"}]}``:
    the same game (Arimaa, Stones and Rivers) or match (backgammon, ``scope`` ``"match"``) in
    any format, groups in the order of their first member. ``OSError`` when a path or file
    cannot be read (the program exits 2).
    """
    names, jobs = _paths_and_jobs(paths, jobs)
    return [_json.loads(line) for line in _tabula.duplicates_lines(names, jobs)]


def positions(
    paths: Union[_PathLike, Sequence[_PathLike]], jobs: Optional[int] = None
) -> Iterator[Dict[str, Any]]:
    """Every position reached in the games of ``paths``: the rows of ``tabula positions --jsonl``.

    Yields one dict per position, ``{"source", "game", "kind", "ply", "side", "position",
    "dice", "move", "key"}``, in the games' order and then by ply; the last of a game is its
    ``final_position``. Streamed from a background thread: memory does not grow with the archive
    (``pandas.DataFrame(tabula.positions(path))`` holds the rows, of course). After the rows of
    what could be read, ``OSError`` names the paths or files that could not be.
    """
    names, jobs = _paths_and_jobs(paths, jobs)
    return _lines(_tabula.position_lines(names, jobs))


def _lines(batches: Iterator[List[str]]) -> Iterator[Dict[str, Any]]:
    """The dicts of the JSON lines of the lists ``batches`` yields."""
    for batch in batches:
        for line in batch:
            yield _json.loads(line)


def find(
    paths: Union[_PathLike, Sequence[_PathLike]], position: str, game: Optional[str] = None
) -> List[Dict[str, Any]]:
    """The games and plies of ``paths`` that reach ``position``, as ``tabula find --jsonl``.

    ``position``: an Arimaa ``g [<64 squares>]``/``s [...]``, a gnubg Position ID (from the view
    of the player on roll) or a Stones and Rivers position string; ``game`` names the game when
    the text could be read as another's. Returns dicts ``{"source", "game", "kind", "ply"}``;
    ``ValueError`` when ``position`` is no position, ``OSError`` when a path or file cannot
    be read.
    """
    names, _ = _paths_and_jobs(paths, None)
    if not isinstance(position, str):
        raise TypeError(f"position must be str, not {type(position).__name__}")
    return [_json.loads(line) for line in _tabula.find_lines(names, position, game)]


def position_key(position: str, game: Optional[str] = None) -> str:
    """The key of ``position`` (16 hex digits), as ``tabula positions`` writes the ``key`` of
    every row that stands there: what a query over the rows (``tabula.spark.positions``, its
    Parquet) selects a position by. ``position`` and ``game`` as ``find`` takes them;
    ``ValueError`` when ``position`` is no position (of ``game``).
    """
    if not isinstance(position, str):
        raise TypeError(f"position must be str, not {type(position).__name__}")
    return _tabula.position_key(position, game)


def _stream(batches: Iterator[List[Dict[str, Any]]]) -> Iterator[Dict[str, Any]]:
    """The dicts of the lists ``batches`` yields, one by one (closing it drops ``batches``)."""
    for batch in batches:
        yield from batch


def check_bytes(
    data: Union[bytes, bytearray, memoryview], source: str, *, suggest: bool = False
) -> List[Dict[str, Any]]:
    """Checks one file's content (plain or gzip), recognised as ``tabula check`` recognises a file.

    Returns the dicts of ``tabula check --jsonl``, ``source`` as their ``"source"`` (and, for a
    file holding one game, the game's id from its name). The call a task of a distributed job
    makes. ``suggest`` as for :func:`check`.
    """
    if isinstance(data, str):
        raise TypeError("data must be bytes (the file's content), not str")
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"data must be bytes, not {type(data).__name__}")
    if not isinstance(source, str):
        raise TypeError(f"source must be str, not {type(source).__name__}")
    return [_json.loads(line) for line in _tabula.check_bytes_lines(bytes(data), source, bool(suggest))]


def read(path: _PathLike) -> Iterator[Game]:
    """The games of one file (any format ``check`` reads), one ``Game`` each, in order.

    Each game has the verdict ``tabula check`` gives it (a backgammon game's depends on its
    match: the score before it, a game after the end of the match). The file is read once, in
    bounded chunks, by a background thread; ``OSError`` when it cannot be read, ``TabulaError``
    when it holds no records.
    """
    return _tabula.read_games(_fspath(path))


class Archive:
    """The archive database at ``path`` (one SQLite file, made by the first :meth:`index`).

    The same file as ``tabula index --db``, ``tabula explore --db`` and ``tabula find --db``
    use, with the same answers as dicts; it opens in ``sqlite3`` and pandas too (the schema:
    ``docs/archive.md``). ``OSError`` for a path that cannot be read or a file that is not a
    tabula database of this version, ``ValueError`` for a bad position, game or roll.
    """

    def __init__(self, path: _PathLike) -> None:
        self._path = _fspath(path)
        self._db = _tabula.ArchiveDb(self._path)

    @property
    def path(self) -> str:
        """The database file."""
        return self._path

    def __repr__(self) -> str:
        return f"Archive({self._path!r})"

    def index(
        self, paths: Union[_PathLike, Sequence[_PathLike]], jobs: Optional[int] = None
    ) -> Dict[str, Any]:
        """Indexes every record under ``paths``, as ``tabula index --jsonl``: the summary dict
        ``{"files", "skipped", "replaced", "games", "copies", "positions"}`` of this run."""
        names, jobs = _paths_and_jobs(paths, jobs)
        return _json.loads(self._db.index(names, jobs))

    def explore(
        self,
        position: str,
        game: Optional[str] = None,
        dice: Optional[str] = None,
        player: Optional[str] = None,
    ) -> Dict[str, Any]:
        """What was played from ``position`` in the distinct ok games, as ``tabula explore
        --jsonl``: ``{"kind", "position", "side", "games", "wins", "moves", "top_games"}``."""
        for name, value in (("position", position), ("game", game), ("dice", dice), ("player", player)):
            if value is not None and not isinstance(value, str):
                raise TypeError(f"{name} must be str, not {type(value).__name__}")
        return _json.loads(self._db.explore(position, game, dice, player))

    def find(self, position: str, game: Optional[str] = None) -> List[Dict[str, Any]]:
        """Every distinct game and ply that reach ``position``, as ``tabula find --db --jsonl``:
        dicts ``{"source", "game", "kind", "ply", "fingerprint"}``."""
        for name, value in (("position", position), ("game", game)):
            if value is not None and not isinstance(value, str):
                raise TypeError(f"{name} must be str, not {type(value).__name__}")
        return self._db.find(position, game)
