"""The README's tour of the archive tools, run on testdata/: an archive to a DataFrame of
positions, the most frequent Arimaa set-ups and backgammon opening replies, the games of one
position, and the copies in the archive."""

import pandas as pd

import tabula
from conftest import TESTDATA


def test_the_archive_tour():
    archive = str(TESTDATA)

    # Every position reached in every game, one row each, streamed into a DataFrame.
    positions = pd.DataFrame(tabula.positions(archive))
    assert list(positions.columns) == ["source", "game", "kind", "ply", "side", "position", "dice", "move", "key"]

    # The most frequent Arimaa set-ups: Gold's is the move played from the empty board (ply 0),
    # Silver's the one after it.
    arimaa = positions[positions.kind == "arimaa"]
    gold_setups = arimaa[(arimaa.ply == 0) & arimaa.move.notna()].move.value_counts()
    silver_setups = arimaa[(arimaa.ply == 1) & (arimaa.side == "s") & arimaa.move.notna()].move.value_counts()
    print(gold_setups.head(3), silver_setups.head(3), sep="\n")
    games = arimaa.groupby(["source", "game"]).ply.max()
    assert gold_setups.sum() == (games > 0).sum()
    assert silver_setups.sum() == (games > 1).sum()

    # The backgammon opening replies: for each opening play, the replies (roll and play) and
    # how often each was chosen.
    backgammon = positions[positions.kind == "backgammon"].copy()
    backgammon["opening"] = backgammon.groupby(["source", "game"]).move.transform("first")
    replies = (
        backgammon[backgammon.ply == 1]
        .groupby(["opening", "dice", "move"])
        .size()
        .sort_values(ascending=False)
    )
    print(replies.head(5))
    assert replies.sum() == backgammon[(backgammon.ply == 1) & backgammon.move.notna()].shape[0]

    # The games that reach one position: the position of the most frequent reply.
    (opening, dice, move), count = replies.index[0], replies.iloc[0]
    ply1 = backgammon[backgammon.ply == 1]
    asked = ply1[(ply1.opening == opening) & (ply1.dice == dice) & (ply1.move == move)]
    position = asked.position.iloc[0]
    found = pd.DataFrame(tabula.find(archive, position))
    print(found)
    reached = positions[positions.position == position]
    assert sorted(zip(found.source, found.game, found.ply)) == sorted(zip(reached.source, reached.game, reached.ply))
    assert count <= len(found)

    # The copies in the archive: the bundled matches are there three times (.mat, gnubg's
    # export, .sgf), each group one match.
    copies = tabula.duplicates(archive)
    assert copies and all(g["scope"] == "match" and len(g["members"]) == 3 for g in copies)
