//! Arimaa short notation resolved against positions: every movement, push, pull and trap
//! example of the seed (`001_18ff7b80a3dfeee9.txt`) on a position built for it, ambiguity and
//! no-reading errors with their messages, and every turn of the real games in
//! `shared/data/arimaa/`, written naively in each view, resolving back to itself.

mod arimaa_short_reference;

use std::path::PathBuf;

use arimaa_short_reference::readings;

use tabula_engine::arimaa::{Board, Color, MoveGenerator, Piece, Position, Setup, Square, StepEvent, StepKind, Turn};
use tabula_notation::arimaa::short::{
    write_turn, PieceRef, ResolveOptions, ShortBody, ShortMove, ShortResolveError, ShortUnit, UnitKind, View,
};
use tabula_notation::arimaa::{LabelStyle, LongMove, MoveLabel};

/// A position from long-notation placements (`Ed4 md5`: upper case Gold), `side` to move.
fn pos(side: Color, pieces: &str) -> Position {
    let mut board = Board::empty();
    for t in pieces.split_whitespace() {
        let piece = Piece::from_char(t.as_bytes()[0]).unwrap_or_else(|| panic!("{t}"));
        let sq = Square::from_ascii(&t.as_bytes()[1..]).unwrap_or_else(|| panic!("{t}"));
        board.put(sq, piece);
    }
    Position::from_setup(Setup { board, side_to_move: side }).unwrap_or_else(|e| panic!("{pieces}: {e}"))
}

fn gold(pieces: &str) -> Position {
    pos(Color::Gold, pieces)
}

