//! The pages whose bytes `00..=7F` are not ASCII but which have every
//! ASCII character (the EBCDIC pages) through vector kernels, by way of
//! each page's [`Proxy`]: the page with its bytes permuted so that ASCII is
//! ASCII and Latin-1 is Latin-1 (`crate::table` says how the generator
//! builds it).
//!
//! Decoding maps a block of input (4 KiB, on the stack, so that it stays in
//! L1, not zeroed first, and placed half a page from the input so that the
//! mapping loop's loads never wait on its stores: see `block_buffer`)
//! through `to_proxy` and decodes the mapped block: with AVX-512, by
//! the decoder of this module (`decode_avx512`, a third faster on German
//! and French than the next, and twice as fast on Greek); with AVX2 only,
//! by the code-page kernel of `super::single_byte` in the proxy page.
//! `decoded_len` does the latter. Encoding encodes a block of text (64 KiB:
//! the code-page encoder has a cost per call that smaller blocks paid
//! again and again) with the code-page kernel in the proxy page and maps
//! the bytes it wrote, in place, through `from_proxy`.
//!
//! The proxy decodes every byte the page defines to the same character
//! (but for a byte whose character a lower byte has too, which it leaves
//! undefined: IBM875 decodes seven bytes to U+001A), encodes every
//! character to the image of the same byte, and leaves undefined what the
//! page leaves undefined, so the answers are the page's. A `None` (a byte
//! the page leaves undefined, a character it lacks, a buffer too short)
//! sends the caller to the page's `const` engine on the original input, as
//! for every kernel (see `crate::simd`). The one `None` on good input: one
//! of IBM875's other U+001A bytes, with AVX2 only (the AVX-512 decoder
//! decodes a step with one through the page's own table).
//!
//! The byte mapping is a look-up of 256 entries per byte:
//!
//! - with AVX-512 VBMI, 64 bytes per step: two `vpermi2b` (each looks up
//!   128 entries, from two vectors, by the low seven bits), under the
//!   masks of bit 7 set and clear, the second on the first's result, with
//!   masked loads and stores for the tail;
//! - with AVX2, 32 bytes per step: two 128-entry look-ups of eight
//!   xor-coded `vpshufb` rounds each (see `crate::table::Vectors`), the
//!   second at `index ^ 0x80`, and a blend by bit 7.
//!
//! - with NEON (aarch64), 16 bytes per step: one `tbl` of the first 64
//!   entries and three `tbx` of the others (`super::neon::single_byte`);
//!   decoding and encoding then go through the NEON code-page kernels, as
//!   with AVX2.
//!
//! Without AVX2 or NEON (other targets, `litenc_portable`) there is no
//! kernel to hand the proxy to, and these functions return `None`: the
//! `const` engine decodes and encodes the page directly.

// The codec's short names (`t` page, `p` proxy, `b` input, `i` input
// cursor, `at` output cursor, `v` a vector), as in `super::single_byte`.
#![allow(clippy::many_single_char_names)]
// Every pointer cast to a vector type goes to an unaligned load or store.
#![allow(clippy::cast_ptr_alignment)]

use crate::table::{Proxy, SingleByte};
#[cfg(target_arch = "x86_64")]
use core::mem::MaybeUninit;

/// Bytes of input per block of the decoders. (The tests place text around
/// the ends of the blocks on every target: off `x86_64` they check that the
/// page's functions answer there as anywhere.)
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64", test))]
const BLOCK: usize = 4096;

/// Bytes of text per block of the encoder.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64", test))]
const TEXT_BLOCK: usize = 65536;

