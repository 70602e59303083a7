//! `io::DecodeReader` and `io::EncodeWriter` against `encoding_rs_io`'s
//! `DecodeReaderBytes` and encoding_rs's coders, on real text: the man
//! pages of this machine (Russian, Ukrainian, German, French, Polish,
//! Turkish, Japanese, Chinese, Korean, as installed), each in the encodings
//! of its script, UTF-8 and UTF-16LE/BE, as is and with ill-formed bytes
//! put in.
//!
//! The inner reader returns pieces of every size from 1 to 9 bytes and of
//! random sizes, and `Interrupted` between pieces; the reads ask for
//! buffers of the same sizes. The writer gets the text in pieces of those
//! sizes, cut inside characters, and through `fmt::Write`.

use std::io::{self, BufRead, Read, Write};
use std::path::PathBuf;
use std::process::Command;

use encoding_rs_io::DecodeReaderBytesBuilder;
use litenc_runtime::io::{DecodeReader, EncodeWriter};
use litenc_runtime::{DecodeError, EncodeError, Encoding, Unmappable};

/// A small xorshift generator, fixed seeds.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Piece sizes: one fixed size, or random ones from 1 to 300.
#[derive(Clone, Copy, Debug)]
enum Sizes {
    Fixed(usize),
    Random(u64),
}

impl Sizes {
    fn all() -> Vec<Sizes> {
        let mut v: Vec<Sizes> = (1..=9).map(Sizes::Fixed).collect();
        v.extend([Sizes::Random(0x9E37_79B9), Sizes::Random(0x1234_5678_9ABC)]);
        v
    }

    fn source(self) -> impl FnMut() -> usize {
        let mut rng = Rng(match self {
            Sizes::Fixed(_) => 1,
            Sizes::Random(seed) => seed,
        });
        move || match self {
            Sizes::Fixed(k) => k,
            Sizes::Random(_) => 1 + rng.below(300),
        }
    }
}

/// A reader that returns short pieces, and `Interrupted` before every
/// third one.
struct Pieces<'a, F> {
    data: &'a [u8],
    size: F,
    calls: usize,
    interrupt: bool,
}

impl<F: FnMut() -> usize> Read for Pieces<'_, F> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.calls += 1;
        if self.interrupt && self.calls.is_multiple_of(3) {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let n = (self.size)().min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn pieces(data: &[u8], sizes: Sizes) -> Pieces<'_, impl FnMut() -> usize> {
    Pieces {
        data,
        size: sizes.source(),
        calls: 0,
        interrupt: true,
    }
}

/// Reads all of `r` into buffers of the sizes `sizes` gives, retrying on
/// `Interrupted`; the bytes and the error that ended it, if any.
fn read_all(r: &mut impl Read, sizes: Sizes) -> (Vec<u8>, Option<io::Error>) {
    let mut size = sizes.source();
    let mut out = Vec::new();
    let mut buf = vec![0u8; 4096];
    loop {
        let k = size();
        match r.read(&mut buf[..k]) {
            Ok(0) => return (out, None),
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return (out, Some(e)),
        }
    }
}

/// Up to `n` man pages in `lang`, decompressed, that are UTF-8.
fn pages(lang: &str, n: usize) -> Vec<(String, String)> {
    let mut paths: Vec<PathBuf> = ["man1", "man5", "man8"]
        .iter()
        .filter_map(|sec| std::fs::read_dir(format!("/usr/share/man/{lang}/{sec}")).ok())
        .flatten()
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "gz"))
        .collect();
    paths.sort();
    paths
        .iter()
        .take(n)
        .filter_map(|page| {
            let out = Command::new("gzip").arg("-dc").arg(page).output().ok()?;
            let text = String::from_utf8(out.stdout).ok()?;
            Some((page.display().to_string(), text))
        })
        .collect()
}

/// The texts and the encodings each is compared in.
fn corpus() -> Vec<(String, String, Vec<Encoding>)> {
    use Encoding as E;
    let sets: [(&str, &[Encoding]); 10] = [
        ("ru", &[E::Windows1251, E::Koi8R, E::Ibm866]),
        ("uk", &[E::Windows1251, E::Koi8U]),
        ("de", &[E::Windows1252]),
        ("fr", &[E::Windows1252]),
        ("pl", &[E::Iso8859_2, E::Windows1250]),
        ("tr", &[E::Windows1254]),
        ("ja", &[E::ShiftJis, E::EucJp, E::Iso2022Jp]),
        ("zh_CN", &[E::Gbk, E::Gb18030]),
        ("zh_TW", &[E::Big5]),
        ("ko", &[E::EucKr]),
    ];
    let mut out = Vec::new();
    for (lang, encs) in sets {
        for (name, text) in pages(lang, 2) {
            let mut all = vec![E::Utf8, E::Utf16Le, E::Utf16Be];
            all.extend_from_slice(encs);
            out.push((name, text, all));
        }
    }
    assert!(
        out.len() >= 6,
        "fewer than 6 man pages under /usr/share/man/<lang>: the tests compare on real text \
         (Debian: the manpages-<lang> packages, or man-db's and psmisc's translations)"
    );
    out
}

