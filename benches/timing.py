"""Timing helpers shared by the peer-comparison scripts in this folder."""

import subprocess
import sys
import time


def timed(cmd, repeat):
    """Best wall time of `repeat` runs, and the last run's stdout."""
    best, out = None, b""
    for _ in range(repeat):
        t0 = time.perf_counter()
        res = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        dt = time.perf_counter() - t0
        if res.returncode not in (0, 1):
            sys.exit(f"{' '.join(cmd)} failed: {res.stderr.decode()[:500]}")
        out = res.stdout
        best = dt if best is None else min(best, dt)
    return best, out
