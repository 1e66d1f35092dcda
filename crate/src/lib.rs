//! clearboard: engines for four tile puzzles — Same Game, the path-connect
//! query (mahjong / POJ 1101), 连连看 (Lianliankan) and the Mayan puzzle —
//! as plain Rust, with thin adapters for WebAssembly and the command line.
//!
//! Every rule lives in the engine modules; nothing in them imports
//! wasm-bindgen or web-sys.
//!
//! # One shape for every game
//!
//! Each game module follows [`game::Puzzle`]: a position type, a move type
//! (plain data), `moves(position)` — the legal moves in the order the
//! module states (Same Game: one cell per cluster, leftmost column first,
//! bottom first; Mayan: by x, then y, then right before left; 连连看: pairs
//! in reading order) — `play`
//! (the next position and a record of what the move did) and `is_over`.
//! [`game::History`] keeps a game being played (undo, redo, restart, the
//! move list) and every game's wasm class is built on it. Every search
//! takes a [`budget::Budget`] (a time limit, a node limit or both). A link
//! of any game goes through [`link::Link`], which reads `game=` and hands
//! the rest to the game's own parser.
//!
//! # One coordinate convention
//!
//! What crosses into JavaScript is 0-based, the **column from the left and
//! the row from the bottom**, for Same Game and the Mayan puzzle. Formats
//! that count otherwise are converted where they are read or written: POJ
//! 1027 prints 1-based (row, column); NOIP's Mayan input lists columns
//! bottom first with 0-based x and y, as the page does. The exception is
//! the path-connect family: mahjong, POJ 1101 and 连连看 count rows **from
//! the top** (the problems do, and so does [`connect::Pos`]), and
//! `LianliankanApp` keeps that at the wasm edge, as its issue asks.

pub mod bitrun;
pub mod budget;
#[cfg(feature = "cli")]
pub mod cli;
pub mod connect;
mod cpu;
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod fuzzing;
pub mod game;
pub mod grid;
pub mod lianliankan;
pub mod link;
pub mod mayan;
pub mod rng;
pub mod samegame;
pub mod text;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
