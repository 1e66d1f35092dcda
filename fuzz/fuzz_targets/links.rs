#![no_main]
//! Fuzz target: see clearboard::fuzzing::links.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = clearboard::fuzzing::links(data);
});
