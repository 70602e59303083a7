//! `cargo run -p xtask -- gen-tables`: rewrites the generated tables.

#![forbid(unsafe_code)]

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args != ["gen-tables"] {
        eprintln!("usage: cargo run -p xtask -- gen-tables");
        return ExitCode::FAILURE;
    }
    match xtask::generated_files() {
        Ok(files) => {
            let root = xtask::workspace_root();
            for (path, contents) in files {
                if let Err(e) = std::fs::write(root.join(path), contents) {
                    eprintln!("xtask: {path}: {e}");
                    return ExitCode::FAILURE;
                }
                println!("wrote {path}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}
