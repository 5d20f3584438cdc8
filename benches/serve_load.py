#!/usr/bin/env python3
"""`tabula serve` under load: CLIENTS clients at once send REQUESTS `/api/explore` requests in all
over the positions of the database, and the script prints how many failed and the latencies
(median, 99th percentile, slowest) against the goal: none fails, 99% within 50 ms.

    python3 benches/serve_load.py [--tabula target/release/tabula] [--db FILE]
                                  [--clients 8] [--requests 2000] [--positions 200]

Without --db it indexes the bundled testdata/ into a temporary database first. The positions
asked are found through the API itself, breadth first from each kind's start (each move's
`position` is a position some game reaches), so that common and rare positions are both asked.
Each client is a process of its own that keeps one connection open (HTTP/1.1 keep-alive), as a
browser does; a request's latency runs from sending it to the last byte of its answer.
"""

import argparse
import http.client
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STARTS = {
    "backgammon": "4HPwATDgc/ABMA",
    "arimaa": "g [" + " " * 64 + "]",
}


def explore_target(kind, position):
    return "/api/explore?" + urllib.parse.urlencode({"game": kind, "position": position})


def snr_start(tabula):
    out = subprocess.run(
        [tabula, "positions", "--jsonl", os.path.join(ROOT, "testdata/snr/games.txt")],
        capture_output=True, text=True, check=True,
    ).stdout
    return json.loads(out.splitlines()[0])["position"]


def positions(conn, starts, wanted):
    """Up to `wanted` (kind, position) pairs reached from the starts, breadth first, and the
    time each took (asked once each, one at a time: a server that keeps nothing yet)."""
    queue = list(starts)
    seen = set(queue)
    out = []
    times = []
    while queue and len(out) < wanted:
        kind, position = queue.pop(0)
        t0 = time.perf_counter()
        conn.request("GET", explore_target(kind, position))
        r = conn.getresponse()
        body = r.read()
        times.append(time.perf_counter() - t0)
        if r.status != 200:
            continue
        answer = json.loads(body)
        if answer["games"] == 0:
            continue
        out.append((kind, position))
        for m in answer["moves"]:
            nxt = (kind, m["position"])
            if m["position"] and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return out, times


_BARRIER = None


def _init(barrier):
    global _BARRIER
    _BARRIER = barrier


def client(host, port, asked, index, count):
    """One client: `count` requests on one kept-alive connection; its latencies and failures."""
    conn = http.client.HTTPConnection(host, port, timeout=30)
    mine, bad = [], []
    _BARRIER.wait()
    for i in range(count):
        kind, position = asked[(index * 7919 + i) % len(asked)]
        t0 = time.perf_counter()
        try:
            conn.request("GET", explore_target(kind, position))
            r = conn.getresponse()
            body = r.read()
            elapsed = time.perf_counter() - t0
            ok = r.status == 200 and json.loads(body)["games"] > 0
        except Exception as e:  # noqa: BLE001: a failure is counted, whatever it is
            elapsed = time.perf_counter() - t0
            ok = False
            body = str(e).encode()
            conn = http.client.HTTPConnection(host, port, timeout=30)
        mine.append(elapsed)
        if not ok:
            bad.append((kind, position, body[:200]))
    return mine, bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tabula", default=os.path.join(ROOT, "target/release/tabula"))
    ap.add_argument("--db")
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--requests", type=int, default=2000)
    ap.add_argument("--positions", type=int, default=200)
    args = ap.parse_args()

    tmp = None
    db = args.db
    if db is None:
        tmp = tempfile.TemporaryDirectory()
        db = os.path.join(tmp.name, "archive.db")
        subprocess.run(
            [args.tabula, "index", "--db", db, "-q"]
            + [os.path.join(ROOT, "testdata", f) for f in ("arimaa", "backgammon", "snr")],
            check=False,
        )
    def start():
        server = subprocess.Popen([args.tabula, "serve", "--db", db], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        url = urllib.parse.urlparse(server.stdout.readline().strip())
        return server, url.hostname, url.port

    # The positions are found on a server of their own; the load runs on a new one, which has
    # kept no answer yet: each position's first request is answered from the database.
    server, host, port = start()
    try:
        starts = [(k, p) for k, p in STARTS.items()] + [("stones-and-rivers", snr_start(args.tabula))]
        asked, first = positions(http.client.HTTPConnection(host, port, timeout=30), starts, args.positions)
    finally:
        server.kill()
        server.wait()
    if not asked:
        sys.exit("no position of the database is reached by a game")
    server, host, port = start()
    try:
        per_client = [args.requests // args.clients + (1 if i < args.requests % args.clients else 0) for i in range(args.clients)]
        # A process a client, so that the clients' own work (reading JSON) is not serialised
        # by one interpreter's lock and counted as the server's latency.
        ctx = multiprocessing.get_context("fork")
        start = ctx.Barrier(args.clients)
        with ctx.Pool(args.clients, initializer=_init, initargs=(start,)) as pool:
            t0 = time.perf_counter()
            results = pool.starmap(client, [(host, port, asked, i, n) for i, n in enumerate(per_client)])
            wall = time.perf_counter() - t0
        latencies = [x for mine, _ in results for x in mine]
        failures = [f for _, bad in results for f in bad]
    finally:
        server.kill()
        server.wait()
        if tmp:
            tmp.cleanup()

    ms = sorted(x * 1000 for x in latencies)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(f"database: {db if args.db else 'testdata/ indexed'}; {len(asked)} positions; "
          f"{args.clients} clients, {len(ms)} requests in {wall:.2f} s ({len(ms) / wall:.0f} a second)")
    cold = sorted(x * 1000 for x in first)
    print(f"one client, each position asked once: median {statistics.median(cold):.2f} ms, slowest {cold[-1]:.2f} ms")
    print(f"failed: {len(failures)} (goal: 0)")
    print(f"latency: median {statistics.median(ms):.2f} ms, 99% within {p99:.2f} ms (goal: 50 ms), slowest {ms[-1]:.2f} ms")
    for f in failures[:5]:
        print("  failed:", f)
    sys.exit(1 if failures or p99 > 50 else 0)


if __name__ == "__main__":
    main()
