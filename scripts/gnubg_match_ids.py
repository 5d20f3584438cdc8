#!/usr/bin/env python3
"""gnubg Match ID and XGID fixtures, written by GNU Backgammon itself.

Run from anywhere with a plain Python 3 (it starts gnubg and runs itself inside
gnubg's embedded Python):

    python3 scripts/gnubg_match_ids.py [--out DIR] [--seed S] [--match-ids N] [--xgids N]
                                       [--gnubg /usr/games/gnubg]

It writes DIR/match_ids.tsv and DIR/xgids.tsv (default DIR: testdata/backgammon
of this repository).  Output is deterministic for a seed (gnubg's own dice are
seeded too, with the Mersenne Twister; every field in a row is set by a
command, never left to chance).  Made with GNU Backgammon 1.07.001.

match_ids.tsv: gnubg states -> Match IDs
----------------------------------------
Each row is a state gnubg reached through its ordinary commands (`new match N`
or `new session`, `set score`, `set crawford`, `set jacoby`, `set beavers`,
`set turn`, `set cube value/owner/centre`, `set dice`, `double`, `take`,
`drop`, `beaver`, `resign single|gammon|backgammon`, `accept`, `reject`,
`set board` and `move` to bear off a last checker), then gnubg's Match ID
(`gnubg.matchid()`) and the fields as gnubg's Python API reports them:
`gnubg.posinfo()` (dice, turn, resigned, doubled, gamestate),
`gnubg.cubeinfo()` (cube, cube owner, player on roll, Crawford, Jacoby) and
`gnubg.match()` (the score: the current game's starting score plus the points
won when it has ended; `cubeinfo` zeroes money scores).  When the match has
just been won gnubg refuses `cubeinfo` ("error in SetCubeInfo"); those rows
(source ending in `fields-after-match-end`) take cube, owner and Jacoby from
the state just before the last command, checked against a decoding of the ID
written from the gnubg manual, and the player on roll and the Crawford flag
(gnubg changes both when a game ends) from that decoding; the decoder is used
for nothing else.  Columns:

  match_id   12 characters
  cube       cube value
  owner      c (centred), 0 or 1
  on_roll    0 or 1 (gnubg's fMove, the "dice owner")
  turn       0 or 1 (gnubg's fTurn, who acts now)
  crawford   0 or 1
  game       0 no game, 1 playing, 2 over, 3 resigned, 4 dropped
  doubled    0 or 1
  resigned   0 none, 1 single, 2 gammon, 3 backgammon
  dice       00 or the two dice as gnubg holds them (either order)
  length     0 for money
  score0     player 0's score
  score1     player 1's score
  jacoby     0 or 1
  source     the commands' summary (`match:7 score:6-3 crawford ...`)

xgids.tsv: XGIDs read by gnubg -> Position ID and Match ID
----------------------------------------------------------
gnubg 1.07 reads XGIDs (`set xgid`) but cannot write them.  Each row is an
XGID made by this script (random legal checkers, cube, turn, dice, score,
rules, length; the dice written in either order, as XG writes them as
thrown), given to `set xgid`, and gnubg's resulting Position ID and Match ID.
gnubg swaps the players when the top player is on roll (it asks, and the
non-interactive answer is yes); the script then types `swap players` to undo
that, so the Match ID keeps gnubg's own reading of the XGID: the bottom player
is player 1.  XGIDs with D, B or R are left out: gnubg "cannot handle
positions where a double has been offered" and steps back to before the
double (B and R it does not read at all).  After each `set xgid` the script
checks gnubg's state (length, score, cube, owner, player on roll, dice,
Crawford, Jacoby) against the XGID, so a row gnubg silently refused cannot
slip in.  Columns: xgid, position_id, match_id, source.
"""

import argparse
import json
import os
import random
import subprocess
import tempfile
import sys

try:
    import gnubg  # only inside gnubg
except ImportError:
    gnubg = None

ENV = "TABULA_GNUBG_MATCH_IDS"
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
MATCH_COLUMNS = ["match_id", "cube", "owner", "on_roll", "turn", "crawford", "game", "doubled", "resigned",
                 "dice", "length", "score0", "score1", "jacoby", "source"]
XGID_COLUMNS = ["xgid", "position_id", "match_id", "source"]
LENGTHS = [1, 2, 3, 4, 5, 7, 9, 11, 13, 15, 17, 19, 21, 25, 33, 64]


