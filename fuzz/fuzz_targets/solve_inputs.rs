#![no_main]
//! Fuzz target: see clearboard::fuzzing::solve_inputs.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = clearboard::fuzzing::solve_inputs(data);
});