fn short(text: &str) -> ShortMove {
    text.parse::<ShortMove>().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn try_resolve(p: &Position, text: &str, opts: ResolveOptions) -> Result<String, ShortResolveError> {
    let f = short(text).resolve_with(p, opts)?;
    Ok(LongMove::from_turn(p, f.turn()).unwrap().to_string())
}

/// The long notation `text` resolves to, strictly.
fn long(p: &Position, text: &str) -> String {
    try_resolve(p, text, ResolveOptions::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn error(p: &Position, text: &str) -> ShortResolveError {
    match try_resolve(p, text, ResolveOptions::default()) {
        Ok(l) => panic!("{text} resolved to {l}"),
        Err(e) => e,
    }
}

#[test]
fn movement() {
    let p = gold("Ed4 ra7");
    assert_eq!(long(&p, "g 5g e^>>v"), "Ed4n Ed5e Ee5e Ef5s");
    // The same steps in the other views.
    assert_eq!(long(&p, "s 5g ev<<^"), "Ed4n Ed5e Ee5e Ef5s");
    assert_eq!(long(&p, "n 5g e>vv<"), "Ed4n Ed5e Ee5e Ef5s");
    // Every spelling of the directions.
    assert_eq!(long(&p, "g 5g e+))-"), "Ed4n Ed5e Ee5e Ef5s");
    assert_eq!(long(&p, "g 5g E↑→→↓"), "Ed4n Ed5e Ee5e Ef5s");
    // Several pieces, with or without spaces.
    let p = gold("Hb1 Ee2 ra7");
    assert_eq!(long(&p, "g 9g h^^e<<"), "Hb1n Hb2n Ee2w Ed2w");
    assert_eq!(long(&p, "g 9g h^^ e<<"), "Hb1n Hb2n Ee2w Ed2w");
}

#[test]
fn identification() {
    // Column.
    let p = gold("Ra2 Re2 Rh2 Ee1 ra7");
    assert_eq!(long(&p, "g 6g r5<^"), "Re2w Rd2n");
    // In the silver view column 5 from the left is d: no rabbit there; e is column 4.
    let e = error(&p, "s 6g r5>v");
    assert_eq!(e.to_string(), "no r (gold rabbit) on column 5 for \"r5>v\"");
    assert_eq!(long(&p, "s 6g r4>v"), "Re2w Rd2n");
    // Column and row.
    let p = gold("Ra2 Ra4 Ee1 ra7");
    assert_eq!(long(&p, "g 6g r12^"), "Ra2n");
    assert_eq!(long(&p, "g 6g r14^"), "Ra4n");
    assert!(matches!(error(&p, "g 6g r1^"), ShortResolveError::Ambiguous { .. }));
    // Scan number: a2 c2 e2 g2 b4 d4, the fifth is b4.
    let p = gold("Ra2 Rc2 Re2 Rg2 Rb4 Rd4 Ee1 ra7");
    assert_eq!(long(&p, "g 6g r#5<^"), "Rb4w Ra4n");
    assert_eq!(long(&p, "g 6g r⁵<^"), "Rb4w Ra4n");
    // In the silver view the scan starts at h8: d4 b4 g2 e2 c2 a2, the fifth is c2.
    assert_eq!(long(&p, "s 6g r#5>v"), "Rc2w Rb2n");
    // A plain digit is a column; read leniently it is also a scan number.
    assert_eq!(long(&p, "g 6g r5<^"), "Re2w Rd2n");
    match try_resolve(&p, "g 6g r5<^", ResolveOptions { digit_as_scan: true, ..ResolveOptions::default() }) {
        Err(ShortResolveError::Ambiguous { candidates }) => {
            assert_eq!(candidates, ["Re2w Rd2n", "Rb4w Ra4n"]);
        }
        other => panic!("{other:?}"),
    }
    // Only one horse can step right.
    let p = gold("Ha1 Db1 Hd4 ra7");
    assert_eq!(long(&p, "g 7g h>"), "Hd4e");
    // The only cat.
    let p = gold("Cc1 Ee1 ra7");
    assert_eq!(long(&p, "g 7g c^"), "Cc1n");
}

#[test]
fn last_piece_named() {
    // Horses a1 and b3: the second in the scan, and on column 2, is b3.
    let p = gold("Ha1 Hb3 Rc2 ra7");
    assert_eq!(long(&p, "g 8g h#2^r3>hv"), "Hb3n Rc2e Hb4s");
    assert_eq!(long(&p, "g 8g h2^r3>hv"), "Hb3n Rc2e Hb4s");
    // The seed's text with its superscript lost: column 2 or second in the scan, the same horse.
    let lenient = ResolveOptions { digit_as_scan: true, ..ResolveOptions::default() };
    assert_eq!(try_resolve(&p, "g 8g h2^r3>hv", lenient).unwrap(), "Hb3n Rc2e Hb4s");
    // Both horses can step down: the last one named is meant (the seed's tie-break).
    let p = gold("Ha2 Hb3 Rc2 ra7");
    assert_eq!(long(&p, "g 8g h2^r3>hv"), "Hb3n Rc2e Hb4s");
    // Only the other horse can step right: the board's context comes first.
    let p = gold("Ha2 Hb3 Rc2 Rc4 ra7");
    assert_eq!(long(&p, "g 8g h2^r32>h>"), "Hb3n Rc2e Ha2e");
    // The last-named horse cannot make the steps as written (it would step onto c3 and be
    // taken without the text saying so): the other one is meant.
    let p = gold("Hd2 Hh4 Rb1 ra7");
    assert_eq!(long(&p, "g 8g h4^r2^h<"), "Hd2n Rb1n Hh4w");
    // The dog named first was captured on c3: the bare `d` is the other dog, which is taken on
    // f3 in its turn.
    let p = gold("Dc2 Df2 Ee1 ra7");
    assert_eq!(long(&p, "g 5g d3^*e<d^*"), "Dc2n Dc3x Ee1w Df2n Df3x");
    // The cat named first was captured: the bare `c` is the other one (the issue's `c2>*c^h>`).
    let p = gold("Cb3 Cf1 Ha1 ra7");
    assert_eq!(long(&p, "g 5g c2>*c^h>"), "Cb3e Cc3x Cf1n Ha1e");
    // Both horses can step down, but the last one named would undo the move: the one legal
    // reading of the whole move is taken.
    let p = gold("Ha2 Hb3 ra7");
    assert_eq!(long(&p, "g 8g h2^hv"), "Hb3n Ha2s");
    // A pull's weaker piece with no digits: the one next to the puller, wherever the last
    // silver rabbit named stands (the seed's `r3^^Re>`): the push leaves it on d6, away from
    // the elephant on g4.
    let p = gold("Md4 Eg4 rd5 rg5 ra7");
    assert_eq!(long(&p, "g 24g mR^eR>"), "rd5n Md4n rg5e Eg4n");
    let p = gold("Ra2 Ed4 rd5 rb7 rh5");
    assert_eq!(long(&p, "g 24g r1^^Re>"), "Ra2n Ra3n Ed4e rd5s");
    // Two silver rabbits next to the elephant, both able to follow: the last one named.
    let p = gold("Ed4 rd5 rc5 ra7");
    assert_eq!(long(&p, "g 24g eR^Re>"), "rd5n Ed4n Ed5e rd6s");
}

/// The last-named rule after a removal (`rules/arimaa.md`, step 4): a piece named by a removal
/// unit has left the board and is passed over; the piece of that kind named before it is the
/// last named. Gold rabbits on c3 (a trap) and d3, the one on d3 its only support, and another
/// on g2; a silver rabbit on c4 in the second position keeps the rabbit of d4 from going left.
#[test]
fn last_piece_named_before_a_removal() {
    let p = gold("Rc3 Rd3 Rg2 ra7");
    // The rabbit of d3 goes up, the one on c3 is taken, and a bare `r` that both the rabbit of
    // d4 and that of g2 could be: the one named before the removed one, in every view. Before
    // the rule the removal was the last rabbit named, and the text was ambiguous.
    for text in ["g 8g r4^r*r>", "s 8g r5vr*r<", "n 8g r35>r*rv"] {
        assert_eq!(long(&p, text), "Rd3n Rc3x Rd4e", "{text}");
    }
    // It moves again in a second unit: still the last named.
    for text in ["g 8g r4^r*r>r^", "s 8g r5vr*r<rv", "n 8g r35>r*rv r>"] {
        assert_eq!(long(&p, text), "Rd3n Rc3x Rd4e Re4n", "{text}");
    }
    // The removal written with its square, and two steps in one unit.
    for text in ["g 8g r4^r33*r>>", "s 8g r5vr66*r<<", "n 8g r35>r36*rvv"] {
        assert_eq!(long(&p, text), "Rd3n Rc3x Rd4e Re4e", "{text}");
    }
    // The rabbit named first is taken by a mark, the rabbit of d3 named after it: the bare `r`
    // passes over the one taken and is the rabbit of d3 again.
    let p = gold("Rb3 Rd3 Rg2 Ee1 ra7");
    assert_eq!(long(&p, "g 8g r4^r2>*r>"), "Rd3n Rb3e Rc3x Rd4e");

    // Context first: the rabbit of d4 cannot go left (c4 is taken), so the bare `r` is the
    // only other rabbit that can, whatever was named.
    let p = gold("Rc3 Rd3 Rg2 rc4 ra7");
    assert_eq!(long(&p, "g 8g r4^r*r<"), "Rd3n Rc3x Rg2w");
    // The bare `r` is a silver rabbit pushed by the elephant: the last silver rabbit named is
    // the one pushed before (its first step left the one on c6 alone), the removed one passed
    // over.
    let p = gold("Ed5 rd6 rc6 re6 rf7 Ra2");
    for text in ["g 8g eR4^R*eR>", "s 8g eR5vR*eR<", "n 8g eR65>R*eRv"] {
        assert_eq!(long(&p, text), "rd6n rc6x Ed5n rd7e Ed6n", "{text}");
    }
}

/// Where the last-named rule after a removal does not choose: texts that stay ambiguous are
/// refused as such, with their readings.
#[test]
fn last_piece_named_before_a_removal_stays_strict() {
    let ambiguous = |p: &Position, text: &str| match error(p, text) {
        ShortResolveError::Ambiguous { mut candidates } => {
            candidates.sort();
            candidates
        }
        other => panic!("{text}: {other:?}"),
    };
    // No rabbit was named before the removed one (the dog left it alone on c3): the bare `r`
    // is either rabbit that can go right.
    let p = gold("Rc3 Dd3 Rb2 Rg2 ra7");
    for text in ["g 8g d^r*r>", "s 8g dvr*r<", "n 8g d>r*rv"] {
        assert_eq!(ambiguous(&p, text), ["Dd3n Rc3x Rb2e", "Dd3n Rc3x Rg2e"], "{text}");
    }
    // A rabbit was named before, but it is the one removed (it stepped onto c3 beside the dog,
    // which then left): no rabbit named before it is left to choose.
    let p = gold("Rb3 Dd3 Ra2 Rg2 ra7");
    for text in ["g 8g r2>d^r*r^", "s 8g r7<dvr*rv", "n 8g r37vd>r*r>"] {
        assert_eq!(ambiguous(&p, text), ["Rb3e Dd3n Rc3x Ra2n", "Rb3e Dd3n Rc3x Rg2n"], "{text}");
    }
}

#[test]
fn push_and_pull() {
    let p = gold("Ed4 md5 ra7");
    assert_eq!(long(&p, "g 15g eM^>"), "md5n Ed4n md6e Ed5n");
    assert_eq!(long(&p, "g 15g eM^e>"), "md5n Ed4n Ed5e");
    let p = gold("Ed4 mc4 ra7");
    assert_eq!(long(&p, "g 15g Me^>"), "Ed4n mc4e Ed5e md4n");
    assert_eq!(long(&p, "g 15g Me^e>"), "Ed4n mc4e Ed5e");
    // One rabbit next to the elephant.
    let p = gold("Ed4 rd5 rb7");
    assert_eq!(long(&p, "g 23g eR>"), "rd5e Ed4n");
    // Rabbits north and west: only the northern one can go right.
    let p = gold("Ed4 rd5 rc4 rb7");
    assert_eq!(long(&p, "g 23g eR>"), "rd5e Ed4n");
    // Up, both can be pushed: ambiguous, unless identified.
    assert!(matches!(error(&p, "g 23g eR^"), ShortResolveError::Ambiguous { .. }));
    assert_eq!(long(&p, "g 23g eR34^"), "rc4n Ed4w");
    // The rabbit steps, then the elephant pulls the (silver) rabbit it is next to: the weaker
    // piece first is a pull.
    let p = gold("Ra2 Ed4 rd5 rb7");
    assert_eq!(long(&p, "g 24g r1^^Re>"), "Ra2n Ra3n Ed4e rd5s");
    // No camel next to the elephant.
    let p = gold("Ed4 mg6 ra7");
    let e = error(&p, "g 15g eMv");
    assert_eq!(e.to_string(), "no M (silver camel) next to d4 for \"eMv\"");
    assert!(matches!(e, ShortResolveError::NoReading { index: Some(0), .. }));
    // The pusher must be stronger.
    let p = gold("Cd4 dd5 ra7");
    let e = error(&p, "g 15g cD^");
    assert!(matches!(e, ShortResolveError::NoReading { index: Some(0), .. }), "{e}");
}

#[test]
fn traps() {
    // The dog steps onto c3 with no friend next to it.
    let p = gold("Dc2 Ee1 ra7");
    assert_eq!(long(&p, "g 33g d3^*"), "Dc2n Dc3x");
    assert_eq!(long(&p, "g 33g d3^x"), "Dc2n Dc3x");
    // In the silver view c is column 6.
    assert_eq!(long(&p, "s 33g d6v*"), "Dc2n Dc3x");
    // The capture must be written (strict), unless told otherwise.
    let e = error(&p, "g 33g d^");
    assert_eq!(e.to_string(), "the rules capture the gold dog on c3 and the text does not say so for \"d^\"");
    let lax = ResolveOptions { unwritten_captures: true, ..ResolveOptions::default() };
    assert_eq!(try_resolve(&p, "g 33g d^", lax).unwrap(), "Dc2n Dc3x");
    // A mark where nothing is captured.
    let e = error(&p, "g 33g e^*");
    assert_eq!(e.to_string(), "the gold elephant on e2 is not captured for \"e^*\"");
    // The dog leaves the cat on c3 without support.
    let p = gold("Cc3 Dd3 ra7");
    assert_eq!(long(&p, "g 33g d^c*"), "Dd3n Cc3x");
    let e = error(&p, "g 33g d^h*");
    assert_eq!(e.to_string(), "the capture here is not of this h (horse) for \"h*\"");
    // A removal with no digits names the piece of that kind captured by the unit before it,
    // not the last rabbit named (e3, which left the rabbit on c3 alone).
    let p = gold("Rc3 Rd3 Rb1 ra7");
    assert_eq!(long(&p, "g 33g r2^r4>r*"), "Rb1n Rd3e Rc3x");

    // The dog pushes the silver cat onto c3.
    let p = gold("Dc1 cc2 ra7");
    assert_eq!(long(&p, "g 33g dC^*"), "cc2n cc3x Dc1n");
    assert_eq!(long(&p, "g 33g dC^*"), long(&p, "g 33g dC^c*"));
    // The dog pushes the cat off c3 and is removed there.
    let p = gold("Dc2 cc3 rd3 ra7");
    assert_eq!(long(&p, "g 33g dC^d*"), "cc3n Dc2n Dc3x");
    let e = error(&p, "g 33g dC^*");
    assert_eq!(e.to_string(), "the silver cat on c4 is not captured for \"dC^*\"");
    // The time does not matter.
    assert_eq!(long(&p, "g 33g dC^d* 40.2"), "cc3n Dc2n Dc3x");
}

#[test]
fn errors() {
    let p = gold("Rh1 Rh2 Ee1 ra7");
    match error(&p, "g 6g r8<^") {
        ShortResolveError::Ambiguous { candidates } => assert_eq!(candidates, ["Rh1w Rg1n", "Rh2w Rg2n"]),
        other => panic!("{other:?}"),
    }
    let e = error(&p, "g 6g e<<>>");
    assert_eq!(e.to_string(), "the turn leaves the board unchanged for \"e<<>>\"");
    assert!(matches!(e, ShortResolveError::NoReading { index: None, .. }));
    let e = error(&p, "g 6g ev");
    assert!(e.to_string().starts_with("the elephant on e1 cannot step v"), "{e}");
    let e = error(&p, "g 6g m^");
    assert_eq!(e.to_string(), "no m (gold camel) on the board for \"m^\"");
    // Silver's move on a position where Gold is to move.
    assert!(matches!(error(&p, "g 6s e^"), ShortResolveError::WrongSide { .. }));
    // A set-up is not a turn.
    assert_eq!(short("g 1g 3cc4hdemdh").resolve(&p).unwrap_err(), ShortResolveError::NotATurn);
    // Frozen: the rabbit next to the silver elephant cannot move.
    let p = gold("Rd4 ed5 Ea1 ra7");
    let e = error(&p, "g 6g r>");
    assert!(e.to_string().contains("frozen"), "{e}");
}

/// The naive short text of a turn: every unit names its pieces by column and row, every
/// capture is written (a mark, or a removal unit after the unit that caused it).
fn naive(p: &Position, turn: &Turn, view: View, label: MoveLabel) -> String {
    let units: String = naive_units(p, turn, view).into_iter().map(|u| u.text).collect();
    format!("{view} {label} {units}")
}

/// A unit of the naive text of a turn, with the pieces its letters name, in the order written:
/// each piece with an id that follows it through the turn (the square it stood on when the
/// turn began), and the ids of the pieces on the board when the unit begins.
struct NaiveUnit {
    text: String,
    named: Vec<(Piece, usize)>,
    on_board: Vec<usize>,
    removal: bool,
}

fn naive_units(p: &Position, turn: &Turn, view: View) -> Vec<NaiveUnit> {
    let me = p.side_to_move();
    let mut b = p.turn_builder().unwrap();
    let ev: Vec<StepEvent> = turn.steps().iter().map(|&s| b.step(s).unwrap()).collect();
    let name = |piece: Piece, sq: Square| {
        let c = piece.kind.upper_char();
        let c = if piece.color == me { c.to_ascii_lowercase() } else { c };
        format!("{c}{}{}", view.column(sq), view.row(sq))
    };
    let dir = |e: &StepEvent| view.view_direction(e.from.direction_to(e.to).unwrap()).char();
    // The id of the piece on each square.
    let mut id: [Option<usize>; 64] = [None; 64];
    for sq in Square::ALL {
        if p.board().piece_at(sq).is_some() {
            id[sq.index()] = Some(sq.index());
        }
    }
    let mut out = Vec::new();
    let mut k = 0;
    while k < ev.len() {
        let e = ev[k];
        let next = ev.get(k + 1).copied();
        let on_board: Vec<usize> = id.iter().flatten().copied().collect();
        let at = |sq: Square| id[sq.index()].unwrap();
        let (text, named, marked, used): (String, _, Option<(Square, Piece)>, &[StepEvent]) = match next {
            Some(n) if e.kind == StepKind::PushStart && n.kind == StepKind::PushEnd => {
                let t = format!("{}{}{}", name(n.piece, n.from), name(e.piece, e.from), dir(&e));
                (t, vec![(n.piece, at(n.from)), (e.piece, at(e.from))], Some((e.to, e.piece)), &ev[k..k + 2])
            }
            Some(n) if n.kind == StepKind::PullEnd => {
                let t = format!("{}{}{}", name(n.piece, n.from), name(e.piece, e.from), dir(&e));
                (t, vec![(n.piece, at(n.from)), (e.piece, at(e.from))], Some((n.to, n.piece)), &ev[k..k + 2])
            }
            _ => (
                format!("{}{}", name(e.piece, e.from), dir(&e)),
                vec![(e.piece, at(e.from))],
                Some((e.to, e.piece)),
                &ev[k..=k],
            ),
        };
        let mut captures: Vec<(Square, Piece, usize)> = Vec::new();
        for e in used {
            id[e.to.index()] = id[e.from.index()].take();
            if let Some((sq, piece)) = e.capture {
                captures.push((sq, piece, id[sq.index()].take().unwrap()));
            }
        }
        let mut text = text;
        if captures.iter().any(|&(sq, piece, _)| Some((sq, piece)) == marked) {
            text.push('*');
        }
        out.push(NaiveUnit { text, named, on_board: on_board.clone(), removal: false });
        for &(sq, piece, i) in captures.iter().filter(|&&(sq, piece, _)| Some((sq, piece)) != marked) {
            let text = format!("{}*", name(piece, sq));
            out.push(NaiveUnit { text, named: vec![(piece, i)], on_board: on_board.clone(), removal: true });
        }
        k += used.len();
    }
    out
}

/// The real games of the archive samples, as (position, turn, label) for every turn of steps.
fn real_turns() -> Vec<(Position, Turn, MoveLabel)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/arimaa");
    assert!(
        dir.is_dir(),
        "../shared/data/arimaa not found (looked for {}): this test needs the shared data beside the repository",
        dir.display()
    );
    archive_turns(&[dir.join("allgames202602_sample.tsv"), dir.join("allgames201111_sample.tsv")])
}

/// The games of archive files, as (position, turn, label) for every turn of steps.
fn archive_turns(files: &[PathBuf]) -> Vec<(Position, Turn, MoveLabel)> {
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
        let col = header.iter().position(|&h| h == "movelist").unwrap();
        for row in lines {
            let Some(list) = row.split('\t').nth(col) else { continue };
            let mut p = Position::new();
            for mv in list.split("\\n") {
                let Some((label, rest)) = mv.trim().split_once(' ') else { continue };
                let Ok(label) = MoveLabel::from_ascii(label.as_bytes()) else { break };
                let Ok(m) = LongMove::from_ascii(rest.as_bytes()) else { break };
                if m.is_placement() {
                    let Ok(pl) = m.resolve_placement(p.side_to_move()) else { break };
                    let Ok(next) = p.place(&pl) else { break };
                    p = next;
                    continue;
                }
                let Ok(f) = m.resolve_turn(&p) else { break };
                out.push((p, *f.turn(), MoveLabel { style: LabelStyle::GoldSilver, ..label }));
                p = *f.position();
            }
        }
    }
    out
}

#[test]
#[ignore = "needs ../shared/data"]
fn real_turns_written_naively_resolve_to_themselves() {
    let turns = real_turns();
    assert!(turns.len() > 3000, "{} turns", turns.len());
    let mut checked = 0;
    for (p, turn, label) in &turns {
        for view in View::ALL {
            let text = naive(p, turn, view, *label);
            let m = short(&text);
            let f = m
                .resolve(p)
                .unwrap_or_else(|e| panic!("{text} on {}: {e}\n{}", label, LongMove::from_turn(p, turn).unwrap()));
            assert_eq!(f.turn(), turn, "{text}");
            assert_eq!(*f.position(), p.play(turn).unwrap(), "{text}");
            // The lenient readings find the same turn: the text names every piece by square.
            assert_eq!(m.resolve_with(p, ResolveOptions::LENIENT).unwrap().turn(), turn, "{text}");
            checked += 1;
        }
    }
    assert!(checked > 9000, "{checked}");
    eprintln!("{} turns, {checked} texts resolved (naive texts)", turns.len());
}

/// The shortest text of the turn given in long notation, in `view`.
fn shortest(p: &Position, long_text: &str, view: View) -> String {
    let turn = LongMove::from_ascii(long_text.as_bytes()).unwrap().resolve_turn(p).unwrap();
    write_turn(p, turn.turn(), view).unwrap()
}

#[test]
fn shortest_texts_of_the_seed_examples() {
    let p = gold("Ed4 ra7");
    assert_eq!(shortest(&p, "Ed4n Ed5e Ee5e Ef5s", View::Gold), "e^>>v");
    assert_eq!(shortest(&p, "Ed4n Ed5e Ee5e Ef5s", View::Silver), "ev<<^");
    assert_eq!(shortest(&p, "Ed4n Ed5e Ee5e Ef5s", View::Neutral), "e>vv<");
    let p = gold("Hb1 Ee2 ra7");
    assert_eq!(shortest(&p, "Hb1n Hb2n Ee2w Ed2w", View::Gold), "h^^e<<");
    let p = gold("Ra2 Re2 Rh2 Ee1 ra7");
    assert_eq!(shortest(&p, "Re2w Rd2n", View::Gold), "r5<^");
    let p = gold("Ha1 Hb3 Rc2 ra7");
    assert_eq!(shortest(&p, "Hb3n Rc2e Hb4s", View::Gold), "h2^r>hv");
    let p = gold("Ed4 md5 ra7");
    assert_eq!(shortest(&p, "md5n Ed4n md6e Ed5n", View::Gold), "eM^>");
    assert_eq!(shortest(&p, "md5n Ed4n Ed5e", View::Gold), "eM^e>");
    let p = gold("Ed4 mc4 ra7");
    assert_eq!(shortest(&p, "Ed4n mc4e Ed5e md4n", View::Gold), "Me^>");
    let p = gold("Ed4 rd5 rc4 rb7");
    assert_eq!(shortest(&p, "rd5e Ed4n", View::Gold), "eR>");
    assert_eq!(shortest(&p, "rc4n Ed4w", View::Gold), "eR3^");
    let p = gold("Dc2 Ee1 ra7");
    assert_eq!(shortest(&p, "Dc2n Dc3x", View::Gold), "d^*");
    let p = gold("Cc3 Dd3 ra7");
    assert_eq!(shortest(&p, "Dd3n Cc3x", View::Gold), "d^c*");
    let p = gold("Dc1 cc2 ra7");
    assert_eq!(shortest(&p, "cc2n cc3x Dc1n", View::Gold), "dC^*");
    let p = gold("Dc2 cc3 rd3 ra7");
    assert_eq!(shortest(&p, "cc3n Dc2n Dc3x", View::Gold), "dC^d*");
}

#[test]
#[ignore = "needs ../shared/data"]
fn real_turns_written_shortest_resolve_to_themselves() {
    let turns = real_turns();
    let (mut checked, mut chars, mut long_chars) = (0usize, 0usize, 0usize);
    let start = std::time::Instant::now();
    let written: Vec<[String; 3]> =
        turns.iter().map(|(p, t, _)| View::ALL.map(|v| write_turn(p, t, v).unwrap())).collect();
    let per = start.elapsed().as_secs_f64() * 1e6 / (3 * turns.len()) as f64;
    for ((p, turn, label), texts) in turns.iter().zip(&written) {
        let long_text = LongMove::from_turn(p, turn).unwrap().to_string();
        for (view, text) in View::ALL.into_iter().zip(texts) {
            let m = short(&format!("{view} {label} {text}"));
            let f = m.resolve(p).unwrap_or_else(|e| panic!("{view} {label} {text} ({long_text}): {e}"));
            assert_eq!(f.turn(), turn, "{view} {label} {text} ({long_text})");
            // Read leniently (a bare column may be a scan number, captures may go unwritten)
            // the text has more readings, this turn among them; the resolver picks one of them
            // or lists them.
            let lenient = readings(p, m.units().unwrap(), view, ResolveOptions::LENIENT);
            assert!(lenient.contains(turn), "lenient {view} {label} {text} ({long_text})");
            check_against_readings(p, &m, ResolveOptions::LENIENT, &lenient);
            let n = text.chars().count();
            assert!(n <= long_text.len(), "{text} is longer than {long_text}");
            chars += n;
            long_chars += long_text.len();
            checked += 1;
        }
    }
    assert!(checked > 9000, "{checked}");
    eprintln!(
        "{checked} shortest texts resolved back; {per:.2} µs a write; \
         {chars} characters against {long_chars} in long notation"
    );
}

#[test]
#[ignore = "needs ../shared/data"]
fn every_legal_turn_of_sampled_real_positions_round_trips() {
    let turns = real_turns();
    let mut gen = MoveGenerator::new();
    let (mut positions, mut checked) = (0, 0);
    let start = std::time::Instant::now();
    // Every 300th position, every 4th of its legal turns, the views in turn.
    for (i, (p, _, label)) in turns.iter().enumerate().step_by(300) {
        let view = View::ALL[i % 3];
        for (turn, _) in gen.legal_turns(p).iter().step_by(4) {
            let text = write_turn(p, turn, view).unwrap();
            let m = short(&format!("{view} {label} {text}"));
            let f = m.resolve(p).unwrap_or_else(|e| panic!("{view} {label} {text}: {e}"));
            assert_eq!(f.turn(), turn, "{view} {label} {text}");
            checked += 1;
        }
        positions += 1;
    }
    assert!(positions >= 15 && checked >= 50_000, "{positions} positions, {checked} turns");
    let per = start.elapsed().as_secs_f64() * 1e6 / checked as f64;
    eprintln!("{positions} positions, {checked} legal turns written and resolved back, {per:.1} µs each");
}

/// The turns of tabula's random games (`testdata/arimaa/random_games.tsv`).
fn random_turns() -> Vec<(Position, Turn, MoveLabel)> {
    let random = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/arimaa/random_games.tsv");
    let turns = archive_turns(&[random]);
    assert!(turns.len() > 1000, "{} random positions", turns.len());
    turns
}

/// Every `every`th of the positions of `real` then `random_turns`, and of its legal turns that
/// `keep` keeps (given the position and the turn with the position after it) about `per`,
/// spread over the list, each with a view, the three in turn: `visit` is handed the position,
/// its label, the turn and the view. Returns the number of positions.
fn sweep(
    real: &[(Position, Turn, MoveLabel)],
    random_turns: &[(Position, Turn, MoveLabel)],
    every: usize,
    per: usize,
    keep: impl Fn(&Position, &(Turn, Position)) -> bool,
    mut visit: impl FnMut(&Position, MoveLabel, &Turn, View),
) -> usize {
    let mut gen = MoveGenerator::new();
    let (mut positions, mut k) = (0usize, 0usize);
    for (p, _, label) in real.iter().chain(random_turns).step_by(every) {
        let kept: Vec<&Turn> = gen.legal_turns(p).iter().filter(|t| keep(p, t)).map(|(t, _)| t).collect();
        for &turn in kept.iter().step_by((kept.len() / per).max(1)) {
            visit(p, *label, turn, View::ALL[k % 3]);
            k += 1;
        }
        positions += 1;
    }
    positions
}

/// Positions of tabula's random games: every third, about ten of its legal turns spread over the
/// list, the three views in turn.
#[test]
fn legal_turns_of_thousands_of_random_positions_round_trip() {
    let random = random_turns();
    let (positions, checked) = legal_turns_round_trip(&[], &random);
    assert!(positions == random.len().div_ceil(3) && checked > 5 * positions, "{positions} positions, {checked} turns");
}

/// The same on the positions of the real games and of the random games.
#[test]
#[ignore = "needs ../shared/data"]
fn legal_turns_of_thousands_of_real_and_random_positions_round_trip() {
    let (positions, checked) = legal_turns_round_trip(&real_turns(), &random_turns());
    assert!(positions > 2000 && checked > 20_000, "{positions} positions, {checked} turns");
}

/// Every third of the positions of `real` then `random_turns`, about ten of its legal turns
/// spread over the list, the three views in turn: (positions, turns checked).
fn legal_turns_round_trip(
    real: &[(Position, Turn, MoveLabel)],
    random_turns: &[(Position, Turn, MoveLabel)],
) -> (usize, usize) {
    let mut checked = 0usize;
    let positions = sweep(
        real,
        random_turns,
        3,
        10,
        |_, _| true,
        |p, label, turn, view| {
            let text = write_turn(p, turn, view).unwrap();
            let m = short(&format!("{view} {label} {text}"));
            let f = m.resolve(p).unwrap_or_else(|e| panic!("{view} {label} {text}: {e}"));
            assert_eq!(f.turn(), turn, "{view} {label} {text}");
            checked += 1;
        },
    );
    eprintln!(
        "{positions} positions (of {} from random games), {checked} legal turns round-tripped",
        random_turns.len()
    );
    (positions, checked)
}

/// What the resolver makes of `m` agrees with the text's legal readings (`readings`, from the
/// plain reader): a turn among them, or an ambiguity listing some of them; a text with exactly
/// one reading resolves to it, and no text with a reading is refused.
fn check_against_readings(p: &Position, m: &ShortMove, opts: ResolveOptions, readings: &[Turn]) {
    let long_of = |t: &Turn| LongMove::from_turn(p, t).unwrap().to_string();
    let all: Vec<String> = readings.iter().map(long_of).collect();
    match m.resolve_with(p, opts) {
        Ok(f) => assert!(readings.contains(f.turn()), "{m}: {} is not a reading", long_of(f.turn())),
        Err(ShortResolveError::Ambiguous { candidates }) => {
            assert!(readings.len() > 1, "{m} is ambiguous ({candidates:?}), its one reading is {all:?}");
            assert!(candidates.len() > 1 && candidates.iter().all(|c| all.contains(c)), "{m}: {candidates:?} {all:?}");
        }
        Err(e) => assert!(readings.is_empty(), "{m} refused ({e}), its readings are {all:?}"),
    }
}

/// The piece references of a unit, in the order written.
fn refs_mut(unit: &mut ShortUnit) -> Vec<&mut PieceRef> {
    match &mut unit.kind {
        UnitKind::Steps { piece, .. } | UnitKind::Removal { piece } => vec![piece],
        UnitKind::Push { pusher, pushed, .. } => vec![pusher, pushed],
        UnitKind::Pull { pulled, puller, .. } => vec![pulled, puller],
    }
}

/// Texts of every legal turn of real and random positions, each letter named by square, then
/// with every letter bare, with each letter bare alone, and the writer's shortest: the
/// resolver never refuses a text that has exactly one legal reading (by the plain reader),
/// and whatever it returns is a reading.
#[test]
fn no_text_with_exactly_one_legal_reading_is_refused() {
    let random = random_turns();
    let (positions, texts) = one_legal_reading_resolves(&[], &random);
    assert!(positions == random.len().div_ceil(8) && texts > 10 * positions, "{positions} positions, {texts} texts");
}

/// The same on the positions of the real games and of the random games.
#[test]
#[ignore = "needs ../shared/data"]
fn no_text_of_the_real_games_with_exactly_one_legal_reading_is_refused() {
    let (positions, texts) = one_legal_reading_resolves(&real_turns(), &random_turns());
    assert!(positions > 700 && texts > 55_000, "{positions} positions, {texts} texts");
}

/// Every eighth of the positions of `real` then `random_turns`: (positions, texts checked).
fn one_legal_reading_resolves(
    real: &[(Position, Turn, MoveLabel)],
    random_turns: &[(Position, Turn, MoveLabel)],
) -> (usize, usize) {
    let (mut texts, mut one, mut several, mut by_rule) = (0usize, 0usize, 0usize, 0usize);
    let positions = sweep(
        real,
        random_turns,
        8,
        12,
        |_, _| true,
        |p, label, turn, view| {
            let named = naive_units(p, turn, view);
            let full = short(&naive(p, turn, view, label));
            let units: Vec<ShortUnit> = full.units().unwrap().to_vec();
            let letters: usize = units.iter().map(|u| u.pieces().len()).sum();
            let mut variants: Vec<Vec<ShortUnit>> = Vec::new();
            for b in 0..letters.min(31) {
                by_rule += usize::from(check_last_named(p, turn, view, label, &named, &bare_one(&units, b), b));
            }
            for mask in std::iter::once(u32::MAX).chain((0..letters.min(31)).map(|b| 1 << b)) {
                let mut v = units.clone();
                let mut bit = 0;
                for u in &mut v {
                    for r in refs_mut(u) {
                        if mask & (1 << bit.min(31)) != 0 {
                            r.ident = None;
                        }
                        bit += 1;
                    }
                }
                variants.push(v);
            }
            let written = short(&format!("{view} {label} {}", write_turn(p, turn, view).unwrap()));
            variants.push(written.units().unwrap().to_vec());
            for v in variants {
                let m = ShortMove::new(view, label, ShortBody::Turn(v.into_iter().collect()));
                let found = readings(p, m.units().unwrap(), view, ResolveOptions::default());
                assert!(
                    found.contains(turn),
                    "{m}: its own turn {} is not a reading ({found:?}) on {}",
                    LongMove::from_turn(p, turn).unwrap(),
                    p.board().to_diagram_string()
                );
                if found.len() == 1 {
                    one += 1;
                } else {
                    several += 1;
                }
                check_against_readings(p, &m, ResolveOptions::default(), &found);
                texts += 1;
            }
        },
    );
    eprintln!(
        "{positions} positions, {texts} texts: {one} with one legal reading (every one resolved to it), \
         {several} with several (each resolved to one of them or listed as ambiguous); \
         {by_rule} with one bare letter naming the last piece of its kind named, each resolved to its turn"
    );
    (positions, texts)
}

/// `units` with the letter `b` (counted over the units' letters, in the order written) bare.
fn bare_one(units: &[ShortUnit], b: usize) -> Vec<ShortUnit> {
    let mut v = units.to_vec();
    if let Some(r) = v.iter_mut().flat_map(refs_mut).nth(b) {
        r.ident = None;
    }
    v
}

/// The last-named rule (`rules/arimaa.md`, step 4), followed on the pieces themselves: whether
/// the letter `letter` of unit `u` of `named` names the last piece of its kind and side named
/// in the units before it that is still on the board when the unit begins.
fn names_last_named(named: &[NaiveUnit], u: usize, letter: usize) -> bool {
    let (piece, id) = named[u].named[letter];
    named[..u]
        .iter()
        .rev()
        .flat_map(|x| x.named.iter().rev())
        .find(|&&(q, i)| q == piece && named[u].on_board.contains(&i))
        .is_some_and(|&(_, i)| i == id)
}

/// `units` (the naive text of `turn`, `named` its units) with only the letter `b` bare: when
/// that letter is in a unit of steps and names the last piece of its kind named before it that
/// is still on the board, the text resolves to `turn`, however many other readings it has.
/// Whether it did.
fn check_last_named(
    p: &Position,
    turn: &Turn,
    view: View,
    label: MoveLabel,
    named: &[NaiveUnit],
    units: &[ShortUnit],
    b: usize,
) -> bool {
    assert_eq!(named.len(), units.len());
    let mut at = named.iter().enumerate().flat_map(|(u, x)| (0..x.named.len()).map(move |l| (u, l)));
    let Some((u, letter)) = at.nth(b) else { return false };
    if named[u].removal || !names_last_named(named, u, letter) {
        return false;
    }
    let m = ShortMove::new(view, label, ShortBody::Turn(units.iter().cloned().collect()));
    match m.resolve(p) {
        Ok(f) => assert_eq!(f.turn(), turn, "{m}: {}", LongMove::from_turn(p, turn).unwrap()),
        Err(e) => panic!(
            "{m} refused ({e}), its bare letter names the last piece named: {}",
            LongMove::from_turn(p, turn).unwrap()
        ),
    }
    true
}

/// Whether a removal unit of `named` stands between two units of steps naming pieces of the
/// removed piece's kind and side (`r4^r*r>`).
fn removal_between_named(named: &[NaiveUnit]) -> bool {
    named.iter().enumerate().filter(|(_, x)| x.removal).any(|(r, x)| {
        let piece = x.named[0].0;
        let names = |y: &NaiveUnit| !y.removal && y.named.iter().any(|n| n.0 == piece);
        named[..r].iter().any(names) && named[r + 1..].iter().any(names)
    })
}

/// The brute-force test above on texts with removal units between named pieces: of every fourth
/// real and random position, about six legal turns where a removal unit stands between two
/// units naming pieces of the removed piece's kind and side, written naively, then with every letter
/// bare, with each letter bare alone, with every letter after the first removal bare, and the
/// writer's shortest. No text with exactly one legal reading is refused, whatever is returned
/// is a reading, and a text whose one bare letter names the last piece of its kind named before
/// it still on the board (the removed one passed over) resolves to its own turn.
#[test]
fn texts_with_removal_units_between_named_pieces() {
    let (turns, by_rule, chosen) = removal_texts(&[], &random_turns());
    assert!(turns > 1000 && by_rule > 500 && chosen > 100, "{turns} turns, {by_rule} by the rule, {chosen} chosen");
}

/// The same on the positions of the real games and of the random games.
#[test]
#[ignore = "needs ../shared/data"]
fn texts_of_the_real_games_with_removal_units_between_named_pieces() {
    let (turns, by_rule, chosen) = removal_texts(&real_turns(), &random_turns());
    assert!(turns > 5000 && by_rule > 2000 && chosen > 500, "{turns} turns, {by_rule} by the rule, {chosen} chosen");
}

/// Every fourth of the positions of `real` then `random_turns`: (turns, texts decided by the
/// last-named rule, of them those with several readings).
fn removal_texts(
    real: &[(Position, Turn, MoveLabel)],
    random_turns: &[(Position, Turn, MoveLabel)],
) -> (usize, usize, usize) {
    let (mut turns, mut texts, mut one, mut several) = (0usize, 0usize, 0usize, 0usize);
    let (mut by_rule, mut chosen) = (0usize, 0usize);
    // The turns that capture, with a removal unit between named pieces of its kind.
    let shaped = |p: &Position, (t, after): &(Turn, Position)| {
        after.board().occupied().count() < p.board().occupied().count()
            && removal_between_named(&naive_units(p, t, View::Gold))
    };
    sweep(real, random_turns, 4, 6, shaped, |p, label, turn, view| {
        let named = naive_units(p, turn, view);
        let full = short(&naive(p, turn, view, label));
        let units: Vec<ShortUnit> = full.units().unwrap().to_vec();
        let letters = units.iter().map(|u| u.pieces().len()).sum::<usize>().min(31);
        let first_removal = named.iter().position(|x| x.removal).unwrap();
        let after_removal: usize = named[..=first_removal].iter().map(|x| x.named.len()).sum();
        // Each text, with whether the last-named rule alone decides its one bare letter.
        let mut variants: Vec<(Vec<ShortUnit>, bool)> = vec![(units.clone(), false)];
        for b in 0..letters {
            let v = bare_one(&units, b);
            let ruled = check_last_named(p, turn, view, label, &named, &v, b);
            by_rule += usize::from(ruled);
            variants.push((v, ruled));
        }
        variants.push(((0..letters).fold(units.clone(), |v, b| bare_one(&v, b)), false));
        variants.push(((after_removal..letters).fold(units.clone(), |v, b| bare_one(&v, b)), false));
        let written = short(&format!("{view} {label} {}", write_turn(p, turn, view).unwrap()));
        variants.push((written.units().unwrap().to_vec(), false));
        for (v, ruled) in variants {
            let m = ShortMove::new(view, label, ShortBody::Turn(v.into_iter().collect()));
            let found = readings(p, m.units().unwrap(), view, ResolveOptions::default());
            assert!(found.contains(turn), "{m}: its own turn is not a reading ({found:?})");
            if found.len() == 1 {
                one += 1;
            } else {
                several += 1;
                chosen += usize::from(ruled);
            }
            check_against_readings(p, &m, ResolveOptions::default(), &found);
            texts += 1;
        }
        turns += 1;
    });
    eprintln!(
        "{turns} turns with a removal between named pieces of its kind, {texts} texts: {one} with one legal \
         reading (every one resolved to it), {several} with several; {by_rule} with one bare letter naming \
         the last piece of its kind named, each resolved to its turn ({chosen} of them with several readings)"
    );
    (turns, by_rule, chosen)
}
