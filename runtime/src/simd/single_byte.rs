//! Every code page with AVX2: decoding to UTF-8, its length, and encoding
//! from UTF-8, 32 input bytes a step. One kernel serves all 44 single-byte
//! encodings, driven by each page's [`Vectors`](crate::table::Vectors):
//! tables derived from the page's decode table by the table generator
//! (their documentation says what they hold and how a
//! `vpshufb` looks up 128 or 256 bytes).
//!
//! The kernels keep the contract of `crate::simd`: `Some` only for input
//! that is well formed and fits, whatever its content; `None` (and the
//! `const fn` for the exact error) for a byte the page leaves undefined, a
//! character it lacks, or a buffer too short. Characters the vector code
//! does not take go through the page's scalar tables inside the kernel, so
//! a `None` never costs a second pass over good input.
//!
//! # Decoding
//!
//! A block of 32 bytes of ASCII is stored as it is (64 at a time while the
//! blocks before were ASCII; not so in text of another script, where that
//! test would only cost). A block with one or two non-ASCII bytes (most
//! blocks of text in a Latin script, or of English with a dash) takes them
//! from the page's `utf8` table (each character's UTF-8, ready made) with
//! a 4-byte store each, and moves the ASCII around them with 32-byte copies
//! from the input, with no branch on where they are or how long; this made
//! Polish in ISO-8859-2 a third faster than the expansion below, and
//! French in IBM437 half again. Any other block is expanded: each input byte
//! gives a *lead* and a *last* byte (the trail of a two-byte character, the
//! byte itself for ASCII), the two are interleaved (`vpunpcklbw`,
//! `vpunpckhbw`: the pairs of input bytes 0..8 and 8..16 of each lane), and
//! for each eight input bytes one `vpshufb`, its control read from `EXPAND`
//! by the eight bits of the high-byte mask, writes `8 + popcount` bytes of
//! UTF-8 (a 16-byte store, the cursor moved by that much). Leads and last
//! bytes come from one of two places:
//!
//! - where every high byte of the block lies in a row of 16 that is a
//!   *run* (Cyrillic `C0..=FF` of Windows-1251, Latin-1 `A0..=FF`, ...: one
//!   lead, consecutive trails), from two `vpshufb` by the high nibble (the
//!   row's lead; what to add for its trail, 0 for ASCII), which is 4 steps;
//! - else from the page's table of *codes* (slot of a hot lead and six
//!   trail bits), eight rounds of xor-coded `vpshufb` (22 steps), which is
//!   where every page with two-byte characters gets its speed (KOI8-R,
//!   IBM437, Latin-2, Greek). A code of 0 marks a byte the vector code does
//!   not write: a character of three bytes of UTF-8 (dashes, quotes, €, box
//!   drawing, Thai), one with a cold lead, or an undefined byte.
//!
//! With AVX-512 VBMI, a page none of whose rows `C0..=FF` is a run (the
//! KOI8 pages, whose letters are in KOI8 order) runs the same loop stamped
//! a second time with those features (and without the one-or-two test,
//! which Cyrillic text never passes), where the codes are two `vpermi2b`
//! over the 128-byte table: KOI8-T decoded Russian at 0.81x to 0.85x
//! windows-1251 instead of 0.70x. Without VBMI, a block whose high bytes are all
//! `C0..=FF` takes the last four rows of the table, four rounds.
//!
//! The output of a block is right up to its first such byte. There the
//! kernel hands over to `decode_run`, which decodes it and the run after
//! it from the page's `utf8` table, eight bytes at a time with one 4-byte store each and no branch per byte,
//! through the ASCII between them, until eight bytes hold a two-byte
//! character (the vector code's own) or are all ASCII; then the vector
//! loop goes on from there. So a dash in Russian costs a few scalar steps,
//! and Thai, nearly all three-byte characters, runs at the speed of that
//! branch-free loop. (Handing over one byte at a time and going back to
//! the vector loop after each, as the first version did, ran Thai at a
//! fifth of that.)
//!
//! # Encoding
//!
//! The same blocks of 32 input bytes, read with a second vector one byte on
//! (`next`, which holds each lead's trail). The hot leads are found with
//! one `vpcmpeqb` each (two or four), which also give each lead's slot;
//! slot and six bits of the trail are the character's code, and its byte
//! comes from a run (one `vpshufb` by the code's high nibble and an add,
//! where all the block's codes lie in runs) or from the page's 256-byte
//! table (sixteen rounds; eight for a page with at most two hot leads). A
//! byte of 0 is a character the page lacks. The lead's lane takes the byte,
//! and the trails are squeezed out: one `vpshufb` for the block, its four
//! 8-byte controls read from `COMPRESS` by the keep mask, and four 8-byte
//! stores, each cursor moved by a popcount. This expand/compress with
//! shuffle tables indexed by a mask is the idea of Lemire and Muła,
//! "Transcoding Billions of Unicode Characters per Second with SIMD
//! Instructions" (2022); the code and the tables here are our own.
//!
//! With AVX-512 VBMI, a page whose table has both halves (three or four
//! hot leads: the Latin pages with `C3`, `C4` and `C5`, the Mac pages,
//! KOI8-T, ...) runs the same loop stamped a second time with those
//! features, where the table is four `vpermi2b` over its 256 bytes instead
//! of sixteen rounds of `vpshufb`: that took the Mac pages from 0.68x to
//! 0.92x windows-1252 on German and French, IBM1026 from 0.73x to 0.83x
//! and KOI8-T from 0.62x to 0.88x windows-1251 on Russian. Pages with one
//! half keep the AVX2 loop, so that a program links one loop per page.
//!
//! A character whose lead is the block's last byte is written by that block
//! (its trail is the 33rd byte it read), and the next block, which starts
//! 32 bytes on regardless, drops its first byte (`carry`). Starting the
//! next block one byte later instead, as the Windows-1251 kernel before
//! this one did, made each block's loads wait for the previous block's
//! results (load, compare, movemask, add, load: about 15 cycles a block);
//! with `carry` they do not, which made Russian 35% faster.
//!
//! A character without a hot lead (three bytes of UTF-8, a cold lead)
//! hands over to `encode_run`, which encodes it and the run after it
//! through the page's reverse map, through ASCII, until a hot lead or eight
//! bytes of ASCII.
//!
//! # Length
//!
//! `decoded_len` counts, for each block that is not ASCII, one byte more
//! for each high byte and one more again for each whose character is three
//! bytes of UTF-8, and fails on an undefined byte: both sets are bitmaps of
//! 128 bits, looked up with two `vpshufb` (the byte of the bitmap by bits
//! 3..7 of the input byte, the bit by bits 0..3).
//!
//! # Output
//!
//! The kernels write into `&mut [MaybeUninit<u8>]` and never read it, so
//! that the allocating helpers can hand them a vector's spare capacity
//! without zeroing it first (that cost about as much as the conversion
//! itself). Every step writes its output at the cursor and moves on, so
//! when a kernel returns `Some(n)` it has written each of `dst[..n]`
//! (with the stores reaching past `n`, within `dst`). The `&mut [u8]`
//! twins pass their buffer as such a slice; the kernels write only
//! initialized bytes into it.
//!
//! # The allocating helpers
//!
//! [`decode_vec`] does not size its vector with the length pass, because
//! on input larger than the cache the fill pass would then read the input
//! from memory a second time: on a megabyte of German in Windows-1252 that
//! was three times slower than decoding into a buffer. It reserves the
//! worst case per chunk of 1 MiB (three bytes of UTF-8 a byte), fills in
//! one pass, and trims the vector to its length at the end.
//! [`encode_vec`] reserves the text's length (no page encodes a character
//! to more bytes than its UTF-8) and fills it.

