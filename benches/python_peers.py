#!/usr/bin/env python3
"""Times the Python package beside its peers, in one run, and prints the ratios.

  backgammon: Board(pid).legal_plays(dice) against OpenSpiel's legal_actions() on the same
              states of random games (a double's first action only: OpenSpiel plays a double
              in two actions); beside them the floor of the answer's type: the same lists of
              str made by str.splitlines from one str a state (the texts joined by line
              breaks), what no list of str can be made much faster than;
  Arimaa:     Board.legal_turns() against aei's Position.get_moves() on the same positions of
              real games (testdata/arimaa/random_games.tsv);
  check:      tabula.check against the tabula program, same threads, on an archive made by
              repeating the rows of testdata/arimaa/random_games.tsv (--mb megabytes), the two alternated --repeat times.

Needs the package, aei, open-spiel and gnubg-nn's peers in the interpreter, and the program
(TABULA_BIN, or target/release/tabula).
"""

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import tabula

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python" / "tests"))
from test_peers import _spiel_mover_id  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def backgammon(n_states):
    import pyspiel

    game = pyspiel.load_game("backgammon")
    rng = random.Random(1)
    states = []
    while len(states) < n_states:
        s = game.new_initial_state()
        while not s.is_terminal() and len(states) < n_states:
            if s.is_chance_node():
                a, p = zip(*s.chance_outcomes())
                s.apply_action(rng.choices(a, p)[0])
                continue
            mover = s.current_player()
            dice = str(s).split("Dice: ")[1][:2]
            if "Extra turn: 0" in str(s):
                states.append((s.clone(), _spiel_mover_id(s, mover), dice))
            s.apply_action(rng.choice(s.legal_actions()))
    boards = [(tabula.backgammon.Board(pid), dice) for _, pid, dice in states]
    t0 = time.perf_counter()
    for s, _, _ in states:
        s.legal_actions()
    spiel = time.perf_counter() - t0
    t0 = time.perf_counter()
    for b, dice in boards:
        b.legal_plays(dice)
    ours = time.perf_counter() - t0
    joined = ["\n".join(b.legal_plays(dice)) for b, dice in boards]
    t0 = time.perf_counter()
    for j in joined:
        j.splitlines()
    floor = time.perf_counter() - t0
    return len(states), ours, spiel, floor


def arimaa(n_positions):
    from pyrimaa import board as aei

    rng = random.Random(1)
    boards = []
    for g in tabula.read(str(ROOT / "testdata/arimaa/random_games.tsv")):
        for n in range(2, g.turns):
            boards.append(g.board(n))
    rng.shuffle(boards)
    boards = [b for b in boards if b.outcome() is None][:n_positions]
    positions = []
    for b in boards:
        squares = b.position[3:-1].replace(" ", ".")
        color = aei.Color.GOLD if b.side == "g" else aei.Color.SILVER
        positions.append(aei.parse_short_pos(color, 4, "[" + squares.replace(".", " ") + "]"))
    ours, theirs = [], []
    for b, p in zip(boards, positions):
        t0 = time.perf_counter()
        b.legal_turns()
        ours.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        p.get_moves()
        theirs.append(time.perf_counter() - t0)
    return len(boards), ours, theirs


def check(mb, program, jobs, repeat):
    rows = (ROOT / "testdata/arimaa/random_games.tsv").read_bytes().split(b"\n")
    header, body = rows[0], [r for r in rows[1:] if r.strip()]
    path = Path(tempfile.mkdtemp()) / "archive.tsv"
    with open(path, "wb") as f:
        f.write(header + b"\n")
        size, i = 0, 0
        while size < mb << 20:
            r = body[i % len(body)]
            f.write(r + b"\n")
            size += len(r) + 1
            i += 1
    # Alternated, `repeat` times each: this machine's load moves from minute to minute.
    ours, prog = [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        n = sum(1 for _ in tabula.check(str(path), jobs=jobs))
        ours.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        out = subprocess.run([program, "check", "--jsonl", "--jobs", str(jobs), str(path)], capture_output=True)
        prog.append(time.perf_counter() - t0)
    lines = out.stdout.count(b"\n")
    os.unlink(path)
    return n, lines, ours, prog


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--states", type=int, default=3000)
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--mb", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--repeat", type=int, default=5, help="runs of each side of the check, alternated")
    args = ap.parse_args()
    program = os.environ.get("TABULA_BIN") or str(
        Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "release" / "tabula"
    )
    n, ours, spiel, floor = backgammon(args.states)
    print(f"backgammon legal plays, {n} states: tabula {ours / n * 1e6:.2f} us, "
          f"OpenSpiel legal_actions {spiel / n * 1e6:.2f} us, ratio {ours / spiel:.3f}x (goal 0.1x)")
    print(f"  floor, the same lists by str.splitlines from one str a state: {floor / n * 1e6:.2f} us, "
          f"ratio {floor / spiel:.3f}x OpenSpiel; tabula {ours / floor:.1f}x the floor")
    n, ours, theirs = arimaa(args.positions)
    print(f"Arimaa legal turns, {n} positions: tabula median {statistics.median(ours) * 1e3:.2f} ms "
          f"(total {sum(ours):.2f} s), aei get_moves median {statistics.median(theirs) * 1e3:.1f} ms "
          f"(total {sum(theirs):.1f} s), ratio {sum(ours) / sum(theirs):.4f}x (goal 0.01x)")
    n, lines, ours, prog = check(args.mb, program, args.jobs, args.repeat)
    o, p = statistics.median(ours), statistics.median(prog)
    print(f"check, {args.mb} MB archive, {n} games ({lines} lines from the program), {args.jobs} threads, "
          f"median of {args.repeat} alternated runs: tabula.check {o:.2f} s, program {p:.2f} s, ratio {o / p:.3f}x "
          f"(fastest runs: {min(ours) / min(prog):.3f}x) (goal 1.1x)")


if __name__ == "__main__":
    main()
