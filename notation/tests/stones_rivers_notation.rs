//! Stones and Rivers notation on the shared sample records (`shared/data/snr`): every turn
//! written there parses and prints back canonically, the malformed turns are refused naming the
//! field, position strings round-trip, and random turn texts survive printing and reparsing.

use std::fs;
use std::path::PathBuf;

use proptest::prelude::*;
use std::collections::HashSet;

use tabula_engine::stones_rivers::{Axis, Board, Cell, Face, Piece, PlayError, Player, Position, Setup, Turn};
use tabula_notation::stones_rivers::{
    parse_position, resolve, write_position, ActionText, ParsePositionError, ResolveError, TurnSyntax, TurnText,
};

fn shared(file: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/snr").join(file);
    fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "../shared/data/snr/{file} not found (looked for {}: {e}): this test needs the shared data beside the \
             repository",
            path.display()
        )
    })
}

/// A file of `testdata/snr`, the records tabula wrote.
fn bundled(file: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/snr").join(file);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One record of a sample file: its tags and its turn lines (1-based line numbers).
struct Record {
    tags: Vec<(String, String)>,
    turns: Vec<(usize, String)>,
}

impl Record {
    fn tag(&self, key: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The `[Expect "illegal at turn K: CATEGORY"]` tag of an illegal record: K and CATEGORY.
    fn expected_fault(&self) -> (usize, &str) {
        self.tag("Expect")
            .and_then(|e| e.strip_prefix("illegal at turn "))
            .and_then(|s| s.split_once(": "))
            .map(|(k, c)| (k.parse::<usize>().expect("a turn index"), c))
            .expect("an Expect tag: illegal at turn K: CATEGORY")
    }
}

/// Splits a sample file into records (blank lines between them; `#` comments skipped).
fn records(text: &str) -> Vec<Record> {
    let mut out = Vec::new();
    let mut cur = Record { tags: Vec::new(), turns: Vec::new() };
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            if !cur.tags.is_empty() || !cur.turns.is_empty() {
                out.push(std::mem::replace(&mut cur, Record { tags: Vec::new(), turns: Vec::new() }));
            }
        } else if line.starts_with('#') {
        } else if let Some(tag) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let (key, value) = tag.split_once(' ').expect("a tag has a key and a value");
            cur.tags.push((key.to_string(), value.trim_matches('"').to_string()));
        } else {
            cur.turns.push((i + 1, line.to_string()));
        }
    }
    if !cur.tags.is_empty() || !cur.turns.is_empty() {
        out.push(cur);
    }
    out
}

/// The text without spacing, in upper case.
fn squeezed(s: &str) -> String {
    s.chars().filter(|c| !c.is_ascii_whitespace()).map(|c| c.to_ascii_uppercase()).collect()
}

fn cell(s: &str) -> Cell {
    tabula_notation::stones_rivers::parse_cell(s.as_bytes()).expect("a cell")
}

#[test]
#[ignore = "needs ../shared/data"]
fn every_legal_record_turn_parses_and_prints_back() {
    let recs = records(&shared("games_legal.txt"));
    assert_eq!(recs.len(), 40);
    let mut n = 0;
    let mut exact = 0;
    for rec in &recs {
        for (line, text) in &rec.turns {
            let t: TurnText = text.parse().unwrap_or_else(|e| panic!("line {line} `{text}`: {e}"));
            let shown = t.to_string();
            assert_eq!(squeezed(&shown), squeezed(text), "line {line}");
            assert_eq!(shown.parse::<TurnText>(), Ok(t), "line {line}");
            assert_eq!(TurnText::from_turn(t.player, &t.turn()), t, "line {line}");
            exact += usize::from(&shown == text);
            n += 1;
        }
    }
    assert_eq!(n, 8396);
    // The sample records are written canonically.
    assert_eq!(exact, n);
}

