//! Same Game: the board and its rules (clusters, removal, gravity, closing
//! columns, scoring), the POJ 1027 greedy strategy, a game with undo/redo,
//! the board text formats and the POJ 1027 judge.
//!
//! A position has four representations, one trait ([`SameGameBoard`]):
//! [`Board`] (the general grid, the reference), [`BitBoard`] (a 64-bit
//! mask per colour per column, every size), [`SmallBoard`] (256-bit colour
//! masks, up to 16 × 16, the solver's) and [`PackedBoard`] (one word per
//! column, the POJ 1027 judge's 15 × 10 three-colour engine).

mod bits;
mod board;
mod columns;
mod game;
mod greedy;
pub mod link;
mod packed;
pub mod poj;
mod repr;
mod rules;
mod small;
pub mod solver;

pub use bits::{BitBoard, Flood};
pub use board::{Board, Cell, Cluster, MoveError, Removal, COLOR_LETTERS, MAX_COLORS, MAX_SIDE};
pub use game::{Game, Played, SameGame};
pub use greedy::{greedy_choice, GreedyChoice, Labeller, TieBreak};
pub use packed::{PackedBoard, PackedScan};
pub use repr::SameGameBoard;
pub use rules::{Leftover, Points, Rules};
pub use small::{SmallBoard, SMALL_SIDE};
