//! The `clearboard` command line; see `clearboard help`.

fn main() {
    std::process::exit(clearboard::cli::run_os(std::env::args_os().skip(1)));
}
