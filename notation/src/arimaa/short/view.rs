//! The three views of the short notation and the geometry they give to the text: directions,
//! column and row numbers, the scan order and the order of set-up and position records.

use std::fmt;
use std::str::FromStr;

use tabula_engine::arimaa::{Bitboard, Color, Direction, Placement, Square};

/// The side the board is viewed from (`docs/arimaa.md`, "Rules"). Column 1 is the left of the
/// view, row 1 its bottom.
///
/// | view | bottom row | left to right | `^` | `v` | `<` | `>` |
/// |---|---|---|---|---|---|---|
/// | `g` | rank 1 | files a..h | north | south | west | east |
/// | `s` | rank 8 | files h..a | south | north | east | west |
/// | `n` | file h | ranks 1..8 | west | east | south | north |
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum View {
    /// `g`: Gold at the bottom (the view assumed when none is given).
    #[default]
    Gold,
    /// `s`: Silver at the bottom.
    Silver,
    /// `n`: neutral, Gold on the left and Silver on the right.
    Neutral,
}

/// A direction as the text writes it, relative to the view.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ViewDirection {
    /// `^`, `+` or `↑`: toward the top of the view.
    Up,
    /// `v`, `-` or `↓`: toward the bottom.
    Down,
    /// `<`, `(` or `←`: toward the left.
    Left,
    /// `>`, `)` or `→`: toward the right.
    Right,
}

impl ViewDirection {
    /// Up, down, left, right.
    pub const ALL: [ViewDirection; 4] =
        [ViewDirection::Up, ViewDirection::Down, ViewDirection::Left, ViewDirection::Right];

    /// Reads any spelling: `^ v < >`, `+ - ( )`, `↑ ↓ ← →` (and `V`).
    #[inline]
    pub const fn from_char(c: char) -> Option<ViewDirection> {
        match c {
            '^' | '+' | '↑' => Some(ViewDirection::Up),
            'v' | 'V' | '-' | '↓' => Some(ViewDirection::Down),
            '<' | '(' | '←' => Some(ViewDirection::Left),
            '>' | ')' | '→' => Some(ViewDirection::Right),
            _ => None,
        }
    }

    /// The canonical spelling: `^`, `v`, `<`, `>`.
    #[inline]
    pub const fn char(self) -> char {
        match self {
            ViewDirection::Up => '^',
            ViewDirection::Down => 'v',
            ViewDirection::Left => '<',
            ViewDirection::Right => '>',
        }
    }

    /// The arrow: `↑`, `↓`, `←`, `→`.
    #[inline]
    pub const fn arrow(self) -> char {
        match self {
            ViewDirection::Up => '↑',
            ViewDirection::Down => '↓',
            ViewDirection::Left => '←',
            ViewDirection::Right => '→',
        }
    }
}

impl fmt::Display for ViewDirection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl View {
    /// Gold, silver, neutral.
    pub const ALL: [View; 3] = [View::Gold, View::Silver, View::Neutral];

    /// `g`, `s` or `n`.
    #[inline]
    pub const fn char(self) -> char {
        match self {
            View::Gold => 'g',
            View::Silver => 's',
            View::Neutral => 'n',
        }
    }

    /// Reads `g`, `s` or `n` (either case).
    #[inline]
    pub const fn from_char(c: char) -> Option<View> {
        match c {
            'g' | 'G' => Some(View::Gold),
            's' | 'S' => Some(View::Silver),
            'n' | 'N' => Some(View::Neutral),
            _ => None,
        }
    }

    /// The view from a side (`g` or `s`).
    #[inline]
    pub const fn of(color: Color) -> View {
        match color {
            Color::Gold => View::Gold,
            Color::Silver => View::Silver,
        }
    }

    /// The square at view column `column` and view row `row`, both counted from 1 (column 1 at
    /// the left of the view, row 1 at its bottom); `None` outside 1..=8.
    #[inline]
    pub const fn square(self, column: u8, row: u8) -> Option<Square> {
        if column == 0 || row == 0 || column > 8 || row > 8 {
            return None;
        }
        let (c, r) = (column as u32 - 1, row as u32 - 1);
        match self {
            View::Gold => Square::from_coords(c, r),
            View::Silver => Square::from_coords(7 - c, 7 - r),
            View::Neutral => Square::from_coords(7 - r, c),
        }
    }

    /// The view column of `sq`, 1 to 8.
    #[inline]
    pub const fn column(self, sq: Square) -> u8 {
        (match self {
            View::Gold => sq.file(),
            View::Silver => 7 - sq.file(),
            View::Neutral => sq.rank(),
        }) as u8
            + 1
    }

