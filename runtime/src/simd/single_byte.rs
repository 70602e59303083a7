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
    reason = "the page must be a constant where `Loops::of` runs"
)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn encode(t: &'static SingleByte, text: &str, dst: &mut [u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::simd::avx2() {
            // SAFETY: `avx2()` said that this CPU has every feature the
            // kernel enables.
            return unsafe { avx2::encode(t, Loops::of(t), text, as_uninit(dst)) };
        }
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
    reason = "the page must be a constant where `Loops::of` runs"
)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn decode(t: &'static SingleByte, bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::simd::avx2() {
            // SAFETY: `avx2()` said that this CPU has every feature the
            // kernel enables.
            return unsafe { avx2::decode(t, Loops::of(t), bytes, as_uninit(dst)) };
        }
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
    reason = "the page must be a constant where `Loops::of` runs"
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
            let n = unsafe { avx2::encode(t, Loops::of(t), text, out.spare_capacity_mut()) }?;
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
    reason = "the page must be a constant where `Loops::of` runs"
)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn decode_vec(t: &'static SingleByte, bytes: &[u8]) -> Option<Vec<u8>> {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::simd::avx2() {
            let loops = Loops::of(t);
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
    // the portable kernel, which writes into initialized bytes: so the
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
            let n = super::portable::single_byte::decode(t, chunk, &mut out[len..])?;
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

/// Which of its loops a kernel runs for a page, worked out by the caller
/// from the page's tables rather than by the kernel: the kernels are not
/// inlined (they enable CPU features their callers do not), but their
/// callers are, into the function of the page, where the page and so
/// these are constants. If every call in a program passes the same value,
/// the optimizer folds the kernel's test and drops the loop that no page
/// of the program asks for (a program of pages without Thai links no Thai
/// decoder, one whose pages all have two-half tables no one-half encoder).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Loops {
    /// The page's letters are three bytes of UTF-8 (Thai): the AVX-512
    /// decoder of such pages.
    three: bool,
    /// No row `C0..=FF` of the page is a run (the KOI8 pages): the VBMI
    /// decoder loop.
    runless: bool,
    /// The page's encoding table has both halves: the encoder loop with
    /// the upper half (VBMI where the CPU has it).
    wide: bool,
}

#[cfg(target_arch = "x86_64")]
impl Loops {
    #[inline]
    fn of(t: &SingleByte) -> Self {
        Self {
            three: crate::simd::avx512::single_byte::wanted(t),
            runless: avx2::runless(&t.vectors),
            wide: t.vectors.wide,
        }
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
    crate::engine::single_byte::decoded_len(t, bytes).ok()
}

/// The AVX2 kernels, their tables and their scalar steps.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::Loops;
    use crate::table::{SingleByte, Vectors};
    use core::arch::x86_64::{
        __m128i, __m256i, _mm_loadl_epi64, _mm_loadu_si128, _mm_setzero_si128, _mm_storel_epi64,
        _mm_storeu_si128, _mm_unpackhi_epi64, _mm_unpacklo_epi64, _mm_xor_si128, _mm256_add_epi8,
        _mm256_and_si256, _mm256_blendv_epi8, _mm256_broadcastsi128_si256, _mm256_castsi128_si256,
        _mm256_castsi256_si128, _mm256_cmpeq_epi8, _mm256_extracti128_si256,
        _mm256_inserti128_si256, _mm256_loadu_si256, _mm256_mask_blend_epi8, _mm256_movemask_epi8,
        _mm256_movepi8_mask, _mm256_or_si256, _mm256_permutex2var_epi8, _mm256_set_epi64x,
        _mm256_set1_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_srli_epi16,
        _mm256_storeu_si256, _mm256_sub_epi8, _mm256_test_epi8_mask, _mm256_unpackhi_epi8,
        _mm256_unpacklo_epi8, _mm256_xor_si256,
    };
    use core::mem::MaybeUninit;

    // ---------------------------------------------------------------------------
    // Tables shared by every page, computed at compile time.

    /// The `vpshufb` control that packs the bytes whose bit is set in the
    /// index to the front of 8, in order, then zero bytes (`0x80`); one
    /// little-endian word per 8-bit keep mask.
    static COMPRESS: [u64; 256] = compress_table();

    /// Added to a [`COMPRESS`] word for the upper 8 bytes of a 16-byte lane.
    const PLUS8: u64 = 0x0808_0808_0808_0808;

    #[inline]
    const fn compress_table() -> [u64; 256] {
        let mut t = [0u64; 256];
        let mut m = 0usize;
        while m < 256 {
            let mut ctrl = [0x80u8; 8];
            let (mut j, mut k) = (0usize, 0usize);
            while j < 8 {
                if (m >> j) & 1 != 0 {
                    ctrl[k] = j as u8;
                    k += 1;
                }
                j += 1;
            }
            t[m] = u64::from_le_bytes(ctrl);
            m += 1;
        }
        t
    }

    /// The `vpshufb` control that writes the UTF-8 of 8 input bytes from
    /// their interleaved (lead, last byte) pairs, indexed by the mask of the
    /// two-byte ones: for input byte `j`, `2j` (the lead) if it is one, then
    /// `2j + 1` (the last byte: the trail, or the ASCII byte itself); then
    /// zero bytes (`0x80`). `8 + popcount` bytes, at most 16.
    static EXPAND: [[u8; 16]; 256] = expand_table();

    #[inline]
    const fn expand_table() -> [[u8; 16]; 256] {
        let mut t = [[0x80u8; 16]; 256];
        let mut m = 0usize;
        while m < 256 {
            let (mut j, mut k) = (0usize, 0usize);
            while j < 8 {
                if (m >> j) & 1 != 0 {
                    t[m][k] = 2 * j as u8;
                    k += 1;
                }
                t[m][k] = 2 * j as u8 + 1;
                k += 1;
                j += 1;
            }
            m += 1;
        }
        t
    }

    /// The high bit of each byte of a word.
    const HI: u64 = 0x8080_8080_8080_8080;