// The codec's short names (`b` input, `i` input cursor, `at` output cursor,
// `v` a vector, `f` a position in a block), as in `crate::engine`.
#![allow(clippy::many_single_char_names)]
// Every pointer cast to a vector type goes to an unaligned load or store
// (`loadu`, `storeu`, `storel`), which need no alignment.
#![allow(clippy::cast_ptr_alignment)]

use crate::table::SingleByte;
#[cfg(feature = "alloc")]
use alloc::vec::Vec;
#[cfg(target_arch = "x86_64")]
use core::mem::MaybeUninit;

/// Encodes `text`; `None` if a character is not in the page or `dst` is
/// too short.
#[allow(
    clippy::inline_always,
    reason = "the page must be a constant where `loops_of` runs"
)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn encode(t: &'static SingleByte, text: &str, dst: &mut [u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::simd::avx2() {
            // SAFETY: `avx2()` said that this CPU has every feature the
            // kernel enables.
            return unsafe { avx2::encode(t, loops_of(t), text, as_uninit(dst)) };
        }
    }
    #[cfg(target_arch = "aarch64")]
    if crate::simd::neon() {
        return super::neon::single_byte::encode(t, text, dst);
    }
    // Without AVX2: on `x86_64` the caller's `const fn` (so that a program
    // of one page links one fallback; see "Every target" in
    // docs/performance.md), elsewhere the portable kernel.
    #[cfg(all(target_arch = "x86_64", not(litenc_portable)))]
    {
        let _ = (t, text, dst);
        None
    }
    #[cfg(any(not(target_arch = "x86_64"), litenc_portable))]
    super::portable::single_byte::encode(t, text, dst)
}

