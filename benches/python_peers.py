#!/usr/bin/env python3
"""Times the Python package beside its peers, in one run, and prints the ratios.

  backgammon: Board(pid).legal_plays(dice) against OpenSpiel's legal_actions() on the same
              states of random games (a double's first action only: OpenSpiel plays a double
              in two actions), in --rounds rounds of --states states each; beside them the floor of the answer's type: the same lists of
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


def backgammon(n_states, rounds):
    """Per round, on states of its own (n_states of them): seconds of OpenSpiel, of tabula and
    of the floor, the three timed one after the other."""
    import pyspiel

    game = pyspiel.load_game("backgammon")
    rng = random.Random(1)
    states = []
    while len(states) < n_states * rounds:
        s = game.new_initial_state()
        while not s.is_terminal() and len(states) < n_states * rounds:
            if s.is_chance_node():
                a, p = zip(*s.chance_outcomes())
                s.apply_action(rng.choices(a, p)[0])
                continue
            mover = s.current_player()
            dice = str(s).split("Dice: ")[1][:2]
            if "Extra turn: 0" in str(s):
                states.append((s.clone(), _spiel_mover_id(s, mover), dice))
            s.apply_action(rng.choice(s.legal_actions()))
    rng.shuffle(states)
    timed = []
    for r in range(rounds):
        chunk = states[r * n_states:(r + 1) * n_states]
        boards = [(tabula.backgammon.Board(pid), dice) for _, pid, dice in chunk]
        t0 = time.perf_counter()
        for s, _, _ in chunk:
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
        timed.append((ours, spiel, floor))
    return n_states, timed


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
    ap.add_argument("--states", type=int, default=3000, help="backgammon states a round")
    ap.add_argument("--rounds", type=int, default=5, help="backgammon rounds, each on states of its own")
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--mb", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--repeat", type=int, default=5, help="runs of each side of the check, alternated")
    ap.add_argument("--only", choices=["backgammon", "arimaa", "check"], help="time that part alone")
    args = ap.parse_args()
    program = os.environ.get("TABULA_BIN") or str(
        Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "release" / "tabula"
    )
    if args.only in (None, "backgammon"):
        backgammon_line(args.states, args.rounds)
    if args.only in (None, "arimaa"):
        arimaa_line(args.positions)
    if args.only in (None, "check"):
        check_line(args.mb, program, args.jobs, args.repeat)


def backgammon_line(states, rounds):
    n, timed = backgammon(states, rounds)
    us = lambda t: t / n * 1e6  # noqa: E731
    ours, spiel, floor = (statistics.median(t[i] for t in timed) for i in range(3))
    ratio = statistics.median(o / s for o, s, _ in timed)
    print(f"backgammon legal plays, {rounds} rounds of {n} states: tabula {us(ours):.2f} us, "
          f"OpenSpiel legal_actions {us(spiel):.2f} us (medians), ratio {ratio:.3f}x "
          f"(median of the rounds' ratios; {min(o / s for o, s, _ in timed):.3f}x to "
          f"{max(o / s for o, s, _ in timed):.3f}x) (goal 0.1x)")
    print(f"  floor, the same lists by str.splitlines from one str a state: {us(floor):.2f} us, "
          f"ratio {statistics.median(f / s for _, s, f in timed):.3f}x OpenSpiel; "
          f"tabula {statistics.median(o / f for o, _, f in timed):.1f}x the floor")


def arimaa_line(positions):
    n, ours, theirs = arimaa(positions)
    print(f"Arimaa legal turns, {n} positions: tabula median {statistics.median(ours) * 1e3:.2f} ms "
          f"(total {sum(ours):.2f} s), aei get_moves median {statistics.median(theirs) * 1e3:.1f} ms "
          f"(total {sum(theirs):.1f} s), ratio {sum(ours) / sum(theirs):.4f}x (goal 0.01x)")


def check_line(mb, program, jobs, repeat):
    n, lines, ours, prog = check(mb, program, jobs, repeat)
    o, p = statistics.median(ours), statistics.median(prog)
    print(f"check, {mb} MB archive, {n} games ({lines} lines from the program), {jobs} threads, "
          f"median of {repeat} alternated runs: tabula.check {o:.2f} s, program {p:.2f} s, ratio {o / p:.3f}x "
          f"(fastest runs: {min(ours) / min(prog):.3f}x) (goal 1.1x)")


if __name__ == "__main__":
    main()
