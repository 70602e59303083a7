// Nothing before the dot (only . and .. start with one).
const NAME: [u8; 11] = litenc::fat_name!(".profile");

fn main() {}