/// Decodes to UTF-8; `None` if a byte is undefined or `dst` is too short.
#[allow(
    clippy::inline_always,
    reason = "the page must be a constant where `loops_of` runs"
)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn decode(t: &'static SingleByte, bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::simd::avx2() {
            // SAFETY: `avx2()` said that this CPU has every feature the
            // kernel enables.
            return unsafe { avx2::decode(t, loops_of(t), bytes, as_uninit(dst)) };
        }
    }
    #[cfg(target_arch = "aarch64")]
    if crate::simd::neon() {
        return super::neon::single_byte::decode(t, bytes, dst);
    }
    // Without AVX2: on `x86_64` the caller's `const fn` (so that a program
    // of one page links one fallback; see "Every target" in
    // docs/performance.md), elsewhere the portable kernel.
    #[cfg(all(target_arch = "x86_64", not(litenc_portable)))]
    {
        let _ = (t, bytes, dst);
        None
    }
    #[cfg(any(not(target_arch = "x86_64"), litenc_portable))]
    super::portable::single_byte::decode(t, bytes, dst)
}

/// Encodes `text` into a new vector, or `None` where the kernel does not
/// run or fails (a character the page lacks).
///
/// The vector has the text's length as its capacity (no page encodes a
/// character to more bytes than its UTF-8), and the kernel writes into it
/// without zeroing it first, which would cost about as much as the
/// encoding itself.
#[cfg(feature = "alloc")]
#[allow(
    clippy::inline_always,
    reason = "the page must be a constant where `loops_of` runs"
)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn encode_vec(t: &'static SingleByte, text: &str) -> Option<Vec<u8>> {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::simd::avx2() {
            let mut out = Vec::with_capacity(text.len());
            // SAFETY: `avx2()` said that this CPU has every feature the
            // kernel enables.
            let n = unsafe { avx2::encode(t, loops_of(t), text, out.spare_capacity_mut()) }?;
            // SAFETY: the kernel wrote each of the first `n` bytes of the
            // spare capacity (see "Output" in the module docs), so they are
            // initialized, and `n` is within the capacity.
            unsafe { out.set_len(n) };
            return Some(out);
        }
    }
    // Without AVX2, the caller's own way: a vector of the text's length,
    // zeroed, and the fast encoder.
    let _ = (t, text);
    None
}

/// The input chunk of [`decode_vec`].
#[cfg(all(feature = "alloc", target_arch = "x86_64"))]
const CHUNK: usize = 1 << 20;

/// Decodes `bytes` into a new vector of exactly the length of the output,
/// or `None` where the kernel does not run or `bytes` has an undefined
/// byte.
///
/// One pass: the input is read once, and the vector is trimmed to its
/// length at the end. A length pass first (as the `const fn`s must have)
/// would read the input twice, and input larger than the cache from memory
/// twice: that made decoding a megabyte of German three times slower than
/// decoding it into a buffer. So the capacity is the worst case of each
/// chunk of 1 MiB, added as a vector grows (a chunk's own worst case is
/// three times its length), and the kernel writes into it without zeroing
/// it first (which would cost about as much as the decoding itself). At
/// the peak the vector's capacity is at most about twice the output and
/// 3 MiB.
#[cfg(feature = "alloc")]
#[allow(
    clippy::inline_always,
    reason = "the page must be a constant where `loops_of` runs"
)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn decode_vec(t: &'static SingleByte, bytes: &[u8]) -> Option<Vec<u8>> {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::simd::avx2() {
            let loops = loops_of(t);
            let mut out: Vec<u8> = Vec::new();
            for chunk in bytes.chunks(CHUNK) {
                out.reserve(chunk.len() * t.max_utf8);
                let len = out.len();
                // SAFETY: `avx2()` said that this CPU has every feature the
                // kernel enables.
                let n = unsafe { avx2::decode(t, loops, chunk, out.spare_capacity_mut()) }?;
                // SAFETY: the kernel wrote each of the first `n` bytes of the
                // spare capacity (see "Output" in the module docs), so `len +
                // n` bytes are initialized, and within the capacity.
                unsafe { out.set_len(len + n) };
            }
            out.shrink_to_fit();
            return Some(out);
        }
    }
    // Without AVX2: on `x86_64` the `const fn`s (see `decode`), elsewhere
    // the kernel of the target (NEON on aarch64, else the portable one),
    // which writes into initialized bytes: so the
    // vector grows by the worst case of a chunk of 16 KB at a time, zeroed
    // just before the kernel writes over it (still in the cache), and is
    // trimmed to the chunk's output after it. The way through the `const
    // fn`s, a length pass first, ran Windows-1252 (German and French man
    // pages, 100 KB) at half the speed of the kernel into a buffer.
    #[cfg(any(not(target_arch = "x86_64"), litenc_portable))]
    {
        let mut out: Vec<u8> = Vec::new();
        for chunk in bytes.chunks(PORTABLE_CHUNK) {
            let len = out.len();
            out.resize(len + chunk.len() * t.max_utf8, 0);
            let n = decode(t, chunk, &mut out[len..])?;
            out.truncate(len + n);
        }
        out.shrink_to_fit();
        Some(out)
    }
    #[cfg(all(target_arch = "x86_64", not(litenc_portable)))]
    {
        let _ = (t, bytes);
        None
    }
}