fn peer(enc: Encoding) -> &'static encoding_rs::Encoding {
    encoding_rs::Encoding::for_label(enc.name().as_bytes()).unwrap()
}

/// The bytes of `text` in `enc`, characters it cannot hold as `&#NNNN;`.
fn bytes_of(text: &str, enc: Encoding) -> Vec<u8> {
    match enc {
        Encoding::Utf16Le => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        Encoding::Utf16Be => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        _ => peer(enc).encode(text).0.into_owned(),
    }
}

/// `bytes` with ill-formed or unmapped bytes put in every 997 bytes.
fn damaged(bytes: &[u8], enc: Encoding) -> Vec<u8> {
    let bad: &[&[u8]] = match enc.unit_size() {
        2 => &[b"\x00\xD8", b"\x00\xDC", b"\x3D"],
        _ => &[b"\xFF", b"\x80", b"\xC3", b"\xE2\x82", b"\x1B$"],
    };
    let mut out = Vec::new();
    for (i, chunk) in bytes.chunks(997).enumerate() {
        out.extend_from_slice(chunk);
        out.extend_from_slice(bad[i % bad.len()]);
    }
    out
}

/// What `encoding_rs_io`'s `DecodeReaderBytes` reads from `bytes` through
/// the same pieces (without `Interrupted`, after which it can lose the
/// end of a stream cut inside a character).
fn peer_read(bytes: &[u8], enc: Encoding, sizes: Sizes) -> Vec<u8> {
    let mut inner = pieces(bytes, sizes);
    inner.interrupt = false;
    let mut r = DecodeReaderBytesBuilder::new()
        .encoding(Some(peer(enc)))
        .bom_sniffing(false)
        .build(inner);
    let (out, err) = read_all(&mut r, sizes);
    assert!(err.is_none());
    out
}

#[test]
fn lossy_reader_reads_what_decode_reader_bytes_reads() {
    let mut runs = 0;
    for (name, text, encs) in corpus() {
        for &enc in &encs {
            let clean = bytes_of(&text, enc);
            for bytes in [clean.clone(), damaged(&clean, enc)] {
                let want = peer_read(&bytes, enc, Sizes::Fixed(4096));
                let ours = enc.decode_lossy(&bytes);
                let at = want.iter().zip(ours.as_bytes()).position(|(a, b)| a != b);
                assert!(
                    want == ours.as_bytes(),
                    "{name} {enc}: decode_lossy differs at {at:?} ({} / {} bytes): {:?} / {:?}",
                    want.len(),
                    ours.len(),
                    String::from_utf8_lossy(&want[want.len() - 20..]),
                    &ours[ours.len() - 20..],
                );
                for sizes in Sizes::all() {
                    let mut r = DecodeReader::lossy(pieces(&bytes, sizes), enc);
                    let (got, err) = read_all(&mut r, sizes);
                    assert!(err.is_none(), "{name} {enc} {sizes:?}: {err:?}");
                    assert!(
                        got == want,
                        "{name} {enc} {sizes:?}: {} bytes, peer {}",
                        got.len(),
                        want.len()
                    );
                    let theirs = peer_read(&bytes, enc, sizes);
                    // encoding_rs_io 0.1.8, fed pieces of 1 or 2 bytes of
                    // a stream that ends inside a character, loses 1 or 2
                    // bytes of the final U+FFFD (its output is then not
                    // UTF-8); everywhere else it reads what litenc reads.
                    let lost_end = want.ends_with("\u{FFFD}".as_bytes())
                        && want.starts_with(&theirs)
                        && want.len() - theirs.len() < 3;
                    assert!(got == theirs || lost_end, "{name} {enc} {sizes:?}");
                    runs += 1;
                }
            }
        }
    }
    eprintln!("{runs} lossy reads compared with encoding_rs_io");
}

