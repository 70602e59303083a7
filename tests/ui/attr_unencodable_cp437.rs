// The attribute reports characters a DOS page lacks as the macros do.
#[litenc::encoded("cp437")]
static TEXT: [u8; _] = "Grüße ░▒▓ 5 €";

fn main() {}
