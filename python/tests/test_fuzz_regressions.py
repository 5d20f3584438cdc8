"""Every input kept in `fuzz_regressions/<target>/` (seeds, and what fuzzing found, after the
fix) runs through its harness in `python/fuzz/` and is answered as the interface allows: a
finding there fails here, naming the file."""

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KEPT = Path(__file__).resolve().parent / "fuzz_regressions"
HARNESSES = {"check_bytes": "fuzz_check_bytes", "push_short": "fuzz_push_short", "play": "fuzz_play"}


def harness(module: str):
    """The harness module (and `_harness`, which it imports), loaded from `python/fuzz/`."""
    for name in ("_harness", module):
        if name not in sys.modules:
            spec = importlib.util.spec_from_file_location(name, ROOT / "python" / "fuzz" / f"{name}.py")
            loaded = importlib.util.module_from_spec(spec)
            sys.modules[name] = loaded
            spec.loader.exec_module(loaded)
    return sys.modules[module]


CASES = sorted((t, p) for t in HARNESSES for p in (KEPT / t).iterdir() if p.is_file())


def test_every_target_keeps_inputs():
    for target in HARNESSES:
        assert any((KEPT / target).iterdir()), target


@pytest.mark.parametrize("target,path", CASES, ids=[f"{t}/{p.name}" for t, p in CASES])
def test_kept_input_is_answered(target, path):
    harness(HARNESSES[target]).one_input(path.read_bytes())
