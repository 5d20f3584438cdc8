#!/usr/bin/env python3
"""`tabula serve` under load: CLIENTS clients at once send REQUESTS `/api/explore` requests in all
over the positions of the database, and the script prints how many failed and the latencies
(median, 99th percentile, slowest) against the goal: none fails, 99% within 50 ms.

    python3 benches/serve_load.py [--tabula target/release/tabula] [--db FILE]
                                  [--clients 8] [--requests 2000] [--positions 200]

Without --db it indexes the bundled testdata/ into a temporary database first. The positions
asked are found through the API itself, breadth first from each kind's start (each move's
`position` is a position some game reaches), so that common and rare positions are both asked.
Each client keeps one connection open (HTTP/1.1 keep-alive), as a browser does.
"""

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
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
    """Up to `wanted` (kind, position) pairs reached from the starts, breadth first."""
    queue = list(starts)
    seen = set(queue)
    out = []
    while queue and len(out) < wanted:
        kind, position = queue.pop(0)
        conn.request("GET", explore_target(kind, position))
        r = conn.getresponse()
        body = r.read()
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
    return out


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
    server = subprocess.Popen([args.tabula, "serve", "--db", db], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = urllib.parse.urlparse(server.stdout.readline().strip())
        host, port = url.hostname, url.port
        starts = [(k, p) for k, p in STARTS.items()] + [("stones-and-rivers", snr_start(args.tabula))]
        asked = positions(http.client.HTTPConnection(host, port, timeout=30), starts, args.positions)
        if not asked:
            sys.exit("no position of the database is reached by a game")
        per_client = [args.requests // args.clients + (1 if i < args.requests % args.clients else 0) for i in range(args.clients)]
        latencies = []
        failures = []
        lock = threading.Lock()
        barrier = threading.Barrier(args.clients)

        def client(index, count):
            conn = http.client.HTTPConnection(host, port, timeout=30)
            mine, bad = [], []
            barrier.wait()
            for i in range(count):
                kind, position = asked[(index * 7919 + i) % len(asked)]
                t0 = time.perf_counter()
                try:
                    conn.request("GET", explore_target(kind, position))
                    r = conn.getresponse()
                    body = r.read()
                    ok = r.status == 200 and json.loads(body)["games"] > 0
                except Exception as e:  # noqa: BLE001: a failure is counted, whatever it is
                    ok = False
                    body = str(e).encode()
                    conn = http.client.HTTPConnection(host, port, timeout=30)
                mine.append(time.perf_counter() - t0)
                if not ok:
                    bad.append((kind, position, body[:200]))
            with lock:
                latencies.extend(mine)
                failures.extend(bad)

        threads = [threading.Thread(target=client, args=(i, n)) for i, n in enumerate(per_client)]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0
    finally:
        server.kill()
        server.wait()
        if tmp:
            tmp.cleanup()

    ms = sorted(x * 1000 for x in latencies)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(f"database: {db if args.db else 'testdata/ indexed'}; {len(asked)} positions; "
          f"{args.clients} clients, {len(ms)} requests in {wall:.2f} s ({len(ms) / wall:.0f} a second)")
    print(f"failed: {len(failures)} (goal: 0)")
    print(f"latency: median {statistics.median(ms):.2f} ms, 99% within {p99:.2f} ms (goal: 50 ms), slowest {ms[-1]:.2f} ms")
    for f in failures[:5]:
        print("  failed:", f)
    sys.exit(1 if failures or p99 > 50 else 0)


if __name__ == "__main__":
    main()
