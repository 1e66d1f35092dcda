//! Runs the `clearboard` binary for the command-line tests.

use std::io::Write;
use std::process::{Command, Stdio};

/// What a run printed and how it ended.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// Runs `clearboard ARGS` with `input` on stdin.
pub fn clearboard(args: &[&str], input: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_clearboard"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("clearboard starts");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("clearboard ends");
    writer.join().unwrap();
    Run {
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
        code: out.status.code().expect("an exit code, not a signal"),
    }
}

/// Asserts that `input` is rejected: exit status 2, nothing on stdout, one
/// line on stderr containing `line N` (when given) and `what`.
#[allow(dead_code)]
pub fn assert_rejected(args: &[&str], input: &str, line: Option<usize>, what: &str) {
    let run = clearboard(args, input.as_bytes());
    assert_eq!(
        run.code, 2,
        "exit status for {:?}: stderr {:?}",
        input, run.stderr
    );
    assert_eq!(run.stdout, "", "nothing on stdout for {:?}", input);
    assert_eq!(
        run.stderr.lines().count(),
        1,
        "one line on stderr: {:?}",
        run.stderr
    );
    if let Some(n) = line {
        assert!(
            run.stderr.contains(&format!("line {}:", n)),
            "stderr {:?} names line {}",
            run.stderr,
            n
        );
    }
    assert!(
        run.stderr.contains(what),
        "stderr {:?} says {:?}",
        run.stderr,
        what
    );
    assert!(
        !run.stderr.contains("panicked"),
        "no panic: {:?}",
        run.stderr
    );
}
