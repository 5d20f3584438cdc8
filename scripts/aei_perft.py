#!/usr/bin/env python3
"""Arimaa "perft 1" fixture: how many distinct positions can the side to move
reach in one turn?  The counts come from the independent reference
implementation `aei` (PyPI `aei==1.4.1`, module `pyrimaa.board`), used here
only as a library.

What is counted
---------------
For a position at the start of a turn (4 steps to play), `Position.get_moves()`
returns a dict whose keys are the positions after every legal turn (1 to 4
steps, pushes and pulls complete, traps applied after every step), the
opponent to move.  Null moves and net-null moves (final board == start board)
are removed by aei; repetition history is not known to it.  The count written
to the fixture is the number of distinct final boards among those keys (this
script checks that the number of keys equals the number of distinct boards).

Modes
-----
  generate   build the list of positions (real games, random play, hand-made)
             and write the TSV (default testdata/arimaa/perft.tsv)
  verify     recompute the count with aei for N rows picked at random (default
             all of them) and exit non-zero if any differs

Examples (from the repository root, with aei installed in the interpreter):
  python3 scripts/aei_perft.py generate --jobs 2
  python3 scripts/aei_perft.py verify testdata/arimaa/perft.tsv --sample 40 --seed 1

Fixture columns: source, side (g|s, side to move), board (64 characters, rank 8
first, files a..h, '.' empty, Gold `RCDHME`, Silver `rcdhme`), turns.
Timing of get_moves() is printed to stderr in both modes.
"""

import argparse
import collections
import importlib
import os
import random
import statistics
import sys
import time

try:
    from pyrimaa import board as aei
    from pyrimaa.board import BLANK_BOARD, Color, Position
except ImportError:  # pragma: no cover
    sys.exit("aei_perft.py needs the aei package: pip install aei==1.4.1")

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_DATA_DIR = os.path.join(REPO_ROOT, "..", "shared", "data", "arimaa")
DEFAULT_OUT = os.path.join(REPO_ROOT, "testdata", "arimaa", "perft.tsv")
GAME_FILES = ["allgames202602_sample.tsv", "allgames201111_sample.tsv",
              "agt_testdata_movelists.tsv"]
COLUMNS = ["source", "side", "board", "turns"]
SIDE_CHAR = {Color.GOLD: "g", Color.SILVER: "s"}
CHAR_SIDE = {"g": Color.GOLD, "s": Color.SILVER}
PIECE_CHARS = set("RCDHMErcdhme")
FULL_ARMY = collections.Counter("RRRRRRRRCCDDHHME")
TRAP_SQUARES = ("c3", "f3", "c6", "f6")


def aei_version():
    try:
        from importlib import metadata
        return metadata.version("aei")
    except Exception:  # pragma: no cover
        return "unknown"


# --------------------------------------------------------------------------
# board strings

def board_of(pos):
    """64-char board (rank 8 first, '.' empty) from an aei Position."""
    short = pos.board_to_str("short")  # "[" + 64 chars + "]", spaces empty
    return short[1:-1].replace(" ", ".")


def position_of(side, board):
    """aei Position at the start of a turn for side 'g'/'s' and a 64-char board."""
    if side not in CHAR_SIDE:
        raise ValueError(f"bad side {side!r}")
    if len(board) != 64 or any(c != "." and c not in PIECE_CHARS for c in board):
        raise ValueError(f"bad board {board!r}")
    pos = aei.parse_short_pos(CHAR_SIDE[side], 4, "[" + board.replace(".", " ") + "]")
    if board_of(pos) != board:
        raise ValueError(f"board does not round-trip through aei: {board!r}")
    return pos


def square_index(sq):
    """'a1' -> index into the 64-char board string (rank 8 first)."""
    f = ord(sq[0]) - ord("a")
    r = int(sq[1]) - 1
    return (7 - r) * 8 + f


def board_from_pieces(spec):
    """'Ra1 rh8 Ed4' -> 64-char board."""
    cells = ["."] * 64
    for tok in spec.split():
        piece, sq = tok[0], tok[1:]
        if piece not in PIECE_CHARS or len(sq) != 2:
            raise ValueError(f"bad piece token {tok!r}")
        i = square_index(sq)
        if cells[i] != ".":
            raise ValueError(f"two pieces on {sq}")
        cells[i] = piece
    return "".join(cells)


