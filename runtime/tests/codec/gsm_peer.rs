//! GSM 03.38 against Perl's `Encode::GSM0338` (in Perl's core), exhaustively:
//! each of the 256 bytes alone, the escape before each of the 256 bytes,
//! and each of the 1,112,064 scalar values encoded; and random texts of the
//! alphabet both ways. The one difference (Perl reads an escape before a
//! code the extension table leaves empty, and the escapes before it, as one
//! U+FFFD; litenc as TS 23.038 says) is checked to be exactly that, and is
//! listed in `CONFORMANCE.md`. Without `perl` the test fails, saying so.

use std::io::Write as _;
use std::process::{Command, Stdio};

use litenc_runtime::gsm0338;

/// Runs `script` with `input` on stdin, returns stdout.
fn perl(script: &str, input: &[u8]) -> Vec<u8> {
    let mut child = Command::new("perl")
        .args(["-MEncode", "-e", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("perl with Encode::GSM0338 (Debian: `apt-get install perl`)");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input).unwrap());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success(), "perl failed");
    out.stdout
}

/// Perl's strict decoding of each line of hex bytes: the scalar values in
/// hex, or `ERR`.
fn perl_decode_lines(inputs: &[Vec<u8>]) -> Vec<String> {
    let text: String = inputs.iter().map(|b| hex(b) + "\n").collect();
    let out = perl(
        r#"binmode STDOUT; while (<STDIN>) { chomp; my $b = pack("H*", $_);
           my $s = eval { decode("gsm0338", $b, Encode::FB_CROAK) };
           print defined $s ? join(" ", map { sprintf "%04X", ord } split //, $s) : "ERR", "\n" }"#,
        text.as_bytes(),
    );
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

fn hex(b: &[u8]) -> String {
    use std::fmt::Write as _;
    b.iter().fold(String::new(), |mut s, x| {
        let _ = write!(s, "{x:02x}");
        s
    })
}

fn ours_decode(b: &[u8]) -> String {
    match gsm0338::decode(b) {
        Ok(s) => s
            .chars()
            .map(|c| format!("{:04X}", c as u32))
            .collect::<Vec<_>>()
            .join(" "),
        Err(_) => "ERR".to_owned(),
    }
}

#[test]
fn every_byte_alone() {
    let inputs: Vec<Vec<u8>> = (0..=255u8).map(|b| vec![b]).collect();
    let theirs = perl_decode_lines(&inputs);
    for (b, t) in inputs.iter().zip(&theirs) {
        assert_eq!(&ours_decode(b), t, "byte {:02X}", b[0]);
    }
    // 0x00..=0x7F but the escape decode; the escape alone is truncated.
    assert_eq!(theirs.iter().filter(|t| *t != "ERR").count(), 127);
    let e = gsm0338::validate(b"\x1B").unwrap_err();
    assert_eq!((e.valid_up_to(), e.error_len()), (0, None));
}

#[test]
fn escape_before_every_byte() {
    let inputs: Vec<Vec<u8>> = (0..=255u8).map(|b| vec![0x1B, b]).collect();
    let theirs = perl_decode_lines(&inputs);
    let mut extension = 0;
    for (b, t) in inputs.iter().zip(&theirs) {
        let ours = ours_decode(b);
        if t == "ERR" {
            // The documented split: Perl fails the pair; strictly, litenc
            // fails at the escape, one byte, and lossy shows the code's
            // default character (a space for `1B 1B`).
            assert_eq!(ours, "ERR");
            let e = gsm0338::validate(b).unwrap_err();
            assert_eq!((e.valid_up_to(), e.error_len()), (0, Some(1)), "{b:02X?}");
            let lossy = gsm0338::decode_lossy(b);
            let want = match b[1] {
                0x1B => " ".to_owned(),
                c @ 0..=0x7F => gsm0338::decode(&[c]).unwrap(),
                _ => "\u{FFFD}\u{FFFD}".to_owned(),
            };
            assert_eq!(lossy, want, "{b:02X?}");
        } else {
            extension += 1;
            assert_eq!(&ours, t, "{b:02X?}");
        }
    }
    assert_eq!(extension, 10);
}

#[test]
fn every_scalar_value() {
    // Perl encodes every scalar value with a callback that writes `FF`
    // (never a septet) for each it cannot.
    let chars: Vec<char> = (0..=0x10_FFFFu32).filter_map(char::from_u32).collect();
    assert_eq!(chars.len(), 1_112_064);
    // In lines of 256 code points, in hex: Perl's encoder takes its input
    // apart one character at a time, which on one long string is
    // quadratic.
    let input: String = chars
        .chunks(256)
        .map(|c| {
            c.iter()
                .map(|&ch| format!("{:x}", ch as u32))
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    let theirs = perl(
        r#"binmode STDOUT; while (<STDIN>) { my $s = join "", map { chr hex } split;
           print encode("gsm0338", $s, sub { "\xFF" }) }"#,
        input.as_bytes(),
    );
    let mut i = 0;
    let mut encodable = 0;
    for &ch in &chars {
        let (want, len): (Option<&[u8]>, usize) = match theirs[i] {
            0xFF => (None, 1),
            0x1B => (Some(&theirs[i..i + 2]), 2),
            _ => (Some(&theirs[i..=i]), 1),
        };
        i += len;
        let mut buf = [0u8; 4];
        let ours = gsm0338::encode_into(ch.encode_utf8(&mut [0; 4]), &mut buf).ok();
        assert_eq!(ours.map(|n| &buf[..n]), want, "U+{:04X}", ch as u32);
        encodable += usize::from(want.is_some());
    }
    assert_eq!(i, theirs.len());
    // 127 of the default table and 10 of the extension table.
    assert_eq!(encodable, 137);
}

#[test]
fn random_texts_both_ways() {
    let alphabet: Vec<char> = (0..=0x10_FFFFu32)
        .filter_map(char::from_u32)
        .filter(|&c| gsm0338::encoded_len(c.encode_utf8(&mut [0; 4])).is_ok())
        .collect();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let texts: Vec<String> = (0..2000)
        .map(|_| {
            let n = (next() % 64) as usize;
            (0..n)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect()
        })
        .collect();
    let input: String = texts
        .iter()
        .map(|t| hex(&gsm0338::encode(t).unwrap()) + "\n")
        .collect();
    // Perl decodes each line strictly, encodes it back, and prints whether
    // that gave the same septets, then the UTF-8 of its decoding, in hex.
    let out = perl(
        r#"while (<STDIN>) { chomp; my $b = pack("H*", $_);
           my $s = decode("gsm0338", $b, Encode::FB_CROAK);
           print unpack("H*", encode("gsm0338", $s, Encode::FB_CROAK | Encode::LEAVE_SRC)) eq $_ ? "same " : "other ",
                 unpack("H*", Encode::encode("UTF-8", $s)), "\n" }"#,
        input.as_bytes(),
    );
    let out = String::from_utf8(out).unwrap();
    for (text, line) in texts.iter().zip(out.lines()) {
        let (flag, theirs) = line.split_once(' ').unwrap();
        assert_eq!(flag, "same", "{text:?}");
        assert_eq!(theirs, hex(text.as_bytes()), "{text:?}");
        assert_eq!(
            gsm0338::decode(&gsm0338::encode(text).unwrap()).unwrap(),
            *text
        );
    }
    assert_eq!(out.lines().count(), texts.len());
}

#[test]
fn packing_against_the_standard() {
    // TS 23.038 §6.1.2.1.1's example.
    let mut out = [0u8; 9];
    assert_eq!(gsm0338::pack_into(b"hellohello", &mut out), Ok(9));
    assert_eq!(out, [0xE8, 0x32, 0x9B, 0xFD, 0x46, 0x97, 0xD9, 0xEC, 0x37]);
    // Every length 0..=40 of random septets round-trips, into exactly
    // `packed_len` octets, with every spare bit zero.
    let mut seed = 7u32;
    for n in 0..=40 {
        let septets: Vec<u8> = (0..n)
            .map(|_| {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                (seed >> 16) as u8 & 0x7F
            })
            .collect();
        let len = gsm0338::packed_len(n);
        assert_eq!(len, (7 * n).div_ceil(8));
        let mut packed = vec![0xAAu8; len + 2];
        assert_eq!(gsm0338::pack_into(&septets, &mut packed), Ok(len));
        assert_eq!(&packed[len..], [0xAA, 0xAA], "wrote past the end");
        if n % 8 != 0 {
            assert_eq!(packed[len - 1] >> ((7 * n) % 8), 0, "spare bits");
        }
        let mut back = vec![0u8; n];
        assert_eq!(gsm0338::unpack_into(&packed[..len], n, &mut back), Ok(n));
        assert_eq!(back, septets);
        assert!(
            gsm0338::pack_into(&septets, &mut packed[..len.saturating_sub(1)]).is_err() || len == 0
        );
    }
    assert_eq!(
        gsm0338::pack_into(b"a\x80", &mut [0; 4]),
        Err(gsm0338::PackError::NotASeptet { offset: 1 })
    );
    assert_eq!(
        gsm0338::unpack_into(&[0; 6], 7, &mut [0; 7]),
        Err(gsm0338::PackError::TooFewOctets {
            septets: 7,
            octets: 6
        })
    );
}

#[test]
fn stream_cut_after_the_escape() {
    use litenc_runtime::Encoding;
    use litenc_runtime::stream::Decoder;
    let bytes = gsm0338::encode("a€b{c}").unwrap();
    for cut in 0..=bytes.len() {
        for lossy in [false, true] {
            let mut d = Decoder::new(Encoding::Gsm0338);
            let mut out = [0u8; 64];
            let (n, m) = if lossy {
                let (_, _, n, _) = d.decode_lossy(&bytes[..cut], &mut out, false);
                let (_, _, m, _) = d.decode_lossy(&bytes[cut..], &mut out[n..], true);
                (n, m)
            } else {
                let (_, _, n) = d.decode(&bytes[..cut], &mut out, false);
                let (_, _, m) = d.decode(&bytes[cut..], &mut out[n..], true);
                (n, m)
            };
            assert_eq!(
                core::str::from_utf8(&out[..n + m]),
                Ok("a€b{c}"),
                "cut {cut}"
            );
        }
    }
    // Lossy, an escape before an empty code cut between pieces.
    let mut d = Decoder::new(Encoding::Gsm0338);
    let mut out = [0u8; 16];
    let (_, _, n, _) = d.decode_lossy(b"x\x1B", &mut out, false);
    let (_, _, m, _) = d.decode_lossy(b"\x41\x1B", &mut out[n..], true);
    assert_eq!(core::str::from_utf8(&out[..n + m]), Ok("xA\u{FFFD}"));
}