#[test]
#[ignore = "needs ../shared/data"]
fn malformed_turns_of_the_illegal_records_are_refused_naming_the_field() {
    let recs = records(&shared("games_illegal.txt"));
    assert_eq!(recs.len(), 60);
    let mut found = Vec::new();
    for rec in &recs {
        let (k, category) = rec.expected_fault();
        for (i, (line, text)) in rec.turns.iter().enumerate() {
            let parsed = text.parse::<TurnText>();
            if i + 1 != k || !category.starts_with("malformed") {
                assert!(parsed.is_ok(), "line {line} `{text}`: {parsed:?}");
                continue;
            }
            let e = parsed.expect_err(text);
            if category == "malformed coordinate" {
                assert!(matches!(e.kind, TurnSyntax::Column | TurnSyntax::Row | TurnSyntax::LeadingZero), "{e}");
                assert!(text.contains(&e.token) && !e.token.is_empty(), "{text}: {e}");
            } else {
                assert!(!matches!(e.kind, TurnSyntax::Column | TurnSyntax::Row | TurnSyntax::LeadingZero), "{e}");
            }
            // The field index is where the token stands in the text.
            let fields: Vec<&str> = text.splitn(2, '-').flat_map(|s| s.split(',')).map(str::trim).collect();
            assert_eq!(fields.get(e.field).copied().unwrap_or(""), e.token, "{text}: {e}");
            found.push((text.clone(), e.field, e.token, e.kind));
        }
    }
    let expected = [
        ("Cr - I7, PS, I0, I5", 3, "I0", TurnSyntax::Row),
        ("Cr - E8", 2, "", TurnSyntax::MissingAction),
        ("Sq - G5, PS, F5, E0", 4, "E0", TurnSyntax::Row),
        ("Cr - D0, FE", 1, "D0", TurnSyntax::Row),
        ("Sq - F6, FN, A1", 3, "A1", TurnSyntax::Extra),
    ];
    let expected: Vec<_> = expected.iter().map(|&(t, f, tok, k)| (t.to_string(), f, tok.to_string(), k)).collect();
    assert_eq!(found, expected);
}

#[test]
fn the_issues_malformed_examples() {
    let err = |s: &str| {
        let e = s.parse::<TurnText>().expect_err(s);
        (e.field, e.token, e.kind)
    };
    assert_eq!(err("Sq - N5, FN"), (1, "N5".into(), TurnSyntax::Column));
    assert_eq!(err("Sq - D15, FN"), (1, "D15".into(), TurnSyntax::Row));
    assert_eq!(err("Sq - D05, FN"), (1, "D05".into(), TurnSyntax::LeadingZero));
    assert_eq!(err("Sq - D0, FN"), (1, "D0".into(), TurnSyntax::Row));
    assert_eq!(err("Sq - D5"), (2, String::new(), TurnSyntax::MissingAction));
    assert_eq!(err("Xx - D5, FN"), (0, "Xx".into(), TurnSyntax::Player));
    assert_eq!(err("Sq - D6, M, D7 junk"), (3, "D7 junk".into(), TurnSyntax::Row));
    assert_eq!(err("Sq - D6, PR, D7, D11, D12"), (5, "D12".into(), TurnSyntax::Extra));
    assert_eq!(err("Sq - D6, PR, D7"), (4, String::new(), TurnSyntax::MissingCell));
    assert_eq!(err("Sq - D6, M, N7"), (3, "N7".into(), TurnSyntax::Column));
    assert_eq!(err("Sq - D6, FN, D7"), (3, "D7".into(), TurnSyntax::Extra));
    let messages: Vec<String> = ["Sq - N5, FN", "Sq - D15, FN", "Sq - D5", "Xx - D5, FN"]
        .iter()
        .map(|s| s.parse::<TurnText>().unwrap_err().to_string())
        .collect();
    assert_eq!(
        messages,
        [
            "field 2 `N5`: expected a cell: a column letter A to M, then a row 1 to 14",
            "field 2 `D15`: expected a row number 1 to 14 after the column letter",
            "field 3: missing the action: FN, FE, FS, RN, RE, M, PR or PS",
            "field 1 `Xx`: expected the player, Sq or Cr",
        ]
    );
}

