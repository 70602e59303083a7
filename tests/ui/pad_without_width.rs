// `pad` alone: there is nothing to pad to.
const NAME: [u8; 2] = litenc::utf8!("ab", pad = 0);

fn main() {}
