//! tabula's Arimaa boards in `arimaa-engine`'s representation, for the programs that time the
//! two side by side (`examples/compare_arimaa_turns.rs`, `examples/compare_arimaa_steps.rs`).

use arimaa_engine::{GameState, PieceBoard};
use tabula_engine::arimaa::{Board, Color, PieceKind, Position};

/// A board as seven bitboards in tabula's numbering (a1 = bit 0): Gold's pieces, then each
/// kind of both sides, elephants first (the order of `PieceBoard::new`).
pub type Key = [u64; 7];

/// The seven bitboards of a tabula board.
pub fn tabula_key(b: &Board) -> Key {
    let kind = |k: PieceKind| (b.pieces(Color::Gold, k) | b.pieces(Color::Silver, k)).0;
    [
        b.by_color(Color::Gold).0,
        kind(PieceKind::Elephant),
        kind(PieceKind::Camel),
        kind(PieceKind::Horse),
        kind(PieceKind::Dog),
        kind(PieceKind::Cat),
        kind(PieceKind::Rabbit),
    ]
}

/// The seven bitboards of a peer's board, in tabula's numbering: arimaa-engine numbers the
/// squares from a8 (bit 0) to h1, the ranks of tabula's numbering reversed, which is a byte swap.
pub fn peer_key(b: &PieceBoard) -> Key {
    [b.p1_pieces, b.elephants, b.camels, b.horses, b.dogs, b.cats, b.rabbits].map(u64::swap_bytes)
}

/// The position in arimaa-engine's representation (Gold is its first player).
pub fn to_peer(pos: &Position) -> GameState {
    let k = tabula_key(pos.board()).map(u64::swap_bytes);
    GameState::new(pos.side_to_move() == Color::Gold, 2, PieceBoard::new(k[0], k[1], k[2], k[3], k[4], k[5], k[6]))
}