/// The strict reader delivers the text up to the first ill-formed
/// sequence (what encoding_rs decodes of the bytes before it), then fails
/// with its offset, after which encoding_rs too finds the input
/// ill-formed; reading on skips it.
#[test]
fn strict_reader_stops_where_encoding_rs_finds_an_error() {
    let mut errors = 0;
    for (name, text, encs) in corpus() {
        for &enc in &encs {
            let clean = bytes_of(&text, enc);
            let rs = |b: &[u8]| {
                peer(enc)
                    .decode_without_bom_handling_and_without_replacement(b)
                    .map(std::borrow::Cow::into_owned)
            };
            for sizes in Sizes::all() {
                let mut r = DecodeReader::new(pieces(&clean, sizes), enc);
                let (got, err) = read_all(&mut r, sizes);
                assert!(err.is_none(), "{name} {enc} {sizes:?}: {err:?}");
                assert_eq!(Some(got), rs(&clean).map(String::into_bytes));
            }
            let bytes = damaged(&clean, enc);
            for sizes in Sizes::all() {
                let mut r = DecodeReader::new(pieces(&bytes, sizes), enc);
                let (mut got, mut err) = read_all(&mut r, sizes);
                let mut delivered = 0;
                while let Some(e) = err {
                    assert_eq!(e.kind(), io::ErrorKind::InvalidData);
                    let d = *e.get_ref().unwrap().downcast_ref::<DecodeError>().unwrap();
                    let at = d.valid_up_to();
                    assert!(at >= delivered, "{name} {enc} {sizes:?}");
                    // Everything before it was delivered, and is what
                    // encoding_rs decodes from the start to there; with the
                    // sequence, encoding_rs fails too.
                    if delivered == 0 {
                        assert_eq!(Some(got.clone()), rs(&bytes[..at]).map(String::into_bytes));
                    }
                    let end = d.error_len().map_or(bytes.len(), |n| at + n);
                    assert_eq!(rs(&bytes[..end]), None, "{name} {enc} {sizes:?} at {at}");
                    delivered = end;
                    errors += 1;
                    let (more, e2) = read_all(&mut r, sizes);
                    got.extend_from_slice(&more);
                    err = e2;
                }
                // Reading on after each error skips the bad bytes.
                assert_eq!(delivered > 0, rs(&bytes).is_none(), "{name} {enc}");
            }
        }
    }
    eprintln!("{errors} errors compared with encoding_rs");
}

#[test]
fn bufread_lines_and_bom_sniffing_as_encoding_rs_io() {
    for (name, text, encs) in corpus() {
        for &enc in &encs {
            let bytes = bytes_of(&text, enc);
            let want: Vec<String> = text.lines().map(str::to_owned).collect();
            let lines: Vec<String> = DecodeReader::new(pieces(&bytes, Sizes::Fixed(7)), enc)
                .lines()
                .collect::<io::Result<_>>()
                .unwrap();
            assert!(lines == want, "{name} {enc}");
            let mut s = String::new();
            DecodeReader::new(pieces(&bytes, Sizes::Random(5)), enc)
                .read_to_string(&mut s)
                .unwrap();
            assert!(s == text, "{name} {enc}");
        }
        // A byte-order mark chooses the encoding, whatever was given, as
        // in encoding_rs_io; without `sniff_bom` it is text.
        for bom_enc in [Encoding::Utf8, Encoding::Utf16Le, Encoding::Utf16Be] {
            let bytes = [bom_enc.bom().unwrap(), &bytes_of(&text, bom_enc)].concat();
            // (encoding_rs_io looks for the mark in its first read only:
            // it reads the whole input at once here.)
            let mut peer = DecodeReaderBytesBuilder::new()
                .encoding(Some(encoding_rs::WINDOWS_1252))
                .bom_override(true)
                .build(&bytes[..]);
            let (want, _) = read_all(&mut peer, Sizes::Fixed(4096));
            for sizes in Sizes::all() {
                let mut r =
                    DecodeReader::new(pieces(&bytes, sizes), Encoding::Windows1252).sniff_bom();
                let (got, err) = read_all(&mut r, sizes);
                assert!(
                    err.is_none() && got == want,
                    "{name} {bom_enc} {sizes:?}: {err:?} {} {}",
                    String::from_utf8_lossy(&got[..20]),
                    String::from_utf8_lossy(&want[..20])
                );
                assert_eq!(r.encoding(), bom_enc);
                let mut r = DecodeReader::new(pieces(&bytes, sizes), bom_enc);
                let (got, _) = read_all(&mut r, sizes);
                assert_eq!(got, ["\u{FEFF}".as_bytes(), text.as_bytes()].concat());
            }
        }
        // UTF-32, which encoding_rs lacks: its marks too.
        for bom_enc in [Encoding::Utf32Le, Encoding::Utf32Be] {
            let bytes = [bom_enc.bom().unwrap(), &bom_enc.encode(&text).unwrap()].concat();
            for sizes in Sizes::all() {
                let mut r = DecodeReader::new(pieces(&bytes, sizes), Encoding::Utf8).sniff_bom();
                let (got, err) = read_all(&mut r, sizes);
                assert!(err.is_none() && got == text.as_bytes(), "{name} {bom_enc}");
            }
        }
    }
}

