// All offending characters of the text in one error: the first five, then a
// count; the span is the literal that holds the first.
const BAD: [u8; 40] = litenc::cp1251!(
    "Привет, ",
    "Grüße aus Köln 😀 ☃ 中文 and more ä ö ü",
);

fn main() {}