/// Decodes `bytes` of the page `t` to UTF-8 in `dst`; `None` where the
/// kernels do not run, a byte is undefined (or, but with AVX-512, one the
/// proxy leaves to the engine), or `dst` is too short. Input shorter than
/// 64 bytes goes, with AVX2 only, byte by byte through the page's own
/// `utf8` table.
#[inline]
pub(crate) fn decode(
    t: &'static SingleByte,
    p: &'static Proxy,
    bytes: &[u8],
    dst: &mut [u8],
) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        if super::avx512() {
            if bytes.len() <= 64 {
                let mut small = [MaybeUninit::uninit(); 64];
                let b = map_uninit(&p.to_proxy, bytes, &mut small[..bytes.len()]);
                // SAFETY: `avx512()` said that this CPU has every feature
                // the kernel enables; `bytes` and `b` have one length.
                return unsafe { super::avx512::proxy::decode_avx512(t, p, bytes, b, dst) };
            }
            // Each block mapped, then decoded by the AVX-512 decoder below
            // (which, on German and French, was a third faster than the
            // code-page kernel on the mapped block, and on Greek twice as
            // fast).
            let mut space = [MaybeUninit::uninit(); 2 * BLOCK];
            let mut at = 0;
            for chunk in bytes.chunks(BLOCK) {
                let out = dst.get_mut(at..)?;
                let buf = block_buffer(&mut space, chunk.as_ptr().addr(), out.as_ptr().addr());
                let b = map_uninit(&p.to_proxy, chunk, &mut buf[..chunk.len()]);
                // SAFETY: `avx512()` said that this CPU has every feature
                // the kernel enables; `chunk` and `b` have one length.
                at += unsafe { super::avx512::proxy::decode_avx512(t, p, chunk, b, out) }?;
            }
            return Some(at);
        }
        if super::avx2() {
            if bytes.len() < 64 {
                return super::portable::decode_scalar(t, bytes, dst, 0);
            }
            let mut space = [MaybeUninit::uninit(); 2 * BLOCK];
            let mut at = 0;
            for chunk in bytes.chunks(BLOCK) {
                let out = dst.get_mut(at..)?;
                let buf = block_buffer(&mut space, chunk.as_ptr().addr(), out.as_ptr().addr());
                let b = map_uninit(&p.to_proxy, chunk, &mut buf[..chunk.len()]);
                at += super::single_byte::decode(p.page, b, out)?;
            }
            return Some(at);
        }
    }
    #[cfg(target_arch = "aarch64")]
    if super::neon() {
        // Each block mapped into a buffer on the stack (zeroed once per
        // call), then decoded by the code-page kernel in the proxy page;
        // short input by the page's own tables.
        if bytes.len() < 64 {
            return crate::engine::decode_into(crate::rules::Family::SingleByte(t), bytes, dst)
                .ok();
        }
        let mut buf = [0u8; BLOCK];
        let mut at = 0;
        for chunk in bytes.chunks(BLOCK) {
            let b = &mut buf[..chunk.len()];
            super::neon::single_byte::map(&p.to_proxy, chunk, b);
            at += super::neon::single_byte::decode(p.page, b, dst.get_mut(at..)?)?;
        }
        return Some(at);
    }
    let _ = (t, p, bytes, dst);
    None
}

/// `dst[j] = table[src[j]]` for each `j`, into a buffer not yet
/// initialized (a block buffer zeroed on every call cost a tenth of the
/// time at 4 KiB); the bytes written. Only after [`super::avx2`](fn@super::avx2) said yes.
#[cfg(target_arch = "x86_64")]
#[inline]
fn map_uninit<'a>(table: &[u8; 256], src: &[u8], dst: &'a mut [MaybeUninit<u8>]) -> &'a [u8] {
    assert_eq!(src.len(), dst.len(), "map: lengths differ");
    // SAFETY: `src` and `dst` are `len` bytes each (checked above), `src`
    // readable, `dst` writable; they do not overlap (one is shared, the
    // other unique). The level was checked by the caller (`avx2()`), and
    // `map_raw` checks `avx512()` itself.
    unsafe { map_raw(table, src.as_ptr(), dst.as_mut_ptr().cast(), src.len()) };
    // SAFETY: `map_raw` wrote each of the `dst.len()` bytes of `dst`, so
    // they are initialized; `MaybeUninit<u8>` has the layout of `u8`.
    unsafe { core::slice::from_raw_parts(dst.as_ptr().cast(), dst.len()) }
}

