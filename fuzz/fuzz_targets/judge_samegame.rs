#![no_main]
//! Fuzz target: see clearboard::fuzzing::judge_samegame.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = clearboard::fuzzing::judge_samegame(data);
});
