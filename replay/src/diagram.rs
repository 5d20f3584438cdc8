//! Board diagrams for the terminal, shared by the games: a grid of one-character cells with
//! labels on two sides, marked squares (traps, score areas) and highlighted squares (the last
//! move), drawn with ANSI colours or, without colour, with brackets.

use std::fmt::Write;

/// How a cell is drawn.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Mark {
    /// Nothing special.
    #[default]
    Plain,
    /// A special square of the board (trap, score area).
    Special,
    /// Touched by the last move.
    Highlight,
}

/// A grid of cells, row 0 at the top as printed.
#[derive(Clone, Debug)]
pub struct Grid {
    width: usize,
    cells: Vec<(char, Mark)>,
    column_labels: Vec<String>,
    row_labels: Vec<String>,
}

impl Grid {
    /// A grid of `width` x `row_labels.len()` empty cells.
    pub fn new(column_labels: Vec<String>, row_labels: Vec<String>) -> Grid {
        let width = column_labels.len();
        Grid { width, cells: vec![(' ', Mark::Plain); width * row_labels.len()], column_labels, row_labels }
    }

    /// Sets the cell at printed row `row` (0 = top) and column `col` (0 = left).
    pub fn set(&mut self, row: usize, col: usize, c: char, mark: Mark) {
        if col < self.width {
            if let Some(cell) = self.cells.get_mut(row * self.width + col) {
                *cell = (c, mark);
            }
        }
    }

    /// The diagram as text; `color` uses ANSI escapes, otherwise brackets show highlights.
    pub fn render(&self, color: bool) -> String {
        let label_w = self.row_labels.iter().map(String::len).max().unwrap_or(0);
        let col_w = self.column_labels.iter().map(String::len).max().unwrap_or(1).max(1) + 2;
        let mut out = String::new();
        let border = format!("{:label_w$} +{}+\n", "", "-".repeat(self.width * col_w + 1));
        out.push_str(&border);
        for (r, label) in self.row_labels.iter().enumerate() {
            let _ = write!(out, "{label:>label_w$} |");
            for c in 0..self.width {
                let (ch, mark) = self.cells[r * self.width + c];
                let pad = col_w - 2;
                let body = format!("{ch:^w$}", w = pad);
                let cell = match (mark, color) {
                    (Mark::Plain, _) => format!(" {body} "),
                    (Mark::Special, false) => format!(" {body} "),
                    (Mark::Highlight, false) => format!("[{body}]"),
                    (Mark::Special, true) => format!("\x1b[48;5;238m {body} \x1b[0m"),
                    (Mark::Highlight, true) => format!("\x1b[30;48;5;220m {body} \x1b[0m"),
                };
                out.push_str(&cell[..]);
            }
            out.push_str(" |\n");
        }
        out.push_str(&border);
        let _ = write!(out, "{:label_w$}  ", "");
        for l in &self.column_labels {
            let _ = write!(out, "{l:^col_w$}");
        }
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_rendering() {
        let mut g = Grid::new(vec!["a".into(), "b".into()], vec!["2".into(), "1".into()]);
        g.set(0, 0, 'R', Mark::Highlight);
        g.set(1, 1, 'x', Mark::Special);
        let text = g.render(false);
        assert_eq!(text, "  +-------+\n2 |[R]    |\n1 |    x  |\n  +-------+\n    a  b \n");
        assert!(g.render(true).contains("\x1b["));
    }
}
