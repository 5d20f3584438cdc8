//! Every row of the shared notation vectors (`shared/data/backgammon/notation_cases.tsv`: real
//! positions and rolls, with inputs in every spelling in use): a legal input resolves, and the
//! standard writer prints the row's canonical play; the canonical text resolves to the same
//! position; an illegal input is refused.

use tabula_engine::backgammon::{Dice, MoveGenerator, PlayError, Position, StepError};
use tabula_notation::backgammon::position_id;
use tabula_notation::backgammon::{write_play, PlayText, ResolveError};

const CASES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/backgammon/notation_cases.tsv");

struct Row {
    line: usize,
    pos: Position,
    dice: Dice,
    input: String,
    canonical: String,
    legal: bool,
    note: String,
}

fn rows() -> Vec<Row> {
    let text = std::fs::read_to_string(CASES).unwrap_or_else(|e| {
        panic!(
            "../shared/data/backgammon/notation_cases.tsv not found (looked for {CASES}: {e}): this test needs the \
             shared data beside the repository"
        )
    });
    let mut lines = text.lines().enumerate();
    let header = lines.next().map(|(_, l)| l).unwrap_or_default();
    assert!(header.starts_with("position_id\tdice\tplayer_on_roll\tinput_play\tcanonical_play\tlegal"), "{header}");
    lines
        .filter(|(_, l)| !l.is_empty())
        .map(|(i, l)| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 7, "line {}: {l}", i + 1);
            Row {
                line: i + 1,
                pos: position_id::decode(f[0]).unwrap_or_else(|e| panic!("line {}: {e}", i + 1)),
                dice: f[1].parse().unwrap_or_else(|e| panic!("line {}: {e}", i + 1)),
                input: f[3].to_string(),
                canonical: f[4].to_string(),
                legal: match f[5] {
                    "yes" => true,
                    "no" => false,
                    other => panic!("line {}: legal = {other}", i + 1),
                },
                note: f[6].to_string(),
            }
        })
        .collect()
}

#[test]
#[ignore = "needs ../shared/data"]
fn every_row_resolves_as_the_vectors_say() {
    let rows = rows();
    assert_eq!(rows.len(), 266, "the vector file has 266 rows");
    let mut gen = MoveGenerator::new();
    let mut wrong = Vec::new();
    for r in &rows {
        let what = format!("line {} ({} {} `{}`)", r.line, position_id::encode(&r.pos), r.dice, r.input);
        let got = r
            .input
            .parse::<PlayText>()
            .map_err(ResolveError::from)
            .and_then(|t| t.resolve_with(&mut gen, &r.pos, r.dice));
        match (r.legal, got) {
            (true, Ok(res)) => {
                let written = write_play(&r.pos, &res.play);
                if written != r.canonical {
                    wrong.push(format!("{what}: wrote `{written}`, expected `{}`", r.canonical));
                }
                if !gen.legal_plays(&r.pos, r.dice).iter().any(|(_, p)| *p == res.position) {
                    wrong.push(format!("{what}: resolved to a position that is not a legal play"));
                }
                match r
                    .canonical
                    .parse::<PlayText>()
                    .map_err(ResolveError::from)
                    .and_then(|t| t.resolve_with(&mut gen, &r.pos, r.dice))
                {
                    Ok(again) if again.position == res.position => {}
                    Ok(_) => wrong.push(format!("{what}: the canonical `{}` resolves elsewhere", r.canonical)),
                    Err(e) => wrong.push(format!("{what}: the canonical `{}` does not resolve: {e}", r.canonical)),
                }
            }
            (true, Err(e)) => wrong.push(format!("{what}: refused: {e}")),
            (false, Ok(res)) => wrong.push(format!("{what}: accepted as `{}`", write_play(&r.pos, &res.play))),
            (false, Err(e)) => {
                // The reason matches the row's note where the note names one the walk must find.
                let expected_kind = if r.note.starts_with("uses fewer dice") {
                    Some(matches!(e, ResolveError::DiceRule(PlayError::TooFewDice { .. })))
                } else if r.note.starts_with("one sub-move does not match the dice") {
                    Some(matches!(
                        e,
                        ResolveError::Distance { .. } | ResolveError::DiceUsedUp { .. } | ResolveError::Step { .. }
                    ))
                } else if r.note.starts_with("no own checker") {
                    Some(matches!(e, ResolveError::Step { error: StepError::NoChecker(_), .. }))
                } else if r.note.starts_with("bears off") {
                    // Outside checkers (on the bar: entering comes first), or, once the other
                    // item brought the last one home, the die the bear-off needs already used.
                    Some(matches!(
                        e,
                        ResolveError::Step { error: StepError::NotAllHome(_) | StepError::MustEnterFirst, .. }
                            | ResolveError::DiceUsedUp { .. }
                    ))
                } else {
                    None
                };
                if std::env::var_os("SHOW_ERRORS").is_some() {
                    println!("{what}: {e}");
                }
                if expected_kind == Some(false) {
                    wrong.push(format!("{what}: refused for an unexpected reason: {e} (note: {})", r.note));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{} of {} rows wrong:\n{}", wrong.len(), rows.len(), wrong.join("\n"));
}

#[test]
#[ignore = "needs ../shared/data"]
fn the_movegen_play_of_each_legal_row_writes_the_canonical_text() {
    let mut gen = MoveGenerator::new();
    for r in rows().iter().filter(|r| r.legal && r.input == r.canonical) {
        let text = r.canonical.parse::<PlayText>().expect("canonical parses");
        let res = text.resolve_with(&mut gen, &r.pos, r.dice).expect("canonical resolves");
        let (play, _) =
            gen.legal_plays(&r.pos, r.dice).iter().find(|(_, p)| *p == res.position).copied().expect("legal play");
        assert_eq!(write_play(&r.pos, &play), r.canonical, "line {}", r.line);
    }
}
