"""What the three harnesses share: how a finding is told from an answer the interface allows,
and the entry point that runs a harness under atheris.

A harness is a module with ``one_input(data: bytes) -> None``. It calls the package with what
``data`` makes and returns when the package answers or refuses as ``../shared/python.md``
allows: ``tabula.TabulaError`` (``NotationError``, ``IllegalMove``, ``AmbiguousMove``),
``TypeError`` or ``ValueError`` (each harness's ``ALLOWED``). Anything else escapes it and is a
finding: another exception, a broken promise (an ``AssertionError``: a board changed by a move
it refused), a Rust panic (``pyo3_runtime.PanicException``, which derives from
``BaseException``), or the interpreter dying. A harness imports nothing from atheris, so that
``python/tests/test_fuzz_regressions.py`` runs it over the kept inputs without it.

Run as a program, a harness calls ``start`` before it imports ``tabula``: atheris is loaded with
its symbols global, and the package only once the fuzzer runs, so that a build of the package
instrumented for coverage (docs/testing.md, "Fuzzing the Python package") finds libFuzzer's
hooks and feeds it the Rust code's coverage. A plain build runs too, blind to the Rust code.
"""

import importlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

REGRESSIONS = Path(__file__).resolve().parents[1] / "tests" / "fuzz_regressions"


def take(data: bytes, n: int):
    """The first ``n`` bytes of ``data`` (zeros where it is shorter), and the rest."""
    head = data[:n]
    return head + bytes(n - len(head)), data[n:]


def played(board, push, allowed, what: str):
    """What ``push(board)`` returns, a ``str``; ``None`` when the package refuses the move with
    one of ``allowed``, which must leave ``board`` as it was (``what``: the move, for the
    message)."""
    before = board.position
    try:
        text = push(board)
    except allowed:
        assert board.position == before, f"a refused {what} changed the board"
        return None
    assert isinstance(text, str)
    return text


def start(target: str, module: str) -> None:
    """Fuzzes ``module.one_input`` under atheris, libFuzzer's flags from ``sys.argv``; does not
    return. The corpus starts from ``python/tests/fuzz_regressions/<target>/`` and grows in a
    folder of its own (``$TABULA_FUZZ_CORPUS/<target>``, else a temporary folder), so that the
    kept inputs change only by hand."""
    sys.setdlopenflags(os.RTLD_NOW | os.RTLD_GLOBAL)
    import atheris

    corpus = Path(os.environ.get("TABULA_FUZZ_CORPUS") or tempfile.mkdtemp(prefix="tabula-fuzz-")) / target
    corpus.mkdir(parents=True, exist_ok=True)
    for seed in sorted((REGRESSIONS / target).glob("*")):
        if seed.is_file():
            shutil.copy(seed, corpus / seed.name)
    args = list(sys.argv)
    if not any(not a.startswith("-") for a in args[1:]):
        args.append(str(corpus))
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    harness = {}

    def one_input(data: bytes) -> None:
        if not harness:
            # The package is imported here, once libFuzzer's hooks are loaded.
            harness["run"] = importlib.import_module(module).one_input
        harness["run"](data)

    atheris.Setup(args, one_input)
    atheris.Fuzz()
