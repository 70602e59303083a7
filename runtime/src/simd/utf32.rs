//! UTF-8 to UTF-32 and back (native `u32` units, LE and BE bytes), with
//! AVX2 and portable.
//!
//! UTF-32 is one unit per character, so the vector code has little to do
//! but what it does fast:
//!
//! - **Encoding** widens 32 ASCII bytes into 32 units with four
//!   `vpmovzxbd` and four 32-byte stores (a `vpshufb` swaps the bytes of
//!   each unit for big-endian output). At a block that is not all ASCII,
//!   the next kilobyte (to a character boundary) goes through the UTF-16
//!   kernel ([`super::utf8_to_utf16`]) into a buffer on the stack, whose
//!   units are widened eight at a time by `vpmovzxwd` (surrogate pairs are
//!   joined by scalar code); then the ASCII loop goes on.
//! - **Decoding** checks eight units per vector (a surrogate is `u & !0x7FF
//!   == 0xD800`; above U+10FFFF is `min(u, 0x10FFFF) != u`) and stops at
//!   the first block with an ill-formed unit, which the `const fn` then
//!   reports exactly. Eight ASCII units are narrowed by one `vpshufb` into
//!   eight bytes; any other block writes each unit's UTF-8 with one 4-byte
//!   store. Unlike the `const fn`, there is no separate length pass.
//! - **Counting** (`decoded_len`, `validate`) checks and measures eight
//!   units per vector: the UTF-8 length of a scalar value is 1, plus 1 for
//!   each of `u > 0x7F`, `u > 0x7FF`, `u > 0xFFFF`, three compares whose
//!   `-1` lanes are subtracted from an accumulator.
//!
//! What the vector loops leave (the tail, a block that does not fit the
//! output, an ill-formed block) goes to the `const` engine, which gives the
//! exact answer; so every result is the `const fn`'s.
//!
//! Without AVX2, [`portable`] encodes through the portable UTF-16 kernel
//! and decodes eight units a step.

#[cfg(not(target_arch = "x86_64"))]
use super::portable::utf32 as portable;
#[cfg(target_arch = "x86_64")]
use super::portable::utf32::{self as portable, CHUNK, piece_end};
use crate::engine::utf32::Src;