    /// The view row of `sq`, 1 to 8.
    #[inline]
    pub const fn row(self, sq: Square) -> u8 {
        (match self {
            View::Gold => sq.rank(),
            View::Silver => 7 - sq.rank(),
            View::Neutral => 7 - sq.file(),
        }) as u8
            + 1
    }

    /// The place of `sq` in the scan (`0..64`): from the bottom-left square of the view, row by
    /// row, each row left to right.
    #[inline]
    pub const fn scan_index(self, sq: Square) -> usize {
        (self.row(sq) as usize - 1) * 8 + self.column(sq) as usize - 1
    }

    /// The square at place `index` (`0..64`) of the scan.
    #[inline]
    pub const fn scan_square(self, index: usize) -> Option<Square> {
        if index >= 64 {
            return None;
        }
        self.square((index % 8) as u8 + 1, (index / 8) as u8 + 1)
    }

    /// The 64 squares in scan order: the order of a `0g`/`0s` position record.
    pub fn scan(self) -> impl Iterator<Item = Square> {
        (0..64).filter_map(move |i| self.scan_square(i))
    }

    /// The 16 squares a set-up move of `color` covers, in the order the text lists them: the
    /// scan order restricted to the side's two home ranks, so the row nearest the bottom of the
    /// view comes first (`g 1g`: a1..h1, a2..h2; `s 1g`: h2..a2, h1..a1; `n 1g`: h1, h2, g1, g2,
    /// ..., a1, a2).
    pub fn setup_squares(self, color: Color) -> [Square; 16] {
        let home = Placement::home(color);
        let mut out = [Square::A1; 16];
        let mut n = 0;
        for sq in self.scan() {
            if home.contains(sq) {
                out[n] = sq;
                n += 1;
            }
        }
        out
    }

    /// The place of `sq` among [`setup_squares`](Self::setup_squares), or `None` outside the
    /// side's home ranks.
    pub fn setup_index(self, color: Color, sq: Square) -> Option<usize> {
        self.setup_squares(color).iter().position(|&s| s == sq)
    }

    /// The board direction of a view direction.
    #[inline]
    pub const fn direction(self, d: ViewDirection) -> Direction {
        use Direction::{East, North, South, West};
        use ViewDirection::{Down, Left, Right, Up};
        match (self, d) {
            (View::Gold, Up) | (View::Silver, Down) | (View::Neutral, Right) => North,
            (View::Gold, Down) | (View::Silver, Up) | (View::Neutral, Left) => South,
            (View::Gold, Left) | (View::Silver, Right) | (View::Neutral, Up) => West,
            (View::Gold, Right) | (View::Silver, Left) | (View::Neutral, Down) => East,
        }
    }

    /// The view direction of a board direction (inverse of [`direction`](Self::direction)).
    #[inline]
    pub const fn view_direction(self, d: Direction) -> ViewDirection {
        use Direction::{East, North, South, West};
        use ViewDirection::{Down, Left, Right, Up};
        match (self, d) {
            (View::Gold, North) | (View::Silver, South) | (View::Neutral, West) => Up,
            (View::Gold, South) | (View::Silver, North) | (View::Neutral, East) => Down,
            (View::Gold, West) | (View::Silver, East) | (View::Neutral, South) => Left,
            (View::Gold, East) | (View::Silver, West) | (View::Neutral, North) => Right,
        }
    }

    /// The scan number of `sq` among the squares of `set` (the pieces of one kind and side): 1 for
    /// the first such piece in the scan. `None` when `sq` is not in `set`.
    #[inline]
    pub fn scan_number(self, set: Bitboard, sq: Square) -> Option<u8> {
        if !set.contains(sq) {
            return None;
        }
        let at = self.scan_index(sq);
        let before = set.filter(|&s| self.scan_index(s) < at).count();
        Some(before as u8 + 1)
    }