#[test]
fn the_rules_examples() {
    let sq = Player::Square;
    let cases = [
        ("Sq - D5, FN", Turn::Flip { cell: cell("D5"), to: Face::River(Axis::North) }),
        ("Sq - D5, FE", Turn::Flip { cell: cell("D5"), to: Face::River(Axis::East) }),
        ("Sq - D5, FS", Turn::Flip { cell: cell("D5"), to: Face::Stone }),
        ("Cr - E9, RN", Turn::Rotate { cell: cell("E9"), to: Axis::North }),
        ("Cr - E9, RE", Turn::Rotate { cell: cell("E9"), to: Axis::East }),
        ("Sq - D6, M, D7", Turn::Move { from: cell("D6"), to: cell("D7") }),
        ("Sq - D6, PR, D7, D11", Turn::RiverPush { from: cell("D6"), onto: cell("D7"), to: cell("D11") }),
        ("Sq - D6, PS, D7, D8", Turn::StonePush { from: cell("D6"), onto: cell("D7"), to: cell("D8") }),
    ];
    for (text, turn) in cases {
        let t: TurnText = text.parse().unwrap();
        assert_eq!(t.turn(), turn, "{text}");
        let player = if text.starts_with("Sq") { sq } else { Player::Circle };
        assert_eq!(TurnText::from_turn(player, &turn).to_string(), text);
        assert_eq!(t.player, player);
    }
    let t: TurnText = "  cr-e9 ,re\t".parse().unwrap();
    assert_eq!(t, TurnText { player: Player::Circle, cell: cell("E9"), action: ActionText::Rotate(Axis::East) });
}

#[test]
fn position_strings() {
    let initial = "13/13/13/13/3sssssss3/3sssssss3/13/13/3SSSSSSS3/3SSSSSSS3/13/13/13/13 sq";
    assert_eq!(parse_position(initial), Ok(Setup::initial(Player::Square)));
    assert_eq!(write_position(&Setup::initial(Player::Square)), initial);
    // Every [Position] tag of the bundled legal records (`faults.txt` has malformed ones).
    let texts: Vec<String> =
        records(&bundled("games.txt")).iter().filter_map(|rec| rec.tag("Position").map(String::from)).collect();
    assert_eq!(texts.len(), 2);
    round_trip_positions(&texts);
    assert_eq!(
        parse_position("13/13/13/13/13/13/13/13/13/13/13/13/13/13 xx"),
        Err(ParsePositionError::Side("xx".into()))
    );
}

/// Every position string of `texts` parses and is written back the same.
fn round_trip_positions(texts: &[String]) {
    for text in texts {
        let setup = parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(&write_position(&setup), text);
    }
}

/// Every position of the perft table, and every [Position] tag of the shared records.
#[test]
#[ignore = "needs ../shared/data"]
fn shared_position_strings() {
    let perft = shared("perft.tsv");
    let mut texts: Vec<String> = perft.lines().skip(1).filter_map(|l| l.split('\t').next()).map(String::from).collect();
    assert_eq!(texts.len(), 40);
    for file in ["games_legal.txt", "games_illegal.txt"] {
        for rec in records(&shared(file)) {
            texts.extend(rec.tag("Position").map(String::from));
        }
    }
    round_trip_positions(&texts);
}

/// The player named by a record's `[Result]` tag.
fn result_player(result: &str) -> Option<Player> {
    match result {
        "Sq" => Some(Player::Square),
        "Cr" => Some(Player::Circle),
        _ => None,
    }
}

/// The position a record starts from: its `[Position]` tag, or the start with the first
/// turn's player to move.
fn start(rec: &Record) -> Position {
    if let Some(text) = rec.tag("Position") {
        return Position::from_setup(&parse_position(text).expect("a position")).expect("a legal position");
    }
    let first = rec.turns.first().and_then(|(_, t)| t.parse::<TurnText>().ok()).map_or(Player::Square, |t| t.player);
    Position::initial(first)
}

#[test]
#[ignore = "needs ../shared/data"]
fn every_legal_record_resolves_to_its_result() {
    let mut turns = 0;
    for rec in records(&shared("games_legal.txt")) {
        let mut pos = start(&rec);
        for (line, text) in &rec.turns {
            let t: TurnText = text.parse().expect("parses");
            let (turn, next) = t.play(&pos).unwrap_or_else(|e| panic!("line {line} `{text}`: {e}"));
            assert_eq!(turn, t.turn());
            assert_eq!(t.resolve(&pos), Ok(turn));
            assert_eq!(TurnText::from_turn(pos.to_move(), &turn).to_string(), *text);
            pos = next;
            turns += 1;
        }
        assert_eq!(pos.winner(), result_player(rec.tag("Result").expect("a Result tag")), "game {:?}", rec.tag("Game"));
    }
    assert_eq!(turns, 8396);
}

