#!/usr/bin/env python3
"""Backgammon legal-play fixture ("perft 1") from GNU Backgammon's move generator.

For a position and a roll, how many distinct positions can the player on roll
reach, and which ones?  The answers come from GNU Backgammon's own move
generator through the PyPI package `gnubg-nn` (module `gnubg_nn`, version
1.1.0a11), used here only as a library.  tabula's Rust engine is compared with
it through the fixture this script writes (and, live, through `count`).

How gnubg_nn is used
--------------------
* `gnubg_nn.board_from_position_id(pid)` -> two 25-lists
  `[opponent, player on roll]`; in each list index i is point i+1 counted from
  that player's own side, index 24 is the bar.  Borne-off checkers are not
  stored (15 minus the sum).
* `gnubg_nn.moves(board, d1, d2, 1)` -> tuple of `(key, steps)`, one per
  legal play, empty when the roll cannot be played (a dance).  `steps` are
  `(from, to)` pairs in the mover's numbering, 25 = bar, 0 = off.  `key` is
  gnubg's 10-byte position key of the board AFTER the play, NOT swapped:
  still `[opponent, mover]`, i.e. from the view of the player who just moved
  (the opponent's hit checkers are on the opponent's bar, index 24 of list 0).
  It is written as 20 letters 'A'..'P', one per nibble, high nibble first;
  these 10 bytes are exactly the bytes of the gnubg Position ID, so
  base64(bytes) without the '==' padding is the Position ID of that board
  with the mover as "player on roll".  gnubg already removes plays that give
  the same position, so the keys are distinct.  The order of d1/d2 does not
  matter.
* We convert a key with `gnubg_nn.board_from_position_key(key)` (-> the two
  tuples [opponent, mover]) and `gnubg_nn.position_id([opp, mover])`, and
  check on every result that the direct nibble/base64 re-encoding of the key
  gives the same string (`generate` also replays the steps on the board and
  checks that they give that board).  The next player's position is the same
  board swapped: `[mover, opp]`.

Fixture (tab-separated, header line first)
------------------------------------------
  position_id  gnubg Position ID (14 characters), board seen from the player
               on roll
  dice         two digits, larger first: 31, 66, ...
  plays        number of distinct positions after a legal play (0 = dance)
  digest       FNV-1a 64-bit (offset basis 0xcbf29ce484222325, prime
               0x100000001b3) as 16 lower-case hex digits, over the UTF-8
               bytes of the Position IDs of those positions (each seen from
               the player who just moved, i.e. not swapped), sorted as plain
               strings (byte order) and joined by single spaces; the empty
               string (digest cbf29ce484222325) when there is no play
  source       real:<file>#<game>   a position reached in that game of
                                    ../shared/data/backgammon/matches/<file>
               random:<seed>:<game>:<ply>  random legal play from the
                                    starting position (ply 1 = opening roll)
A (position_id, dice) pair occurs once; the first source wins.

Rows: about 6,000 from the real matches (the recorded rolls of a stratified
sample of positions: dances, bar entries, bear-offs, doubles, then any; plus
all 21 rolls for a sample of positions) and about 4,500 from random play
(every ply of each game with the roll it had; all 21 rolls at ply 1 (the
starting position), at every 12th ply and at some bar and bear-off
positions), new games until enough.  The real positions are replayed with the
oracle module
../shared/data/backgammon/oracle/bg_mat_oracle.py (imported at run time).

Modes
-----
  generate OUT.tsv [--seed S] [--real N] [--random N]
  verify FILE [--sample N] [--seed S]   recompute N random rows (all without
                                        --sample); exit 1 on any difference
  count                                 stdin lines "position_id dice", stdout
                                        "plays digest" per line (flushed)

Examples (from the repository root):
  .venv/bin/pip install gnubg-nn==1.1.0a11
  .venv/bin/python scripts/gnubg_perft.py generate testdata/backgammon/perft.tsv
  .venv/bin/python scripts/gnubg_perft.py verify testdata/backgammon/perft.tsv --sample 200
  printf '4HPwATDgc/ABMA 31\\n' | .venv/bin/python scripts/gnubg_perft.py count
"""

import argparse
import base64
import glob
import os
import random
import sys

try:
    import gnubg_nn
