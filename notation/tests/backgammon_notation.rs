//! The seed's examples ("Standard notation for plays", shared/seeds/000), the choices the
//! standard leaves open, and the errors of resolution, on small hand-made positions.

use tabula_engine::backgammon::{Dice, MoveGenerator, Play, PlayError, Point, Position, Setup, Step, StepError};
use tabula_notation::backgammon::{resolve, write_play, PlayText, ResolveError};

/// A position from the roller's checkers and the opponent's, both given in the roller's
/// numbering (25 = the bar of their owner); the rest of each side is borne off.
fn position(mine: &[(u8, u8)], theirs: &[(u8, u8)]) -> Position {
    let mut s = Setup::default();
    for &(p, n) in mine {
        s.on_roll[p as usize] = n;
    }
    for &(p, n) in theirs {
        s.opponent[if p == 25 { 25 } else { 25 - p as usize }] = n;
    }
    Position::from_setup(&s).expect("a legal test position")
}

fn dice(s: &str) -> Dice {
    s.parse().expect("dice")
}

fn pt(n: u8) -> Point {
    Point::new(n).expect("point")
}

/// Resolves `input`, checks that it writes `standard` and that the movegen's play for the same
/// position does too, and that `standard` resolves to the same position.
fn check(pos: &Position, roll: &str, input: &str, standard: &str) {
    let d = dice(roll);
    let r = resolve(input, pos, d).unwrap_or_else(|e| panic!("{input}: {e}"));
    assert_eq!(write_play(pos, &r.play), standard, "{input}");
    let plays = MoveGenerator::new().legal_plays(pos, d).to_vec();
    let (play, _) = plays.iter().find(|(_, p)| *p == r.position).expect("a legal play");
    assert_eq!(write_play(pos, play), standard, "{input}: the movegen's play");
    assert_eq!(resolve(standard, pos, d).map(|r| r.position), Ok(r.position), "{standard}");
}

#[test]
fn seed_step_2_a_hit_gets_a_star() {
    let pos = position(&[(13, 5), (8, 3), (6, 5)], &[(5, 1), (20, 5)]);
    check(&pos, "31", "8/5 6/5", "8/5* 6/5");
    check(&pos, "31", "8/5* 6/5*", "8/5* 6/5");
}

#[test]
fn seed_step_3_moves_chain() {
    let pos = position(&[(13, 5), (8, 3), (6, 5)], &[(20, 5)]);
    check(&pos, "32", "13/11 11/8", "13/8");
    check(&pos, "32", "11/8, 13/11", "13/8");
    let pos = position(&[(13, 5), (8, 3), (6, 5)], &[(11, 1), (20, 5)]);
    check(&pos, "32", "13/11* 11/8", "13/11*/8");
    check(&pos, "32", "13/11 11/8", "13/11*/8");
    let pos = position(&[(10, 1), (5, 5)], &[(20, 5)]);
    check(&pos, "22", "10/8 8/6 6/4 4/2", "10/2");
    check(&pos, "22", "4/2 6/4 8/6 10/8", "10/2");
}

#[test]
fn seed_step_4_parallel_moves_merge() {
    let pos = position(&[(13, 5), (8, 3), (6, 5)], &[(20, 5)]);
    check(&pos, "33", "13/10 13/10 6/3 6/3", "13/10(2) 6/3(2)");
    check(&pos, "11", "6/5 6/5 6/5 8/7", "8/7 6/5(3)");
    let pos = position(&[(25, 2), (8, 3), (6, 5)], &[(22, 1), (20, 5)]);
    check(&pos, "33", "bar/22* bar/22* 8/5 8/5", "bar/22*(2) 8/5(2)");
}

#[test]
fn seed_step_5_sorting() {
    let pos = position(&[(13, 5), (8, 3), (6, 5)], &[(20, 5)]);
    check(&pos, "31", "6/5 8/5", "8/5 6/5");
    let pos = position(&[(24, 2), (13, 5), (6, 5)], &[(1, 5)]);
    check(&pos, "42", "24/22 24/20", "24/20 24/22");
    // On a tie the multi-part move first.
    let pos = position(&[(13, 5), (6, 5)], &[(10, 1), (20, 5)]);
    check(&pos, "33", "13/7 13/10*/7", "13/10*/7 13/7");
    check(&pos, "33", "13/10 10/7 13/10 10/7", "13/10*/7 13/7");
}

#[test]
fn seed_step_6_bar_and_off() {
    let pos = position(&[(25, 2), (6, 5)], &[(24, 1), (20, 5)]);
    // The seed writes `bar/24*, bar/23` here to show the words only; its step 5 (to-point
    // ascending, bar counting 25) puts bar/23 first.
    check(&pos, "21", "25/24*, 25/23", "bar/23 bar/24*");
    let pos = position(&[(6, 2), (4, 2)], &[(20, 5)]);
    check(&pos, "64", "6/0 4/0", "6/off 4/off");
    check(&pos, "64", "4/OFF 6/Off", "6/off 4/off");
}

