//! The input and output every size program shares, so that the programs
//! differ only in the conversions they link.

use std::io::{Read, Write};

/// Standard input, whole.
#[must_use]
pub fn input() -> Vec<u8> {
    let mut v = Vec::new();
    if std::io::stdin().read_to_end(&mut v).is_err() {
        std::process::exit(2);
    }
    v
}

/// Writes `bytes` to standard output, each part on a line of its own.
pub fn output(parts: &[&[u8]]) {
    let mut out = std::io::stdout().lock();
    for p in parts {
        if out
            .write_all(p)
            .and_then(|()| out.write_all(b"\n"))
            .is_err()
        {
            std::process::exit(2);
        }
    }
}

/// Ends the program on a conversion error, without linking the error's
/// formatting.
pub fn fail() -> ! {
    std::process::exit(1)
}