#[test]
#[ignore = "needs ../shared/data"]
fn every_illegal_record_fails_at_its_turn_for_its_reason() {
    for rec in records(&shared("games_illegal.txt")) {
        let (k, category) = rec.expected_fault();
        let mut pos = start(&rec);
        for (i, (line, text)) in rec.turns.iter().enumerate() {
            let result = resolve(text, &pos);
            if i + 1 < k {
                let turn = result.unwrap_or_else(|e| panic!("line {line} `{text}`: {e}"));
                pos = pos.play(&turn).expect("legal");
                continue;
            }
            assert_eq!(i + 1, k);
            let e = result.expect_err(text);
            match category {
                "malformed coordinate" | "malformed turn" => {
                    assert!(matches!(e, ResolveError::Syntax(_)), "{text}: {e}")
                }
                "wrong player's turn" => assert!(matches!(e, ResolveError::WrongPlayer { .. }), "{text}: {e}"),
                "move after the game ended" => {
                    assert!(matches!(e, ResolveError::Illegal(PlayError::GameOver { .. })), "{text}: {e}")
                }
                _ => assert!(matches!(e, ResolveError::Illegal(_)), "{text}: {e}"),
            }
            break;
        }
    }
}

#[test]
fn resolve_errors() {
    let pos = Position::initial(Player::Square);
    assert_eq!(
        resolve("Cr - D9, FN", &pos),
        Err(ResolveError::WrongPlayer { expected: Player::Square, found: Player::Circle })
    );
    assert_eq!(resolve("Cr - D9, FN", &pos).unwrap_err().to_string(), "it is Sq's turn, not Cr's");
    assert!(matches!(resolve("Sq - D9, FN", &pos), Err(ResolveError::Illegal(PlayError::NotYourPiece { .. }))));
    assert!(matches!(resolve("Sq - A1, FN", &pos), Err(ResolveError::Illegal(PlayError::NoPiece { .. }))));
    assert!(matches!(resolve("Sq - D5, FS", &pos), Err(ResolveError::Illegal(PlayError::FlipStoneToStone { .. }))));
    assert!(matches!(resolve("Sq - D5", &pos), Err(ResolveError::Syntax(e)) if e.kind == TurnSyntax::MissingAction));
    assert_eq!(resolve("sq-d6,m,d7", &pos), Ok(Turn::Move { from: cell("D6"), to: cell("D7") }));
    // Square has won (its Score Area holds five of its Stones): every turn is refused because
    // the game is over, whoever writes it.
    let won = "13/13/13/4SSSSS4/3sssssss3/3sssssss3/13/13/13/3SSSSSSS3/2S10/13/13/13 cr";
    let pos = Position::from_setup(&parse_position(won).unwrap()).unwrap();
    assert_eq!(pos.winner(), Some(Player::Square));
    for text in ["Cr - D9, FN", "Sq - D5, FN"] {
        assert!(matches!(resolve(text, &pos), Err(ResolveError::Illegal(PlayError::GameOver { .. }))), "{text}");
    }
}

#[test]
#[ignore = "needs ../shared/data"]
fn perft_positions_parse_and_count() {
    let perft = shared("perft.tsv");
    for row in perft.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let cols: Vec<&str> = row.split('\t').collect();
        let setup = parse_position(cols[0]).unwrap_or_else(|e| panic!("{}: {e}", cols[0]));
        let pos = Position::from_setup(&setup).unwrap_or_else(|e| panic!("{}: {e}", cols[0]));
        let turns = pos.legal_turns();
        let distinct: HashSet<Setup> = turns.iter().map(|t| pos.play_unchecked(t).to_setup()).collect();
        assert_eq!(turns.len().to_string(), cols[1], "{}", cols[0]);
        assert_eq!(distinct.len().to_string(), cols[2], "{}", cols[0]);
    }
}

/// A position reached by `plies` random legal turns from the start (`seed` picks them).
fn random_position(first: Player, plies: usize, mut seed: u64) -> Position {
    let mut pos = Position::initial(first);
    for _ in 0..plies {
        let turns = pos.legal_turns();
        if turns.is_empty() {
            break;
        }
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        pos = pos.play_unchecked(&turns[(seed >> 33) as usize % turns.len()]);
    }
    pos
}

fn any_cell() -> impl Strategy<Value = Cell> {
    (0..182usize).prop_map(|i| Cell::from_index(i).expect("0..182"))
}

fn any_axis() -> impl Strategy<Value = Axis> {
    prop_oneof![Just(Axis::North), Just(Axis::East)]
}