/// The block of `space` the decoders map a block of input into, placed
/// for the input at address `input` and the output at `output`: in the
/// middle of the larger of the two arcs between them modulo 4 KiB, so at
/// least 1 KiB from each (half a page from the input where they agree).
///
/// The mapping loop loads the input and stores into the block, and the
/// decoder loads the block and stores the output, each at one distance
/// apart. Where a distance modulo 4 KiB is small, each load looks to the
/// CPU as if it might read a store still in flight (the load and the store
/// agree in their low 12 address bits) and waits for it: "4K aliasing".
/// The distances were whatever the stack and the heap gave, so the same
/// program decoded EBCDIC at 12 GB/s in one run and 15 GB/s in the next.
/// The output moves on against the input as it grows, so the block is
/// placed again for each block of input.
#[cfg(target_arch = "x86_64")]
#[inline]
fn block_buffer(
    space: &mut [MaybeUninit<u8>; 2 * BLOCK],
    input: usize,
    output: usize,
) -> &mut [MaybeUninit<u8>; BLOCK] {
    let (a, b) = (input % BLOCK, output % BLOCK);
    // The arc from `a` up to `b`, and the one from `b` up to `a`.
    let up = b.wrapping_sub(a) % BLOCK;
    let want = if up >= BLOCK - up {
        a + up / 2
    } else {
        b + (BLOCK - up) / 2
    } % BLOCK;
    let start = want.wrapping_sub(space.as_ptr().addr()) % BLOCK;
    space
        .get_mut(start..start + BLOCK)
        .and_then(|b| b.try_into().ok())
        .unwrap_or_else(|| unreachable!("start < BLOCK"))
}

/// The length of the UTF-8 of `bytes`; `None` where the kernels do not
/// run or a byte is undefined in the proxy.
#[inline]
pub(crate) fn decoded_len(p: &'static Proxy, bytes: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        if super::avx2() {
            let mut space = [MaybeUninit::uninit(); 2 * BLOCK];
            let mut n = 0;
            for chunk in bytes.chunks(BLOCK) {
                let at = chunk.as_ptr().addr();
                let buf = block_buffer(&mut space, at, at);
                let b = map_uninit(&p.to_proxy, chunk, &mut buf[..chunk.len()]);
                n += super::single_byte::decoded_len(p.page, b)?;
            }
            return Some(n);
        }
    }
    #[cfg(target_arch = "aarch64")]
    if super::neon() {
        let mut buf = [0u8; BLOCK];
        let mut n = 0;
        for chunk in bytes.chunks(BLOCK) {
            let b = &mut buf[..chunk.len()];
            super::neon::single_byte::map(&p.to_proxy, chunk, b);
            n += super::neon::single_byte::decoded_len(p.page, b)?;
        }
        return Some(n);
    }
    let _ = (p, bytes);
    None
}

/// Encodes `text` into `dst`; `None` where the kernels do not run, a
/// character is not in the page, or `dst` is too short. Text shorter than
/// 64 bytes goes through the page's own tables (the `const` engine), which
/// costs less than setting up the vectors.
#[inline]
pub(crate) fn encode(
    t: &'static SingleByte,
    p: &'static Proxy,
    text: &str,
    dst: &mut [u8],
) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        if super::avx2() {
            if text.len() < 64 {
                return crate::engine::encode_into(crate::rules::Family::SingleByte(t), text, dst)
                    .ok();
            }
            let mut at = 0;
            let mut i = 0;
            while i < text.len() {
                let mut end = (i + TEXT_BLOCK).min(text.len());
                while !text.is_char_boundary(end) {
                    end -= 1;
                }
                let out = dst.get_mut(at..)?;
                let n = super::single_byte::encode(p.page, text.get(i..end)?, out)?;
                map_in_place(&p.from_proxy, out.get_mut(..n)?);
                at += n;
                i = end;
            }
            return Some(at);
        }
    }
    #[cfg(target_arch = "aarch64")]
    if super::neon() {
        // Blocks of text encoded by the code-page kernel in the proxy page,
        // the bytes written mapped in place.
        if text.len() < 64 {
            return crate::engine::encode_into(crate::rules::Family::SingleByte(t), text, dst).ok();
        }
        let mut at = 0;
        let mut i = 0;
        while i < text.len() {
            let mut end = (i + TEXT_BLOCK).min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let out = dst.get_mut(at..)?;
            let n = super::neon::single_byte::encode(p.page, text.get(i..end)?, out)?;
            super::neon::single_byte::map_in_place(&p.from_proxy, out.get_mut(..n)?);
            at += n;
            i = end;
        }
        return Some(at);
    }
    let _ = (t, p, text, dst);
    None
}