/// Writes `text` through `w` in pieces cut by `sizes`, inside characters
/// too; the first error.
fn write_pieces(w: &mut impl Write, text: &[u8], sizes: Sizes) -> io::Result<()> {
    let mut size = sizes.source();
    let mut rest = text;
    while !rest.is_empty() {
        let k = size().min(rest.len());
        let n = w.write(&rest[..k])?;
        assert!(n > 0 && n <= k);
        rest = &rest[n..];
    }
    Ok(())
}

#[test]
fn writer_writes_what_encoding_rs_encodes() {
    let mut runs = 0;
    for (name, text, encs) in corpus() {
        for &enc in &encs {
            // encoding_rs writes `&#NNNN;` for what the encoding lacks, as
            // HTML forms do (UTF-16: encoding_rs has no encoder).
            let want = bytes_of(&text, enc);
            for sizes in Sizes::all() {
                let mut w = EncodeWriter::new(Vec::new(), enc).unmappable(Unmappable::CharRef);
                write_pieces(&mut w, text.as_bytes(), sizes).unwrap();
                let got = w.finish().unwrap();
                assert!(got == want, "{name} {enc} {sizes:?}");
                runs += 1;
            }
            // fmt::Write, a few characters at a time.
            let mut w = EncodeWriter::new(Vec::new(), enc).unmappable(Unmappable::CharRef);
            let chars: Vec<char> = text.chars().collect();
            for piece in chars.chunks(3) {
                let s: String = piece.iter().collect();
                std::fmt::Write::write_str(&mut w, &s).unwrap();
            }
            assert!(w.finish().unwrap() == want, "{name} {enc} fmt::Write");
            // Strict: the first character encoding_rs cannot encode, at
            // the offset where its encoder stops; the text before it
            // written; retrying fails the same way.
            if enc.unit_size() == 2 || enc == Encoding::Utf8 {
                continue;
            }
            let mut encoder = peer(enc).new_encoder();
            let mut buf = vec![0u8; text.len() * 8 + 16];
            let (r, read, written) =
                encoder.encode_from_utf8_without_replacement(&text, &mut buf, true);
            let stop = match r {
                encoding_rs::EncoderResult::Unmappable(c) => Some((read - c.len_utf8(), c)),
                _ => None,
            };
            for sizes in [Sizes::Fixed(1), Sizes::Fixed(5), Sizes::Random(3)] {
                let mut w = EncodeWriter::new(Vec::new(), enc);
                let result = write_pieces(&mut w, text.as_bytes(), sizes);
                match (result, stop) {
                    (Ok(()), None) => assert!(w.finish().unwrap() == buf[..written]),
                    (Err(e), Some((at, c))) => {
                        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
                        let inner = *e.get_ref().unwrap().downcast_ref::<EncodeError>().unwrap();
                        assert!(
                            matches!(inner, EncodeError::Unencodable { offset, ch, .. } if offset == at && ch == c),
                            "{name} {enc} {sizes:?}: {inner:?}, peer {at} {c:?}"
                        );
                        // Nothing of the character was taken.
                        let again = w.write(&text.as_bytes()[at..]).unwrap_err();
                        assert_eq!(again.to_string(), e.to_string());
                        let got = w.finish().unwrap();
                        // encoding_rs's ISO-2022-JP returns to ASCII only at the end.
                        if enc != Encoding::Iso2022Jp {
                            assert!(got == buf[..written], "{name} {enc} {sizes:?}");
                        }
                    }
                    (r, s) => panic!("{name} {enc} {sizes:?}: {r:?}, peer {s:?}"),
                }
            }
        }
    }
    eprintln!("{runs} writes compared with encoding_rs");
}

/// A writer that always fails.
struct Failing;
impl Write for Failing {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::ErrorKind::Other.into())
    }
    fn flush(&mut self) -> io::Result<()> {
        Err(io::ErrorKind::Other.into())
    }
}