    /// The square of the `n`-th (from 1) square of `set` in the scan.
    #[inline]
    pub fn nth_in_scan(self, set: Bitboard, n: u8) -> Option<Square> {
        let n = usize::from(n.checked_sub(1)?);
        let mut squares: smallvec::SmallVec<[Square; 16]> = set.collect();
        if n >= squares.len() {
            return None;
        }
        squares.sort_unstable_by_key(|&s| self.scan_index(s));
        Some(squares[n])
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// Text that is not a view.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("not a view: expected g, s or n")]
pub struct ParseViewError;

impl FromStr for View {
    type Err = ParseViewError;
    /// `g`, `s` or `n` (either case; `gold`, `silver` and `neutral` too).
    fn from_str(s: &str) -> Result<View, ParseViewError> {
        match s.to_ascii_lowercase().as_str() {
            "g" | "gold" => Ok(View::Gold),
            "s" | "silver" => Ok(View::Silver),
            "n" | "neutral" => Ok(View::Neutral),
            _ => Err(ParseViewError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_of_the_rules_file() {
        use Direction::{East, North, South, West};
        use ViewDirection::{Down, Left, Right, Up};
        let dirs = |v: View| [Up, Down, Left, Right].map(|d| v.direction(d));
        assert_eq!(dirs(View::Gold), [North, South, West, East]);
        assert_eq!(dirs(View::Silver), [South, North, East, West]);
        assert_eq!(dirs(View::Neutral), [West, East, South, North]);
        // Bottom row and left-to-right order.
        let bottom = |v: View| (1..=8).map(|c| v.square(c, 1).unwrap().to_string()).collect::<Vec<_>>().join(" ");
        assert_eq!(bottom(View::Gold), "a1 b1 c1 d1 e1 f1 g1 h1");
        assert_eq!(bottom(View::Silver), "h8 g8 f8 e8 d8 c8 b8 a8");
        assert_eq!(bottom(View::Neutral), "h1 h2 h3 h4 h5 h6 h7 h8");
        assert_eq!(View::Silver.square(1, 1), Some(Square::H8));
        assert_eq!(View::Neutral.square(1, 2), Some(Square::G1));
        assert_eq!(View::Gold.square(9, 1), None);
        assert_eq!(View::Gold.square(0, 1), None);
        assert_eq!("N".parse::<View>(), Ok(View::Neutral));
        assert_eq!("silver".parse::<View>(), Ok(View::Silver));
        assert_eq!("x".parse::<View>(), Err(ParseViewError));
    }

    #[test]
    fn coordinates_are_inverse() {
        for v in View::ALL {
            for sq in Square::ALL {
                assert_eq!(v.square(v.column(sq), v.row(sq)), Some(sq));
                assert_eq!(v.scan_square(v.scan_index(sq)), Some(sq));
                // A step up the view is one row up.
                if let Some(to) = sq.offset(v.direction(ViewDirection::Up)) {
                    assert_eq!((v.column(to), v.row(to)), (v.column(sq), v.row(sq) + 1));
                }
                if let Some(to) = sq.offset(v.direction(ViewDirection::Right)) {
                    assert_eq!((v.column(to), v.row(to)), (v.column(sq) + 1, v.row(sq)));
                }
            }
            for d in Direction::ALL {
                assert_eq!(v.direction(v.view_direction(d)), d);
            }
            assert_eq!(v.scan().count(), 64);
        }
    }

    #[test]
    fn setup_order() {
        let names = |sqs: [Square; 16]| sqs.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" ");
        assert_eq!(names(View::Gold.setup_squares(Color::Gold)), "a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2");
        assert_eq!(names(View::Silver.setup_squares(Color::Gold)), "h2 g2 f2 e2 d2 c2 b2 a2 h1 g1 f1 e1 d1 c1 b1 a1");
        assert_eq!(names(View::Neutral.setup_squares(Color::Gold)), "h1 h2 g1 g2 f1 f2 e1 e2 d1 d2 c1 c2 b1 b2 a1 a2");
        assert_eq!(names(View::Silver.setup_squares(Color::Silver)), "h8 g8 f8 e8 d8 c8 b8 a8 h7 g7 f7 e7 d7 c7 b7 a7");
        assert_eq!(names(View::Gold.setup_squares(Color::Silver)), "a7 b7 c7 d7 e7 f7 g7 h7 a8 b8 c8 d8 e8 f8 g8 h8");
        assert_eq!(View::Neutral.setup_index(Color::Gold, Square::G2), Some(3));
        assert_eq!(View::Neutral.setup_index(Color::Gold, Square::G3), None);
    }

    #[test]
    fn scan_numbers() {
        let set = Bitboard::from_square(Square::B2) | Bitboard::from_square(Square::G1) | Square::A8.into();
        assert_eq!(View::Gold.scan_number(set, Square::G1), Some(1));
        assert_eq!(View::Gold.scan_number(set, Square::B2), Some(2));
        assert_eq!(View::Silver.scan_number(set, Square::A8), Some(1));
        assert_eq!(View::Silver.scan_number(set, Square::G1), Some(3));
        assert_eq!(View::Neutral.scan_number(set, Square::G1), Some(1));
        assert_eq!(View::Neutral.scan_number(set, Square::A8), Some(3));
        assert_eq!(View::Gold.scan_number(set, Square::C3), None);
        for v in View::ALL {
            for n in 1..=3 {
                let sq = v.nth_in_scan(set, n).unwrap();
                assert_eq!(v.scan_number(set, sq), Some(n));
            }
            assert_eq!(v.nth_in_scan(set, 4), None);
            assert_eq!(v.nth_in_scan(set, 0), None);
        }
    }
}
