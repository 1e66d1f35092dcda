//! Replays every committed fuzz corpus input (`fuzz/corpus/<target>/`)
//! through the fuzz targets' bodies: a regression test of everything the
//! fuzzers found interesting, fast and without libFuzzer.

use std::path::PathBuf;

#[test]
fn every_corpus_input_runs_without_a_panic() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus");
    for (name, run) in clearboard::fuzzing::TARGETS {
        let dir = root.join(name);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {}", dir.display(), e))
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert!(
            files.len() >= 5,
            "{}: a committed corpus of at least 5 inputs ({} found)",
            name,
            files.len()
        );
        let deep = files
            .iter()
            .filter(|f| run(&std::fs::read(f).unwrap()))
            .count();
        // A share of every corpus gets past parsing to the checks that
        // follow (a corpus rejected at the door would test only the door).
        eprintln!("{}: {} of {} inputs past parsing", name, deep, files.len());
        assert!(
            deep * 10 >= files.len(),
            "{}: only {} of {} inputs got past parsing (at least a tenth must)",
            name,
            deep,
            files.len()
        );
    }
}
