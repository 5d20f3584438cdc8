//! Every case of `shared/data/arimaa/cases.md`, read from the file itself.

mod common;

use std::sync::Arc;

use tabula_engine::arimaa::{Board, Color, Outcome, Piece, PlayError, Position, Setup, Square, StepError, WinReason};
use tabula_notation::arimaa::{write_turn, LongMove, LongToken, ResolveErrorKind};
use tabula_replay::arimaa::verify::{verify, Record};
use tabula_replay::Verdict;

fn cases_md() -> String {
    std::fs::read_to_string(common::arimaa_data().join("cases.md")).unwrap()
}

/// The cells of the table rows under the heading `heading`.
fn table(md: &str, heading: &str) -> Vec<Vec<String>> {
    let start = md.find(heading).unwrap_or_else(|| panic!("no section {heading}"));
    md[start..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| l.trim().trim_matches('|').split(" | ").map(|c| c.trim().to_string()).collect())
        .collect()
}

fn position(pieces: &str, to_move: &str) -> Position {
    let mut board = Board::empty();
    for p in pieces.split_whitespace() {
        let piece = Piece::from_char(p.as_bytes()[0]).unwrap();
        board.put(Square::from_ascii(&p.as_bytes()[1..]).unwrap(), piece);
    }
    let side_to_move = if to_move == "Gold" { Color::Gold } else { Color::Silver };
    Position::from_setup(Setup { board, side_to_move }).unwrap()
}

fn unquote(s: &str) -> &str {
    s.trim().trim_matches('`')
}

/// The error the oracle's wording stands for.
fn expected_error(msg: &str) -> fn(&ResolveErrorKind) -> bool {
    match msg {
        "the moving piece is frozen" => |k| matches!(k, ResolveErrorKind::Step(StepError::Frozen(..))),
        "a rabbit may not step backwards" => |k| matches!(k, ResolveErrorKind::Step(StepError::RabbitBackward)),
        "the destination square is occupied" => |k| matches!(k, ResolveErrorKind::Step(StepError::Occupied(_))),
        "an enemy piece moves but no stronger, unfrozen friendly piece can push or pull it" => {
            |k| matches!(k, ResolveErrorKind::Step(StepError::NoPusher))
        }
        "the turn ends with a push unfinished" => |k| matches!(k, ResolveErrorKind::Play(PlayError::PushNotCompleted)),
        "a push cannot begin on the 4th step" => |k| matches!(k, ResolveErrorKind::Step(StepError::PushOnLastStep)),
        "the turn leaves the board unchanged" => |k| matches!(k, ResolveErrorKind::Play(PlayError::Unchanged)),
        m if m.starts_with("the piece on ") => |k| matches!(k, ResolveErrorKind::WrongPiece { .. }),
        m if m.starts_with("nothing stands on") => |k| matches!(k, ResolveErrorKind::Step(StepError::NoPiece(_))),
        m => panic!("no error kind known for the oracle's `{m}`"),
    }
}

#[test]
#[ignore = "needs ../shared/data"]
fn single_turns() {
    let md = cases_md();
    let rows = table(&md, "## Single turns");
    assert_eq!(rows.len(), 37);
    for row in rows {
        let (n, pieces, to_move, text, oracle) = (&row[0], &row[2], &row[3], unquote(&row[4]), &row[5]);
        let pos = position(pieces, to_move);
        let mv = LongMove::from_ascii(text.as_bytes()).unwrap();
        let got = mv.resolve_turn(&pos);
        let what = format!("case {n}: {text}: {got:?}");
        if let Some(rest) = oracle.strip_prefix("legal; board after: ") {
            let resolved = got.expect(&what);
            let mut parts = rest.split("; ");
            assert_eq!(resolved.position().board().to_diagram_string(), unquote(parts.next().unwrap()), "{what}");
            let outcome = parts.next().map(|o| {
                let winner = if o.contains("Gold wins") { Color::Gold } else { Color::Silver };
                let reason = match o.rsplit(' ').next().unwrap() {
                    "goal" => WinReason::Goal,
                    "elimination" => WinReason::Elimination,
                    "immobilization" => WinReason::Immobilization,
                    r => panic!("{r}"),
                };
                Outcome { winner, reason }
            });
            assert_eq!(resolved.position().outcome(), outcome, "{what}");
            assert_eq!(write_turn(&pos, resolved.turn()).unwrap(), text, "{what}");
        } else if let Some(msg) = oracle.strip_prefix("illegal: ") {
            let err = got.expect_err(&what);
            assert!(expected_error(msg)(&err.kind), "{what}: the oracle says {msg}");
        } else if let Some(right) = oracle.strip_prefix("steps are legal but the text is wrong: it must read ") {
            let err = got.expect_err(&what);
            assert!(
                matches!(
                    err.kind,
                    ResolveErrorKind::MissingCapture(_)
                        | ResolveErrorKind::UnexpectedCapture
                        | ResolveErrorKind::WrongCapture { .. }
                ),
                "{what}"
            );
            // The same steps, written by tabula, give the oracle's text.
            let steps: String = mv
                .tokens()
                .iter()
                .filter(|t| !matches!(t, LongToken::Capture { .. }))
                .map(|t| format!("{t} "))
                .collect();
            let resolved = LongMove::from_ascii(steps.as_bytes()).unwrap();
            let turn: Vec<_> = resolved
                .tokens()
                .iter()
                .map(|t| match *t {
                    LongToken::Step { from, dir, .. } => tabula_engine::arimaa::Step::new(from, dir),
                    _ => unreachable!(),
                })
                .collect();
            let turn = tabula_engine::arimaa::Turn::from_steps(&turn).unwrap();
            assert_eq!(write_turn(&pos, &turn).unwrap(), unquote(right), "{what}");
        } else {
            panic!("unknown oracle answer {oracle}");
        }
    }
}