/// `buf[j] = table[buf[j]]` for each `j`. Only after [`super::avx2`](fn@super::avx2) said
/// yes.
#[cfg(target_arch = "x86_64")]
#[inline]
fn map_in_place(table: &[u8; 256], buf: &mut [u8]) {
    let p = buf.as_mut_ptr();
    // SAFETY: `buf` is `buf.len()` bytes, readable and writable; source and
    // destination are the same bytes, and every step loads its bytes before
    // it stores them. The level was checked by the caller.
    unsafe { map_raw(table, p, p, buf.len()) }
}

/// `*dst.add(j) = table[*src.add(j)]` for `j < len`, by the best kernel.
///
/// # Safety
/// [`super::avx2`](fn@super::avx2) said yes; `src` is readable and `dst` writable for
/// `len` bytes; they are the same bytes or do not overlap.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) unsafe fn map_raw(table: &[u8; 256], src: *const u8, dst: *mut u8, len: usize) {
    if super::avx512() {
        // SAFETY: `avx512()` said that this CPU has the features; the
        // caller guarantees the bounds.
        unsafe { super::avx512::proxy::map_avx512(table, src, dst, len) }
    } else {
        // SAFETY: the caller checked `avx2()`, and guarantees the bounds.
        unsafe { super::avx2::proxy::map_avx2(table, src, dst, len) }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::{decode, decoded_len, encode};
    use crate::encoding::Encoding;
    use crate::rules::Family;
    use crate::simd::Level;
    use crate::simd::test_support::{MIRI, Rng, assert_avx2, cases, each_level, sample, step};
    use crate::table::{Proxy, SingleByte};
    use std::format;
    use std::string::String;
    use std::vec;
    use std::vec::Vec;

    /// The pages with a proxy: every EBCDIC page (under Miri, IBM037 and
    /// IBM875, the one with a character on several bytes).
    fn pages() -> Vec<(&'static SingleByte, &'static Proxy)> {
        let all: Vec<_> = Encoding::ALL
            .iter()
            .filter_map(|e| match e.family() {
                Family::SingleByte(t) => t.proxy.map(|p| (t, p)),
                _ => None,
            })
            .collect();
        let names: Vec<&str> = all.iter().map(|(t, _)| t.encoding.name()).collect();
        assert_eq!(
            names,
            [
                "IBM037", "IBM273", "IBM424", "IBM500", "IBM875", "IBM1026", "IBM01140", "IBM1047"
            ],
            "the pages with a proxy"
        );
        all.into_iter()
            .filter(|(t, _)| !MIRI || matches!(t.encoding, Encoding::Ibm037 | Encoding::Ibm875))
            .collect()
    }

    fn fam(t: &'static SingleByte) -> Family {
        Family::SingleByte(t)
    }

    /// Whether the kernels run at this level (the proxy needs AVX2).
    fn vector(l: Level) -> bool {
        l >= Level::Avx2
    }

    /// Whether `bytes` has a byte whose character a lower byte has too
    /// (IBM875's U+001A), which the proxy leaves to the engine.
    fn has_repeat(t: &SingleByte, p: &Proxy, bytes: &[u8]) -> bool {
        bytes.iter().any(|&b| {
            t.utf8[usize::from(b)] != 0 && p.page.utf8[usize::from(p.to_proxy[usize::from(b)])] == 0
        })
    }

    /// The proxy's path (`simd::decode_into`, `simd::decoded_len`,
    /// `simd::validate`, then the engine where they say `None`, as `fast`
    /// does) against the engine on the page, into a buffer of `len` bytes
    /// with guard bytes after it; and that the kernel answered itself
    /// wherever the input is good and fits.
    fn check_decode_into(
        t: &'static SingleByte,
        p: &'static Proxy,
        bytes: &[u8],
        len: usize,
        l: Level,
    ) {
        const GUARD: usize = 64;
        let name = t.encoding.name();
        let mut a = vec![0xA5u8; len + GUARD];
        let mut b = vec![0x5Au8; len];
        let kernel = decode(t, p, bytes, &mut a[..len]);
        let want = crate::engine::decode_into(fam(t), bytes, &mut b);
        assert!(
            a[len..].iter().all(|&x| x == 0xA5),
            "{name} {bytes:x?} into {len}: wrote past the buffer"
        );
        match kernel {
            Some(n) => {
                assert_eq!(Ok(n), want, "{name} {bytes:x?} into {len}");
                assert_eq!(a[..n], b[..n], "{name} {bytes:x?} into {len}");
            }
            None => assert!(
                !vector(l) || want.is_err() || has_repeat(t, p, bytes),
                "{name} {bytes:x?} into {len}: the kernel gave up on good input"
            ),
        }
        let got = crate::fast::family::decode_into(fam(t), bytes, &mut a[..len]);
        assert_eq!(got, want, "{name} {bytes:x?} into {len}");
        if let Ok(n) = got {
            assert_eq!(a[..n], b[..n], "{name} {bytes:x?} into {len}");
        }
    }

    /// [`check_decode_into`] with room to spare, and the length and
    /// validation twins.
    fn check_decode(t: &'static SingleByte, p: &'static Proxy, bytes: &[u8], l: Level) {
        check_decode_into(t, p, bytes, 3 * bytes.len() + 8, l);
        let name = t.encoding.name();
        let want = crate::engine::decoded_len(fam(t), bytes);
        let kernel = decoded_len(p, bytes);
        if let Some(n) = kernel {
            assert_eq!(Ok(n), want, "{name} {bytes:x?}");
        } else {
            assert!(
                !vector(l) || want.is_err() || has_repeat(t, p, bytes),
                "{name} {bytes:x?}: length"
            );
        }
        assert_eq!(
            crate::fast::family::decoded_len(fam(t), bytes),
            want,
            "{name} {bytes:x?}"
        );
        assert_eq!(
            crate::fast::family::validate(fam(t), bytes),
            crate::engine::validate(fam(t), bytes),
            "{name} {bytes:x?}"
        );
    }

    /// The proxy's encoder (then the engine where it says `None`, as
    /// `fast` does) against the engine, into `len` bytes and guard bytes.
    fn check_encode_into(
        t: &'static SingleByte,
        p: &'static Proxy,
        text: &str,
        len: usize,
        l: Level,
    ) {
        const GUARD: usize = 64;
        let name = t.encoding.name();
        let mut a = vec![0xA5u8; len + GUARD];
        let mut b = vec![0x5Au8; len];
        let kernel = encode(t, p, text, &mut a[..len]);
        let want = crate::engine::encode_into(fam(t), text, &mut b);
        assert!(
            a[len..].iter().all(|&x| x == 0xA5),
            "{name} {text:?} into {len}: wrote past the buffer"
        );
        match kernel {
            Some(n) => {
                assert_eq!(Ok(n), want, "{name} {text:?} into {len}");
                assert_eq!(a[..n], b[..n], "{name} {text:?} into {len}");
            }
            None => assert!(
                !vector(l) || want.is_err(),
                "{name} {text:?} into {len}: the kernel gave up on good input"
            ),
        }
        let got = crate::fast::family::encode_into(fam(t), text, &mut a[..len]);
        assert_eq!(got, want, "{name} {text:?} into {len}");
        if let Ok(n) = got {
            assert_eq!(a[..n], b[..n], "{name} {text:?} into {len}");
        }
    }

    /// `n` characters of ASCII prose.
    fn ascii(n: usize, salt: usize) -> String {
        let s = "The quick brown fox jumps over the lazy dog, 0123456789! ";
        s.chars().cycle().skip(salt % s.len()).take(n).collect()
    }

    /// `text` in the page.
    fn enc(t: &'static SingleByte, text: &str) -> Vec<u8> {
        let mut out = vec![0u8; text.len()];
        let n = crate::engine::encode_into(fam(t), text, &mut out).unwrap();
        out.truncate(n);
        out
    }

    /// The buffer lengths to try around `need`.
    fn lengths(need: usize) -> Vec<usize> {
        if MIRI {
            vec![0, need.saturating_sub(1), need, need + 1]
        } else {
            (0..=need + 40).collect()
        }
    }

    #[test]
    fn the_proxy_is_the_page_permuted() {
        for (t, p) in pages() {
            let name = t.encoding.name();
            assert!(
                p.page.ascii && p.page.low.is_none() && p.page.proxy.is_none(),
                "{name}"
            );
            assert_ne!(
                p.page.vectors.lead_bits, 0,
                "{name}: the proxy has no vector tables"
            );
            for q in 0..128 {
                let v = p.page.utf8[0x80 + q];
                let pair = if v >> 24 == 2 {
                    (v as u8, (v >> 8) as u8)
                } else {
                    (0, 0)
                };
                assert_eq!(
                    (p.lead[q], p.trail[q]),
                    pair,
                    "{name} proxy {:#04X}",
                    0x80 + q
                );
            }
            for b in 0..=255u8 {
                let x = p.to_proxy[usize::from(b)];
                assert_eq!(p.from_proxy[usize::from(x)], b, "{name} {b:#04X}");
                let (ours, theirs) = (t.utf8[usize::from(b)], p.page.utf8[usize::from(x)]);
                // The same character, or undefined in the proxy where a
                // lower byte has the character.
                let lower = (0..b).any(|c| t.utf8[usize::from(c)] == ours);
                if lower {
                    assert_eq!(theirs, 0, "{name} {b:#04X}");
                } else {
                    assert_eq!(theirs, ours, "{name} {b:#04X}");
                }
            }
        }
    }

    #[test]
    fn decode_every_byte_at_every_offset() {
        assert_avx2();
        each_level(|l| {
            for (t, p) in pages() {
                // Then 40 bytes of ASCII, or none: input of 1 to 104
                // bytes, the byte in the last step or not.
                for (pad, after) in sample((0..64).flat_map(|p| [(p, 40), (p, 0)]), 21) {
                    let pre = enc(t, &ascii(pad, pad));
                    let post = enc(t, &ascii(after, 3));
                    for b in sample(0..=255u8, 37) {
                        let mut bytes = pre.clone();
                        bytes.push(b);
                        bytes.extend_from_slice(&post);
                        check_decode(t, p, &bytes, l);
                    }
                }
            }
        });
    }

    /// The block buffer lies at least 1 KiB from the input and from the
    /// output modulo 4 KiB, and half a page from the input where the two
    /// agree, whatever the addresses of all three.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_block_buffer_is_far_from_the_input_and_the_output() {
        const B: usize = super::BLOCK;
        let dist = |x: usize, y: usize| {
            let d = x.wrapping_sub(y) % B;
            d.min(B - d)
        };
        let mut space = [core::mem::MaybeUninit::uninit(); 2 * B];
        let space_at = space.as_ptr().addr();
        for input in (0..2 * B).step_by(7) {
            for output in (0..B).step_by(61).map(|o| o + 3 * B) {
                let at = super::block_buffer(&mut space, input, output)
                    .as_ptr()
                    .addr();
                assert!(at >= space_at && at + B <= space_at + 2 * B);
                assert!(dist(at, input) >= B / 4, "{input} {output}");
                assert!(dist(at, output) >= B / 4, "{input} {output}");
                if input % B == output % B {
                    assert_eq!(dist(at, input), B / 2, "{input} {output}");
                }
            }
        }
    }

    #[test]
    fn decode_all_bytes_across_the_blocks() {
        // Every byte, then all of them, at every place around the ends of
        // the first two 4 KiB blocks, in text that is ASCII and the page's
        // own letters.
        each_level(|l| {
            for (t, p) in pages() {
                let all: Vec<u8> = (0..=255u8).collect();
                let good: Vec<u8> = all
                    .iter()
                    .copied()
                    .filter(|&b| t.utf8[usize::from(b)] != 0)
                    .collect();
                // Under Miri (a few KiB of input per case), one place; under an
                // emulator, every 31st.
                let step = step(1000);
                for at in (super::BLOCK - 300..super::BLOCK + 40).step_by(step) {
                    let mut bytes = enc(t, &ascii(at, at));
                    bytes.extend_from_slice(&good);
                    bytes.extend_from_slice(&enc(t, &ascii(super::BLOCK + 100, 5)));
                    check_decode(t, p, &bytes, l);
                    let mut every = enc(t, &ascii(at, at));
                    every.extend_from_slice(&all);
                    every.extend_from_slice(&enc(t, &ascii(super::BLOCK + 100, 5)));
                    check_decode(t, p, &every, l);
                }
            }
        });
    }

    #[test]
    fn decode_undefined_or_repeated_bytes_at_every_place() {
        each_level(|l| {
            for (t, p) in pages() {
                let odd: Vec<u8> = (0..=255u8)
                    .filter(|&b| p.page.utf8[usize::from(p.to_proxy[usize::from(b)])] == 0)
                    .collect();
                let text = enc(t, &ascii(300, 1));
                for &b in sample(&odd, 11) {
                    for at in sample(0..text.len(), 29) {
                        let mut bytes = text.clone();
                        bytes[at] = b;
                        check_decode(t, p, &bytes, l);
                    }
                }
            }
        });
    }

    #[test]
    fn decode_every_buffer_length() {
        each_level(|l| {
            for (t, p) in pages() {
                let good: Vec<u8> = (0..=255u8)
                    .filter(|&b| t.utf8[usize::from(b)] != 0)
                    .collect();
                let mut bytes = enc(t, &ascii(37, 2));
                bytes.extend_from_slice(&good);
                let need = crate::engine::decoded_len(fam(t), &bytes).unwrap();
                for len in lengths(need) {
                    check_decode_into(t, p, &bytes, len, l);
                }
            }
        });
    }

    #[test]
    fn decode_random_mixes() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        each_level(|l| {
            for (t, p) in pages() {
                for case in 0..cases(200, 2) {
                    let len = rng.index(if case % 10 == 0 && !MIRI { 9000 } else { 300 });
                    let ascii_bytes = enc(t, &ascii(64, case));
                    let mut bytes = Vec::with_capacity(len);
                    while bytes.len() < len {
                        let b = if rng.index(4) == 0 {
                            rng.next() as u8
                        } else {
                            ascii_bytes[rng.index(ascii_bytes.len())]
                        };
                        bytes.push(b);
                    }
                    check_decode(t, p, &bytes, l);
                }
            }
        });
    }

    /// Every character of the page.
    fn chars(t: &SingleByte) -> Vec<char> {
        (0..=255u8).filter_map(|b| t.decode_byte(b)).collect()
    }

    #[test]
    fn encode_every_char_at_every_offset() {
        each_level(|l| {
            for (t, p) in pages() {
                // Characters of the page, and some it lacks (of one, two,
                // three and four bytes of UTF-8).
                let mut all: Vec<char> = chars(t);
                all.extend([
                    '\u{80}', 'é', 'ÿ', 'Ā', 'Ω', 'א', '€', '—', '😀', '\u{FFFD}',
                ]);
                for pad in sample(0..64, 21) {
                    let pre = ascii(pad, pad);
                    let post = ascii(40, 3);
                    for &ch in sample(&all, 37) {
                        let text = format!("{pre}{ch}{post}");
                        check_encode_into(t, p, &text, text.len() + 8, l);
                    }
                }
            }
        });
    }

    #[test]
    fn encode_across_the_blocks() {
        // All the page's characters where the encoder's block of text ends,
        // whatever their UTF-8 length, and then a character it lacks.
        each_level(|l| {
            for (t, p) in pages() {
                let all: String = chars(t).into_iter().collect();
                // Under Miri (64 KiB of text per case), one place; under an
                // emulator, every 31st.
                let step = step(1000).max(7);
                for at in (super::TEXT_BLOCK - 300..super::TEXT_BLOCK + 8).step_by(step) {
                    let mut text = ascii(at, at);
                    text.push_str(&all);
                    text.push_str(&ascii(50, 1));
                    check_encode_into(t, p, &text, text.len(), l);
                    text.push('😀');
                    text.push_str(&all);
                    check_encode_into(t, p, &text, text.len(), l);
                }
            }
        });
    }

    #[test]
    fn encode_every_buffer_length() {
        each_level(|l| {
            for (t, p) in pages() {
                let mut text = ascii(37, 2);
                text.extend(chars(t));
                let need = crate::engine::encoded_len(fam(t), &text).unwrap();
                for len in lengths(need) {
                    check_encode_into(t, p, &text, len, l);
                }
            }
        });
    }

    #[test]
    fn encode_random_mixes() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        each_level(|l| {
            for (t, p) in pages() {
                let all = chars(t);
                for case in 0..cases(200, 2) {
                    let len = rng.index(if case % 10 == 0 && !MIRI { 3000 } else { 200 });
                    let mut text = String::new();
                    for _ in 0..len {
                        match rng.index(40) {
                            0 if case % 3 == 0 => text.push('Ā'),
                            1..=12 => text.push(all[rng.index(all.len())]),
                            _ => text.push_str(&ascii(1 + rng.index(6), rng.index(50))),
                        }
                    }
                    check_encode_into(t, p, &text, text.len() + 4, l);
                }
            }
        });
    }
}
