#!/usr/bin/env python3
"""Reads eXtreme Gammon `.xg` files with xgdatatools (PyPI `xgdatatools`, LGPL) and prints, one
JSON object a line, what each game holds: the score before it, every move record (player, dice,
from/to pairs, positions before and after), every cube record, and the game footer's winner and
points. It runs xgdatatools as a separate program beside tabula (nothing of it is copied into or
linked with tabula), so that the tests can compare the two readers game by game.

    python3 scripts/xg_oracle.py FILE.xg...        # or folders, searched for *.xg

Positions are XG's 26 numbers: index 0 and 25 the bars, 1..24 the points, positive the checkers
of the player on roll in the record (XG's own view); printed as XG stores them.
"""

import json
import os
import sys

try:
    from xgdatatools import xgimport, xgstruct
except ImportError:  # pragma: no cover - said plainly when the peer is missing
    sys.exit("xg_oracle: xgdatatools is not installed (pip install xgdatatools)")


def records(path):
    """Every record of the game file of `path`, with the file version propagated."""
    version = -1
    for segment in xgimport.Import(path).getfilesegment():
        if segment.type != xgimport.Import.Segment.XG_GAMEFILE:
            continue
        segment.fd.seek(0)
        while True:
            rec = xgstruct.GameFileRecord(version=version).fromstream(segment.fd)
            if rec is None:
                break
            if isinstance(rec, xgstruct.HeaderMatchEntry):
                version = rec.Version
            yield rec


def games(path):
    """The games of `path` as dicts, in file order."""
    match = {}
    game = None
    for rec in records(path):
        kind = rec.get("EntryType")
        if kind == xgstruct.GameFileRecord.ENTRYTYPE_HEADERMATCH:
            match = {"length": rec.MatchLength, "variation": rec.Variation, "version": rec.Version}
        elif kind == xgstruct.GameFileRecord.ENTRYTYPE_HEADERGAME:
            game = {"file": os.path.basename(path), "game": rec.GameNumber, "match": match,
                    "score": [rec.Score1, rec.Score2], "crawford": rec.CrawfordApply, "records": []}
        elif game is None:
            continue
        elif kind == xgstruct.GameFileRecord.ENTRYTYPE_MOVE:
            pairs = []
            # A `from` of -1 ends the pairs; a roll not played (its pairs all 0) has none.
            for i in range(0, 8, 2):
                if rec.Moves[i] == -1 or not rec.Played:
                    break
                pairs.append([rec.Moves[i], rec.Moves[i + 1]])
            game["records"].append({"move": rec.ActiveP, "dice": list(rec.Dice), "pairs": pairs,
                                    "raw": list(rec.Moves), "before": list(rec.PositionI),
                                    "after": list(rec.PositionEnd), "cube": rec.CubeA,
                                    "played": rec.Played})
        elif kind == xgstruct.GameFileRecord.ENTRYTYPE_CUBE:
            game["records"].append({"cube": rec.ActiveP, "double": rec.Double, "take": rec.Take,
                                    "beaver": rec.BeaverR, "value": rec.CubeB,
                                    "position": list(rec.Position)})
        elif kind == xgstruct.GameFileRecord.ENTRYTYPE_FOOTERGAME:
            game.update({"winner": rec.Winner, "points": rec.PointsWon, "termination": rec.Termination,
                         "score_after": [rec.Score1g, rec.Score2g]})
            yield game
            game = None
    if game is not None:
        yield game


def main(argv):
    paths = []
    for arg in argv:
        if os.path.isdir(arg):
            for root, _, names in sorted(os.walk(arg)):
                paths += [os.path.join(root, n) for n in sorted(names) if n.endswith(".xg")]
        else:
            paths.append(arg)
    if not paths:
        sys.exit("usage: xg_oracle.py FILE.xg|FOLDER...")
    for path in paths:
        for g in games(path):
            print(json.dumps(g, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1:])