/// The input chunk of [`decode_vec`] with the portable kernel.
#[cfg(all(feature = "alloc", any(not(target_arch = "x86_64"), litenc_portable)))]
const PORTABLE_CHUNK: usize = 1 << 14;

/// The [`Loops`](avx2::Loops) of page `t`.
#[cfg(target_arch = "x86_64")]
#[inline]
fn loops_of(t: &SingleByte) -> avx2::Loops {
    avx2::Loops {
        three: crate::simd::avx512::single_byte::wanted(t),
        runless: avx2::runless(&t.vectors),
        wide: t.vectors.wide,
    }
}

/// `dst` as the kernels take it: bytes they may write, not read.
#[cfg(target_arch = "x86_64")]
#[inline]
fn as_uninit(dst: &mut [u8]) -> &mut [MaybeUninit<u8>] {
    // SAFETY: `MaybeUninit<u8>` has the size and alignment of `u8`, and the
    // kernels write only initialized bytes, so that `dst` stays a valid
    // `[u8]` (they never read it).
    unsafe {
        core::slice::from_raw_parts_mut(dst.as_mut_ptr().cast::<MaybeUninit<u8>>(), dst.len())
    }
}

/// The length of the UTF-8 of `bytes`; `None` if a byte is undefined.
#[inline]
pub(crate) fn decoded_len(t: &'static SingleByte, bytes: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::simd::avx2() {
            // SAFETY: `avx2()` said that this CPU has every feature the
            // function enables.
            return unsafe { avx2::decoded_len(t, bytes) };
        }
    }
    #[cfg(target_arch = "aarch64")]
    if crate::simd::neon() {
        return super::neon::single_byte::decoded_len(t, bytes);
    }
    crate::engine::single_byte::decoded_len(t, bytes).ok()
}

#[cfg(target_arch = "x86_64")]
use super::avx2::single_byte as avx2;

#[cfg(test)]
mod tests {
    extern crate std;
    use super::{decode, decode_vec, decoded_len, encode, encode_vec};
    use crate::encoding::Encoding;
    use crate::rules::Family;
    use crate::simd::Level;
    use crate::simd::test_support::{MIRI, Rng, assert_avx2, cases, each_level, sample};
    use crate::table::SingleByte;
    use std::string::String;
    use std::vec;
    use std::vec::Vec;

