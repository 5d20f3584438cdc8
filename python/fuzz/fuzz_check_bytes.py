"""Fuzzes ``tabula.check_bytes(data, source)``: any bytes, plain or gzip, under a file name that
says nothing or names a format (``.mat`` content not recognised is reported, not skipped).

The first byte of an input picks the file name (low bits) and whether the rest is gzipped
first (bit 7); the rest is the content. Every answer is a list of dicts with the keys of
``tabula check --jsonl`` and a verdict of ``cli.md`` (or ``skipped``), ``source`` as given.

    python python/fuzz/fuzz_check_bytes.py -max_total_time=600
"""

import _harness

if __name__ == "__main__":
    _harness.start("check_bytes", "fuzz_check_bytes")  # before tabula is imported; does not return

import gzip

import tabula

# What the interface allows a call to raise (../shared/python.md); anything else is a finding.
ALLOWED = (tabula.TabulaError, TypeError, ValueError)

NAMES = ["archive.tsv", "match.mat", "game.txt", "match.sgf", "records.snr", "a b/c.gz", "-", ""]
KEYS = {"source", "game", "kind", "verdict", "turns", "result", "final_position", "error", "fingerprint"}
VERDICTS = {"ok", "illegal", "result-mismatch", "unreadable", "skipped"}


def one_input(data: bytes) -> None:
    (first,), content = _harness.take(data, 1)
    source = NAMES[first % len(NAMES)]
    if first & 0x80:
        content = gzip.compress(content, compresslevel=1, mtime=0)
    try:
        reports = tabula.check_bytes(content, source)
    except ALLOWED:
        return
    assert isinstance(reports, list) and reports, "check_bytes gave no report at all"
    for r in reports:
        # A backgammon report carries its match's fingerprint too.
        assert set(r) - {"match_fingerprint"} == KEYS, sorted(r)
        assert ("match_fingerprint" in r) == (r["kind"] == "backgammon"), r
        assert r["verdict"] in VERDICTS, r["verdict"]
        assert r["source"] == source, r["source"]
        assert isinstance(r["turns"], int) and r["turns"] >= 0
        assert (r["error"] is None) == (r["verdict"] == "ok"), r