except ImportError:  # pragma: no cover
    sys.exit("gnubg_perft.py needs the gnubg-nn package: pip install gnubg-nn==1.1.0a11")

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED_BG = os.path.join(REPO_ROOT, "..", "shared", "data", "backgammon")
COLUMNS = ["position_id", "dice", "plays", "digest", "source"]
START_ID = "4HPwATDgc/ABMA"
ALL_ROLLS = ["%d%d" % (a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]  # 21 rolls
FNV_OFFSET = 0xcbf29ce484222325
FNV_PRIME = 0x100000001b3


# ------------------------------------------------------------------ core

def fnv1a64(data):
    h = FNV_OFFSET
    for byte in data:
        h ^= byte
        h = (h * FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def board_of(pid):
    """Board [opponent, player on roll] of a Position ID; ValueError if the
    ID is not canonical (does not encode back to itself)."""
    try:
        b = gnubg_nn.board_from_position_id(pid)
    except Exception as e:  # noqa: BLE001
        raise ValueError("bad position id %r: %s" % (pid, e))
    b = [list(b[0]), list(b[1])]
    if gnubg_nn.position_id(b) != pid or sum(b[0]) > 15 or sum(b[1]) > 15:
        raise ValueError("bad position id %r" % pid)
    return b


def key_to_id(key):
    """Direct re-encoding: 20 nibble letters -> 10 bytes -> base64 (no '=')."""
    raw = bytes((ord(key[2 * i]) - 65) * 16 + (ord(key[2 * i + 1]) - 65) for i in range(10))
    return base64.b64encode(raw).decode("ascii").rstrip("=")


def key_to_board(key):
    """Board [opponent, mover] after the play (not swapped)."""
    b = gnubg_nn.board_from_position_key(key)
    return [list(b[0]), list(b[1])]


def parse_dice(d):
    d = d.strip()
    if len(d) != 2 or not all(c in "123456" for c in d):
        raise ValueError("bad dice %r" % d)
    a, b = int(d[0]), int(d[1])
    return max(a, b), min(a, b)


def legal_results(board, hi, lo):
    """[(key, board_after [opp, mover], position id after, steps)]."""
    out = []
    for key, steps in gnubg_nn.moves(board, hi, lo, 1):
        after = key_to_board(key)
        pid = gnubg_nn.position_id(after)
        if pid != key_to_id(key):
            raise AssertionError("key %s: position_id %s != re-encoded %s" % (key, pid, key_to_id(key)))
        out.append((key, after, pid, steps))
    return out


def count_digest(pid, dice):
    """(plays, digest) for a Position ID (player on roll) and a dice string."""
    hi, lo = parse_dice(dice)
    ids = sorted({r[2] for r in legal_results(board_of(pid), hi, lo)})
    return len(ids), fnv1a64(" ".join(ids).encode("utf-8"))


def apply_steps(board, steps):
    """Our own replay of gnubg's steps (a check that the keys are the
    mover's view): returns [opp, mover] after the steps."""
    opp, me = list(board[0]), list(board[1])
    for f, t in steps:
        fi = 24 if f == 25 else f - 1
        assert me[fi] > 0, (board, steps)
        me[fi] -= 1
        if t > 0:
            me[t - 1] += 1
            oi = 24 - t           # the opponent's index of our point t
            assert opp[oi] <= 1, (board, steps)
            if opp[oi] == 1:
                opp[oi] = 0
                opp[24] += 1
    return [opp, me]


def checked_results(board, hi, lo):
    res = legal_results(board, hi, lo)
    for key, after, pid, steps in res:
        if apply_steps(board, steps) != after:
            raise AssertionError("steps %s from %s do not give key %s" % (steps, gnubg_nn.position_id(board), key))
    if len({r[0] for r in res}) != len(res):
        raise AssertionError("duplicate keys from gnubg_nn.moves")
    return res


def row_for(pid, dice, source, board=None):
    hi, lo = parse_dice(dice)
    if board is None:
        board = board_of(pid)
    ids = sorted({r[2] for r in checked_results(board, hi, lo)})
    return [pid, "%d%d" % (hi, lo), str(len(ids)), fnv1a64(" ".join(ids).encode("utf-8")), source]


# ------------------------------------------------------------------ categories

def on_bar(board):
    return board[1][24] > 0


def bearing_off(board):
    return sum(board[1][6:]) == 0


def category(board, dice, plays):
    if plays == 0:
        return "dance"
    if on_bar(board):
        return "bar"
    if bearing_off(board):
        return "bearoff"
    if dice[0] == dice[1]:
        return "double"
    return "any"


# ------------------------------------------------------------------ generate

def real_rows(n_target, rng, seen, log):
    sys.path.insert(0, os.path.join(SHARED_BG, "oracle"))
    import bg_mat_oracle  # noqa: E402  (the shared oracle's .mat parser and replay)
    files = sorted(glob.glob(os.path.join(SHARED_BG, "matches", "*.mat")))
    if not files:
        sys.exit("no .mat files under %s" % os.path.join(SHARED_BG, "matches"))
    pairs = {}          # (pid, dice) -> source, first occurrence
    positions = {}      # pid -> source
    for f in files:
        res = bg_mat_oracle.check_file(f)
        for g in res["games"]:
            src = "real:%s#%d" % (os.path.basename(f), g["game"])
            for p in g["plays"]:
                hi, lo = parse_dice(p["dice"])
                pairs.setdefault((p["posid"], "%d%d" % (hi, lo)), src)
                positions.setdefault(p["posid"], src)
    log("real: %d files, %d distinct (position, roll) pairs, %d distinct positions"
        % (len(files), len(pairs), len(positions)))

    rows = []

    def add(pid, dice, src, board):
        if (pid, dice) in seen:
            return None
        row = row_for(pid, dice, src, board)
        seen.add((pid, dice))
        rows.append(row)
        return row

    # 1. all 21 rolls for a sample of positions: bar, bear-off, others
    pos_list = list(positions)
    rng.shuffle(pos_list)
    want = {"bar": 30, "bearoff": 30, "any": 40}
    for pid in pos_list:
        b = board_of(pid)
        c = "bar" if on_bar(b) else "bearoff" if bearing_off(b) else "any"
        if want[c] > 0:
            want[c] -= 1
            for dice in ALL_ROLLS:
                add(pid, dice, positions[pid], b)
        if not any(want.values()):
            break
    # 2. the recorded rolls, stratified
    quota = {"dance": 500, "bar": 800, "bearoff": 800, "double": 600}
    pair_list = list(pairs.items())
    rng.shuffle(pair_list)
    rest = []
    for (pid, dice), src in pair_list:
        if len(rows) >= n_target:
            break
        if (pid, dice) in seen:
            continue
        b = board_of(pid)
        hi, lo = parse_dice(dice)
        plays = len(gnubg_nn.moves(b, hi, lo, 0))
        c = category(b, dice, plays)
        if quota.get(c, 0) > 0:
            quota[c] -= 1
            add(pid, dice, src, b)
        else:
            rest.append(((pid, dice), src))
    for (pid, dice), src in rest:
        if len(rows) >= n_target:
            break
        add(pid, dice, src, None)
    return rows


def random_rows(n_target, seed, seen, log):
    rng = random.Random(seed)
    rows = []
    start = board_of(START_ID)
    game = 0
    while len(rows) < n_target:
        game += 1
        board = [list(start[0]), list(start[1])]
        ply = 0
        while True:
            ply += 1
            src = "random:%d:%d:%d" % (seed, game, ply)
            pid = gnubg_nn.position_id(board)
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            while ply == 1 and d1 == d2:            # no doublet on the opening roll
                d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            dice = "%d%d" % (max(d1, d2), min(d1, d2))
            every = ply == 1 or ply % 12 == 0 or ((on_bar(board) or bearing_off(board)) and rng.random() < 0.15)
            for dd in (ALL_ROLLS if every else []) + [dice]:
                if (pid, dd) not in seen:
                    seen.add((pid, dd))
                    rows.append(row_for(pid, dd, src, board))
            res = legal_results(board, max(d1, d2), min(d1, d2))
            if res:
                after = rng.choice(res)[1]
            else:
                after = board
            if sum(after[1]) == 0:                   # the mover bore off his last checker
                break
            board = [after[1], after[0]]             # the other player is on roll
        log("random: game %d, %d plies, %d rows so far" % (game, ply, len(rows)))
    return rows, game


def cmd_generate(args):
    log = (lambda s: None) if args.quiet else (lambda s: print(s, file=sys.stderr))
    seen = set()
    rng = random.Random(args.seed)
    real = real_rows(args.real, rng, seen, log)
    rand, games = random_rows(args.random, args.seed, seen, log)
    rows = real + rand
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8", newline="\n") as fh:
        fh.write("\t".join(COLUMNS) + "\n")
        for r in rows:
            fh.write("\t".join(r) + "\n")
    summary(rows, log)
    print("wrote %s: %d rows (%d real, %d random from %d games, seed %d), gnubg-nn %s"
          % (args.out, len(rows), len(real), len(rand), games, args.seed, gnubg_version()))


def summary(rows, log):
    cnt = {}
    for pid, dice, plays, _digest, src in rows:
        b = board_of(pid)
        kind = src.split(":")[0]
        for c in [kind, kind + ":" + category(b, dice, int(plays)),
                  "dance" if plays == "0" else None,
                  "double" if dice[0] == dice[1] else None,
                  "bar" if on_bar(b) else None, "bearoff" if bearing_off(b) else None]:
            if c:
                cnt[c] = cnt.get(c, 0) + 1
    log("mix: " + ", ".join("%s=%d" % kv for kv in sorted(cnt.items())))
    log("positions: %d distinct; max plays %d" % (len({r[0] for r in rows}), max(int(r[2]) for r in rows)))


def gnubg_version():
    try:
        from importlib.metadata import version
        return version("gnubg-nn")
    except Exception:  # noqa: BLE001
        return "?"


# ------------------------------------------------------------------ verify / count

def read_fixture(path):
    with open(path, encoding="utf-8") as fh:
        lines = fh.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or lines[0].split("\t") != COLUMNS:
        sys.exit("%s: header is not %s" % (path, "\\t".join(COLUMNS)))
    rows = []
    for i, line in enumerate(lines[1:], 2):
        f = line.split("\t")
        if len(f) != len(COLUMNS):
            sys.exit("%s:%d: %d columns, expected %d" % (path, i, len(f), len(COLUMNS)))
        rows.append((i, f))
    return rows


def cmd_verify(args):
    rows = read_fixture(args.file)
    pairs = [(f[0], f[1]) for _, f in rows]
    bad = 0
    if len(set(pairs)) != len(pairs):
        print("duplicate (position_id, dice) pairs: %d" % (len(pairs) - len(set(pairs))))
        bad += 1
    pick = rows if args.sample is None or args.sample >= len(rows) else \
        random.Random(args.seed).sample(rows, args.sample)
    for lineno, f in pick:
        pid, dice, plays, digest, src = f
        try:
            hi, lo = parse_dice(dice)
            if dice != "%d%d" % (hi, lo):
                raise ValueError("dice %r not larger first" % dice)
            got = count_digest(pid, dice)
        except (ValueError, AssertionError) as e:
            print("line %d: %s" % (lineno, e))
            bad += 1
            continue
        if (plays, digest) != (str(got[0]), got[1]):
            print("line %d: %s %s (%s): fixture %s %s, gnubg-nn %d %s"
                  % (lineno, pid, dice, src, plays, digest, got[0], got[1]))
            bad += 1
    print("verify %s: %d of %d rows checked, %d differences (gnubg-nn %s)"
          % (args.file, len(pick), len(rows), bad, gnubg_version()))
    sys.exit(1 if bad else 0)


def cmd_count(_args):
    for n, line in enumerate(sys.stdin, 1):
        f = line.split()
        if not f:
            continue
        try:
            if len(f) != 2:
                raise ValueError("expected 'position_id dice', got %r" % line.rstrip("\n"))
            plays, digest = count_digest(f[0], f[1])
        except ValueError as e:
            print("stdin line %d: %s" % (n, e), file=sys.stderr)
            sys.exit(2)
        sys.stdout.write("%d %s\n" % (plays, digest))
        sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate", help="write the fixture")
    g.add_argument("out", metavar="OUT.tsv")
    g.add_argument("--seed", type=int, default=1, help="seed of the sampling and of random play (default 1)")
    g.add_argument("--real", type=int, default=6000, help="rows from the real matches (default 6000)")
    g.add_argument("--random", type=int, default=4500, help="rows from random play, at least (default 4500)")
    g.add_argument("-q", "--quiet", action="store_true")
    g.set_defaults(func=cmd_generate)
    v = sub.add_parser("verify", help="recompute rows of a fixture with gnubg-nn")
    v.add_argument("file", metavar="FILE")
    v.add_argument("--sample", type=int, default=None, help="check N random rows (default: all)")
    v.add_argument("--seed", type=int, default=None, help="seed of the sample (default: a fresh one)")
    v.set_defaults(func=cmd_verify)
    c = sub.add_parser("count", help="stdin 'position_id dice' -> stdout 'plays digest'")
    c.set_defaults(func=cmd_count)
    args = ap.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