/// Encodes `text` as LE (`BE == false`) or BE bytes; `None` if `dst` is too short.
#[inline]
pub(crate) fn encode_bytes<const BE: bool>(text: &str, dst: &mut [u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if super::avx2() {
        // SAFETY: `avx2()` said that the CPU has every feature that
        // `encode_avx2` enables.
        return unsafe { encode_avx2::<BE>(text, dst) };
    }
    #[cfg(target_arch = "aarch64")]
    if super::neon() {
        return super::neon::utf32::encode_bytes::<BE>(text, dst);
    }
    portable::encode_bytes::<BE>(text, dst)
}

/// Encodes `text` into native units; `None` if `dst` is too short.
#[inline]
pub(crate) fn encode_units(text: &str, dst: &mut [u32]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if super::avx2() {
        // SAFETY: the `4 * dst.len()` bytes of `dst` are initialized and
        // writable while `dst` is borrowed, and every bit pattern is a valid
        // `u32`; `u8` needs no alignment; their size is that of `dst`.
        let bytes = unsafe {
            core::slice::from_raw_parts_mut(dst.as_mut_ptr().cast::<u8>(), 4 * dst.len())
        };
        // Native units are LE on x86.
        // SAFETY: `avx2()` said that the CPU has every feature that
        // `encode_avx2` enables.
        return unsafe { encode_avx2::<false>(text, bytes) }.map(|n| n / 4);
    }
    #[cfg(target_arch = "aarch64")]
    if super::neon() {
        return super::neon::utf32::encode_units(text, dst);
    }
    portable::encode_units(text, dst)
}

/// The vector encoder: ASCII blocks directly, other stretches through the
/// UTF-16 kernel and a widening, the tail by the `const` engine.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
fn encode_avx2<const BE: bool>(text: &str, dst: &mut [u8]) -> Option<usize> {
    let b = text.as_bytes();
    let (mut i, mut at) = (0, 0);
    loop {
        // SAFETY: this function's `target_feature` holds the features that
        // `encode` enables, its one precondition but the next; `b[i..]`
        // starts on a character boundary, so it is valid UTF-8.
        let (di, dat) = unsafe { avx2::encode::<BE>(b.get(i..)?, dst.get_mut(at..)?) };
        i += di;
        at += dat;
        if b.len() - i < 32 || dst.len() - at < 128 {
            break;
        }
        let end = piece_end(text, i);
        let mut units = [0u16; CHUNK];
        // Never `None`: a text has no more UTF-16 units than bytes.
        let n = super::utf8_to_utf16::encode_units(text.get(i..end)?, &mut units)?;
        at = widen::<BE>(units.get(..n)?, dst, at)?;
        i = end;
    }
    let n = crate::engine::utf32::encode_into(text.get(i..)?, dst.get_mut(at..)?, BE).ok()?;
    Some(at + n)
}

/// Widens well-formed UTF-16 `units` (no pair cut at either end) into
/// UTF-32 at `dst[at..]`: eight a vector while they hold no surrogate;
/// `None` if `dst` is too short.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
fn widen<const BE: bool>(units: &[u16], dst: &mut [u8], mut at: usize) -> Option<usize> {
    let mut k = 0;
    while k < units.len() {
        if k + 8 <= units.len() && at + 32 <= dst.len() {
            // SAFETY: features (this function's `target_feature`); `k + 8 <=
            // units.len()` and `at + 32 <= dst.len()` (checked above).
            if unsafe { avx2::widen_units8::<BE>(units, k, dst, at) } {
                k += 8;
                at += 32;
                continue;
            }
        }
        let (cp, taken) = portable::char_at(units, k)?;
        k += taken;
        let unit = if BE {
            cp.to_be_bytes()
        } else {
            cp.to_le_bytes()
        };
        dst.get_mut(at..at + 4)?.copy_from_slice(&unit);
        at += 4;
    }
    Some(at)
}

/// Decodes native units; `None` if ill-formed or `dst` too short.
#[inline]
pub(crate) fn decode_units(units: &[u32], dst: &mut [u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if super::avx2() {
        // SAFETY: the `4 * units.len()` bytes of `units` are initialized and
        // readable while `units` is borrowed, and `u8` needs no alignment.
        let bytes =
            unsafe { core::slice::from_raw_parts(units.as_ptr().cast::<u8>(), 4 * units.len()) };
        // SAFETY: as in `encode_bytes`. (Native units are LE on x86.)
        let (i, at) = unsafe { avx2::decode::<false>(bytes, dst) };
        return finish(Src::Units(units.get(i..)?), dst, at);
    }
    #[cfg(target_arch = "aarch64")]
    if super::neon() {
        return super::neon::utf32::decode_units(units, dst);
    }
    portable::decode(units, |u| u, Src::Units, dst)
}

/// Decodes LE (`BE == false`) or BE bytes; `None` if ill-formed or `dst`
/// too short.
#[inline]
pub(crate) fn decode_bytes<const BE: bool>(bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if super::avx2() {
        // SAFETY: as in `encode_bytes`.
        let (i, at) = unsafe { avx2::decode::<BE>(bytes, dst) };
        let rest = bytes.get(4 * i..)?;
        return finish(if BE { Src::Be(rest) } else { Src::Le(rest) }, dst, at);
    }
    #[cfg(target_arch = "aarch64")]
    if super::neon() {
        return super::neon::utf32::decode_bytes::<BE>(bytes, dst);
    }
    let (units, odd) = bytes.as_chunks::<4>();
    if !odd.is_empty() {
        return None;
    }
    portable::decode(units, from_bytes::<BE>, src_of::<BE>, dst)
}

/// Units of four bytes as the `const` engine reads them.
#[inline]
fn src_of<const BE: bool>(units: &[[u8; 4]]) -> Src<'_> {
    if BE {
        Src::Be(units.as_flattened())
    } else {
        Src::Le(units.as_flattened())
    }
}

/// The unit of four bytes in the order `BE` says.
#[inline]
fn from_bytes<const BE: bool>(b: [u8; 4]) -> u32 {
    if BE {
        u32::from_be_bytes(b)
    } else {
        u32::from_le_bytes(b)
    }
}

/// The UTF-8 length of LE or BE bytes, if they are well formed; `None`
/// otherwise.
#[inline]
pub(crate) fn decoded_len<const BE: bool>(bytes: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if super::avx2() {
        // SAFETY: as in `encode_bytes`.
        let (i, len) = unsafe { avx2::count::<BE>(bytes) };
        let rest = bytes.get(4 * i..)?;
        let src = if BE { Src::Be(rest) } else { Src::Le(rest) };
        return Some(len + crate::engine::utf32::decoded_len(src).ok()?);
    }
    #[cfg(target_arch = "aarch64")]
    if super::neon() {
        return super::neon::utf32::decoded_len::<BE>(bytes);
    }
    let src = if BE { Src::Be(bytes) } else { Src::Le(bytes) };
    crate::engine::utf32::decoded_len(src).ok()
}

/// [`decoded_len`] of native units.
#[inline]
pub(crate) fn decoded_units_len(units: &[u32]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if super::avx2() {
        // SAFETY: as in `decode_units`.
        let bytes =
            unsafe { core::slice::from_raw_parts(units.as_ptr().cast::<u8>(), 4 * units.len()) };
        // SAFETY: as in `encode_bytes`.
        let (i, len) = unsafe { avx2::count::<false>(bytes) };
        return Some(len + crate::engine::utf32::decoded_len(Src::Units(units.get(i..)?)).ok()?);
    }
    #[cfg(target_arch = "aarch64")]
    if super::neon() {
        return super::neon::utf32::decoded_units_len(units);
    }
    crate::engine::utf32::decoded_len(Src::Units(units)).ok()
}

/// The rest after the vector loop, by the `const` engine, into `dst[at..]`.
#[cfg(target_arch = "x86_64")]
#[inline]
fn finish(rest: Src<'_>, dst: &mut [u8], at: usize) -> Option<usize> {
    let n = crate::engine::utf32::decode_into(rest, dst.get_mut(at..)?).ok()?;
    Some(at + n)
}

#[cfg(target_arch = "x86_64")]
use super::avx2::utf32 as avx2;

#[cfg(test)]
mod tests {
    use super::{
        decode_bytes, decode_units, decoded_len, decoded_units_len, encode_bytes, encode_units,
    };
    use crate::engine::utf32::Src;
    use crate::simd::test_support::{Rng, assert_avx2, each_level};
    use std::string::{String, ToString};
    use std::vec;
    use std::vec::Vec;

    fn bytes(units: &[u32], be: bool) -> Vec<u8> {
        units
            .iter()
            .flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
            .collect()
    }

    /// [`check_level`] at every kernel level the CPU has (portable, AVX2).
    fn check(text: &str, units: &[u32]) {
        each_level(|_| check_level(text, units));
    }

    /// Every kernel on `text` and on `units` (which may be ill formed),
    /// against the `const` engine, into every output length around the
    /// exact one and the worst case.
    fn check_level(text: &str, units: &[u32]) {
        let good: Vec<u32> = text.chars().map(u32::from).collect();
        let exact = 4 * good.len();
        for len in (exact.saturating_sub(9)..=exact + 9).chain([4 * text.len()]) {
            for be in [false, true] {
                let mut got = vec![0u8; len];
                let mut want = vec![0u8; len];
                let g = if be {
                    encode_bytes::<true>(text, &mut got)
                } else {
                    encode_bytes::<false>(text, &mut got)
                };
                let w = crate::engine::utf32::encode_into(text, &mut want, be).ok();
                assert_eq!(g, w, "encode be={be} into {len}: {text:?}");
                if let Some(n) = g {
                    assert_eq!(got[..n], want[..n]);
                }
            }
            let mut got = vec![0u32; len / 4];
            let g = encode_units(text, &mut got);
            let w = crate::engine::utf32::encode_units_into(text, &mut vec![0u32; len / 4]).ok();
            assert_eq!(g, w, "encode units into {}", len / 4);
            if let Some(n) = g {
                assert_eq!(got[..n], good[..]);
            }
        }
        let out_len = 4 * units.len();
        for len in (0..=out_len.min(12)).chain(out_len.saturating_sub(12)..=out_len + 4) {
            for be in [false, true] {
                let b = bytes(units, be);
                let src = if be { Src::Be(&b) } else { Src::Le(&b) };
                let mut got = vec![0u8; len];
                let mut want = vec![0u8; len];
                let g = if be {
                    decode_bytes::<true>(&b, &mut got)
                } else {
                    decode_bytes::<false>(&b, &mut got)
                };
                let w = crate::engine::utf32::decode_into(src, &mut want).ok();
                assert_eq!(g, w, "decode be={be} into {len}: {units:X?}");
                if let Some(n) = g {
                    assert_eq!(got[..n], want[..n]);
                }
                let l = if be {
                    decoded_len::<true>(&b)
                } else {
                    decoded_len::<false>(&b)
                };
                assert_eq!(l, crate::engine::utf32::decoded_len(src).ok());
            }
            let mut got = vec![0u8; len];
            let mut want = vec![0u8; len];
            let g = decode_units(units, &mut got);
            let w = crate::engine::utf32::decode_into(Src::Units(units), &mut want).ok();
            assert_eq!(g, w, "decode units into {len}");
            if let Some(n) = g {
                assert_eq!(got[..n], want[..n]);
            }
            assert_eq!(
                decoded_units_len(units),
                crate::engine::utf32::decoded_len(Src::Units(units)).ok()
            );
        }
    }

    #[test]
    fn simd_utf32_every_offset() {
        assert_avx2();
        let specials = ['é', 'Ж', '€', '世', '😀', '\u{10FFFF}', '\u{7F}', '\0'];
        for pad in 0..80 {
            for &ch in &specials {
                let text: String = "a".repeat(pad) + &ch.to_string() + &"b".repeat(40);
                let units: Vec<u32> = text.chars().map(u32::from).collect();
                check(&text, &units);
                // The same units with one ill-formed unit where the
                // character was, and a value above U+10FFFF.
                for bad in [0xD800, 0xDFFF, 0x11_0000, 0xFFFF_FFFF] {
                    let mut broken = units.clone();
                    broken[pad] = bad;
                    check(&text, &broken);
                }
            }
        }
    }

    /// Long non-ASCII stretches: several kilobyte chunks through UTF-16,
    /// with pairs and 4-byte characters at every chunk boundary.
    #[test]
    fn simd_utf32_long_stretches() {
        assert_avx2();
        let mut rng = Rng(0x3232_0002);
        let pool = ['é', 'Ж', '€', '世', '😀', 'a', ' ', '\u{10FFFF}'];
        for pad in 0..40 {
            let mut text = "a".repeat(pad);
            for _ in 0..1500 {
                text.push(pool[rng.index(pool.len())]);
            }
            text.push_str(&"z".repeat(pad));
            let units: Vec<u32> = text.chars().map(u32::from).collect();
            check(&text, &units);
        }
    }

    /// Texts longer than a piece of the portable encoder (1 KB) with no
    /// supplementary character where it samples the text, so that they go
    /// through UTF-16 piece by piece: of 2- and 3-byte characters and
    /// ASCII, and the same with one supplementary character at each place
    /// around the pieces' ends (its surrogate pair widened back); and the
    /// same units decoded with an ill-formed unit among them.
    #[test]
    fn simd_utf32_pieces() {
        assert_avx2();
        let mut rng = Rng(0x3232_0003);
        let pool = ['é', 'Ж', '€', '世', 'a', ' ', '\u{FFFF}', '\u{E000}'];
        for len in [300, 341, 1000, 1400] {
            let mut text = String::new();
            for _ in 0..len {
                text.push(pool[rng.index(pool.len())]);
            }
            let units: Vec<u32> = text.chars().map(u32::from).collect();
            check(&text, &units);
            let mut broken = units.clone();
            let at = rng.index(units.len());
            broken[at] = [0xD800, 0x11_0000][rng.index(2)];
            check(&text, &broken);
            // A supplementary character near each 1 KB boundary.
            for byte in [1000, 1020, 1023, 1024, 1025, 2040, 2048] {
                let Some(at) = (byte..text.len()).find(|&b| text.is_char_boundary(b)) else {
                    continue;
                };
                let mut t = text.clone();
                t.insert(at, '😀');
                let u: Vec<u32> = t.chars().map(u32::from).collect();
                check(&t, &u);
            }
        }
    }

    /// Text that the portable encoder takes a character at a time: short
    /// words of Hangul between ASCII, and emoji among other characters,
    /// longer than a piece, at every output length around the exact one.
    #[test]
    fn simd_utf32_by_chars() {
        assert_avx2();
        for (word, n) in [
            ("한국어 ", 300),
            ("가 ", 500),
            ("😀é ", 400),
            ("ab😀 ", 300),
        ] {
            for pad in 0..3 {
                let text = "x".repeat(pad) + &word.repeat(n);
                let units: Vec<u32> = text.chars().map(u32::from).collect();
                check(&text, &units);
            }
        }
    }

    #[test]
    fn simd_utf32_random() {
        assert_avx2();
        let mut rng = Rng(0x3232_0001);
        let pool = ['a', ' ', 'é', 'Ж', '€', '世', '😀', '\u{FFFF}', '\u{10000}'];
        for _ in 0..400 {
            let len = rng.index(300);
            let ascii = rng.index(4) == 0;
            let text: String = (0..len)
                .map(|_| {
                    if ascii {
                        'x'
                    } else {
                        pool[rng.index(pool.len())]
                    }
                })
                .collect();
            let mut units: Vec<u32> = text.chars().map(u32::from).collect();
            if !units.is_empty() && rng.index(3) == 0 {
                let at = rng.index(units.len());
                units[at] = [0xDC00, 0x11_0000, 0x8000_0041][rng.index(3)];
            }
            check(&text, &units);
        }
    }
}
