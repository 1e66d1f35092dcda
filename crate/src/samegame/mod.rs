//! Same Game: the board and its rules (clusters, removal, gravity, closing
//! columns, scoring), the POJ 1027 greedy strategy, a game with undo/redo,
//! the board text formats and the POJ 1027 judge.

mod bits;
mod board;
mod game;
mod greedy;
pub mod link;
mod packed;
pub mod poj;
mod rules;
mod small;
pub mod solver;

pub use bits::{BitBoard, BitCluster, Flood};
pub use board::{Board, Cell, Cluster, MoveError, Removal, COLOR_LETTERS, MAX_COLORS, MAX_SIDE};
pub use game::{Game, Played, SameGame};
pub use greedy::{greedy_choice, GreedyChoice, Labeller, TieBreak};
pub use packed::{PackedBoard, PackedScan};
pub use rules::{Leftover, Points, Rules};
pub use small::{SmallBoard, SMALL_SIDE};
