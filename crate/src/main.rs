//! The `clearboard` command line; see `clearboard help`.

fn main() {
    if closed_stdout::was_closed() {
        // Rust's runtime opens /dev/null in place of a closed standard
        // descriptor before `main`, so that output written to it would be
        // lost without a word (`clearboard … >&-` exited 0).
        // A stderr that cannot be written loses the line, not the status
        // (`eprintln!` would panic).
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "clearboard: stdout: Bad file descriptor (os error 9): it is closed"
        );
        std::process::exit(2);
    }
    std::process::exit(clearboard::cli::run_os(std::env::args_os().skip(1)));
}

/// Whether stdout was closed when the program started (`>&-`), seen before
/// Rust's runtime replaces it: a constructor in `.init_array` runs after the
/// dynamic loader (whose files it had open are closed again) and before the
/// runtime's start.
#[cfg(target_os = "linux")]
mod closed_stdout {
    use std::sync::atomic::{AtomicBool, Ordering};

    static CLOSED: AtomicBool = AtomicBool::new(false);

    extern "C" {
        fn fcntl(fd: i32, cmd: i32, ...) -> i32;
    }

    /// `F_GETFD`: reads a descriptor's flags, failing (EBADF) when it is not open.
    const F_GETFD: i32 = 1;

    extern "C" fn check() {
        // SAFETY: F_GETFD only reads descriptor 1's flags; nothing is changed.
        if unsafe { fcntl(1, F_GETFD) } == -1 {
            CLOSED.store(true, Ordering::Relaxed);
        }
    }

    #[used]
    #[link_section = ".init_array"]
    static CHECK: extern "C" fn() = check;

    pub fn was_closed() -> bool {
        CLOSED.load(Ordering::Relaxed)
    }
}

/// Elsewhere a closed stdout is not told apart.
#[cfg(not(target_os = "linux"))]
mod closed_stdout {
    pub fn was_closed() -> bool {
        false
    }
}