const GOLD_SETUP: &str = "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2";
const SILVER_SETUP: &str = "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7";

fn run(movelist: &str) -> tabula_replay::GameReport {
    verify(&Record {
        source: Arc::from("cases.md"),
        game: "1".into(),
        movelist: movelist.as_bytes(),
        line: 1,
        recorded: None,
        notation: Default::default(),
    })
}

#[test]
#[ignore = "needs ../shared/data"]
fn whole_records() {
    let md = cases_md();
    let setup = format!("1g {GOLD_SETUP}\\n1s {SILVER_SETUP}\\n");
    let rows = table(&md, "## Whole records");
    assert_eq!(rows.len(), 9);
    let mut from_file = 0;
    for row in &rows {
        let (record, oracle) = (unquote(&row[0]), row[1].as_str());
        if !record.contains("<SETUP>") {
            continue;
        }
        let movelist = record.replace("<SETUP>", &setup);
        let r = run(&movelist);
        let what = format!("{record}: {r:?}");
        if let Some(rest) = oracle.strip_prefix("ok; ") {
            assert_eq!(r.verdict, Verdict::Ok, "{what}");
            match rest.split(' ').next().unwrap().parse::<usize>() {
                Ok(n) => assert_eq!(r.turns, n, "{what}"),
                Err(_) => assert_eq!(r.turns, 4, "{what}"),
            }
        } else if let Some(rest) = oracle.strip_prefix("illegal at ") {
            assert_eq!(r.verdict, Verdict::Illegal, "{what}");
            assert_eq!(r.error.unwrap().turn, rest.split(':').next().unwrap(), "{what}");
        } else if oracle.starts_with("parse_error") {
            assert_eq!(r.verdict, Verdict::Illegal, "{what}");
            let e = r.error.unwrap();
            assert_eq!(e.turn, "3g", "{what}");
            assert!(e.message.contains("expected move 2g"), "{what}");
        } else {
            panic!("unknown oracle answer {oracle}");
        }
        from_file += 1;
    }
    assert_eq!(from_file, 5);

    // The rows described in words.
    let silver_b = SILVER_SETUP.replace("ha7 db7", "da7 hb7");
    let r = run(&format!("1w {GOLD_SETUP}\\n1b {SILVER_SETUP}\\n2w takeback\\n1b {silver_b}\\n2w Ee2n\\n2b"));
    assert_eq!((r.verdict, r.turns), (Verdict::Ok, 3), "{r:?}");
    let r = run(&format!("1w {GOLD_SETUP}\\n1b takeback\\n1w {GOLD_SETUP}\\n1b {SILVER_SETUP}\\n2w Ee2n\\n2b"));
    assert_eq!((r.verdict, r.turns), (Verdict::Ok, 3), "{r:?}");
    let wb = format!("1w {GOLD_SETUP}\\n1b {SILVER_SETUP}\\n2w Ee2n\\n2b takeback\\n2w Md2n\\n2b ed7s\\n3w");
    let r = run(&wb);
    assert_eq!((r.verdict, r.turns), (Verdict::Ok, 4), "{r:?}");
    let fifteen = GOLD_SETUP.replace(" Hh2", "");
    let r = run(&format!("1g {fifteen}\\n1s {SILVER_SETUP}\\n2g"));
    assert_eq!(r.verdict, Verdict::Illegal);
    assert_eq!(r.error.as_ref().unwrap().turn, "1g");
    assert!(r.error.unwrap().message.contains("exactly 2 horses, this one has 1"));
    let rank3 = GOLD_SETUP.replace("Hh2", "Hh3");
    let r = run(&format!("1g {rank3}\\n1s {SILVER_SETUP}\\n2g"));
    assert_eq!(r.verdict, Verdict::Illegal);
    let e = r.error.unwrap();
    assert_eq!((e.turn.as_str(), e.message.as_str()), ("1g", "h3 is not on the set-up ranks of the side to move"));
}