# ------------------------------------------------------------------ outside gnubg

def launch():
    repo_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # (gnubg's Python has no __file__)
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(repo_root, "testdata", "backgammon"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--match-ids", type=int, default=600, help="rows of match_ids.tsv (default 600)")
    ap.add_argument("--xgids", type=int, default=400, help="rows of xgids.tsv (default 400)")
    ap.add_argument("--gnubg", default="/usr/games/gnubg")
    args = ap.parse_args()
    cfg = {"out": os.path.abspath(args.out), "seed": args.seed, "match_ids": args.match_ids, "xgids": args.xgids}
    # A home of its own, as in gnubg_rewrite.py: no race on ~/.gnubg, no user settings.
    with tempfile.TemporaryDirectory(prefix="gnubg-home-") as home:
        env = dict(os.environ, HOME=home, **{ENV: json.dumps(cfg)})
        run = subprocess.run([args.gnubg, "-t", "-q", "-r", "-p", os.path.abspath(__file__)], env=env,
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             universal_newlines=True)
    # gnubg prints a board after most commands; keep our own lines only.
    ours = [line for line in (run.stdout + run.stderr).splitlines() if line.startswith("gnubg_match_ids: ")]
    for line in ours:
        print(line[len("gnubg_match_ids: "):])
    if run.returncode != 0 or sum("wrote" in line for line in ours) != 2 or any("error" in line for line in ours):
        sys.stderr.write(run.stderr[-4000:])
        sys.exit("gnubg run failed (exit %d)" % run.returncode)


# ------------------------------------------------------------------ inside gnubg

def log(msg):
    sys.stdout.write("gnubg_match_ids: %s\n" % msg)
    sys.stdout.flush()


def cmd(c):
    gnubg.command(c)


def position_id(opp, me):
    """gnubg Position ID of [opponent, player on roll], each 25 counts (points 1-24, bar)."""
    bits = []
    for side in (opp, me):
        for n in side:
            bits += [1] * n + [0]
    bits += [0] * (80 - len(bits))
    raw = [sum(bits[8 * i + j] << j for j in range(8)) for i in range(10)]
    out = ""
    for g in range(4):
        chunk = raw[3 * g:3 * g + 3] + [0] * (3 - len(raw[3 * g:3 * g + 3]))
        v = chunk[0] << 16 | chunk[1] << 8 | chunk[2]
        out += "".join(B64[v >> (18 - 6 * k) & 63] for k in range(4 if g < 3 else 2))
    return out


def decode_match_id(mid):
    """Reference decoding after the gnubg manual (plus bit 66 = not Jacoby); used only to cross-check
    the few fields gnubg's API will not give once a match is over."""
    key = 0
    for g in range(3):
        v = 0
        for c in mid[4 * g:4 * g + 4]:
            v = v << 6 | B64.index(c)
        key |= ((v >> 16 & 255) | (v >> 8 & 255) << 8 | (v & 255) << 16) << (24 * g)

    def f(pos, width):
        return key >> pos & ((1 << width) - 1)
    return {"cube": 1 << f(0, 4), "owner": {0: "0", 1: "1", 3: "c"}.get(f(4, 2), "?"), "on_roll": f(6, 1),
            "crawford": f(7, 1), "jacoby": 1 - f(66, 1)}


def snapshot():
    """The fields of the current state from gnubg's API; cube fields None once the match is over."""
    info = gnubg.posinfo()
    game = gnubg.match(0, 0, 0, 0)
    g = game["games"][-1]["info"]
    score = [g["score-X"], g["score-O"]]
    if g.get("winner") in ("X", "O"):
        score["XO".index(g["winner"])] += g["points-won"]
    row = {"dice": "%d%d" % tuple(info["dice"]), "turn": info["turn"], "game": info["gamestate"],
           "doubled": info["doubled"], "resigned": info["resigned"],
           "length": game["match-info"]["match-length"], "score0": score[0], "score1": score[1]}
    try:
        ci = gnubg.cubeinfo()
    except Exception:  # noqa: BLE001  (gnubg refuses once the match is won)
        return row, None
    cube = {"cube": ci["cube"], "owner": "c" if ci["cubeowner"] < 0 else str(ci["cubeowner"]),
            "on_roll": ci["move"], "crawford": ci["crawford"], "jacoby": ci["jacoby"]}
    if ci["matchto"] != row["length"]:
        raise AssertionError("cubeinfo length %s, match length %s" % (ci["matchto"], row["length"]))
    return row, cube


def cube_cap(length):
    """The largest cube used in a match: the first power of two at or above the length."""
    cap = 2
    while cap < length:
        cap *= 2
    return cap


def bearoff_board(rng):
    """Player on roll: one checker on his 1 point. Opponent: a single, gammon or backgammon loss."""
    me = [1] + [0] * 24
    kind = rng.choice(["single", "gammon", "backgammon"])
    opp = [0] * 25
    if kind == "single":
        for _ in range(rng.randint(1, 14)):
            opp[rng.randint(0, 5)] += 1
    else:
        # Gammon: all on his points 7-18. Backgammon: on his 19-23 points or the bar (his 24 point
        # is the roller's 1 point).
        places = list(range(6, 18)) if kind == "gammon" else list(range(6, 23)) + [24]
        for _ in range(15):
            opp[rng.choice(places)] += 1
        if kind == "backgammon" and sum(opp[18:]) == 0:
            opp[rng.choice([18, 19, 20, 21, 22, 24])] += 1
            opp[next(i for i in range(25) if opp[i] and i < 18)] -= 1
    return position_id(opp, me), kind


def match_row(rng, i):
    money = rng.random() < 0.25
    length = 0 if money else (rng.choice(LENGTHS) if rng.random() < 0.7 else rng.randint(1, 64))
    src = ["money" if money else "match:%d" % length]
    jacoby = money and rng.random() < 0.5
    beavers = money and rng.random() < 0.5
    cmd("set jacoby %s" % ("on" if jacoby else "off"))
    cmd("set beavers %d" % (3 if beavers else 0))
    cmd("new session" if money else "new match %d" % length)
    if money:
        src.append("jacoby" if jacoby else "nojacoby")
        if beavers:
            src.append("beavers")
    if money:
        # (large, but not so large that a game's points overflow gnubg's 15 bits)
        s0, s1 = (rng.randint(0, 30), rng.randint(0, 30)) if rng.random() < 0.8 else \
            (rng.randint(0, 20000), rng.randint(0, 20000))
    else:
        s0, s1 = rng.randint(0, length - 1), rng.randint(0, length - 1)
        if rng.random() < 0.3 and length > 1:   # a player at match point minus one
            if rng.random() < 0.5:
                s0 = length - 1
            else:
                s1 = length - 1
    cmd("set score %d %d" % (s0, s1))
    src.append("score:%d-%d" % (s0, s1))
    if not money and length - 1 in (s0, s1) and rng.random() < 0.5:
        cmd("set crawford on")
        src.append("crawford")
    crawford = gnubg.cubeinfo()["crawford"] == 1
    on_roll = rng.randint(0, 1)
    cmd("set turn %d" % on_roll)
    src.append("turn:%d" % on_roll)
    if not crawford and rng.random() < 0.6:
        value = 1 << rng.choice([0, 1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12])
        if not money:   # gnubg 1.07 crashes on a cube far above the match length (cubeinfo)
            value = min(value, cube_cap(length))
        cmd("set cube value %d" % value)
        owner = rng.choice(["centre", "0", "1"]) if value > 1 else rng.choice(["centre", "centre", "0", "1"])
        cmd("set cube centre" if owner == "centre" else "set cube owner %s" % owner)
        src.append("cube:%d/%s" % (value, "c" if owner == "centre" else owner))
    can_double = not crawford
    actions = ["none", "roll", "roll", "resign", "resign-accept", "resign-reject", "bearoff"]
    if can_double:
        actions += ["double", "double", "double-take", "double-drop"]
        if beavers:
            actions += ["double-beaver", "double-beaver", "double-beaver-take", "double-beaver-drop"]
    action = rng.choice(actions)
    src.append(action)
    before = None
    if action == "roll":
        d = (rng.randint(1, 6), rng.randint(1, 6))
        cmd("set dice %d %d" % d)
        src[-1] = "roll:%d%d" % d
    elif action.startswith("double"):
        ci = gnubg.cubeinfo()
        if ci["cubeowner"] not in (-1, on_roll):   # the other player owns it: give it back to the roller
            cmd("set cube owner %d" % on_roll)
            src.insert(-1, "owner:%d" % on_roll)
        cmd("double")
        if not gnubg.posinfo()["doubled"] and not money:   # "the cube is dead": start from a 1-cube
            cmd("set cube value 1")
            cmd("set cube centre")
            cmd("double")
            src.insert(-1, "cube:1/c")
        for step in action.split("-")[1:]:
            before = snapshot()[1]
            cmd(step)
    elif action.startswith("resign"):
        if rng.random() < 0.5:
            d = (rng.randint(1, 6), rng.randint(1, 6))
            cmd("set dice %d %d" % d)
            src.insert(-1, "roll:%d%d" % d)
        kind = rng.choice(["single", "gammon", "backgammon"])
        cmd("resign %s" % kind)
        src[-1] = action.replace("resign", "resign:" + kind)
        if "-" in action:
            before = snapshot()[1]
            cmd(action.split("-")[1])
    elif action == "bearoff":
        board, kind = bearoff_board(rng)
        cmd("set board %s" % board)
        d = (rng.randint(1, 6), rng.randint(1, 6))
        cmd("set dice %d %d" % d)
        before = snapshot()[1]
        cmd("move 1/off")
        src[-1] = "bearoff:%s:%d%d" % (kind, d[0], d[1])
    mid = gnubg.matchid()
    row, cube = snapshot()
    if cube is None:
        if before is None:
            raise AssertionError("row %d: no cube information (%s)" % (i, " ".join(src)))
        ref = decode_match_id(mid)
        for k in ("cube", "owner", "jacoby"):
            if ref[k] != before[k]:
                raise AssertionError("row %d %s: %s %s before the last command, %s in the ID"
                                     % (i, mid, k, before[k], ref[k]))
        cube = dict(before, on_roll=ref["on_roll"], crawford=ref["crawford"])
        src.append("fields-after-match-end")
    row.update(cube)
    row["match_id"] = mid
    row["source"] = " ".join(src)
    return row


def random_board(rng):
    """A legal arrangement [bottom, top], each 26 counts in its own numbering (index 25 = bar)."""
    if rng.random() < 0.05:
        start = [0] * 26
        start[24], start[13], start[8], start[6] = 2, 5, 3, 5
        return list(start), list(start)
    bottom, top = [0] * 26, [0] * 26
    bar = 25 if rng.random() < 0.4 else 1       # some boards with checkers on the bars
    for _ in range(rng.randint(0, 15)):
        bottom[rng.choice([rng.randint(1, 24), rng.randint(1, 24), rng.randint(1, 6), bar])] += 1
    for _ in range(rng.randint(0, 15)):
        p = rng.choice([rng.randint(1, 24), rng.randint(1, 24), rng.randint(1, 6), bar])
        if p == 25 or bottom[25 - p] == 0:
            top[p] += 1
    return bottom, top


def xgid_text(bottom, top, f):
    chars = []
    for i in range(26):
        b = bottom[i] if i > 0 else 0
        t = top[25 if i == 0 else 25 - i] if i < 25 else 0
        chars.append(chr(64 + b) if b else chr(96 + t) if t else "-")
    return "XGID=%s:%d:%d:%d:%s:%d:%d:%d:%d:%d" % ("".join(chars), f["cube"], f["owner"], f["turn"], f["dice"],
                                                   f["bottom"], f["top"], f["rules"], f["length"], f["max"])


def xgid_row(rng, i):
    bottom, top = random_board(rng)
    money = rng.random() < 0.3
    length = 0 if money else (rng.choice(LENGTHS) if rng.random() < 0.7 else rng.randint(1, 64))
    if money:
        sb, st = (rng.randint(0, 20), rng.randint(0, 20)) if rng.random() < 0.7 else (0, 0)
    else:
        sb, st = rng.randint(0, length - 1), rng.randint(0, length - 1)
        if rng.random() < 0.3 and length > 1:
            if rng.random() < 0.5:
                sb = length - 1
            else:
                st = length - 1
    # (gnubg drops the flag of a 1-point match's Crawford game read from an XGID)
    crawford = length > 1 and length - 1 in (sb, st) and rng.random() < 0.5
    rules = rng.randint(0, 3) if money else int(crawford)
    if crawford:
        cube, owner = 0, 0
    else:
        cube = rng.choice([0, 0, 1, 1, 2, 3, 4, 5, 6, 8, 10, 12])
        if not money:
            cube = min(cube, cube_cap(length).bit_length() - 1)
        owner = rng.choice([-1, 0, 1]) if cube else rng.choice([-1, 0, 0, 1])
    turn = rng.choice([1, -1])
    if rng.random() < 0.35:
        dice = "00"
    else:
        dice = "%d%d" % (rng.randint(1, 6), rng.randint(1, 6))
    f = {"cube": cube, "owner": owner, "turn": turn, "dice": dice, "bottom": sb, "top": st, "rules": rules,
         "length": length, "max": max(cube, rng.choice([10, 10, 10, 12, 15]))}
    x = xgid_text(bottom, top, f)
    cmd("new match 1")    # a known state, so that a refused XGID shows
    cmd("set xgid %s" % x)
    if turn == -1:
        cmd("swap players")
    ci = gnubg.cubeinfo()
    info = gnubg.posinfo()
    mover = 1 if turn == 1 else 0
    expect = {"matchto": length, "score": (st, sb) if length else ci["score"], "cube": 1 << cube,
              "cubeowner": {1: 1, -1: 0, 0: -1}[owner], "move": mover, "crawford": int(crawford),
              "jacoby": int(money and rules & 1 == 1)}
    got = {k: (tuple(ci[k]) if k == "score" else ci[k]) for k in expect}
    if got != expect or info["turn"] != mover or sorted(info["dice"]) != sorted(int(c) for c in dice):
        raise AssertionError("row %d: gnubg did not take %s: %s %s" % (i, x, got, info))
    kind = "money" if money else "match:%d" % length
    return {"xgid": x, "position_id": gnubg.positionid(), "match_id": gnubg.matchid(),
            "source": "%s turn:%d dice:%s" % (kind, turn, dice)}


def write(path, columns, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write("\t".join(columns) + "\n")
        for r in rows:
            fh.write("\t".join(str(r[c]) for c in columns) + "\n")


def inside(cfg):
    for c in ["set rng mersenne", "set seed %d" % cfg["seed"], "set player both human",
              "set automatic roll off", "set automatic game off", "set automatic move off",
              "set automatic bearoff off", "set automatic crawford on", "set cube use on"]:
        cmd(c)
    rng = random.Random(cfg["seed"])
    rows, seen = [], set()
    tries = 0
    while len(rows) < cfg["match_ids"]:
        tries += 1
        row = match_row(rng, tries)
        if row["match_id"] not in seen:
            seen.add(row["match_id"])
            rows.append(row)
    out = os.path.join(cfg["out"], "match_ids.tsv")
    write(out, MATCH_COLUMNS, rows)
    mix = {}
    for r in rows:
        for k in ("game:%s" % r["game"], "resigned:%s" % r["resigned"], "doubled:%s" % r["doubled"],
                  "money" if r["length"] == 0 else "match", "crawford:%s" % r["crawford"],
                  "owner:%s" % r["owner"], "dice" if r["dice"] != "00" else "nodice",
                  "turn!=on_roll" if r["turn"] != r["on_roll"] else "turn=on_roll", "jacoby:%s" % r["jacoby"]):
            mix[k] = mix.get(k, 0) + 1
        if r["length"] and max(r["score0"], r["score1"]) >= r["length"]:
            mix["match-won"] = mix.get("match-won", 0) + 1
    log("wrote %s: %d rows (%d states tried, seed %d)" % (out, len(rows), tries, cfg["seed"]))
    log("mix: " + ", ".join("%s=%d" % kv for kv in sorted(mix.items())))
    rows, seen = [], set()
    rng = random.Random(cfg["seed"] + 1000)
    while len(rows) < cfg["xgids"]:
        row = xgid_row(rng, len(rows) + 1)
        if row["xgid"] not in seen:
            seen.add(row["xgid"])
            rows.append(row)
    out = os.path.join(cfg["out"], "xgids.tsv")
    write(out, XGID_COLUMNS, rows)
    log("wrote %s: %d rows (seed %d)" % (out, len(rows), cfg["seed"] + 1000))


if gnubg is not None:
    try:
        inside(json.loads(os.environ[ENV]))
    except Exception as e:  # noqa: BLE001  (report, then let gnubg exit)
        import traceback
        log("error: %s" % e)
        for line in traceback.format_exc().splitlines():
            log(line)
        raise
elif __name__ == "__main__":
    launch()