    /// Bit `n & 7` of each byte `n`: the bit of a byte in its row of a
    /// [`Vectors`] bitmap.
    static BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];

    // ---------------------------------------------------------------------------
    // Scalar steps, for the characters the vector loops hand over and the tail.

    /// Whether `lead` is a hot lead (a two-byte lead the vector encoder
    /// looks up).
    #[inline]
    fn hot_lead(tv: &Vectors, lead: u8) -> bool {
        lead & 0xE0 == 0xC0 && (tv.lead_bits >> (lead & 0x1F)) & 1 != 0
    }

    /// Writes the UTF-8 `v` (bytes in bits 0..24, length in 24..32) at
    /// `dst[at..]`: as one 4-byte store where there is room (the bytes past
    /// the length are overwritten later, or past the output), else exactly;
    /// `None` if it does not fit.
    #[inline]
    fn write_utf8(dst: &mut [MaybeUninit<u8>], at: usize, v: u32) -> Option<()> {
        let bytes = v.to_le_bytes();
        if let Some(out) = dst.get_mut(at..).and_then(<[_]>::first_chunk_mut::<4>) {
            *out = bytes.map(MaybeUninit::new);
        } else {
            let len = (v >> 24) as usize;
            for (d, &s) in dst.get_mut(at..at + len)?.iter_mut().zip(&bytes) {
                d.write(s);
            }
        }
        Some(())
    }

    /// Writes the UTF-8 of `byte` at `dst[at..]`; the new cursor, or `None`
    /// if the byte is undefined or does not fit.
    #[inline]
    fn decode_one(
        t: &SingleByte,
        byte: u8,
        dst: &mut [MaybeUninit<u8>],
        at: usize,
    ) -> Option<usize> {
        let v = t.utf8[usize::from(byte)];
        let len = (v >> 24) as usize;
        if len == 0 {
            return None;
        }
        write_utf8(dst, at, v)?;
        Some(at + len)
    }

    /// Decodes the byte at `b[i]` (high, not one the vector decoder writes)
    /// and the run that follows: the bytes the vector decoder hands over (a
    /// dash, `—»`, Thai) and the ASCII between them. Eight bytes at a time,
    /// while there is room for their worst case: a table look-up and a
    /// 4-byte store each, no branch per byte; the run ends after eight
    /// bytes with a two-byte character (the vector decoder's own) or before
    /// eight of ASCII. Byte by byte at the end of the input or the output.
    /// The new cursors, or `None`.
    #[inline]
    fn decode_run(
        t: &SingleByte,
        b: &[u8],
        mut i: usize,
        dst: &mut [MaybeUninit<u8>],
        mut at: usize,
    ) -> Option<(usize, usize)> {
        let mut first = true;
        while let Some(w) = b.get(i..).and_then(<[u8]>::first_chunk::<8>) {
            if at + 25 > dst.len() {
                break;
            }
            if u64::from_le_bytes(*w) & HI == 0 {
                return Some((i, at));
            }
            // Bit `len` set for each UTF-8 length seen, 0 for undefined.
            let mut lens = 0u32;
            for &byte in w {
                let v = t.utf8[usize::from(byte)];
                // SAFETY: `at + 25 <= dst.len()` before the word, and each
                // byte moves `at` by at most 3, so `at + 4 <= dst.len()`.
                unsafe { store4(dst, at, v) };
                at += (v >> 24) as usize;
                lens |= 1 << (v >> 24);
            }
            if lens & 1 != 0 {
                return None;
            }
            i += 8;
            if lens & 4 != 0 {
                return Some((i, at));
            }
            first = false;
        }
        while let Some(&c) = b.get(i) {
            let v = t.utf8[usize::from(c)];
            if c < 0x80 || v >> 24 == 2 && !first {
                break;
            }
            if v == 0 {
                return None;
            }
            write_utf8(dst, at, v)?;
            at += (v >> 24) as usize;
            i += 1;
            first = false;
        }
        Some((i, at))
    }

    /// Decodes `b[i..]` into `dst[at..]`: eight bytes at a time while there
    /// is room for their worst case (as in [`decode_run`]), then one at a
    /// time with exact writes. The total written, or `None`.
    #[inline]
    fn decode_tail(
        t: &SingleByte,
        b: &[u8],
        mut i: usize,
        dst: &mut [MaybeUninit<u8>],
        mut at: usize,
    ) -> Option<usize> {
        while let Some(w) = b.get(i..).and_then(<[u8]>::first_chunk::<8>) {
            if at + 25 > dst.len() {
                break;
            }
            let mut undefined = false;
            for &byte in w {
                let v = t.utf8[usize::from(byte)];
                // SAFETY: `at + 25 <= dst.len()` before the word, and each
                // byte moves `at` by at most 3, so `at + 4 <= dst.len()`.
                unsafe { store4(dst, at, v) };
                at += (v >> 24) as usize;
                undefined |= v == 0;
            }
            if undefined {
                return None;
            }
            i += 8;
        }
        while i < b.len() {
            at = decode_one(t, b[i], dst, at)?;
            i += 1;
        }
        Some(at)
    }

    /// The byte of the non-ASCII character at `b[*i..]` (valid UTF-8), with
    /// `*i` moved past it; `None` if the page does not have it (or the
    /// text ends inside it). A branch per length, each moving the cursor by
    /// its own constant (see [`encode_run`]).
    #[inline(always)]
    #[allow(clippy::inline_always, reason = "the step of the encoder's runs")]
    fn encode_one(t: &SingleByte, b: &[u8], i: &mut usize) -> Option<u8> {
        let lead = b[*i];
        let byte = if lead < 0xE0 {
            let byte = t.two_byte(lead, *b.get(*i + 1)?);
            *i += 2;
            byte
        } else if lead < 0xF0 {
            let &[b1, b2] = b.get(*i + 1..*i + 3)? else {
                return None;
            };
            *i += 3;
            t.three_byte(lead, b1, b2)
        } else {
            return None;
        };
        (byte != 0).then_some(byte)
    }

    /// Encodes the character at `b[i..]` (non-ASCII, not with a hot lead)
    /// and the run that follows: the characters the vector encoder hands
    /// over (a dash, `—»`, Thai) and the ASCII between them, one at a
    /// time; the run ends before a hot lead or eight bytes of ASCII. The
    /// new cursors, or `None` if a character is not in the page or `dst`
    /// is too short.
    #[inline]
    fn encode_run(
        t: &SingleByte,
        b: &[u8],
        mut i: usize,
        dst: &mut [MaybeUninit<u8>],
        mut at: usize,
    ) -> Option<(usize, usize)> {
        // The byte after each character is read once, for the test of
        // where the run ends, and is the next character's lead. Thai, where
        // this loop takes every character, ran 1.42 GB/s when the byte and
        // its UTF-8 length came back as a pair and the lead was read again
        // at the loop's top, 1.82 GB/s so (windows-874, 100 KB, AVX-512
        // build, 29 Nov 2026; encoding_rs 0.48).
        let mut c = b[i];
        loop {
            if c < 0x80 {
                dst.get_mut(at)?.write(c);
                i += 1;
            } else {
                let byte = encode_one(t, b, &mut i)?;
                dst.get_mut(at)?.write(byte);
            }
            at += 1;
            let Some(&next) = b.get(i) else {
                return Some((i, at));
            };
            if next < 0x80 {
                if let Some(w) = b.get(i..).and_then(<[u8]>::first_chunk::<8>)
                    && u64::from_le_bytes(*w) & HI == 0
                {
                    return Some((i, at));
                }
            } else if hot_lead(&t.vectors, next) {
                return Some((i, at));
            }
            c = next;
        }
    }

    /// Encodes `b[i..]` (whole characters) into `dst[at..]` one character at a
    /// time, with exact writes; the total written, or `None`.
    #[inline]
    fn encode_tail(
        t: &SingleByte,
        b: &[u8],
        mut i: usize,
        dst: &mut [MaybeUninit<u8>],
        mut at: usize,
    ) -> Option<usize> {
        while i < b.len() {
            let c = b[i];
            if c < 0x80 {
                dst.get_mut(at)?.write(c);
                i += 1;
            } else {
                let byte = encode_one(t, b, &mut i)?;
                dst.get_mut(at)?.write(byte);
            }
            at += 1;
        }
        Some(at)
    }

    // ---------------------------------------------------------------------------
    // AVX2.

    // # `unsafe` here
    //
    // Only two things here need `unsafe`: calling the kernels, whose one
    // precondition is that the CPU has the enabled features,
    // [`crate::simd::FEATURES`] (the caller checked [`crate::simd::avx2`]),
    // and the unaligned loads and stores, each within bounds that the code
    // checked. The load and store helpers are `unsafe fn`s for their bounds
    // (and, being `#[target_feature]`, for the features); inside a kernel the
    // features hold, so the `SAFETY:` comments of their calls say "features"
    // and which check gives the bounds. Helpers with no other precondition
    // are safe `#[target_feature]` functions, and value-only intrinsics are
    // safe: both are called without `unsafe` from any function that enables
    // the same features.

    /// The 16 bytes of `t` in both lanes.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn broadcast16(t: &[u8; 16]) -> __m256i {
        // SAFETY: `t` is a reference to 16 bytes, exactly what the
        // unaligned 128-bit load reads.
        _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(t.as_ptr().cast::<__m128i>()) })
    }

    /// The `vpshufb` control that packs the bytes of each quarter of a
    /// block whose bits are set in `keep` to the front of it: the
    /// [`COMPRESS`] words of its four bytes, those of the odd quarters
    /// plus 8 (they index the upper half of their lane).
    ///
    /// The words are read with vector loads: read as four `u64` and put
    /// together with `_mm256_set_epi64x`, the compiler made a `vpgatherqq`
    /// of them where AVX-512 is enabled, and that made the encoder a fifth
    /// slower on German.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn compress_ctrl(keep: u32) -> __m256i {
        let [k0, k1, k2, k3] = keep.to_le_bytes();
        let lo = _mm_unpacklo_epi64(compress_word(k0), compress_word(k1));
        let hi = _mm_unpacklo_epi64(compress_word(k2), compress_word(k3));
        let ctrl = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
        _mm256_or_si256(
            ctrl,
            _mm256_set_epi64x(PLUS8.cast_signed(), 0, PLUS8.cast_signed(), 0),
        )
    }

    /// `COMPRESS[k]` in the low 8 bytes of a vector.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn compress_word(k: u8) -> __m128i {
        let word: &u64 = &COMPRESS[usize::from(k)];
        // SAFETY: `word` is a reference to 8 bytes, exactly what the
        // unaligned 64-bit load reads.
        unsafe { _mm_loadl_epi64(core::ptr::from_ref(word).cast::<__m128i>()) }
    }

    /// The 16 bytes of `t`.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn load16(t: &[u8; 16]) -> __m128i {
        // SAFETY: `t` is a reference to 16 bytes, exactly what the
        // unaligned 128-bit load reads.
        unsafe { _mm_loadu_si128(t.as_ptr().cast::<__m128i>()) }
    }

    /// Eight rows of 16 bytes, each in both lanes of a vector.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn broadcast_rows(rows: &[[u8; 16]]) -> [__m256i; 8] {
        [
            broadcast16(&rows[0]),
            broadcast16(&rows[1]),
            broadcast16(&rows[2]),
            broadcast16(&rows[3]),
            broadcast16(&rows[4]),
            broadcast16(&rows[5]),
            broadcast16(&rows[6]),
            broadcast16(&rows[7]),
        ]
    }

    /// `lo` in the low lane, `hi` in the high lane.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn load_lanes(lo: &[u8; 16], hi: &[u8; 16]) -> __m256i {
        // SAFETY: `lo` and `hi` are references to 16 bytes each, exactly
        // what each unaligned 128-bit load reads.
        let (lo, hi) = unsafe {
            (
                _mm_loadu_si128(lo.as_ptr().cast::<__m128i>()),
                _mm_loadu_si128(hi.as_ptr().cast::<__m128i>()),
            )
        };
        _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1)
    }

    /// Entry `idx` of a 128-byte table stored as eight xor-coded rows (see
    /// [`Vectors`]), for each byte of `idx` below `0x80`; unspecified for
    /// the others.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn lookup128(rows: &[__m256i; 8], idx: __m256i) -> __m256i {
        let x10 = _mm256_set1_epi8(0x10);
        let i1 = _mm256_sub_epi8(idx, x10);
        let i2 = _mm256_sub_epi8(i1, x10);
        let i3 = _mm256_sub_epi8(i2, x10);
        let i4 = _mm256_sub_epi8(i3, x10);
        let i5 = _mm256_sub_epi8(i4, x10);
        let i6 = _mm256_sub_epi8(i5, x10);
        let i7 = _mm256_sub_epi8(i6, x10);
        let r01 = _mm256_xor_si256(
            _mm256_shuffle_epi8(rows[0], idx),
            _mm256_shuffle_epi8(rows[1], i1),
        );
        let r23 = _mm256_xor_si256(
            _mm256_shuffle_epi8(rows[2], i2),
            _mm256_shuffle_epi8(rows[3], i3),
        );
        let r45 = _mm256_xor_si256(
            _mm256_shuffle_epi8(rows[4], i4),
            _mm256_shuffle_epi8(rows[5], i5),
        );
        let r67 = _mm256_xor_si256(
            _mm256_shuffle_epi8(rows[6], i6),
            _mm256_shuffle_epi8(rows[7], i7),
        );
        _mm256_xor_si256(_mm256_xor_si256(r01, r23), _mm256_xor_si256(r45, r67))
    }

    /// Rows 4 to 7 of a table of eight xor-coded rows, xor-coded on their
    /// own, for [`lookup64`]: row 4 undone from its coding (the XOR of
    /// rows 0 to 4), rows 5 to 7 as they are (each is already the XOR of
    /// its entries and those of the row before).
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn upper_rows(rows: &[__m256i; 8]) -> [__m256i; 4] {
        let r01 = _mm256_xor_si256(rows[0], rows[1]);
        let r23 = _mm256_xor_si256(rows[2], rows[3]);
        let plain4 = _mm256_xor_si256(_mm256_xor_si256(r01, r23), rows[4]);
        [plain4, rows[5], rows[6], rows[7]]
    }

    /// Entry `idx` of the last 64 bytes of a 128-byte table, from its
    /// [`upper_rows`], for each byte of `idx` below `0x40`: four rounds
    /// where [`lookup128`] takes eight.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn lookup64(rows: &[__m256i; 4], idx: __m256i) -> __m256i {
        let x10 = _mm256_set1_epi8(0x10);
        let i1 = _mm256_sub_epi8(idx, x10);
        let i2 = _mm256_sub_epi8(i1, x10);
        let i3 = _mm256_sub_epi8(i2, x10);
        _mm256_xor_si256(
            _mm256_xor_si256(
                _mm256_shuffle_epi8(rows[0], idx),
                _mm256_shuffle_epi8(rows[1], i1),
            ),
            _mm256_xor_si256(
                _mm256_shuffle_epi8(rows[2], i2),
                _mm256_shuffle_epi8(rows[3], i3),
            ),
        )
    }

    /// If `b[i..i + 64]` is ASCII, stores it at `dst[at..]` as it is and
    /// says so: the step of both loops over text that is mostly ASCII.
    ///
    /// # Safety
    /// The CPU must have the enabled features, `i + 64 <= b.len()` and
    /// `at + 64 <= dst.len()`.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    unsafe fn copy_ascii64(b: &[u8], i: usize, dst: &mut [MaybeUninit<u8>], at: usize) -> bool {
        // SAFETY: features; the caller guarantees `i + 64 <= b.len()`, so
        // both 32-byte loads, at `i` and `i + 32`, are in `b`.
        let (v0, v1) = unsafe { (load32(b, i), load32(b, i + 32)) };
        if _mm256_movemask_epi8(_mm256_or_si256(v0, v1)) != 0 {
            return false;
        }
        // SAFETY: features; the caller guarantees `at + 64 <= dst.len()`,
        // so both 32-byte stores are in `dst`.
        unsafe {
            store32(dst, at, v0);
            store32(dst, at + 32, v1);
        }
        true
    }

    /// The 32 bytes `b[i..i + 32]`.
    ///
    /// # Safety
    /// The CPU must have the enabled features, and `i + 32 <= b.len()`.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    unsafe fn load32(b: &[u8], i: usize) -> __m256i {
        debug_assert!(i + 32 <= b.len(), "load32 out of bounds");
        // SAFETY: the caller guarantees `i + 32 <= b.len()`, so the 32 bytes
        // from `b.as_ptr() + i` are within `b`; the load is unaligned.
        unsafe { _mm256_loadu_si256(b.as_ptr().add(i).cast::<__m256i>()) }
    }

    /// Stores `v` at `dst[at..at + 32]`.
    ///
    /// # Safety
    /// The CPU must have the enabled features, and `at + 32 <= dst.len()`.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    unsafe fn store32(dst: &mut [MaybeUninit<u8>], at: usize, v: __m256i) {
        debug_assert!(at + 32 <= dst.len(), "store32 out of bounds");
        // SAFETY: the caller guarantees `at + 32 <= dst.len()`, so the 32
        // bytes from `dst.as_mut_ptr() + at` are within `dst`; the store is
        // unaligned.
        unsafe { _mm256_storeu_si256(dst.as_mut_ptr().add(at).cast::<__m256i>(), v) };
    }

    /// Stores `v` at `dst[at..at + 16]`.
    ///
    /// # Safety
    /// The CPU must have the enabled features, and `at + 16 <= dst.len()`.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    unsafe fn store16(dst: &mut [MaybeUninit<u8>], at: usize, v: __m128i) {
        debug_assert!(at + 16 <= dst.len(), "store16 out of bounds");
        // SAFETY: the caller guarantees `at + 16 <= dst.len()`, so the 16
        // bytes from `dst.as_mut_ptr() + at` are within `dst`; the store is
        // unaligned.
        unsafe { _mm_storeu_si128(dst.as_mut_ptr().add(at).cast::<__m128i>(), v) };
    }

    /// Stores `v` little-endian at `dst[at..at + 4]`.
    ///
    /// # Safety
    /// `at + 4 <= dst.len()`.
    #[inline]
    unsafe fn store4(dst: &mut [MaybeUninit<u8>], at: usize, v: u32) {
        debug_assert!(at + 4 <= dst.len(), "store4 out of bounds");
        // SAFETY: the caller guarantees `at + 4 <= dst.len()`, so the 4
        // bytes from `dst.as_mut_ptr() + at` are within `dst`; the store is
        // unaligned.
        unsafe {
            dst.as_mut_ptr()
                .add(at)
                .cast::<u32>()
                .write_unaligned(v.to_le());
        };
    }

    /// Stores the low 8 bytes of `v` at `dst[at..at + 8]`.
    ///
    /// # Safety
    /// The CPU must have the enabled features, and `at + 8 <= dst.len()`.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    unsafe fn store8(dst: &mut [MaybeUninit<u8>], at: usize, v: __m128i) {
        debug_assert!(at + 8 <= dst.len(), "store8 out of bounds");
        // SAFETY: the caller guarantees `at + 8 <= dst.len()`, so the 8
        // bytes from `dst.as_mut_ptr() + at` are within `dst`.
        // `_mm_storel_epi64` stores unaligned, whatever its pointer type.
        unsafe { _mm_storel_epi64(dst.as_mut_ptr().add(at).cast::<__m128i>(), v) };
    }

    /// The decoder; see the module documentation.
    ///
    /// # Safety
    /// The CPU must have AVX2, BMI1, BMI2, POPCNT and LZCNT.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub(super) unsafe fn decode(
        t: &SingleByte,
        loops: Loops,
        b: &[u8],
        dst: &mut [MaybeUninit<u8>],
    ) -> Option<usize> {
        // The pages whose letters are three bytes of UTF-8 (Thai), which
        // the loops below send through the scalar table, have a decoder
        // of their own with AVX-512, for input long enough to pay for the
        // tables it derives (about 15 ns; 64 bytes of Thai, 190 of UTF-8,
        // take about as long through the scalar table).
        if loops.three && b.len() >= 64 && crate::simd::avx512() {
            // SAFETY: `avx512()` said that this CPU has every feature the
            // decoder enables; a page with vector tables has ASCII as its
            // bytes `00..=7F`.
            return unsafe { crate::simd::avx512::single_byte::decode(t, b, dst) };
        }
        // The VBMI version only for the pages whose letters make no runs
        // (no row of `C0..=FF` is one: the KOI8 pages), whose blocks take
        // the table nearly always; the others keep the AVX2 loop, so that
        // a program links one decoder loop per page.
        if loops.runless && crate::simd::avx512() {
            // SAFETY: `avx512()` said that this CPU has every feature the
            // VBMI decoder enables, `crate::simd::FEATURES_512`.
            unsafe { decode_vbmi(t, b, dst) }
        } else {
            decode_with(t, b, dst)
        }
    }

    /// Whether no row of `C0..=FF` of the page is a run.
    #[inline]
    pub(super) fn runless(tv: &Vectors) -> bool {
        // One load, not a loop, so that it folds early (see `Loops`).
        let [.., c, d, e, f] = tv.decode_run_lead;
        u32::from_le_bytes([c, d, e, f]) == 0
    }

    /// The decoder's table of codes as AVX2 looks it up: its eight rows,
    /// and rows 4 to 7 on their own ([`upper_rows`]).
    struct DecodeRounds {
        rows: [__m256i; 8],
        upper: [__m256i; 4],
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn decode_rounds(tv: &Vectors) -> DecodeRounds {
        let rows = broadcast_rows(&tv.decode_code);
        DecodeRounds {
            rows,
            upper: upper_rows(&rows),
        }
    }

    /// The code of each byte of `v` whose bit is set in `high`: where every
    /// high byte is `C0..=FF` (the letters of the KOI8 pages, in an order
    /// that makes no runs), the last four rows of the table are enough,
    /// half the rounds.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    #[allow(clippy::cast_sign_loss, reason = "movemask bits")]
    fn code_rounds(r: &DecodeRounds, v: __m256i, high: u32) -> __m256i {
        let top = _mm256_movemask_epi8(_mm256_and_si256(v, _mm256_add_epi8(v, v))) as u32;
        if top & high == high {
            lookup64(
                &r.upper,
                _mm256_xor_si256(v, _mm256_set1_epi8(0xC0u8.cast_signed())),
            )
        } else {
            lookup128(
                &r.rows,
                _mm256_xor_si256(v, _mm256_set1_epi8(0x80u8.cast_signed())),
            )
        }
    }

    /// The decoder's table of codes in plain order, 32 codes a vector, for
    /// `vpermi2b` (see [`plain`]).
    #[target_feature(
        enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
    )]
    #[inline]
    fn decode_plain(tv: &Vectors) -> [__m256i; 4] {
        let mut out = [_mm256_setzero_si256(); 4];
        let mut row = _mm_setzero_si128();
        let mut r = 0;
        while r < 8 {
            let lo = _mm_xor_si128(row, load16(&tv.decode_code[r]));
            row = _mm_xor_si128(lo, load16(&tv.decode_code[r + 1]));
            out[r / 2] = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), row, 1);
            r += 2;
        }
        out
    }

    /// The code of each high byte of `v`: two `vpermi2b`, bit 6 picking.
    #[target_feature(
        enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
    )]
    #[inline]
    fn code_plain(t: &[__m256i; 4], v: __m256i, _high: u32) -> __m256i {
        _mm256_mask_blend_epi8(
            _mm256_test_epi8_mask(v, _mm256_set1_epi8(0x40)),
            _mm256_permutex2var_epi8(t[0], v, t[1]),
            _mm256_permutex2var_epi8(t[2], v, t[3]),
        )
    }

    /// Stamps the decoder's loop, written once, with the given attributes
    /// (its CPU features), looking its table of codes up with `$code` over
    /// what `$table` prepares, as `encoder!` does for the encoder.
    macro_rules! decoder {
        ($(#[$attr:meta])* $name:ident: $table:ident, $code:ident, $sparse:literal) => {
            $(#[$attr])*
            #[allow(clippy::cast_sign_loss, reason = "movemask bits")]
            #[allow(clippy::cast_possible_wrap, reason = "byte constants")]
            #[allow(clippy::too_many_lines, reason = "one hot loop, explained as a whole")]
            // Compiled only where a page's decoder is called, as every
            // function of the crate.
            #[inline]
            fn $name(t: &SingleByte, b: &[u8], dst: &mut [MaybeUninit<u8>]) -> Option<usize> {
                let tv = &t.vectors;
                let (mut i, mut at) = (0usize, 0usize);

                let x0f = _mm256_set1_epi8(0x0F);
                let x3f = _mm256_set1_epi8(0x3F);
                let zero = _mm256_setzero_si256();
                let trail = _mm256_set1_epi8(tv.decode_trail as i8);
                let leads = broadcast16(&tv.decode_leads);
                let run_lead = broadcast16(&tv.decode_run_lead);
                let run_trail = broadcast16(&tv.decode_run_trail);
                let table = $table(tv);

                // Whether the block before was ASCII: then this one is checked for
                // 64 bytes of ASCII first (text that is mostly ASCII), else not (text
                // in another script, where that check would only cost).
                let mut ascii = true;
                // Whether the block before had at most eight non-ASCII bytes: then
                // this one is tested for one or two (text in a Latin script), else
                // not (text in another script, where the test would only cost).
                let mut sparse = $sparse;
                // The hot loop: 32 input bytes, at most 64 output bytes, as four
                // 16-byte stores each starting at most 48 bytes after `at`.
                while i + 32 <= b.len() && at + 64 <= dst.len() {
                    // SAFETY: features; `i + 64 <= b.len()` (checked first) and
                    // `at + 64 <= dst.len()` (the loop condition).
                    if ascii && i + 64 <= b.len() && unsafe { copy_ascii64(b, i, dst, at) } {
                        i += 64;
                        at += 64;
                        continue;
                    }
                    // SAFETY: features; `i + 32 <= b.len()` (the loop condition).
                    let v = unsafe { load32(b, i) };
                    let high = _mm256_movemask_epi8(v) as u32;
                    ascii = high == 0;
                    if ascii {
                        // SAFETY: features; `at + 64 <= dst.len()` (the loop
                        // condition).
                        unsafe { store32(dst, at, v) };
                        i += 32;
                        at += 32;
                        sparse = $sparse;
                        continue;
                    }
                    // One or two non-ASCII bytes (text in a Latin script, or English
                    // with a dash): each from the `utf8` table with one 4-byte store,
                    // and the ASCII around them moved by 32-byte copies from the
                    // input, without a branch (a block with one counts a second at
                    // byte 32, whose output the next block overwrites).
                    let rest = high & (high - 1);
                    if sparse
                        && rest & rest.wrapping_sub(1) == 0
                        && i + 65 <= b.len()
                        && at + 72 <= dst.len()
                    {
                        let (f1, f2) = (
                            high.trailing_zeros() as usize,
                            rest.trailing_zeros() as usize,
                        );
                        let (c1, c2) = (
                            t.utf8[usize::from(b[i + f1])],
                            t.utf8[usize::from(b[i + f2])],
                        );
                        let l1 = (c1 >> 24) as usize;
                        let l2 = if rest == 0 { 1 } else { (c2 >> 24) as usize };
                        if l1 == 0 || l2 == 0 {
                            return None;
                        }
                        let o1 = at + f1 + l1;
                        let o2 = o1 + (f2 - f1 - 1);
                        let o3 = o2 + l2;
                        // SAFETY: features; `i + f2 + 1 + 32 <= i + 65 <= b.len()`
                        // (`f2 <= 32`), so the loads are in `b`; `o3 <= at + 32 + 2 +
                        // 3`, so the stores end by `at + 69`, and `at + 72 <=
                        // dst.len()` (checked above).
                        unsafe {
                            store32(dst, at, v);
                            store4(dst, at + f1, c1);
                            store32(dst, o1, load32(b, i + f1 + 1));
                            store4(dst, o2, c2);
                            store32(dst, o3, load32(b, i + f2 + 1));
                        }
                        at = o3 + 31 - f2;
                        i += 32;
                        continue;
                    }
                    // The lead and the last byte (the trail, or an ASCII byte itself)
                    // of each input byte. Where every high byte is in a row of 16
                    // that is a run (see `Vectors`), two `vpshufb` by the high nibble
                    // give them; else the codes of the table do, and 0 codes mark the
                    // bytes the vector code does not write (`bad`).
                    let nibble = _mm256_and_si256(_mm256_srli_epi16(v, 4), x0f);
                    let lead_of_run = _mm256_shuffle_epi8(run_lead, nibble);
                    let runs = _mm256_movemask_epi8(lead_of_run) as u32;
                    let (lead, last, bad) = if runs & high == high {
                        (
                            lead_of_run,
                            _mm256_add_epi8(v, _mm256_shuffle_epi8(run_trail, nibble)),
                            0,
                        )
                    } else {
                        let code = $code(&table, v, high);
                        let bad = _mm256_movemask_epi8(_mm256_cmpeq_epi8(code, zero)) as u32 & high;
                        if bad & high.wrapping_neg() != 0 {
                            // The first non-ASCII byte is not one the vector code
                            // writes (a dash or a quote in English): the ASCII before
                            // it is stored as it is, and it and its run go through
                            // the table.
                            // SAFETY: features; `at + 64 <= dst.len()` (the loop
                            // condition).
                            unsafe { store32(dst, at, v) };
                            let f = high.trailing_zeros() as usize;
                            (i, at) = decode_run(t, b, i + f, dst, at + f)?;
                            continue;
                        }
                        let lead =
                            _mm256_shuffle_epi8(leads, _mm256_and_si256(_mm256_srli_epi16(code, 4), x0f));
                        let trail = _mm256_xor_si256(_mm256_and_si256(code, x3f), trail);
                        (lead, _mm256_blendv_epi8(v, trail, v), bad)
                    };
                    // (lead, last) pairs of input bytes 0..8 of each lane in `lo`,
                    // 8..16 in `hi`: quarters 0 and 2 of the block, then 1 and 3.
                    let lo = _mm256_unpacklo_epi8(lead, last);
                    let hi = _mm256_unpackhi_epi8(lead, last);
                    let m = high as usize;
                    let ra =
                        _mm256_shuffle_epi8(lo, load_lanes(&EXPAND[m & 0xFF], &EXPAND[(m >> 16) & 0xFF]));
                    let rb =
                        _mm256_shuffle_epi8(hi, load_lanes(&EXPAND[(m >> 8) & 0xFF], &EXPAND[m >> 24]));
                    let a1 = at + 8 + (high & 0xFF).count_ones() as usize;
                    let a2 = a1 + 8 + ((high >> 8) & 0xFF).count_ones() as usize;
                    let a3 = a2 + 8 + ((high >> 16) & 0xFF).count_ones() as usize;
                    // SAFETY: features; `at < a1 < a2 < a3 <= at + 48` (each step is
                    // 8 plus a popcount of 8 bits, at most 16) and `at + 64 <=
                    // dst.len()` (the loop condition), so each 16-byte store is in
                    // `dst`.
                    unsafe {
                        store16(dst, at, _mm256_castsi256_si128(ra));
                        store16(dst, a1, _mm256_castsi256_si128(rb));
                        store16(dst, a2, _mm256_extracti128_si256(ra, 1));
                        store16(dst, a3, _mm256_extracti128_si256(rb, 1));
                    }
                    sparse = $sparse && high.count_ones() <= 8;
                    if bad == 0 {
                        at += 32 + high.count_ones() as usize;
                        i += 32;
                    } else {
                        // The output of the bytes before `f` is right; the byte at `f`
                        // and its run go through the table.
                        let f = bad.trailing_zeros();
                        at += f as usize + (high & ((1 << f) - 1)).count_ones() as usize;
                        (i, at) = decode_run(t, b, i + f as usize, dst, at)?;
                    }
                }
                decode_tail(t, b, i, dst, at)
            }
        };
    }

    decoder!(
        /// The AVX2 decoder.
        #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
        decode_with: decode_rounds,
        code_rounds,
        true
    );

    decoder!(
        /// [`decode_with`] with AVX-512 VBMI's table lookup.
        ///
        /// # Safety
        /// The CPU must have `crate::simd::FEATURES_512`.
        #[target_feature(
            enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
        )]
        decode_vbmi: decode_plain,
        code_plain,
        false
    );

    /// The length pass of the decoder; see the module documentation.
    ///
    /// # Safety
    /// The CPU must have AVX2, BMI1, BMI2, POPCNT and LZCNT.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[allow(clippy::cast_sign_loss, reason = "movemask bits")]
    #[allow(clippy::cast_possible_wrap, reason = "byte constants")]
    #[inline]
    pub(super) unsafe fn decoded_len(t: &SingleByte, b: &[u8]) -> Option<usize> {
        let tv = &t.vectors;
        let x07 = _mm256_set1_epi8(0x07);
        let x0f = _mm256_set1_epi8(0x0F);
        let zero = _mm256_setzero_si256();
        let bits = broadcast16(&BITS);
        let three = broadcast16(&tv.three);
        let undefined = broadcast16(&tv.undefined);
        // Output bytes beyond one per input byte.
        let mut extra = 0usize;
        let mut i = 0;
        while i + 32 <= b.len() {
            if i + 64 <= b.len() {
                // SAFETY: features; `i + 64 <= b.len()` (checked just above).
                let (v0, v1) = unsafe { (load32(b, i), load32(b, i + 32)) };
                if _mm256_movemask_epi8(_mm256_or_si256(v0, v1)) == 0 {
                    i += 64;
                    continue;
                }
            }
            // SAFETY: features; `i + 32 <= b.len()` (the loop condition).
            let v = unsafe { load32(b, i) };
            let high = _mm256_movemask_epi8(v) as u32;
            if high != 0 {
                // Each byte's row and bit in the bitmaps (an ASCII byte finds
                // those of the byte 0x80 above it; `high` masks them).
                let row = _mm256_and_si256(_mm256_srli_epi16(v, 3), x0f);
                let bit = _mm256_shuffle_epi8(bits, _mm256_and_si256(v, x07));
                let not3 =
                    _mm256_cmpeq_epi8(_mm256_and_si256(_mm256_shuffle_epi8(three, row), bit), zero);
                let defined = _mm256_cmpeq_epi8(
                    _mm256_and_si256(_mm256_shuffle_epi8(undefined, row), bit),
                    zero,
                );
                if !(_mm256_movemask_epi8(defined) as u32) & high != 0 {
                    return None;
                }
                let is3 = !(_mm256_movemask_epi8(not3) as u32) & high;
                extra += (high.count_ones() + is3.count_ones()) as usize;
            }
            i += 32;
        }
        while i < b.len() {
            let len = (t.utf8[usize::from(b[i])] >> 24) as usize;
            if len == 0 {
                return None;
            }
            extra += len - 1;
            i += 1;
        }
        Some(b.len() + extra)
    }

    /// The encoder; see the module documentation.
    ///
    /// # Safety
    /// The CPU must have AVX2, BMI1, BMI2, POPCNT and LZCNT.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub(super) unsafe fn encode(
        t: &SingleByte,
        loops: Loops,
        text: &str,
        dst: &mut [MaybeUninit<u8>],
    ) -> Option<usize> {
        // The VBMI version only where the table has two halves (the Latin
        // pages with `C3`, `C4` and `C5`, Tajik, ...): its sixteen rounds
        // are four `vpermi2b`, where a page with one half saves half as
        // much, and a program that encodes such a page links one encoder
        // loop, not two (each is about 1.4 KB).
        if !loops.wide {
            encode_with::<false>(t, text, dst)
        } else if crate::simd::avx512() {
            // SAFETY: `avx512()` said that this CPU has every feature the
            // VBMI encoder enables, `crate::simd::FEATURES_512`.
            unsafe { encode_vbmi::<true>(t, text, dst) }
        } else {
            encode_with::<true>(t, text, dst)
        }
    }

    /// The encoder's table of codes as AVX2 looks it up: its rows of 16,
    /// xor-coded as stored, each in both lanes ([`lookup128`]); the upper
    /// half only for a page with more than two hot leads (`WIDE`).
    struct Rounds {
        lower: [__m256i; 8],
        upper: [__m256i; 8],
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn rounds<const WIDE: bool>(tv: &Vectors) -> Rounds {
        let lower = broadcast_rows(&tv.encode[..8]);
        let upper = if WIDE {
            broadcast_rows(&tv.encode[8..])
        } else {
            [_mm256_setzero_si256(); 8]
        };
        Rounds { lower, upper }
    }

    /// The byte of each code of `idx` (below `0x80` unless `WIDE`) by
    /// eight (sixteen) rounds of `vpshufb`.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    fn lookup_rounds<const WIDE: bool>(r: &Rounds, idx: __m256i) -> __m256i {
        if WIDE {
            let x80 = _mm256_set1_epi8(0x80u8.cast_signed());
            _mm256_blendv_epi8(
                lookup128(&r.lower, idx),
                lookup128(&r.upper, _mm256_xor_si256(idx, x80)),
                idx,
            )
        } else {
            lookup128(&r.lower, idx)
        }
    }

    /// The encoder's table of codes in plain order, 32 codes a vector (the
    /// first four vectors only unless `WIDE`), for `vpermi2b`: the stored
    /// rows undone from their xor-coding (row `r` of a half is the XOR of
    /// its stored rows `0..=r`), when an encoding starts, so that the table
    /// costs no byte more of a page's tables.
    #[target_feature(
        enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
    )]
    #[inline]
    fn plain<const WIDE: bool>(tv: &Vectors) -> [__m256i; 8] {
        let mut out = [_mm256_setzero_si256(); 8];
        let halves = if WIDE { 2 } else { 1 };
        let mut h = 0;
        while h < halves {
            let mut row = _mm_setzero_si128();
            let mut r = 0;
            while r < 8 {
                let lo = _mm_xor_si128(row, load16(&tv.encode[8 * h + r]));
                row = _mm_xor_si128(lo, load16(&tv.encode[8 * h + r + 1]));
                out[4 * h + r / 2] = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), row, 1);
                r += 2;
            }
            h += 1;
        }
        out
    }

    /// The byte of each code of `idx` (below `0x80` unless `WIDE`): one
    /// `vpermi2b` per 64 codes, and bits 6 and 7 of the code pick among
    /// them.
    #[target_feature(
        enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
    )]
    #[inline]
    fn lookup_plain<const WIDE: bool>(t: &[__m256i; 8], idx: __m256i) -> __m256i {
        let bit6 = _mm256_test_epi8_mask(idx, _mm256_set1_epi8(0x40));
        let low = _mm256_mask_blend_epi8(
            bit6,
            _mm256_permutex2var_epi8(t[0], idx, t[1]),
            _mm256_permutex2var_epi8(t[2], idx, t[3]),
        );
        if WIDE {
            let high = _mm256_mask_blend_epi8(
                bit6,
                _mm256_permutex2var_epi8(t[4], idx, t[5]),
                _mm256_permutex2var_epi8(t[6], idx, t[7]),
            );
            _mm256_mask_blend_epi8(_mm256_movepi8_mask(idx), low, high)
        } else {
            low
        }
    }

    /// Stamps the encoder's loop, written once, as a function with the
    /// given attributes (its CPU features) that looks its table up with
    /// `$lookup` over what `$table` prepares. The AVX2 version and the
    /// AVX-512 one differ only there: the table path of a block that is
    /// not all runs (the Latin letters of Turkish, Icelandic or Croatian)
    /// costs sixteen rounds of `vpshufb` with AVX2 and four `vpermi2b` with
    /// VBMI.
    macro_rules! encoder {
        ($(#[$attr:meta])* fn $name:ident<const WIDE: bool>, $table:ident, $lookup:ident) => {
            $(#[$attr])*
            #[allow(clippy::cast_sign_loss, reason = "movemask bits and u64 control words")]
            #[allow(clippy::cast_possible_wrap, reason = "the same")]
            #[allow(clippy::too_many_lines, reason = "one hot loop, explained as a whole")]
            fn $name<const WIDE: bool>(
                t: &SingleByte,
                text: &str,
                dst: &mut [MaybeUninit<u8>],
            ) -> Option<usize> {
                let tv = &t.vectors;
                let b = text.as_bytes();
                let (mut i, mut at) = (0usize, 0usize);

                let x3f = _mm256_set1_epi8(0x3F);
                let x40 = _mm256_set1_epi8(0x40);
                let x80 = _mm256_set1_epi8(0x80u8 as i8);
                let hot0 = _mm256_set1_epi8(tv.leads[0] as i8);
                let hot1 = _mm256_set1_epi8(tv.leads[1] as i8);
                let hot2 = _mm256_set1_epi8(tv.leads[2] as i8);
                let hot3 = _mm256_set1_epi8(tv.leads[3] as i8);
                let x0f = _mm256_set1_epi8(0x0F);
                let delta = broadcast16(&tv.encode_delta);
                let run_rows = broadcast16(&tv.encode_run);
                let table = $table::<WIDE>(tv);

                // The hot loop, 32 input bytes a step. `carry` is 1 if the block
                // before ended with a hot lead, whose character it wrote (its trail
                // was the 33rd byte it read): then byte 0 of this block is that
                // trail, to be dropped. Else `i` is on a character boundary. The next
                // block starts 32 bytes on whatever the bytes are, so that its loads
                // never wait for this block's results. Each block reads
                // `b[i..i + 33]` (the block and, for the look-ahead vector `next`,
                // one byte more) and writes at most 32 bytes at `dst[at..]`.
                let mut carry = 0u32;
                // Whether the block before was ASCII (see the decoder).
                let mut ascii = true;
                while i + 33 <= b.len() && at + 32 <= dst.len() {
                    if ascii
                        && i + 64 <= b.len()
                        && at + 64 <= dst.len()
                        // SAFETY: features; both bounds checked just before.
                        && unsafe { copy_ascii64(b, i, dst, at) }
                    {
                        i += 64;
                        at += 64;
                        continue;
                    }
                    // SAFETY: features; `i + 33 <= b.len()` (the loop condition), so
                    // the 32 bytes at `i` and those at `i + 1` are in `b`.
                    let (v, next) = unsafe { (load32(b, i), load32(b, i + 1)) };
                    let high = _mm256_movemask_epi8(v) as u32;
                    ascii = high == 0;
                    if ascii {
                        // ASCII (and so `carry` is 0).
                        // SAFETY: features; `at + 32 <= dst.len()` (the loop
                        // condition).
                        unsafe { store32(dst, at, v) };
                        i += 32;
                        at += 32;
                        continue;
                    }
                    // The hot leads, and each one's slot in bits 6 and 7.
                    let (hot, slot) = if WIDE {
                        let (e0, e1) = (_mm256_cmpeq_epi8(v, hot0), _mm256_cmpeq_epi8(v, hot1));
                        let (e2, e3) = (_mm256_cmpeq_epi8(v, hot2), _mm256_cmpeq_epi8(v, hot3));
                        (
                            _mm256_or_si256(_mm256_or_si256(e0, e1), _mm256_or_si256(e2, e3)),
                            _mm256_or_si256(
                                _mm256_and_si256(_mm256_or_si256(e1, e3), x40),
                                _mm256_and_si256(_mm256_or_si256(e2, e3), x80),
                            ),
                        )
                    } else {
                        let (e0, e1) = (_mm256_cmpeq_epi8(v, hot0), _mm256_cmpeq_epi8(v, hot1));
                        (_mm256_or_si256(e0, e1), _mm256_and_si256(e1, x40))
                    };
                    let leads = _mm256_movemask_epi8(hot) as u32;
                    // The non-ASCII bytes of the block's own characters.
                    let own = high & !carry;
                    if own & own.wrapping_neg() & !leads != 0 {
                        // The first non-ASCII character is not one the vector code
                        // looks up (a dash or a quote in English): the ASCII before it
                        // is stored as it is, and it and its run go through the
                        // tables.
                        let f = own.trailing_zeros() as usize;
                        let ascii = if carry == 0 { v } else { next };
                        // SAFETY: features; `at + 32 <= dst.len()` (the loop
                        // condition).
                        unsafe { store32(dst, at, ascii) };
                        (i, at) = encode_run(t, b, i + f, dst, at + f - carry as usize)?;
                        carry = 0;
                        continue;
                    }
                    // At each hot lead, the character's code (its slot and the low six
                    // bits of the trail, the next byte), and its byte (0: not in the
                    // page); unspecified elsewhere. When every hot lead's code is in a
                    // row that is a run, one `vpshufb` gives them; else the table
                    // does.
                    let idx = _mm256_or_si256(slot, _mm256_and_si256(next, x3f));
                    let row = _mm256_and_si256(_mm256_srli_epi16(idx, 4), x0f);
                    let runs = _mm256_movemask_epi8(_mm256_shuffle_epi8(run_rows, row)) as u32;
                    let byte = if runs & leads == leads {
                        _mm256_add_epi8(idx, _mm256_shuffle_epi8(delta, row))
                    } else {
                        $lookup::<WIDE>(&table, idx)
                    };
                    let found = _mm256_movemask_epi8(byte) as u32;
                    let out = _mm256_blendv_epi8(v, byte, hot);
                    // Keep all but the trails of hot leads (the one of the block
                    // before's included). The block is bad from the first non-ASCII
                    // byte that is neither a hot lead nor such a trail, or the first
                    // hot lead whose character is not in the page (every byte a page
                    // has for a non-ASCII character is 0x80 or more, so `found` has
                    // its bit).
                    let keep = !(leads << 1 | carry);
                    let bad = (high & !leads & keep) | (leads & !found);

                    // Compress each 8 bytes (the controls of the odd quarters index the
                    // upper half of their lane, hence + 8) and store them one after
                    // the other.
                    let packed = _mm256_shuffle_epi8(out, compress_ctrl(keep));
                    let q0 = _mm256_castsi256_si128(packed);
                    let q2 = _mm256_extracti128_si256(packed, 1);
                    // The high 8 bytes of each lane, moved down for `store8`.
                    let q1 = _mm_unpackhi_epi64(q0, q0);
                    let q3 = _mm_unpackhi_epi64(q2, q2);
                    let a1 = at + (keep & 0xFF).count_ones() as usize;
                    let a2 = a1 + ((keep >> 8) & 0xFF).count_ones() as usize;
                    let a3 = a2 + ((keep >> 16) & 0xFF).count_ones() as usize;
                    // SAFETY: features; `at <= a1 <= a2 <= a3 <= at + 24` (each
                    // popcount of 8 bits is at most 8) and `at + 32 <= dst.len()`
                    // (the loop condition), so each 8-byte store is in `dst`.
                    unsafe {
                        store8(dst, at, q0);
                        store8(dst, a1, q1);
                        store8(dst, a2, q2);
                        store8(dst, a3, q3);
                    }
                    if bad == 0 {
                        at += keep.count_ones() as usize;
                        i += 32;
                        carry = leads >> 31;
                    } else {
                        // The output of the whole characters before position `f` is
                        // right; the character at `f` and its run go through the
                        // tables.
                        let f = bad.trailing_zeros();
                        at += (keep & ((1 << f) - 1)).count_ones() as usize;
                        (i, at) = encode_run(t, b, i + f as usize, dst, at)?;
                        carry = 0;
                    }
                }
                // Past the trail the last block took, if it did.
                i += carry as usize;
                encode_tail(t, b, i, dst, at)
            }
        };
    }

    encoder!(
        /// The encoder of a page with (`WIDE`) or without more than two
        /// hot leads: whether its table has one half or two.
        #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
        fn encode_with<const WIDE: bool>,
        rounds,
        lookup_rounds
    );

    encoder!(
        /// [`encode_with`] with AVX-512 VBMI's table lookup.
        ///
        /// # Safety
        /// The CPU must have `crate::simd::FEATURES_512`.
        #[target_feature(
            enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt,lzcnt"
        )]
        fn encode_vbmi<const WIDE: bool>,
        plain,
        lookup_plain
    );
}

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
