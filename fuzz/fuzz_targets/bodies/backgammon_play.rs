//! Backgammon play text on arbitrary bytes: parsing, the syntax's own round trip, resolving
//! against real positions (the first byte picks the position and the roll) into a position that
//! a legal play reaches, and writing back what resolves.

use tabula_engine::backgammon::{Dice, MoveGenerator};
use tabula_notation::backgammon::position_id;
use tabula_notation::backgammon::{write_play, PlayText};

/// Runs the target on one input. Any panic is a bug: of the library, or a property below broken.
pub fn run(data: &[u8]) {
    // The start, a mid-game with blots and a checker on the bar, and a bear-off (positions of
    // shared/data/backgammon/notation_cases.tsv).
    let positions = ["4HPwATDgc/ABMA", "ZJ/BASHg28EBYA", "bdtCABifbwYAQA", "iQcAgNuuAwAAAA", "VAAAsAoAAAAAAA"];
    let Some((&pick, text)) = data.split_first() else { return };
    let Ok(parsed) = PlayText::from_ascii(text) else { return };
    let shown = parsed.to_string();
    assert_eq!(PlayText::from_ascii(shown.as_bytes()).as_ref(), Ok(&parsed), "{shown}");

    let rolls: Vec<Dice> = Dice::all().collect();
    let dice = rolls[usize::from(pick) % rolls.len()];
    let id = positions[usize::from(pick) / rolls.len() % positions.len()];
    let pos = position_id::decode(id).expect("fixed position");
    if let Ok(r) = parsed.resolve(&pos, dice) {
        let legal = MoveGenerator::new().legal_plays(&pos, dice).iter().any(|(_, p)| *p == r.position);
        assert!(legal, "{shown} resolved to a position no legal play reaches");
        let written = write_play(&pos, &r.play);
        let again = PlayText::from_ascii(written.as_bytes()).expect("written text parses");
        let r2 = again.resolve(&pos, dice).expect("and resolves");
        assert_eq!(r2.position, r.position, "{shown} -> {written}");
        assert_eq!(write_play(&pos, &r2.play), written);
    }
}