#[test]
fn the_readme_conventions() {
    // off sorts as 0: `3/off 3/1`.
    let pos = position(&[(3, 2)], &[(20, 5)]);
    check(&pos, "62", "3/1 3/off", "3/off 3/1");
    // Same from-point: to-point ascending.
    let pos = position(&[(13, 5), (6, 5)], &[(20, 5)]);
    check(&pos, "53", "13/10 13/8", "13/8 13/10");
    // A hit path and a plain path through the same points stay apart (gnubg: `6/4*/2(2)`).
    let pos = position(&[(6, 5), (8, 2)], &[(4, 1), (20, 5)]);
    check(&pos, "22", "6/4*/2(2)", "6/4*/2 6/2");
    // Which of two checkers landing on a hit blot gets the `*`: the one from the higher point.
    let pos = position(&[(8, 2), (7, 2)], &[(3, 1), (20, 5)]);
    check(&pos, "54", "7/3* 8/3", "8/3* 7/3");
    // Doubles: the extended path is not kept first (gnubg: `13/7 13/11`).
    let pos = position(&[(13, 5), (6, 5)], &[(20, 5)]);
    check(&pos, "22", "13/11 13/11 11/9 9/7", "13/7 13/11");
}

#[test]
fn the_text_depends_only_on_the_effect() {
    // Two step orders of the same play.
    let pos = position(&[(13, 5), (8, 3), (6, 5)], &[(5, 1), (20, 5)]);
    let s = |from, to, hit| Step { from: pt(from), to: pt(to), hit };
    let a = Play::from_steps(&[s(8, 5, true), s(6, 5, false)]).unwrap();
    let b = Play::from_steps(&[s(6, 5, true), s(8, 5, false)]).unwrap();
    assert_eq!(write_play(&pos, &a), "8/5* 6/5");
    assert_eq!(write_play(&pos, &b), "8/5* 6/5");
    // The two ways of taking one checker 13 to 7 with 42.
    let pos = position(&[(13, 5), (6, 5)], &[(20, 5)]);
    let a = Play::from_steps(&[s(13, 9, false), s(9, 7, false)]).unwrap();
    let b = Play::from_steps(&[s(13, 11, false), s(11, 7, false)]).unwrap();
    let c = Play::from_steps(&[s(11, 7, false), s(13, 11, false)]).unwrap();
    for p in [a, b, c] {
        assert_eq!(write_play(&pos, &p), "13/7");
    }
    // Bearing off one checker from 7 with 61: 7/1/off or 7/6/off.
    let pos = position(&[(7, 1), (2, 3)], &[(20, 5)]);
    let a = Play::from_steps(&[s(7, 1, false), s(1, 0, false)]).unwrap();
    let b = Play::from_steps(&[s(7, 6, false), s(6, 0, false)]).unwrap();
    assert_eq!(write_play(&pos, &a), "7/off");
    assert_eq!(write_play(&pos, &b), "7/off");
    // Chained doubles in any order.
    let pos = position(&[(13, 5), (6, 5)], &[(20, 5)]);
    let a = Play::from_steps(&[s(13, 7, false), s(13, 7, false), s(7, 1, false), s(6, 0, false)]);
    let b = Play::from_steps(&[s(6, 0, false), s(13, 7, false), s(7, 1, false), s(13, 7, false)]);
    assert_eq!(a.map(|p| write_play(&pos, &p)), b.map(|p| write_play(&pos, &p)));
    assert_eq!(write_play(&pos, &Play::EMPTY), "");
}

#[test]
fn open_paths_prefer_the_hits_shown() {
    // 13/7 with 42 and a blot on 9 only: passing 11 hits nothing, which is what the text shows.
    let pos = position(&[(13, 5), (6, 5)], &[(9, 1), (20, 5)]);
    check(&pos, "42", "13/7", "13/7");
    check(&pos, "42", "13/7*", "13/7");
    check(&pos, "42", "13/9/7", "13/9*/7");
    check(&pos, "42", "13/9 9/7", "13/9*/7");
    // A blot on 9 and on 11: either way hits, and the text does not say which.
    let pos = position(&[(13, 5), (6, 5)], &[(9, 1), (11, 1), (20, 5)]);
    match resolve("13/7", &pos, dice("42")) {
        Err(ResolveError::Ambiguous { candidates }) => assert_eq!(candidates, ["13/11*/7", "13/9*/7"]),
        other => panic!("{other:?}"),
    }
    let e = resolve("13/7", &pos, dice("42")).unwrap_err();
    assert_eq!(e.to_string(), "the text fits several legal plays: 13/11*/7, 13/9*/7");
    check(&pos, "42", "13/11*/7", "13/11*/7");
    check(&pos, "42", "13/9/7", "13/9*/7");
    // A `*` where no blot stands is tolerated.
    let pos = Position::start();
    check(&pos, "31", "8/5* 6/5*", "8/5 6/5");
}

