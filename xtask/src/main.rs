//! `cargo run -p xtask -- gen-tables`: rewrites the generated tables.

#![forbid(unsafe_code)]

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args != ["gen-tables"] {
        eprintln!("usage: {}", xtask::GEN_COMMAND);
        return ExitCode::FAILURE;
    }
    let files = match xtask::generated_files() {
        Ok(files) => files,
        Err(e) => {
            eprintln!("xtask: {e}");
            return ExitCode::FAILURE;
        }
    };
    let root = xtask::workspace_root();
    for (path, contents) in files {
        let path = root.join(path);
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, contents));
        if let Err(e) = written {
            eprintln!("xtask: {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        println!("wrote {}", path.display());
    }
    ExitCode::SUCCESS
}
