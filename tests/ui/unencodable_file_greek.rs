// Characters ISO-8859-7 lacks, in a file; the page leaves three bytes
// undefined, and the help counts only the characters it holds.
static BAD: &[u8] = &litenc::include_encoded!("iso-8859-7", "data/greek.txt");

fn main() {}
