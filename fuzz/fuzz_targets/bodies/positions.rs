//! Position texts on arbitrary bytes, through every reader a position is given to by a person:
//! `tabula moves` (and the boards) for each game, `tabula find` and `explore` (and `tabula serve`'s
//! `position` parameter), and the notation's readers under them: Arimaa's position text, gnubg's
//! Position ID, Match ID and gnubg ID, and XG's XGID. Each text read is written back, and what is
//! written reads again as the same position.

use tabula_notation::arimaa;
use tabula_notation::backgammon::{match_id, position_id, xgid};
use tabula_replay::archive::Target;
use tabula_replay::backgammon::query::position_and_state;
use tabula_replay::GameKind;

/// The rolls tried with a backgammon position: a double, two dice, none, and a roll that is none.
const ROLLS: [Option<&str>; 4] = [Some("66"), Some("31"), None, Some("70")];

/// Runs the target on one input. Any panic is a bug: of the library, or a property below broken.
pub fn run(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pos) = arimaa::parse_position(text) {
        let written = arimaa::write_position(&pos);
        assert_eq!(arimaa::parse_position(&written).ok(), Some(pos), "{written}");
    }
    if let Ok(pos) = position_id::decode(text) {
        let written = position_id::encode(&pos);
        assert_eq!(position_id::decode(&written), Ok(pos), "{written}");
    }
    if let Ok(state) = match_id::decode(text) {
        if let Ok(written) = match_id::encode(&state) {
            assert_eq!(match_id::decode(&written), Ok(state), "{written}");
        }
    }
    if let Ok(x) = xgid::decode(text) {
        if let Ok(written) = xgid::encode(&x) {
            assert_eq!(xgid::decode(&written), Ok(x), "{written}");
        }
    }
    let _ = position_and_state(text);
    // What `find` and `explore` look for: the position as `tabula positions` writes it, which
    // reads again as the same target.
    for kind in [None, Some(GameKind::Arimaa), Some(GameKind::Backgammon), Some(GameKind::StonesRivers)] {
        if let Ok(target) = Target::parse(text, kind) {
            let again = match target.kind {
                GameKind::Arimaa => format!("{} [{}]", target.side, target.position),
                _ => target.position.clone(),
            };
            assert_eq!(Target::parse(&again, Some(target.kind)).as_ref(), Ok(&target), "{again}");
        }
    }
    // `tabula moves`: every legal turn of whatever position reads, in each game.
    let _ = tabula_replay::query::moves(GameKind::Arimaa, text, None);
    let _ = tabula_replay::query::moves(GameKind::StonesRivers, text, None);
    for dice in ROLLS {
        let _ = tabula_replay::query::moves(GameKind::Backgammon, text, dice);
    }
}