#[test]
fn no_play_and_dance() {
    // Both checkers on the bar, the opponent's board closed but for 3 and 4 (entry 22, 21).
    let pos = position(&[(25, 2), (6, 5)], &[(24, 2), (23, 2), (20, 2), (19, 2), (18, 5)]);
    for text in ["", "Cannot Move", "cannot move"] {
        let r = resolve(text, &pos, dice("66")).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(r.play.is_empty());
        assert_eq!(r.position, pos);
    }
    assert!(matches!(
        resolve("bar/19", &pos, dice("66")),
        Err(ResolveError::Step { error: StepError::Blocked(_), .. })
    ));
    assert_eq!(
        resolve("Cannot Move", &Position::start(), dice("31")),
        Err(ResolveError::DiceRule(PlayError::TooFewDice { used: 0, possible: 2 }))
    );
}

#[test]
fn errors_say_why_and_where() {
    let start = Position::start();
    let err = |text: &str, pos: &Position, roll: &str| resolve(text, pos, dice(roll)).unwrap_err();
    let e = err("8/5 7/6", &start, "31");
    assert_eq!(e, ResolveError::Step { index: 1, item: "7/6".into(), error: StepError::NoChecker(pt(7)) });
    assert_eq!(e.to_string(), "item 2 `7/6`: no checker on 7");
    let e = err("24/19 8/7", &start, "51");
    assert_eq!(e.to_string(), "item 1 `24/19`: point 19 is blocked");
    let e = err("8/3 6/5", &start, "31");
    assert_eq!(e.to_string(), "item 1 `8/3`: no die of 31 and no sum of them moves a checker from 8 to 3");
    assert!(matches!(e, ResolveError::Distance { index: 0, .. }));
    // 8/4 takes both dice, leaving none for 6/5.
    let e = err("8/4 6/5", &start, "31");
    assert_eq!(e.to_string(), "item 2 `6/5`: the roll 31 has no die left for this move after the other moves");
    let e = err("13/10 13/10", &start, "31");
    assert_eq!(e.to_string(), "item 2 `13/10`: the roll 31 has no die left for this move after the other moves");
    let e = err("8/5", &start, "31");
    assert_eq!(e, ResolveError::DiceRule(PlayError::TooFewDice { used: 1, possible: 2 }));
    assert_eq!(e.to_string(), "the play uses 1 die but 2 dice can be played");
    let e = err("6/off 8/5", &start, "31");
    assert_eq!(e.to_string(), "item 1 `6/off`: cannot bear off from 6: not all checkers are home");
    let e = err("13/8 13/", &start, "53");
    assert_eq!(e.to_string(), "item 2 `13/`: expected a point: 1 to 24, bar (or 25) or off (or 0)");

    // On the bar: enter first.
    let pos = position(&[(25, 1), (13, 5), (6, 5)], &[(20, 5)]);
    let e = err("13/10 6/5", &pos, "31");
    assert_eq!(e, ResolveError::Step { index: 0, item: "13/10".into(), error: StepError::MustEnterFirst });

    // Bearing off with a larger die while a checker stands higher.
    let pos = position(&[(5, 2), (3, 1)], &[(20, 5)]);
    let e = err("3/off 5/off", &pos, "65");
    assert_eq!(e.to_string(), "item 1 `3/off`: cannot bear off from 3 with a 5: a checker stands on a higher point");
    check(&pos, "65", "5/off 5/off", "5/off(2)");

    // Only one die can be played, and it must be the larger.
    let pos = position(&[(20, 1)], &[(13, 2), (12, 2), (11, 2), (10, 2), (9, 2), (8, 2)]);
    check(&pos, "61", "20/14", "20/14");
    let e = err("20/19", &pos, "61");
    assert_eq!(e, ResolveError::DiceRule(PlayError::SmallerDie { smaller: 1, larger: 6 }));
    assert_eq!(
        e.to_string(),
        "only one die can be played and it must be the larger: the play uses the 1 but the 6 can be played"
    );
}

#[test]
fn items_per_die_in_any_order() {
    let pos = position(&[(2, 1), (1, 3)], &[(20, 5)]);
    check(&pos, "11", "1/off 1/off 1/off 2/1", "2/off 1/off(2)");
    check(&pos, "11", "1/0, 1/0, 2/1, 1/0", "2/off 1/off(2)");
    let start = Position::start();
    check(&start, "64", "24/18 18/14", "24/14");
    check(&start, "64", "18/14 24/18", "24/14");
    check(&start, "66", "24/18 24/18 13/7 13/7", "24/18(2) 13/7(2)");
    check(&start, "66", "24/18(2), 13/7 (2)", "24/18(2) 13/7(2)");
    assert_eq!("24/18(2), 13/7 (2)".parse::<PlayText>().map(|t| t.to_string()), Ok("24/18(2) 13/7(2)".into()));
}
