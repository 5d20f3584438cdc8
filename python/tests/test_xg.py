"""eXtreme Gammon's `.xg` files through the Python door: `tabula.check`, `tabula.check_bytes`,
`tabula.read` (each game's tags and moves) and `tabula.spark.check` give what `tabula check
--jsonl` gives on the three shared matches, and the same verdicts as the same matches' `.mat`,
XG's `.txt` and gnubg's `.sgf`; a cut or corrupt file is one unreadable game naming the file."""

import pytest

import tabula
from conftest import ROOT, run, jsonl

XG = ROOT.parent / "shared" / "data" / "backgammon" / "xg"
MATCHES = ["charlot1-charlot2_7p_2025-11-08-2305", "match_with_comment", "test"]
GAMES = {"charlot1-charlot2_7p_2025-11-08-2305": 4, "match_with_comment": 8, "test": 7}

needs_data = pytest.mark.skipif(not XG.is_dir(), reason="../shared/data is not beside the clone")


def xg(name):
    return str(XG / f"{name}.xg")


@needs_data
@pytest.mark.parametrize("name", MATCHES)
def test_check_and_check_bytes_give_the_program_s_reports(name, cli_check):
    expected = cli_check(xg(name))
    assert len(expected) == GAMES[name]
    assert [r["game"] for r in expected] == [f"{name}#{n}" for n in range(1, GAMES[name] + 1)]
    assert all(r["verdict"] == "ok" for r in expected), expected
    assert list(tabula.check(xg(name))) == expected
    data = (XG / f"{name}.xg").read_bytes()
    assert tabula.check_bytes(data, xg(name)) == expected


@needs_data
def test_the_same_verdicts_as_the_mat_txt_and_sgf_of_the_same_match():
    for name in ("charlot1-charlot2_7p_2025-11-08-2305", "test"):
        ours = [(r["game"], r["verdict"], r["turns"], r["result"], r["final_position"]) for r in tabula.check(xg(name))]
        for ext in ("mat", "txt", "sgf"):
            other = XG / f"{name}.{ext}"
            if not other.exists():
                continue
            theirs = [(r["game"], r["verdict"], r["turns"], r["result"], r["final_position"]) for r in tabula.check(str(other))]
            assert theirs == ours, other.name


@needs_data
@pytest.mark.parametrize("name", MATCHES)
def test_read_gives_games_with_the_match_s_tags(name, cli_check):
    expected = cli_check(xg(name))
    games = list(tabula.read(xg(name)))
    assert [g.report() for g in games] == expected
    for g in games:
        tags = g.tags
        for key in ("Player 1", "Player 2", "Match Length", "EventDate", "Player 1 Elo", "Player 2 Elo"):
            assert tags.get(key), (g.id, key, tags)
        assert tags["X"] == tags["Player 1"] and tags["O"] == tags["Player 2"]
        assert g.moves, g.id
        assert g.board().position == g.board(g.turns).position
    first = games[0].tags
    if name == "match_with_comment":
        assert (first["Event"], first["Site"], first["Match Length"]) == (
            "Entrainement live",
            "Café Jussieu, Paris",
            "9",
        )
        comments = [v for g in games for k, v in g.tags.items() if k.startswith("Comment ")]
        assert any("difficile" in c for c in comments), comments


@needs_data
def test_a_cut_or_corrupt_file_is_one_unreadable_game_naming_it():
    data = (XG / "test.xg").read_bytes()
    for cut in (10, 8232, len(data) // 2, len(data) - 1):
        reports = tabula.check_bytes(data[:cut], "cut.xg")
        assert len(reports) == 1, cut
        r = reports[0]
        assert (r["source"], r["game"], r["verdict"]) == ("cut.xg", "cut#1", "unreadable"), r
        assert r["error"]["message"]
    corrupt = bytearray(data)
    corrupt[len(data) // 2] ^= 0xFF
    r = tabula.check_bytes(bytes(corrupt), "corrupt.xg")[0]
    assert r["verdict"] == "unreadable" and "CRC-32" in r["error"]["message"], r


@needs_data
@pytest.mark.spark
def test_spark_checks_the_xg_files_as_the_program_does(program, spark):
    import tabula.spark

    rows = [r.asDict() for r in tabula.spark.check(spark, str(XG)).collect()]
    expected = jsonl(run(program, "check", "--jsonl", str(XG)).stdout)
    xg_rows = [r for r in rows if r["source"].endswith(".xg")]
    xg_expected = [r for r in expected if r["source"].endswith(".xg")]
    assert len(xg_rows) == len(xg_expected) == sum(GAMES.values())
    for a, b in zip(xg_rows, xg_expected):
        assert (a["game"], a["verdict"], a["turns"], a["final_position"]) == (
            b["game"],
            b["verdict"],
            b["turns"],
            b["final_position"],
        )