#[test]
fn writer_reports_ill_formed_utf8_and_cut_ends() {
    let mut w = EncodeWriter::new(Vec::new(), Encoding::Windows1251);
    assert_eq!(w.write(b"ab\xD0").unwrap(), 3);
    let e = w.write(b"\x41").unwrap_err();
    let d = *e.get_ref().unwrap().downcast_ref::<DecodeError>().unwrap();
    assert_eq!((d.valid_up_to(), d.error_len()), (2, Some(1)));
    assert_eq!(w.write(b"\x41\xFF").unwrap(), 1);
    let e = w.write(b"\xFF").unwrap_err();
    let d = *e.get_ref().unwrap().downcast_ref::<DecodeError>().unwrap();
    assert_eq!((d.valid_up_to(), d.error_len()), (4, Some(1)));
    w.write_all("Ж".as_bytes()[..1].as_ref()).unwrap();
    let e = w.finish().unwrap_err();
    assert_eq!(e.kind(), io::ErrorKind::InvalidData);

    // Drop without finish writes what it has, ISO-2022-JP's end included.
    let mut out = Vec::new();
    {
        let mut w = EncodeWriter::new(&mut out, Encoding::Iso2022Jp);
        w.write_all("日本".as_bytes()).unwrap();
    }
    assert_eq!(out, b"\x1B$BF|K\\\x1B(B");
    // And never panics, even when the inner writer fails.
    let mut w = EncodeWriter::new(Failing, Encoding::Utf16Le);
    w.write_all(b"abc").unwrap();
    drop(w);
}

#[test]
fn for_bom_on_every_prefix_of_every_mark() {
    // Unicode's table of byte-order marks; encoding_rs's `for_bom` agrees
    // on the ones it knows (UTF-8, UTF-16).
    let marks = [
        (Encoding::Utf8, &b"\xEF\xBB\xBF"[..]),
        (Encoding::Utf16Le, b"\xFF\xFE"),
        (Encoding::Utf16Be, b"\xFE\xFF"),
        (Encoding::Utf32Le, b"\xFF\xFE\x00\x00"),
        (Encoding::Utf32Be, b"\x00\x00\xFE\xFF"),
    ];
    for (enc, mark) in marks {
        assert_eq!(enc.bom(), Some(mark));
        for tail in [&b""[..], b"a", b"\x00", b"\x00\x00", b"\xFE\xFF"] {
            for k in 0..=mark.len() {
                let bytes = [&mark[..k], tail].concat();
                let got = Encoding::for_bom(&bytes);
                // The longest mark `bytes` start with.
                let want = marks
                    .iter()
                    .filter(|(_, m)| bytes.starts_with(m))
                    .max_by_key(|(_, m)| m.len())
                    .map(|&(e, m)| (e, m.len()));
                assert_eq!(
                    got,
                    want,
                    "{}",
                    bytes
                        .iter()
                        .fold(String::new(), |s, b| s + &format!("{b:02X} "))
                );
                if want.is_none_or(|(e, _)| e.unit_size() < 4) {
                    let rs = encoding_rs::Encoding::for_bom(&bytes);
                    assert_eq!(got.map(|(e, n)| (peer(e), n)), rs, "{bytes:02X?}");
                }
            }
        }
    }
    assert_eq!(
        Encoding::for_bom(b"\xFF\xFE\x00\x00"),
        Some((Encoding::Utf32Le, 4))
    );
    assert_eq!(
        Encoding::for_bom(b"\xFF\xFE\x00"),
        Some((Encoding::Utf16Le, 2))
    );
    assert_eq!(Encoding::for_bom(b"\x00\x00\xFE"), None);
    assert_eq!(Encoding::for_bom(b""), None);
}

#[test]
fn reader_buffered_and_unbuffered_reads_mix() {
    let text = "Съешь же ещё этих мягких французских булок, да выпей чаю. ".repeat(2000);
    let bytes = Encoding::Windows1251.encode(&text).unwrap();
    let mut r = DecodeReader::new(pieces(&bytes, Sizes::Random(9)), Encoding::Windows1251);
    let mut out = Vec::new();
    let mut rng = Rng(77);
    loop {
        if rng.below(2) == 0 {
            let buf = r.fill_buf().unwrap();
            if buf.is_empty() {
                break;
            }
            let n = rng.below(buf.len() + 1);
            out.extend_from_slice(&buf[..n]);
            r.consume(n);
        } else {
            let mut buf = [0u8; 50];
            let k = 1 + rng.below(50);
            let n = r.read(&mut buf[..k]).unwrap();
            out.extend_from_slice(&buf[..n]);
            if n == 0 {
                break;
            }
        }
    }
    assert!(out == text.as_bytes());
    assert_eq!(r.position(), bytes.len());
}
