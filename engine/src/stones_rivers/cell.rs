//! The 182 intersections of the 13 x 14 board.

use std::fmt;

/// Columns `A`..`M`.
pub const COLUMNS: u8 = 13;
/// Rows `1`..`14`.
pub const ROWS: u8 = 14;
/// Intersections on the board.
pub const CELLS: usize = COLUMNS as usize * ROWS as usize;

/// An intersection, `A1` = 0, then along the row (`B1` = 1, ..., `M1` = 12), then row by row
/// (`A2` = 13, ..., `M14` = 181). Row 1 is Square's edge, row 14 Circle's; `A1` is the corner on
/// Square's right.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(u8);

impl Cell {
    /// The intersection of column `column` (0 = `A`) and row `row` (0 = row 1), if on the board.
    #[inline]
    pub const fn new(column: u8, row: u8) -> Option<Cell> {
        if column < COLUMNS && row < ROWS {
            Some(Cell(row * COLUMNS + column))
        } else {
            None
        }
    }

    /// The intersection with this index (0..182).
    #[inline]
    pub const fn from_index(index: usize) -> Option<Cell> {
        if index < CELLS {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The index, 0..182.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The column, 0 = `A`.
    #[inline]
    pub const fn column(self) -> u8 {
        self.0 % COLUMNS
    }

    /// The row, 0 = row 1.
    #[inline]
    pub const fn row(self) -> u8 {
        self.0 / COLUMNS
    }

    /// The neighbour one step in `direction`, if on the board.
    #[inline]
    pub const fn step(self, direction: Direction) -> Option<Cell> {
        let (c, r) = (self.column(), self.row());
        match direction {
            Direction::North if r + 1 < ROWS => Some(Cell(self.0 + COLUMNS)),
            Direction::South if r > 0 => Some(Cell(self.0 - COLUMNS)),
            Direction::East if c > 0 => Some(Cell(self.0 - 1)),
            Direction::West if c + 1 < COLUMNS => Some(Cell(self.0 + 1)),
            _ => None,
        }
    }

    /// The direction of the step to `other`, if it is one of the up to four orthogonal
    /// neighbours (the inverse of [`Cell::step`], by index arithmetic).
    #[inline]
    pub const fn direction_to(self, other: Cell) -> Option<Direction> {
        let (a, b) = (self.0, other.0);
        let same_row = a / COLUMNS == b / COLUMNS;
        if b == a + COLUMNS {
            Some(Direction::North)
        } else if a == b + COLUMNS {
            Some(Direction::South)
        } else if b + 1 == a && same_row {
            Some(Direction::East)
        } else if b == a + 1 && same_row {
            Some(Direction::West)
        } else {
            None
        }
    }

    /// Every intersection, `A1` first.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'A' + self.column()), self.row() + 1)
    }
}

/// A direction on the board: north toward row 14, south toward row 1, east toward column `A`
/// (Square's right), west toward column `M`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Direction {
    /// Toward row 14.
    North,
    /// Toward row 1.
    South,
    /// Toward column `A`.
    East,
    /// Toward column `M`.
    West,
}

impl Direction {
    /// The four directions.
    pub const ALL: [Direction; 4] = [Direction::North, Direction::South, Direction::East, Direction::West];

    /// The opposite direction.
    #[inline]
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
        }
    }

    /// The river axis the direction runs along.
    #[inline]
    pub const fn axis(self) -> Axis {
        match self {
            Direction::North | Direction::South => Axis::North,
            Direction::East | Direction::West => Axis::East,
        }
    }
}

/// The axis of a river: a North river runs along a column, an East river along a row.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Axis {
    /// Along a column (north and south).
    North,
    /// Along a row (east and west).
    East,
}

impl Axis {
    /// The two directions along the axis.
    #[inline]
    pub const fn directions(self) -> [Direction; 2] {
        match self {
            Axis::North => [Direction::North, Direction::South],
            Axis::East => [Direction::East, Direction::West],
        }
    }

    /// The other axis.
    #[inline]
    pub const fn other(self) -> Axis {
        match self {
            Axis::North => Axis::East,
            Axis::East => Axis::North,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_neighbours() {
        let d5 = Cell::new(3, 4).unwrap_or_else(|| unreachable!());
        assert_eq!(d5.to_string(), "D5");
        assert_eq!(d5.step(Direction::North).map(|c| c.to_string()), Some("D6".into()));
        assert_eq!(d5.step(Direction::East).map(|c| c.to_string()), Some("C5".into()));
        let a1 = Cell::new(0, 0).unwrap_or_else(|| unreachable!());
        assert_eq!(a1.step(Direction::East), None);
        assert_eq!(a1.step(Direction::South), None);
        let m14 = Cell::from_index(181).unwrap_or_else(|| unreachable!());
        assert_eq!(m14.to_string(), "M14");
        assert_eq!(m14.step(Direction::West), None);
        assert_eq!(m14.step(Direction::North), None);
        assert_eq!(Cell::all().count(), CELLS);
    }

    #[test]
    fn the_direction_to_a_neighbour_is_the_step_there() {
        for from in Cell::all() {
            for to in Cell::all() {
                let expected = Direction::ALL.into_iter().find(|&d| from.step(d) == Some(to));
                assert_eq!(from.direction_to(to), expected, "{from} {to}");
            }
        }
    }
}
