// `env!` of a variable that is not set.
const BAD: [u8; 3] = litenc::utf8!(env!("LITENC_SURELY_NOT_SET_ANYWHERE"));

fn main() {}
