// The euro sign is not in IBM037 (EBCDIC US/Canada); IBM1140 has it.
static RECORD: [u8; 9] = litenc::encode!("ibm037", "Total: 5€");

fn main() {
    let _ = RECORD;
}
