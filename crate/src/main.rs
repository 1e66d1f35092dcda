//! The `clearboard` command line; see `clearboard help`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(clearboard::cli::run(&args));
}
