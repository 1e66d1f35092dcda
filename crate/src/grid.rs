//! Column grids shared by the gravity games (Same Game, Mayan): cells stored
//! column by column, bottom row first, inside a one-cell wall so that a
//! neighbour lookup never needs a bounds check; gravity that keeps the order
//! of each column, and closing of empty columns to the left.

/// An empty cell.
pub const EMPTY: u8 = 0;
/// The wall around the grid: never equal to a colour, never empty.
pub const WALL: u8 = u8::MAX;

/// Gravity on one column, bottom first: non-empty cells move down over empty
/// ones, keeping their order. Returns whether anything moved. Every gravity
/// game uses this.
pub fn settle_column(column: &mut [u8]) -> bool {
    let mut to = 0;
    let mut moved = false;
    for from in 0..column.len() {
        let v = column[from];
        if v != EMPTY {
            if from != to {
                column[to] = v;
                column[from] = EMPTY;
                moved = true;
            }
            to += 1;
        }
    }
    moved
}

/// A `width` × `height` grid of small cell values (`EMPTY` or a colour),
/// column-major with a one-cell wall; rows count from the bottom.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    width: usize,
    height: usize,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid.
    pub fn new(width: usize, height: usize) -> Grid {
        let stride = height + 2;
        let mut cells = vec![WALL; (width + 2) * stride];
        for col in 0..width {
            let base = (col + 1) * stride + 1;
            cells[base..base + height].fill(EMPTY);
        }
        Grid {
            width,
            height,
            cells,
        }
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Distance between horizontally adjacent cells in [`Grid::raw`].
    #[inline]
    pub fn stride(&self) -> usize {
        self.height + 2
    }

    /// Index of (col, row) in [`Grid::raw`]; both 0-based, row 0 at the bottom.
    #[inline]
    pub fn index(&self, col: usize, row: usize) -> usize {
        debug_assert!(col < self.width && row < self.height);
        (col + 1) * self.stride() + row + 1
    }

    /// (col, row) of a raw index inside the grid.
    #[inline]
    pub fn cell_of(&self, index: usize) -> (usize, usize) {
        let stride = self.stride();
        (index / stride - 1, index % stride - 1)
    }

    /// All cells including the wall; neighbours of index `i` are `i ± 1`
    /// (down/up) and `i ± stride` (left/right).
    #[inline]
    pub fn raw(&self) -> &[u8] {
        &self.cells
    }

    /// The cell at (col, row).
    #[inline]
    pub fn get(&self, col: usize, row: usize) -> u8 {
        self.cells[self.index(col, row)]
    }

    /// Sets the cell at (col, row).
    #[inline]
    pub fn set(&mut self, col: usize, row: usize, value: u8) {
        let i = self.index(col, row);
        self.cells[i] = value;
    }

    /// Sets a cell by raw index (which must be inside the grid).
    #[inline]
    pub fn set_raw(&mut self, index: usize, value: u8) {
        debug_assert!(self.cells[index] != WALL);
        self.cells[index] = value;
    }

    /// Column `col`, bottom first.
    #[inline]
    pub fn column(&self, col: usize) -> &[u8] {
        let base = (col + 1) * self.stride() + 1;
        &self.cells[base..base + self.height]
    }

    /// Column `col`, bottom first, mutable.
    #[inline]
    pub fn column_mut(&mut self, col: usize) -> &mut [u8] {
        let base = (col + 1) * self.stride() + 1;
        let height = self.height;
        &mut self.cells[base..base + height]
    }

    /// Number of non-empty cells.
    pub fn count(&self) -> usize {
        (0..self.width)
            .map(|c| self.column(c).iter().filter(|&&v| v != EMPTY).count())
            .sum()
    }

    /// Lets the cells of one column fall (see [`settle_column`]). Returns
    /// whether anything moved.
    pub fn fall_column(&mut self, col: usize) -> bool {
        settle_column(self.column_mut(col))
    }

    /// Gravity on every column. Returns whether anything moved.
    pub fn fall(&mut self) -> bool {
        let mut moved = false;
        for col in 0..self.width {
            moved |= self.fall_column(col);
        }
        moved
    }

    /// Whether a column holds no cell (after gravity: its bottom is empty).
    pub fn column_is_empty(&self, col: usize) -> bool {
        self.column(col).iter().all(|&v| v == EMPTY)
    }

    /// Moves every non-empty column left over the empty ones, keeping their
    /// order; the freed columns on the right become empty. Returns whether any
    /// column moved.
    pub fn close_empty_columns(&mut self) -> bool {
        let stride = self.stride();
        let height = self.height;
        let mut to = 0;
        let mut moved = false;
        for from in 0..self.width {
            if self.column_is_empty(from) {
                continue;
            }
            if from != to {
                let src = (from + 1) * stride + 1;
                let dst = (to + 1) * stride + 1;
                self.cells.copy_within(src..src + height, dst);
                self.cells[src..src + height].fill(EMPTY);
                moved = true;
            }
            to += 1;
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid_of(columns: &[&[u8]], height: usize) -> Grid {
        let mut g = Grid::new(columns.len(), height);
        for (c, col) in columns.iter().enumerate() {
            for (r, &v) in col.iter().enumerate() {
                g.set(c, r, v);
            }
        }
        g
    }

    #[test]
    fn gravity_keeps_the_order_of_a_column() {
        let mut g = grid_of(&[&[0, 1, 0, 2, 3, 0]], 6);
        assert!(g.fall());
        assert_eq!(g.column(0), &[1, 2, 3, 0, 0, 0]);
        assert!(!g.fall(), "a settled column does not move");
    }

    #[test]
    fn empty_columns_close_to_the_left_keeping_order() {
        let mut g = grid_of(&[&[0, 0], &[1, 2], &[0, 0], &[3, 0], &[0, 0]], 2);
        assert!(g.close_empty_columns());
        assert_eq!(g.column(0), &[1, 2]);
        assert_eq!(g.column(1), &[3, 0]);
        assert!(g.column_is_empty(2) && g.column_is_empty(3) && g.column_is_empty(4));
        assert!(!g.close_empty_columns());
    }

    #[test]
    fn the_wall_surrounds_the_grid() {
        let g = Grid::new(3, 2);
        let i = g.index(0, 0);
        assert_eq!(g.raw()[i - 1], WALL);
        assert_eq!(g.raw()[i - g.stride()], WALL);
        let j = g.index(2, 1);
        assert_eq!(g.raw()[j + 1], WALL);
        assert_eq!(g.raw()[j + g.stride()], WALL);
        assert_eq!(g.cell_of(j), (2, 1));
    }
}
