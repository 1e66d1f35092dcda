//! clearboard: engines for four tile puzzles — Same Game, the path-connect
//! query (mahjong / POJ 1101), 连连看 (Lianliankan) and the Mayan puzzle —
//! as plain Rust, with thin adapters for WebAssembly and the command line.
//!
//! Every rule lives in the engine modules; nothing in them imports
//! wasm-bindgen or web-sys.

pub mod bitrun;
pub mod budget;
#[cfg(feature = "cli")]
pub mod cli;
pub mod connect;
mod cpu;
pub mod game;
pub mod grid;
pub mod link;
pub mod mayan;
pub mod rng;
pub mod samegame;
pub mod text;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
