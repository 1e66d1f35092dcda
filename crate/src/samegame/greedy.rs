//! Flood fill over the walled grid, and the POJ 1027 greedy strategy: the
//! largest cluster; among equal sizes the leftmost ball; among those the
//! bottommost — taken over all tied clusters, not the first a scan meets.

use crate::grid::{Grid, EMPTY};

use super::board::{Board, Cell};

/// Reusable buffers for flood fills: a visit stamp per cell (so nothing is
/// cleared between fills) and a stack.
#[derive(Default, Clone, Debug)]
pub struct Labeller {
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<usize>,
    cells: Vec<usize>,
}

impl Labeller {
    /// Starts a labelling of `grid`: every cell becomes unseen.
    pub fn begin(&mut self, grid: &Grid) {
        let n = grid.raw().len();
        if self.seen.len() < n {
            self.seen.resize(n, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
    }

    /// Whether the raw index `i` was reached since [`Labeller::begin`].
    #[inline]
    pub fn seen(&self, i: usize) -> bool {
        self.seen[i] == self.stamp
    }

    /// Fills the cluster holding raw index `start` (a ball not yet seen),
    /// marks it seen and returns its size; with `collect`, its raw indices
    /// are then in [`Labeller::cells`].
    pub fn flood(&mut self, grid: &Grid, start: usize, collect: bool) -> usize {
        let raw = grid.raw();
        let stride = grid.stride();
        let color = raw[start];
        debug_assert!(color != EMPTY);
        let stamp = self.stamp;
        self.cells.clear();
        self.stack.clear();
        self.stack.push(start);
        self.seen[start] = stamp;
        let mut size = 0;
        while let Some(i) = self.stack.pop() {
            size += 1;
            if collect {
                self.cells.push(i);
            }
            for n in [i - 1, i + 1, i - stride, i + stride] {
                if raw[n] == color && self.seen[n] != stamp {
                    self.seen[n] = stamp;
                    self.stack.push(n);
                }
            }
        }
        size
    }

    /// Raw indices of the last collected fill.
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }
}

/// Which rule decided the greedy choice among clusters of the largest size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// One cluster alone has the largest size.
    Unique,
    /// Several tie; one of them alone reaches furthest left.
    LeftmostColumn,
    /// Several tie and reach the same leftmost column; the bottommost ball
    /// in it decided.
    BottommostBall,
}

/// The greedy strategy's move, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GreedyChoice {
    /// The ball reported and clicked: the bottommost ball in the leftmost
    /// column over all largest clusters.
    pub anchor: Cell,
    /// The cluster's size.
    pub size: usize,
    /// The cluster's colour.
    pub color: u8,
    /// How many clusters have that size.
    pub ties: usize,
    /// The rule that decided.
    pub decided_by: TieBreak,
}

/// The POJ 1027 greedy move, or `None` when the game is over.
///
/// Columns are scanned left to right and each column bottom up, so the first
/// ball of a cluster the scan meets is its anchor (bottommost in its leftmost
/// column), and the first largest cluster met is the one the rule picks.
pub fn greedy_choice(board: &Board, labeller: &mut Labeller) -> Option<GreedyChoice> {
    let grid = board.grid();
    labeller.begin(grid);
    let raw = grid.raw();
    let stride = grid.stride();
    let height = grid.height();
    let mut best: Option<GreedyChoice> = None;
    let mut same_column = 0;
    for col in 0..grid.width() {
        let base = grid.index(col, 0);
        if raw[base] == EMPTY {
            break;
        }
        for i in base..base + height {
            if raw[i] == EMPTY {
                break;
            }
            if labeller.seen(i) {
                continue;
            }
            // A ball with no same-coloured neighbour is a cluster of one.
            let v = raw[i];
            if raw[i - 1] != v && raw[i + 1] != v && raw[i - stride] != v && raw[i + stride] != v {
                continue;
            }
            let size = labeller.flood(grid, i, false);
            match &mut best {
                Some(b) if size < b.size => {}
                Some(b) if size == b.size => {
                    b.ties += 1;
                    if b.anchor.col as usize == col {
                        same_column += 1;
                    }
                }
                _ => {
                    best = Some(GreedyChoice {
                        anchor: Cell::new(col, i - base),
                        size,
                        color: v,
                        ties: 1,
                        decided_by: TieBreak::Unique,
                    });
                    same_column = 1;
                }
            }
        }
    }
    best.map(|mut b| {
        b.decided_by = if b.ties == 1 {
            TieBreak::Unique
        } else if same_column == 1 {
            TieBreak::LeftmostColumn
        } else {
            TieBreak::BottommostBall
        };
        b
    })
}
