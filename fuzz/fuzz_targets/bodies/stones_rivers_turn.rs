//! Stones and Rivers turn text on arbitrary bytes: parsing, the syntax's own round trip,
//! resolving against fixed positions (the first byte picks one) into a turn the engine finds
//! legal, whose written text resolves back to it; and the position string's round trip on the
//! same bytes.

use tabula_engine::stones_rivers::Position;
use tabula_notation::stones_rivers::{parse_position, write_position, TurnText};

/// Runs the target on one input. Any panic is a bug: of the library, or a property below broken.
pub fn run(data: &[u8]) {
    // The start with each side to move, and positions of shared/data/snr/perft.tsv with rivers
    // of both axes, near-complete Score Areas and pieces on the edges.
    let positions = [
        "13/13/13/13/3sssssss3/3sssssss3/13/13/3SSSSSSS3/3SSSSSSS3/13/13/13/13 sq",
        "13/13/13/13/3sssssss3/3sssssss3/13/13/3SSSSSSS3/3SSSSSSS3/13/13/13/13 cr",
        "13/13/4s8/2S1SSSS5/5S2e1s2/2S4s5/3e3nS2S1/1S4sss4/2S2Sss5/4s1NS5/4s1s6/13/13/13 cr",
        "1E9S1/13/1e11/1S1s2S3e2/3Se2s3S1/9N3/1E3n1S5/4S3s3n/2S7S2/3S2n6/10s2/12s/5s7/e1S2s7 sq",
        "13/13/13/13/3snsssss3/3sssssss3/13/13/3SSSSSSS3/3SSSESSS3/13/13/13/13 sq",
    ];
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(setup) = parse_position(text) {
            let written = write_position(&setup);
            assert_eq!(parse_position(&written), Ok(setup), "{written}");
        }
    }
    let Some((&pick, text)) = data.split_first() else { return };
    let Ok(parsed) = TurnText::from_ascii(text) else { return };
    let shown = parsed.to_string();
    assert_eq!(TurnText::from_ascii(shown.as_bytes()), Ok(parsed), "{shown}");
    assert_eq!(TurnText::from_turn(parsed.player, &parsed.turn()), parsed);

    let setup = parse_position(positions[usize::from(pick) % positions.len()]).expect("fixed position");
    let pos = Position::from_setup(&setup).expect("a legal position");
    if let Ok(turn) = parsed.resolve(&pos) {
        assert!(pos.is_legal(&turn), "{shown} resolved to an illegal turn");
        assert_eq!(parsed.player, pos.to_move());
        let written = TurnText::from_turn(pos.to_move(), &turn);
        assert_eq!(written.resolve(&pos), Ok(turn), "{written}");
    }
}