    /// Every single-byte encoding's table (under Miri, a sample: Cyrillic
    /// in runs, KOI8-R through the table, Thai, strict ASCII).
    fn pages() -> Vec<&'static SingleByte> {
        Encoding::ALL
            .iter()
            .filter(|e| e.is_single_byte())
            .filter(|e| {
                !MIRI
                    || matches!(
                        e,
                        Encoding::Windows1251
                            | Encoding::Koi8R
                            | Encoding::Windows874
                            | Encoding::Ascii
                    )
            })
            .map(|e| match e.family() {
                Family::SingleByte(t) => t,
                _ => unreachable!("single-byte encodings have tables"),
            })
            // The kernels take the pages whose bytes `00..=7F` are ASCII;
            // the EBCDIC pages reach them through their proxy (tested in
            // `crate::simd::proxy`), the others (the LCD ROMs, CP437 with
            // glyphs) go to the engine.
            .filter(|t| t.ascii)
            .collect()
    }

    /// The block offsets to try: all of `0..64` (two under Miri).
    fn offsets() -> Vec<usize> {
        sample(0..64, 33).collect()
    }

    /// The buffer lengths to try for an output of `need` bytes: all from 0
    /// to `need + 40` (a few under Miri).
    fn lengths(need: usize) -> Vec<usize> {
        if MIRI {
            vec![
                0,
                need / 2,
                need.saturating_sub(1),
                need,
                need + 1,
                need + 40,
            ]
        } else {
            (0..=need + 40).collect()
        }
    }

    fn fam(t: &'static SingleByte) -> Family {
        Family::SingleByte(t)
    }

    /// The kernels against the `const fn`s on `bytes`, into a buffer with
    /// room to spare, and `decoded_len` too.
    fn check_decode(t: &'static SingleByte, bytes: &[u8]) {
        let mut b = vec![0u8; bytes.len() * 3 + 64];
        let want = crate::engine::decode_into(fam(t), bytes, &mut b);
        let name = t.encoding.name();
        each_vector_level(|l| {
            let mut a = vec![0u8; bytes.len() * 3 + 64];
            let got = decode(t, bytes, &mut a);
            assert_eq!(got, want.ok(), "{name} {l:?} {bytes:x?}");
            if let Some(n) = got {
                assert_eq!(a[..n], b[..n], "{name} {l:?} {bytes:x?}");
            }
        });
        let want_len = crate::engine::decoded_len(fam(t), bytes).ok();
        assert_eq!(decoded_len(t, bytes), want_len, "{name} {bytes:x?}");
        assert_eq!(want_len, want.ok(), "{name} {bytes:x?}");
    }

    /// Guard bytes after the buffer a kernel gets, which it must not touch.
    const GUARD: usize = 64;

    /// The decoder against the `const fn` into every buffer length from 0
    /// to the needed one + 40, with guard bytes after it.
    fn check_decode_lengths(t: &'static SingleByte, bytes: &[u8]) {
        let need = crate::engine::decoded_len(fam(t), bytes).unwrap_or(bytes.len() * 3);
        let name = t.encoding.name();
        for len in lengths(need) {
            let mut b = vec![0x5Au8; len];
            let want = crate::engine::decode_into(fam(t), bytes, &mut b);
            each_vector_level(|l| {
                let mut a = vec![0xA5u8; len + GUARD];
                let got = decode(t, bytes, &mut a[..len]);
                assert!(
                    a[len..].iter().all(|&x| x == 0xA5),
                    "{name} {l:?} {bytes:x?} into {len}: wrote past the buffer"
                );
                assert_eq!(got, want.ok(), "{name} {l:?} {bytes:x?} into {len}");
                if let Some(n) = got {
                    assert_eq!(a[..n], b[..n], "{name} {l:?} {bytes:x?} into {len}");
                }
            });
        }
    }

    /// The encoder against the `const fn` on `text`, into a buffer with
    /// room to spare.
    fn check_encode(t: &'static SingleByte, text: &str) {
        let mut b = vec![0u8; text.len() + 64];
        let want = crate::engine::encode_into(fam(t), text, &mut b);
        let name = t.encoding.name();
        each_vector_level(|l| {
            let mut a = vec![0u8; text.len() + 64];
            let got = encode(t, text, &mut a);
            assert_eq!(got, want.ok(), "{name} {l:?} {text:?}");
            if let Some(n) = got {
                assert_eq!(a[..n], b[..n], "{name} {l:?} {text:?}");
            }
        });
    }

    /// Runs `f` with the dispatch held at each vector level this CPU has
    /// (AVX2, AVX-512), for the decoder and the encoder, which have a
    /// version for each; the portable code has tests of its own.
    fn each_vector_level(mut f: impl FnMut(Level)) {
        each_level(|l| {
            if l != Level::Portable || crate::simd::detected() < Level::Avx2 as u8 {
                f(l);
            }
        });
    }

    /// The encoder against the `const fn` into every buffer length from 0
    /// to the needed one (or the text's length) + 40, with guard bytes.
    fn check_encode_lengths(t: &'static SingleByte, text: &str) {
        let need = crate::engine::encoded_len(fam(t), text).unwrap_or(text.len());
        let name = t.encoding.name();
        for len in lengths(need) {
            let mut b = vec![0x5Au8; len];
            let want = crate::engine::encode_into(fam(t), text, &mut b);
            each_vector_level(|l| {
                let mut a = vec![0xA5u8; len + GUARD];
                let got = encode(t, text, &mut a[..len]);
                assert!(
                    a[len..].iter().all(|&x| x == 0xA5),
                    "{name} {l:?} {text:?} into {len}: wrote past the buffer"
                );
                assert_eq!(got, want.ok(), "{name} {l:?} {text:?} into {len}");
                if let Some(n) = got {
                    assert_eq!(a[..n], b[..n], "{name} {l:?} {text:?} into {len}");
                }
            });
        }
    }

    /// The page's defined high bytes, in a fixed shuffled order (so that
    /// characters of every UTF-8 length and lead follow each other).
    fn high_bytes(t: &SingleByte) -> Vec<u8> {
        let mut v: Vec<u8> = (0x80..=0xFF).filter(|&b| t.utf8[b as usize] != 0).collect();
        let mut rng = Rng(0x1234_5678_9ABC_DEF1);
        for k in (1..v.len()).rev() {
            v.swap(k, rng.index(k + 1));
        }
        v
    }

    /// The high bytes the vector decoder writes itself: those of
    /// two-byte characters with hot leads.
    fn vector_bytes(t: &SingleByte) -> Vec<u8> {
        high_bytes(t)
            .into_iter()
            .filter(|&b| {
                let v = t.utf8[usize::from(b)];
                v >> 24 == 2 && t.vectors.leads.contains(&(v as u8))
            })
            .collect()
    }

    /// Fillers for the decoder: ASCII, the page's vector bytes, all its
    /// defined high bytes (each falling back to ASCII if the page has none).
    fn byte_fills(t: &SingleByte) -> Vec<Vec<u8>> {
        let ascii: Vec<u8> = b"The quick brown fox jumps over the lazy dog, 0123456789!".to_vec();
        let mut fills = vec![ascii.clone()];
        for fill in [vector_bytes(t), high_bytes(t)] {
            fills.push(if fill.is_empty() { ascii.clone() } else { fill });
        }
        fills
    }

    /// `n` bytes of `fill`, cycled.
    fn cycle(fill: &[u8], n: usize) -> impl Iterator<Item = u8> + '_ {
        fill.iter().copied().cycle().take(n)
    }

    #[test]
    fn decode_every_byte_at_every_offset() {
        assert_avx2();
        for t in pages() {
            for fill in sample(byte_fills(t), 2) {
                for byte in sample(0..=255u8, 64) {
                    for pre in offsets() {
                        for post in sample([35, 1], 2) {
                            let bytes: Vec<u8> = cycle(&fill, pre)
                                .chain([byte])
                                .chain(cycle(&fill, post))
                                .collect();
                            check_decode(t, &bytes);
                        }
                    }
                }
            }
        }
    }

    /// Two non-ASCII bytes in ASCII, as Latin text has them: every byte
    /// after one of each kind the page has (a two-byte character, a
    /// three-byte one), at several distances in and across blocks.
    #[test]
    fn decode_every_byte_after_another_in_ascii() {
        assert_avx2();
        let ascii = &byte_fills(pages()[0])[0];
        for t in pages() {
            let kinds: Vec<u8> = [2, 3]
                .iter()
                .filter_map(|&len| (0x80..=0xFFu8).find(|&b| t.utf8[usize::from(b)] >> 24 == len))
                .collect();
            for &first in &kinds {
                for byte in sample(0..=255u8, 64) {
                    for (pre, gap) in
                        sample([(0, 0), (5, 3), (0, 31), (30, 1), (31, 0), (20, 20)], 3)
                    {
                        let bytes: Vec<u8> = cycle(ascii, pre)
                            .chain([first])
                            .chain(cycle(ascii, gap))
                            .chain([byte])
                            .chain(cycle(ascii, 70))
                            .collect();
                        check_decode(t, &bytes);
                    }
                }
            }
        }
    }

    #[test]
    fn decode_every_buffer_length() {
        assert_avx2();
        for t in pages() {
            let all: Vec<u8> = (0x80..=0xFF).filter(|&b| t.utf8[b as usize] != 0).collect();
            let undefined = (0x80..=0xFFu8).find(|&b| t.utf8[b as usize] == 0);
            for fill in sample(byte_fills(t), 2) {
                for pre in sample([0, 1, 31, 32, 33, 63], 6) {
                    let bytes: Vec<u8> = cycle(&fill, pre)
                        .chain(all.iter().copied())
                        .chain(cycle(&fill, 35))
                        .collect();
                    check_decode_lengths(t, &bytes);
                    if let Some(u) = undefined {
                        let mut bad = bytes.clone();
                        bad.insert(pre + all.len() / 2, u);
                        check_decode_lengths(t, &bad);
                    }
                }
            }
        }
    }

    #[test]
    fn decode_random_mixes() {
        assert_avx2();
        let cases = cases(300, 3);
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for t in pages() {
            let fills = byte_fills(t);
            for case in 0..cases {
                let len = rng.index(300);
                let mut bytes = Vec::new();
                while bytes.len() < len {
                    // Runs of one kind: ASCII, vector bytes, any defined
                    // byte, now and then any byte at all.
                    let byte = match rng.index(100) {
                        0..=29 => fills[0][rng.index(fills[0].len())],
                        30..=69 => fills[1][rng.index(fills[1].len())],
                        70..=98 => fills[2][rng.index(fills[2].len())],
                        _ if case % 4 == 0 => rng.next() as u8,
                        _ => b' ',
                    };
                    for _ in 0..=rng.index(6) {
                        bytes.push(byte);
                    }
                }
                check_decode(t, &bytes);
                if case % 10 == 0 {
                    check_decode_lengths(t, &bytes);
                }
            }
        }
    }

    /// Every character the page has.
    fn encodable(t: &SingleByte) -> Vec<char> {
        (0..=255u8).filter_map(|b| t.decode_byte(b)).collect()
    }

    /// A sample of characters the page lacks, of each UTF-8 length: about
    /// 40 of those next to the ones it has, and a few fixed ones.
    fn unencodable(t: &SingleByte) -> Vec<char> {
        let mut v: Vec<char> = Vec::new();
        for c in encodable(t) {
            for cp in [(c as u32).wrapping_sub(1), c as u32 + 1, c as u32 ^ 0x40] {
                if let Some(ch) = char::from_u32(cp)
                    && cp >= 0x80
                    && t.encode_char(ch).is_none()
                    && !v.contains(&ch)
                {
                    v.push(ch);
                }
            }
        }
        let step = v.len() / 40 + 1;
        let mut v: Vec<char> = v.into_iter().step_by(step).collect();
        for cp in [
            0x80, 0xFF, 0x100, 0x3FF, 0x7FF, 0x800, 0x20AC, 0x2500, 0xFFFD, 0xFFFF, 0x1_0000,
            0x1_F600, 0x10_FFFF,
        ] {
            let ch = char::from_u32(cp).unwrap();
            if t.encode_char(ch).is_none() && !v.contains(&ch) {
                v.push(ch);
            }
        }
        v
    }

    /// Fillers for the encoder: ASCII, the page's characters with hot leads,
    /// all its non-ASCII characters (each falling back to ASCII).
    fn char_fills(t: &SingleByte) -> Vec<Vec<char>> {
        let ascii: Vec<char> = "The quick brown fox jumps over the lazy dog, 0123456789!"
            .chars()
            .collect();
        let page: Vec<char> = high_bytes(t)
            .into_iter()
            .filter_map(|b| t.decode_byte(b))
            .collect();
        let hot: Vec<char> = page
            .iter()
            .copied()
            .filter(|&c| {
                let mut buf = [0u8; 4];
                let lead = c.encode_utf8(&mut buf).as_bytes()[0];
                (c as u32) < 0x800 && t.vectors.leads.contains(&lead)
            })
            .collect();
        let mut fills = vec![ascii.clone()];
        for fill in [hot, page] {
            fills.push(if fill.is_empty() { ascii.clone() } else { fill });
        }
        fills
    }

    /// Exactly `n` bytes of UTF-8 from `fill` (cycled), made up with ASCII
    /// where a character would not fit.
    fn fill_text(fill: &[char], n: usize) -> String {
        let mut s = String::new();
        for &c in fill.iter().cycle() {
            if s.len() + c.len_utf8() > n {
                break;
            }
            s.push(c);
        }
        while s.len() < n {
            s.push('.');
        }
        s
    }

    #[test]
    fn encode_every_char_at_every_offset() {
        assert_avx2();
        for t in pages() {
            // The page's non-ASCII characters, and of ASCII (the same in
            // every page; see the test after this one) U+0000, `a`, U+007F.
            let mut chars: Vec<char> = encodable(t)
                .into_iter()
                .filter(|&c| c as u32 >= 0x80 || matches!(c, '\0' | 'a' | '\x7F'))
                .collect();
            let mut lacking = unencodable(t);
            if MIRI {
                chars = sample(chars, 32).collect();
                lacking = sample(lacking, 16).collect();
            }
            chars.extend(lacking);
            for fill in sample(char_fills(t), 2) {
                for &ch in &chars {
                    for pre in offsets() {
                        for post in sample([35, 1], 2) {
                            let text =
                                fill_text(&fill, pre) + &String::from(ch) + &fill_text(&fill, post);
                            check_encode(t, &text);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn encode_every_ascii_char_at_every_offset() {
        assert_avx2();
        let t = pages()[0];
        for fill in sample(char_fills(t), 2) {
            for ch in sample('\0'..='\x7F', 32) {
                for pre in offsets() {
                    let text = fill_text(&fill, pre) + &String::from(ch) + &fill_text(&fill, 35);
                    check_encode(t, &text);
                }
            }
        }
    }

    #[test]
    fn encode_every_buffer_length() {
        assert_avx2();
        for t in pages() {
            let all: String = encodable(t)
                .into_iter()
                .filter(|&c| c as u32 >= 0x80)
                .collect();
            let lacking = unencodable(t);
            for fill in sample(char_fills(t), 2) {
                for pre in sample([0, 1, 31, 32, 33, 63], 6) {
                    let text = fill_text(&fill, pre) + &all + &fill_text(&fill, 35);
                    check_encode_lengths(t, &text);
                    let mid = text.char_indices().nth(text.chars().count() / 2).unwrap().0;
                    let mut bad = text.clone();
                    bad.insert(mid, lacking[pre % lacking.len()]);
                    check_encode_lengths(t, &bad);
                }
            }
        }
    }

    #[test]
    fn encode_random_mixes() {
        assert_avx2();
        let cases = cases(300, 3);
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for t in pages() {
            let fills = char_fills(t);
            let lacking = unencodable(t);
            for case in 0..cases {
                let target = rng.index(300);
                let mut text = String::new();
                while text.len() < target {
                    let ch = match rng.index(100) {
                        0..=29 => fills[0][rng.index(fills[0].len())],
                        30..=69 => fills[1][rng.index(fills[1].len())],
                        70..=98 => fills[2][rng.index(fills[2].len())],
                        // Most cases encode; some have a character the page
                        // lacks.
                        _ if case % 4 == 0 => lacking[rng.index(lacking.len())],
                        _ => '\0',
                    };
                    for _ in 0..=rng.index(6) {
                        text.push(ch);
                    }
                }
                check_encode(t, &text);
                if case % 10 == 0 {
                    check_encode_lengths(t, &text);
                }
            }
        }
    }

    /// `decode_vec` and `encode_vec`, which write into spare capacity,
    /// against the `const fn`s; with inputs of more than one chunk too.
    /// With `litenc_portable`, `decode_vec` (the portable kernel in chunks)
    /// alone: `encode_vec` leaves the portable build to its caller.
    #[test]
    fn vectors_of_the_alloc_helpers() {
        assert_avx2();
        let cases = cases(100, 2);
        let mut rng = Rng(0xD1B5_4A32_D192_ED03);
        for t in pages() {
            let fills = byte_fills(t);
            for case in 0..cases {
                let mut bytes: Vec<u8> = (0..rng.index(400))
                    .map(|_| {
                        let fill = &fills[rng.index(3)];
                        fill[rng.index(fill.len())]
                    })
                    .collect();
                if case % 8 == 0 && !bytes.is_empty() {
                    let k = rng.index(bytes.len());
                    bytes[k] = rng.next() as u8;
                }
                check_vecs(t, &bytes);
            }
        }
        if !MIRI {
            // Three chunks and a bit, in Cyrillic and in Thai (three bytes of
            // UTF-8 a byte, the worst case).
            for enc in [Encoding::Windows1251, Encoding::Windows874] {
                let Family::SingleByte(t) = enc.family() else {
                    unreachable!("a code page")
                };
                let fill = high_bytes(t);
                let bytes: Vec<u8> = (0..3 << 20)
                    .map(|k: usize| {
                        if k.is_multiple_of(7) {
                            b' '
                        } else {
                            fill[k % fill.len()]
                        }
                    })
                    .chain(*b"end")
                    .collect();
                check_vecs(t, &bytes);
            }
        }
    }

    /// `decode_vec` and `encode_vec` on `bytes` (and on its text, if it
    /// decodes) against the `const fn`s.
    fn check_vecs(t: &'static SingleByte, bytes: &[u8]) {
        let name = t.encoding.name();
        let mut want = vec![0u8; bytes.len() * 3];
        let n = crate::engine::decode_into(fam(t), bytes, &mut want).ok();
        let got = decode_vec(t, bytes);
        assert_eq!(got.as_deref(), n.map(|n| &want[..n]), "{name} {bytes:x?}");
        if let Some(out) = got {
            assert_eq!(out.capacity(), out.len(), "{name}: not trimmed");
            // The encoder's vectors are the AVX2 kernel's: without it (other
            // targets, the portable build), `encode_vec` is `None` and the
            // `alloc` helpers encode by the `const fn`.
            if cfg!(litenc_portable) || !cfg!(target_arch = "x86_64") {
                return;
            }
            let text = std::str::from_utf8(&out).unwrap();
            let back = encode_vec(t, text);
            // The bytes again, but where two bytes of the page decode to one
            // character (IBM1006's Arabic forms), the lower: as the
            // `const fn` encodes.
            let mut again = vec![0u8; text.len()];
            let m = crate::engine::encode_into(fam(t), text, &mut again).ok();
            assert_eq!(back.as_deref(), m.map(|m| &again[..m]), "{name} {text:?}");
            let lacking = unencodable(t)[0];
            let bad = String::from(text) + &String::from(lacking);
            assert_eq!(encode_vec(t, &bad), None, "{name} {bad:?}");
        }
    }
}
