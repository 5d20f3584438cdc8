//! Writing `.sgf` matches the way GNU Backgammon 1.07 saves them: one game tree a game, the
//! game information in its first node on one line, then one node a line.
//!
//! ```text
//! (;FF[4]GM[6]CA[UTF-8]AP[tabula:0.1.0]MI[length:3][game:0][ws:0][bs:0]PW[a]PB[b]RU[Crawford]RE[B+2]
//! ;B[62lnqw]
//! ;W[double]
//! ;B[take]
//! ;W[32]
//! ;PL[B]DI[11])
//! ```
//!
//! `RE` carries `R` for a resignation; a roll left unplayed before a resignation is the roll
//! with no steps (`W[32]`, as gnubg writes it), a roll resigned after with no play written is
//! `PL`/`DI`; a beaver is a double by the player doubled. `EV`, `PC` and `DT` are written in the
//! first game's tree.

use std::io::{self, Write};

use tabula_engine::backgammon::Side;

use super::super::mat::Column;
use super::super::verified::{Step, VerifiedGame, VerifiedMatch};
use super::letter_of;

/// A property value with `\` and `]` escaped.
fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | ']') {
            s.push('\\');
        }
        s.push(c);
    }
    s
}

fn color(side: Side) -> char {
    match side {
        Side::Zero => 'W',
        Side::One => 'B',
    }
}

/// Writes game `k` (0-based) of `m`.
///
/// # Errors
/// Writing fails.
pub fn write_game(out: &mut impl Write, m: &VerifiedMatch, k: usize, g: &VerifiedGame) -> io::Result<()> {
    let mut root = format!(
        "(;FF[4]GM[6]CA[UTF-8]AP[tabula:{}]MI[length:{}][game:{k}][ws:{}][bs:{}]PW[{}]PB[{}]",
        env!("CARGO_PKG_VERSION"),
        m.length,
        g.scores.zero,
        g.scores.one,
        escape(&g.players[0]),
        escape(&g.players[1])
    );
    if k == 0 {
        for (name, value) in [("DT", &m.info.date), ("EV", &m.info.event), ("PC", &m.info.place)] {
            if let Some(v) = value.as_deref().filter(|v| !v.is_empty()) {
                root.push_str(&format!("{name}[{}]", escape(v)));
            }
        }
    }
    let mut rules = Vec::new();
    if m.length > 0 && m.crawford_rule {
        rules.push(if g.crawford { "Crawford:CrawfordGame" } else { "Crawford" });
    }
    if m.length == 0 && m.jacoby {
        rules.push("Jacoby");
    }
    if !rules.is_empty() {
        root.push_str(&format!("RU[{}]", rules.join(":")));
    }
    let (winner, points, how) = g.end;
    root.push_str(&format!("RE[{}+{points}{}]", color(winner), if how == "resign" { "R" } else { "" }));
    out.write_all(root.as_bytes())?;
    for (side, step) in &g.steps {
        let c = color(*side);
        let node = match step {
            Step::Play { dice, play, .. } => {
                let column = Column::from(*side);
                let mut s = format!(";{c}[{dice}");
                for st in play.steps() {
                    s.push(letter_of(st.from.number(), column));
                    s.push(letter_of(st.to.number(), column));
                }
                s.push(']');
                s
            }
            Step::Unplayed { dice } => format!(";{c}[{dice}]"),
            Step::Unknown { dice } => format!(";PL[{c}]DI[{dice}]"),
            Step::Double { .. } => format!(";{c}[double]"),
            Step::Take => format!(";{c}[take]"),
            Step::Drop => format!(";{c}[drop]"),
        };
        out.write_all(b"\n")?;
        out.write_all(node.as_bytes())?;
    }
    out.write_all(b")\n")
}