fn any_turn_text() -> impl Strategy<Value = TurnText> {
    let action = prop_oneof![
        prop_oneof![Just(Face::Stone), any_axis().prop_map(Face::River)].prop_map(ActionText::Flip),
        any_axis().prop_map(ActionText::Rotate),
        any_cell().prop_map(|to| ActionText::Move { to }),
        (any_cell(), any_cell()).prop_map(|(onto, to)| ActionText::RiverPush { onto, to }),
        (any_cell(), any_cell()).prop_map(|(onto, to)| ActionText::StonePush { onto, to }),
    ];
    let player = prop_oneof![Just(Player::Square), Just(Player::Circle)];
    (player, any_cell(), action).prop_map(|(player, cell, action)| TurnText { player, cell, action })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn display_parses_back(t in any_turn_text()) {
        let shown = t.to_string();
        prop_assert_eq!(shown.parse::<TurnText>(), Ok(t));
        prop_assert_eq!(TurnText::from_turn(t.player, &t.turn()), t);
    }

    #[test]
    fn any_case_and_spacing_reads_the_same(t in any_turn_text(), seps in prop::collection::vec("[ \t]{0,3}", 16), lower in any::<u32>()) {
        let shown = t.to_string();
        let mut messy = String::new();
        let mut sep = seps.iter();
        messy.push_str(sep.next().map_or("", |s| s.as_str()));
        for (i, c) in shown.chars().enumerate() {
            match c {
                ' ' => {}
                '-' | ',' => {
                    messy.push_str(sep.next().map_or("", |s| s.as_str()));
                    messy.push(c);
                    messy.push_str(sep.next().map_or("", |s| s.as_str()));
                }
                _ if lower >> (i % 32) & 1 == 1 => messy.push(c.to_ascii_lowercase()),
                _ => messy.push(c),
            }
        }
        prop_assert_eq!(messy.parse::<TurnText>(), Ok(t), "{}", messy);
    }

    #[test]
    fn position_strings_round_trip(cells in prop::collection::vec(0..8u8, 182), circle in any::<bool>()) {
        let mut board = Board::EMPTY;
        for (i, &k) in cells.iter().enumerate() {
            let owner = if k & 1 == 0 { Player::Square } else { Player::Circle };
            let face = match k >> 1 {
                0 => continue,
                1 => Face::Stone,
                2 => Face::River(Axis::North),
                _ => Face::River(Axis::East),
            };
            board.set(Cell::from_index(i).expect("0..182"), Some(Piece { owner, face }));
        }
        let setup = Setup { board, to_move: if circle { Player::Circle } else { Player::Square } };
        let text = write_position(&setup);
        prop_assert_eq!(parse_position(&text), Ok(setup), "{}", text);
    }

    #[test]
    fn every_legal_turn_is_written_and_resolved_back(circle in any::<bool>(), plies in 0..150usize, seed in any::<u64>()) {
        let pos = random_position(if circle { Player::Circle } else { Player::Square }, plies, seed);
        for turn in pos.legal_turns() {
            let text = TurnText::from_turn(pos.to_move(), &turn);
            prop_assert_eq!(text.resolve(&pos), Ok(turn));
            let written = text.to_string();
            prop_assert_eq!(resolve(&written, &pos), Ok(turn), "{}", written);
        }
        let text = write_position(&pos.to_setup());
        prop_assert_eq!(parse_position(&text), Ok(pos.to_setup()));
    }

    #[test]
    fn arbitrary_bytes_do_not_panic(bytes in prop::collection::vec(any::<u8>(), 0..40)) {
        let _ = TurnText::from_ascii(&bytes);
        if let Ok(s) = std::str::from_utf8(&bytes) {
            if let Ok(setup) = parse_position(s) {
                prop_assert_eq!(parse_position(&write_position(&setup)), Ok(setup));
            }
        }
    }

    #[test]
    fn near_misses_do_not_panic(t in any_turn_text(), at in 0..40usize, byte in any::<u8>()) {
        let mut bytes = t.to_string().into_bytes();
        let at = at % (bytes.len() + 1);
        bytes.insert(at, byte);
        if let Ok(again) = TurnText::from_ascii(&bytes) {
            prop_assert_eq!(TurnText::from_ascii(again.to_string().as_bytes()), Ok(again));
        }
    }
}