def start_of_turn_problem(board):
    """Why this board cannot be the start of a turn of a game still going on,
    or None.  (Game over by goal or elimination, unsupported trap piece, too
    many pieces.)"""
    at = {}
    for i, c in enumerate(board):
        if c != ".":
            at[(i % 8, 7 - i // 8)] = c
    for color_upper in (True, False):
        army = collections.Counter(c.upper() for c in board if c != "." and c.isupper() == color_upper)
        if army - FULL_ARMY:
            return "too many pieces"
        if army["R"] == 0:
            return "a side has no rabbit (game over by elimination)"
    if "R" in board[:8] or "r" in board[56:]:
        return "a rabbit is on its goal row (game over)"
    for sq in TRAP_SQUARES:
        f, r = ord(sq[0]) - ord("a"), int(sq[1]) - 1
        c = at.get((f, r))
        if c is None:
            continue
        friends = [at.get((f + df, r + dr)) for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        if not any(x is not None and x.isupper() == c.isupper() for x in friends):
            return f"unsupported piece on trap {sq}"
    return None


# --------------------------------------------------------------------------
# the count

def count_turns(side, board):
    """(number of distinct boards reachable in one turn, seconds in get_moves)."""
    pos = position_of(side, board)
    t0 = time.perf_counter()
    moves = pos.get_moves()
    dt = time.perf_counter() - t0
    boards = set()
    for npos in moves:
        # every key must be a finished turn: other side to move, fresh 4 steps,
        # no push pending
        if npos.color != pos.color ^ 1 or npos.stepsLeft != 4 or npos.inpush:
            raise RuntimeError(f"unexpected get_moves key for {side} {board}")
        boards.add(npos.bitBoards)
    if pos.bitBoards in boards:
        raise RuntimeError(f"get_moves kept a null move for {side} {board}")
    if len(boards) != len(moves):
        raise RuntimeError(f"get_moves keys are not distinct boards for {side} {board}: "
                           f"{len(moves)} keys, {len(boards)} boards")
    return len(boards), dt


def _count_job(item):
    side, board = item
    return count_turns(side, board)


def count_all(items, jobs, label):
    """Counts for [(side, board)], in order; prints progress and timing."""
    t0 = time.perf_counter()
    results = []
    if jobs > 1 and len(items) > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            for i, r in enumerate(pool.imap(_count_job, items, chunksize=1), 1):
                results.append(r)
                _progress(i, len(items), t0, label)
    else:
        for i, it in enumerate(items, 1):
            results.append(_count_job(it))
            _progress(i, len(items), t0, label)
    wall = time.perf_counter() - t0
    times = [dt for _, dt in results]
    if times:
        print(f"{label}: get_moves on {len(times)} positions: total {sum(times):.1f} s, "
              f"mean {statistics.mean(times) * 1000:.0f} ms, median "
              f"{statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms "
              f"per position; wall {wall:.1f} s with {jobs} job(s)", file=sys.stderr)
    return results


def _progress(i, n, t0, label):
    if i % 100 == 0 or i == n:
        el = time.perf_counter() - t0
        print(f"{label}: {i}/{n} positions, {el:.0f} s", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------
# positions from real games

def load_oracle(data_dir):
    """Our replay oracle (data_dir/oracle/aei_check.py): record parsing and the
    per-move checks a record replayer needs on top of aei."""
    oracle_dir = os.path.join(data_dir, "oracle")
    if oracle_dir not in sys.path:
        sys.path.insert(0, oracle_dir)
    return importlib.import_module("aei_check")


def replay_game(chk, movelist):
    """Replay one record.  Returns (turn_starts, plies, stop) where turn_starts
    is a list of (label, Position) for every position at the start of a turn
    after both setups while the game is still on (label = the move played, or
    to be played, from it, with g/s), plies the number of moves applied, and
    stop the reason replay stopped early (or None)."""
    pos = Position(Color.GOLD, 4, BLANK_BOARD)
    rep = collections.Counter()
    stack = []  # (pos_before, label, rep_key, ended_before)
    ended = False
    stop = None
    moves = chk.group_moves(chk.split_movelist(movelist))
    for idx, (label, toks) in enumerate(moves):
        num, side = chk.LABEL_RE.match(label).groups()
        if toks == ["takeback"]:
            if not stack:
                stop = f"{label}: takeback with nothing to take back"
                break
            pos, _, key, ended = stack.pop()
            rep[key] -= 1
            continue
        plies = len(stack)
        exp = f"{plies // 2 + 1}{'gs'[plies % 2]}"
        if f"{num}{'g' if side in 'wg' else 's'}" != exp:
            stop = f"{label}: expected {exp}"
            break
        if not toks:
            if idx == len(moves) - 1:
                break  # the unplayed label at the end of archive records
            stop = f"{label}: empty move"
            break
        if ended:
            stop = f"{label}: move after the end of the game"
            break
        try:
            if plies < 2:
                newpos = chk.apply_setup(pos, label, toks)
            else:
                newpos = chk.apply_move(pos, label, toks)
        except chk.GameError as exc:
            stop = f"{exc.kind} at {label}: {exc.reason}"
            break
        key = (newpos.bitBoards, newpos.color)
        if rep[key] >= 2:
            stop = f"{label}: third-time repetition"
            break
        rep[key] += 1
        stack.append((pos, exp, key, ended))
        pos = newpos
        if plies >= 1 and chk.board_end(pos) is not None:
            ended = True
    turn_starts = [(lab, p) for i, (p, lab, _, _) in enumerate(stack) if i >= 2]
    if not ended and len(stack) >= 2:
        n = len(stack)
        turn_starts.append((f"{n // 2 + 1}{'gs'[n % 2]}", pos))
    return turn_starts, len(stack), stop


def expected_plies(data_dir):
    out = {}
    path = os.path.join(data_dir, "expected.tsv")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            header = fh.readline().rstrip("\n").split("\t")
            for line in fh:
                f = dict(zip(header, line.rstrip("\n").split("\t")))
                out[f["id"]] = int(f["plies"])
    return out


def real_game_positions(data_dir, target, max_stride):
    chk = load_oracle(data_dir)
    exp = expected_plies(data_dir)
    games = []  # (gid, [(label, side, board)])
    for name in GAME_FILES:
        path = os.path.join(data_dir, name)
        for gid, movelist, _res, _term, _ev in chk.read_games(path):
            if movelist is None:
                raise SystemExit(f"{name}: bad row for game {gid}")
            starts, plies, stop = replay_game(chk, movelist)
            if gid in exp and exp[gid] != plies:
                raise SystemExit(f"game {gid}: replayed {plies} plies, expected.tsv says {exp[gid]}")
            if stop:
                print(f"game {gid}: replay stopped after {plies} plies ({stop})", file=sys.stderr)
            cands = []
            for label, p in starts:
                b = board_of(p)
                if start_of_turn_problem(b) is None:
                    cands.append((label, SIDE_CHAR[p.color], b))
            games.append((gid, cands))
    total = sum(len(c) for _, c in games)
    print(f"real games: {len(games)} games, {total} turn-start positions", file=sys.stderr)
    # largest stride (every k-th turn, offset varying from game to game) that
    # still gives `target` distinct positions
    chosen = None
    for stride in range(max_stride, 0, -1):
        seen, rows = set(), []
        for gi, (gid, cands) in enumerate(games):
            off = gi % stride
            for k, (label, side, b) in enumerate(cands):
                if k % stride != off and not (len(cands) <= stride and k == len(cands) // 2):
                    continue
                if (side, b) in seen:
                    continue
                seen.add((side, b))
                rows.append((f"{gid}:{label}", side, b))
        chosen = (stride, rows)
        if len(rows) >= target:
            break
    stride, rows = chosen
    ngames = len({r[0].split(":")[0] for r in rows})
    print(f"real games: every {stride}th turn -> {len(rows)} distinct positions from {ngames} games",
          file=sys.stderr)
    return rows, stride


# --------------------------------------------------------------------------
# positions from random play

def random_setup(pos, rng):
    """A random legal setup for the side to move (all 16 pieces on its two
    home ranks), applied with aei's setup move."""
    army = list("RRRRRRRRCCDDHHME")
    rng.shuffle(army)
    ranks = "12" if pos.color == Color.GOLD else "78"
    squares = [f + r for r in ranks for f in "abcdefgh"]
    if pos.color == Color.SILVER:
        army = [p.lower() for p in army]
    return pos.do_move_str(" ".join(p + s for p, s in zip(army, squares)))


def random_walk(start, rng):
    """One random legal turn made of random steps (aei's get_steps): a random
    length of 1..4 steps, continued while a push is pending.  None when the
    walk ends on the start board or gets stuck."""
    want = rng.randint(1, 4)
    pos = start
    n = 0
    while pos.color == start.color:
        if n >= want and not pos.inpush:
            pos = pos.get_null_move()
            break
        steps = pos.get_steps()
        if not steps:
            if pos.inpush or n == 0:
                return None
            pos = pos.get_null_move()
            break
        _, pos = rng.choice(steps)
        n += 1
    if pos.bitBoards == start.bitBoards:
        return None
    return pos


def piece_count(pos, color):
    return bin(pos.placement[color]).count("1")


def random_turn(pos, rng, greed, candidates=8):
    """A random turn for the side to move; with probability `greed` the
    candidate that captures the most (and loses the least) is taken.  Goals
    are mostly avoided so that games last longer.  None: no legal turn found."""
    cands = [c for c in (random_walk(pos, rng) for _ in range(candidates)) if c is not None]
    if not cands:
        for _ in range(200):
            c = random_walk(pos, rng)
            if c is not None:
                return c
        return None
    me, opp = pos.color, pos.color ^ 1
    quiet = [c for c in cands if not c.is_goal()]
    if quiet and rng.random() < 0.9:
        cands = quiet
    if rng.random() < greed:
        def score(c):
            lost_opp = piece_count(pos, opp) - piece_count(c, opp)
            lost_me = piece_count(pos, me) - piece_count(c, me)
            return 2 * lost_opp - lost_me + rng.random()
        return max(cands, key=score)
    return rng.choice(cands)


def random_positions(seed, target, exclude):
    """Positions sampled from random games; sparse positions are sampled more
    often.  Returns [(source, side, board)]."""
    rows = []
    seen = set(exclude)
    game = 0
    stats = collections.Counter()
    while len(rows) < target:
        game += 1
        rng = random.Random(f"aei_perft:{seed}:{game}")
        greed = rng.choice([0.3, 0.6, 0.9])
        pos = Position(Color.GOLD, 4, BLANK_BOARD)
        pos = random_setup(pos, rng)
        pos = random_setup(pos, rng)
        ply = 2
        while ply < 400 and len(rows) < target:
            board = board_of(pos)
            npieces = piece_count(pos, 0) + piece_count(pos, 1)
            nsteps = len(pos.get_steps())
            if nsteps <= 6:
                p = 1.0
            elif npieces >= 28:
                p = 0.02
            elif npieces >= 20:
                p = 0.05
            elif npieces >= 12:
                p = 0.12
            else:
                p = 0.25
            side = SIDE_CHAR[pos.color]
            if rng.random() < p and (side, board) not in seen:
                seen.add((side, board))
                rows.append((f"random:{seed}:{game}.{ply // 2 + 1}{side}", side, board))
                stats["sparse" if npieces < 16 else "dense"] += 1
            nxt = random_turn(pos, rng, greed)
            if nxt is None:
                stats["immobilized"] += 1
                break
            pos = nxt
            ply += 1
            if pos.is_goal() or pos.is_rabbit_loss():
                stats["goal" if pos.is_goal() else "elimination"] += 1
                break
        else:
            stats["cut"] += 1
    print(f"random play: {game} games, {len(rows)} positions ({dict(stats)})", file=sys.stderr)
    return rows


# --------------------------------------------------------------------------
# hand-made positions: (name, side, pieces)

HAND = [
    ("lone_rabbits", "g", "Ra2 rh7"),
    ("lone_rabbits_s", "s", "Ra2 rh7"),
    ("frozen_lone_rabbit", "g", "Ra1 ca2 cb1 rh8"),
    ("frozen_lone_rabbit_s", "s", "Ra1 ca2 cb1 rh8"),
    ("blocked_rabbits", "g", "Ra1 Rb1 ra2 rb2 cc1 rh8"),
    ("blocked_rabbits_s", "s", "Ra1 Rb1 ra2 rb2 cc1 rh8"),
    ("silver_frozen", "s", "rh8 Cg8 Ra1"),
    ("silver_frozen_boxed", "s", "rh8 Dh7 Cg8 Ra1"),
    ("one_frozen_one_free", "g", "Ra1 ca2 Rh1 rh8"),
    ("elephant_pushes_only", "g", "Ed4 cd5 dc4 he4 rd3 Ra1 rh8"),
    ("elephant_surrounded_by_equals", "g", "Ed4 ed5 Ra1 rh8 Rb1"),
    ("pull_puller_captured", "g", "Eb3 ra3 Rh2 rh7"),
    ("push_into_trap", "g", "Ec8 cc7 Ra1 rh8"),
    ("rabbit_into_goal_and_out", "g", "Ed3 rd2 Ra7 hh8"),
    ("goal_in_one", "g", "Rd7 Ea1 rh3"),
    ("goal_threat_blocked", "s", "Ra7 Rb7 hh8 ea8 rh5 Ma1"),
    ("supported_trap_piece", "g", "Cc3 Dd3 ec4 Ra1 rh8"),
    ("supported_trap_piece_s", "s", "Cc3 Dd3 ec4 Ra1 rh8"),
    ("two_supporters", "g", "Cc3 Dd3 Db3 mc4 Ra1 rh8"),
    ("all_traps_occupied", "g", "Cc3 Rc2 cf3 rf4 Hc6 Rc7 hf6 rg6 Ea1 eh8"),
    ("all_traps_occupied_s", "s", "Cc3 Rc2 cf3 rf4 Hc6 Rc7 hf6 rg6 Ea1 eh8"),
    ("frozen_cluster", "g", "Ra3 Rb4 ma4 hb3 Cg5 dg6 Ea1 rh8"),
    ("pull_then_push", "g", "Ed4 rd3 ce5 Ra1 hh8"),
    ("elephants_face_off", "g", "Ed5 ee5 Md4 me4 Ra1 Rb1 rg8 rh8"),
    ("rabbits_race", "g", "Ra6 Rb5 Rc4 ra3 rb4 rc5 Dd1 dd8"),
    ("rabbits_race_s", "s", "Ra6 Rb5 Rc4 ra3 rb4 rc5 Dd1 dd8"),
    ("camel_hostage", "s", "Mc3 Dd3 ec4 hb3 rb4 Ra1 Rh2 rh7"),
    ("basic_setup", "g", "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2 "
                         "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7"),
    ("basic_setup_s", "s", "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2 "
                           "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7"),
    ("corner_elephant", "g", "Ea8 rb8 ra7 Rh1 rh8"),
]


def hand_positions():
    rows = []
    for name, side, spec in HAND:
        board = board_from_pieces(spec)
        bad = start_of_turn_problem(board)
        if bad:
            raise SystemExit(f"hand position {name}: {bad}")
        rows.append((f"hand:{name}", side, board))
    return rows


# --------------------------------------------------------------------------
# files

def read_fixture(path):
    rows = []
    with open(path, encoding="utf-8") as fh:
        header = None
        for n, line in enumerate(fh, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            f = line.split("\t")
            if header is None:
                header = f
                if header != COLUMNS:
                    raise SystemExit(f"{path}:{n}: header must be {COLUMNS}, got {header}")
                continue
            if len(f) != len(COLUMNS):
                raise SystemExit(f"{path}:{n}: expected {len(COLUMNS)} fields")
            src, side, board, turns = f
            rows.append((n, src, side, board, int(turns)))
    return rows


def source_kind(src):
    """'random', 'hand' or 'game' (a real game: '<id>:<label>')."""
    head = src.split(":")[0]
    return head if head in ("random", "hand") else "game"


def summary(counts):
    if not counts:
        return "0 rows"
    return (f"{len(counts)} rows; turns min {min(counts)}, median "
            f"{statistics.median(counts):g}, max {max(counts)}")


def cmd_generate(args):
    data_dir = os.path.abspath(args.data_dir)
    hand = hand_positions()
    seen = {(s, b) for _, s, b in hand}
    real, stride = real_game_positions(data_dir, args.real_target, args.max_stride)
    real = [r for r in real if (r[1], r[2]) not in seen]
    seen |= {(s, b) for _, s, b in real}
    rnd = random_positions(args.seed, args.random_target, seen)
    rows = real + rnd + hand
    counts = count_all([(s, b) for _, s, b in rows], args.jobs, "generate")
    by_source = collections.Counter(source_kind(src) for src, _, _ in rows)
    lines = [
        "# Arimaa perft 1: number of distinct boards reachable by the side to move in one",
        "# turn (1-4 steps; null and net-null moves excluded; repetition ignored), as",
        f"# computed by aei {aei_version()} (pyrimaa.board.Position.get_moves(), one key per",
        "# resulting board).  Positions are starts of turns: real games (replayed with",
        f"# aei, every {stride}th turn after the setups), random play (seed {args.seed}), hand-made.",
        f"# rows: {len(rows)} (real games {by_source['game']}, random {by_source['random']}, "
        f"hand {by_source['hand']})",
        "# board: 64 chars, rank 8 first, files a..h, '.' empty, Gold RCDHME, Silver rcdhme.",
        f"# made by: python3 scripts/aei_perft.py generate --seed {args.seed} "
        f"--real-target {args.real_target} --random-target {args.random_target} "
        f"--max-stride {args.max_stride}",
        "# check:   python3 scripts/aei_perft.py verify testdata/arimaa/perft.tsv --sample 40",
        "\t".join(COLUMNS),
    ]
    for (src, side, board), (n, _) in zip(rows, counts):
        lines.append(f"{src}\t{side}\t{board}\t{n}")
    out = args.out
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    print(f"wrote {out}: {summary([n for n, _ in counts])}", file=sys.stderr)
    for kind in ("game", "random", "hand"):
        sel = [n for (src, _, _), (n, _) in zip(rows, counts) if source_kind(src) == kind]
        print(f"  {kind}: {summary(sel)}", file=sys.stderr)
    return 0


def cmd_verify(args):
    rows = read_fixture(args.file)
    if args.sample is not None and args.sample < len(rows):
        rows = random.Random(args.seed).sample(rows, args.sample)
    counts = count_all([(side, board) for _, _, side, board, _ in rows], args.jobs, "verify")
    failed = 0
    for (n, src, side, board, want), (got, _) in zip(rows, counts):
        if got != want:
            failed += 1
            print(f"line {n}: {src} {side} {board}: fixture says {want}, aei says {got}")
    print(summary([want for _, _, _, _, want in rows]), file=sys.stderr)
    print(f"aei perft: {len(rows) - failed} passed, {failed} failed")
    return 1 if failed else 0


def cmd_count(args):
    """Reads `side board` lines (board: 64 chars, rank 8 first) from standard input and prints
    aei's count for each, one per line, in order."""
    items = []
    for line in sys.stdin:
        parts = line.split()
        if len(parts) == 2:
            items.append((parts[0], parts[1]))
    for got, _ in count_all(items, args.jobs, "count"):
        print(got)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate", help="build the fixture")
    g.add_argument("--data-dir", default=DEFAULT_DATA_DIR,
                   help="folder with the game records (default: ../shared/data/arimaa "
                        "from the repository root)")
    g.add_argument("--out", default=DEFAULT_OUT, help="output TSV (default: %(default)s)")
    g.add_argument("--seed", type=int, default=1, help="seed for random play (default 1)")
    g.add_argument("--real-target", type=int, default=720,
                   help="distinct positions to take from real games (default 720)")
    g.add_argument("--random-target", type=int, default=450,
                   help="positions to take from random play (default 450)")
    g.add_argument("--max-stride", type=int, default=12,
                   help="start the search for the real-game sampling stride here")
    g.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    v = sub.add_parser("verify", help="recompute counts with aei")
    v.add_argument("file")
    v.add_argument("--sample", type=int, default=None, help="rows to check (default all)")
    v.add_argument("--seed", type=int, default=0, help="seed for picking the sample")
    v.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    c = sub.add_parser("count", help="count the turns of `side board` lines read from stdin")
    c.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = ap.parse_args(argv)
    return {"generate": cmd_generate, "verify": cmd_verify, "count": cmd_count}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
