//! The multi-byte encodings (GBK, gb18030, Big5, EUC-JP, ISO-2022-JP,
//! Shift_JIS, EUC-KR) in one pass, for [`crate::fast`].
//!
//! The `const fn`s of `crate::engine::cjk` check the whole input before
//! they write; these kernels write as they go and give up (`None`) at the
//! first error or when `dst` runs out, and `fast` then runs the `const fn`
//! for the exact answer. Their speed comes from the shape of real CJK text:
//! runs of two-byte characters, nearly all of them three bytes of UTF-8
//! (kana, hangul, ideographs), between runs of ASCII.
//!
//! - **ASCII** is copied eight bytes at a time, and with AVX2 32 at a
//!   time (the only `unsafe` here: the vector loads and stores).
//! - **Four characters at once.** Eight bytes that are all `80` or above
//!   are, in every one of these encodings, four two-byte characters if
//!   each lead byte is one (Shift_JIS's one-byte katakana, EUC-JP's `8F`
//!   and gb18030's four-byte codes are not, and go to the step below):
//!   four independent look-ups, each checked by [`pair`], and four 3-byte
//!   stores, with no branch between them.
//! - **One character**: an ASCII byte, else a pair through [`pair`], else
//!   the standard's step (`rules::cjk::decode_seq`), which handles
//!   everything else (errors, one-byte katakana, four-byte codes, Big5's
//!   pairs of code points, ISO-2022-JP's escape sequences).
//!
//! [`pair`] is the common case of each decoder and nothing else: a lead
//! and a trail in range, a pointer, its code point from the index, which
//! must be U+0800 or more (three bytes of UTF-8, computed directly). For
//! anything else it says 0 and the exact step decides. ISO-2022-JP takes
//! its pairs in JIS X 0208 mode the same way (bytes `21..=7E`), and its
//! ASCII only in ASCII mode and without `ESC`, `SO`, `SI`.
//!
//! Encoding reads the text one character at a time, ASCII eight or 32
//! bytes at a time, through the standard's encoder step
//! (`rules::cjk::encode_char`), whose look-ups in the pointer maps need no
//! search.
//!
//! The loops write whole words while `dst` has room for them, then the
//! tail exactly, checking the room of each character.

// The codec's short names, as in `crate::engine`; a hot loop in one piece,
// `&` between booleans to spare a branch, `#[inline(always)]` where a
// constant parameter must fold away, as there.
#![allow(
    clippy::many_single_char_names,
    clippy::inline_always,
    clippy::too_many_lines,
    clippy::needless_bitwise_bool
)]
// Every pointer cast to a vector type goes to an unaligned load or store
// (`loadu`, `storeu`), which need no alignment.
#![allow(clippy::cast_ptr_alignment)]

use crate::engine::cjk::{encode_step, put};
use crate::engine::words::{HI, LO, load8, store4, store8, zero_bytes};
use crate::limits::add_len;
use crate::rules::cjk::{Cjk, ESC, ISO_2022_JP_END, Mode, Seq, decode_seq};
use crate::scalar;
use crate::tables::big5::BIG5_UTF8;
use crate::tables::euc_kr::EUC_KR_UTF8;
use crate::tables::gb18030::GB18030_UTF8;
use crate::tables::jis0208::JIS0208_UTF8;

// The `const` parameter of the loops: one per encoding.
const E_GBK: u8 = 0;
const E_GB18030: u8 = 1;
const E_BIG5: u8 = 2;
const E_EUC_JP: u8 = 3;
const E_ISO_2022_JP: u8 = 4;
pub(crate) const E_SHIFT_JIS: u8 = 5;
const E_EUC_KR: u8 = 6;

/// The encoding of a loop's `const` parameter.
#[inline(always)]
const fn cjk(id: u8) -> Cjk {
    match id {
        E_GBK => Cjk::Gbk,
        E_GB18030 => Cjk::Gb18030,
        E_BIG5 => Cjk::Big5,
        E_EUC_JP => Cjk::EucJp,
        E_ISO_2022_JP => Cjk::Iso2022Jp,
        E_SHIFT_JIS => Cjk::ShiftJis,
        _ => Cjk::EucKr,
    }
}

/// Calls `$f::<E, ..>($args)` with the `E` of `$c`.
macro_rules! per_encoding {
    ($c:expr, $f:ident($($arg:expr),*)) => {
        match $c {
            Cjk::Gbk => $f::<E_GBK>($($arg),*),
            Cjk::Gb18030 => $f::<E_GB18030>($($arg),*),
            Cjk::Big5 => $f::<E_BIG5>($($arg),*),
            Cjk::EucJp => $f::<E_EUC_JP>($($arg),*),
            Cjk::Iso2022Jp => $f::<E_ISO_2022_JP>($($arg),*),
            Cjk::ShiftJis => $f::<E_SHIFT_JIS>($($arg),*),
            Cjk::EucKr => $f::<E_EUC_KR>($($arg),*),
        }
    };
    ($c:expr, $f:ident::<$($rest:tt),*>($($arg:expr),*)) => {
        match $c {
            Cjk::Gbk => $f::<E_GBK, $($rest),*>($($arg),*),
            Cjk::Gb18030 => $f::<E_GB18030, $($rest),*>($($arg),*),
            Cjk::Big5 => $f::<E_BIG5, $($rest),*>($($arg),*),
            Cjk::EucJp => $f::<E_EUC_JP, $($rest),*>($($arg),*),
            Cjk::Iso2022Jp => $f::<E_ISO_2022_JP, $($rest),*>($($arg),*),
            Cjk::ShiftJis => $f::<E_SHIFT_JIS, $($rest),*>($($arg),*),
            Cjk::EucKr => $f::<E_EUC_KR, $($rest),*>($($arg),*),
        }
    };
}

/// Decodes `src` into `dst`; `None` if `src` is ill-formed or `dst` too short.
///
/// (`#[inline(always)]` down to the function of one encoding, here and in
/// the callers of `fast` and the engine, so that a program that calls one
/// encoding's module links that encoding's code and tables and no other;
/// in release builds, where that is promised: a debug build calls one copy
/// of this dispatch from every module.)
#[inline(always)]
pub(crate) fn decode(c: Cjk, src: &[u8], dst: &mut [u8]) -> Option<usize> {
    per_encoding!(c, decode_one::<true>(src, dst))
}

/// The UTF-8 length of `src` decoded; `None` if it is ill-formed.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn decoded_len(c: Cjk, src: &[u8]) -> Option<usize> {
    per_encoding!(c, decode_one::<false>(src, &mut []))
}

/// Encodes `text` into `dst`; `None` if a character cannot be encoded or
/// `dst` is too short.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn encode(c: Cjk, text: &str, dst: &mut [u8]) -> Option<usize> {
    per_encoding!(c, encode_one(text, dst))
}

/// [`decode`] (`WRITE`) or [`decoded_len`] of the encoding of `E`, with AVX2
/// where the CPU has it.
fn decode_one<const E: u8, const WRITE: bool>(src: &[u8], dst: &mut [u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::simd::avx2() {
            // SAFETY: `avx2()` said that this CPU has every feature the
            // function enables.
            return unsafe { avx2::decode::<E, WRITE>(src, dst) };
        }
    }
    // SAFETY: `AVX2` is false: no AVX2 code runs.
    unsafe { decode_of::<E, WRITE, false>(src, dst, 0) }
}

/// [`encode`] of the encoding of `E`, with AVX2 where the CPU has it.
fn encode_one<const E: u8>(text: &str, dst: &mut [u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::simd::avx2() {
            // SAFETY: `avx2()` said that this CPU has every feature the
            // function enables.
            return unsafe { avx2::encode::<E>(text, dst) };
        }
    }
    // SAFETY: `AVX2` is false: no AVX2 code runs.
    unsafe { encode_of::<E, false>(text, dst) }
}

/// The pointer of the two-byte code `lead`, `trail` in the encoding of
/// `E`, and whether both bytes are in the ranges of the common case (when
/// they are, the pointer is below the length of the index's table and of
/// its UTF-8 table).
#[inline(always)]
fn pointer<const E: u8>(lead: u8, trail: u8) -> (bool, usize) {
    let (l, t) = (lead as usize, trail as usize);
    match E {
        E_SHIFT_JIS => {
            // `81..=9F` and `E0..=FC` are `A1..=BF` and `C0..=DC` with bit
            // 5 flipped: one range, whose offset is the row.
            let row = (l ^ 0x20).wrapping_sub(0xA1);
            let col = t.wrapping_sub(0x40);
            let ok = row < 0x3C && col < 0xBD && col != 0x3F;
            (
                ok,
                row.wrapping_mul(188)
                    .wrapping_add(col)
                    .wrapping_sub(usize::from(t > 0x7F)),
            )
        }
        E_EUC_JP => {
            let (row, col) = (l.wrapping_sub(0xA1), t.wrapping_sub(0xA1));
            (row < 94 && col < 94, row.wrapping_mul(94).wrapping_add(col))
        }
        E_ISO_2022_JP => {
            let (row, col) = (l.wrapping_sub(0x21), t.wrapping_sub(0x21));
            (row < 94 && col < 94, row.wrapping_mul(94).wrapping_add(col))
        }
        E_GBK | E_GB18030 => {
            let (row, col) = (l.wrapping_sub(0x81), t.wrapping_sub(0x40));
            let ok = row < 126 && col < 0xBF && col != 0x3F;
            (
                ok,
                row.wrapping_mul(190)
                    .wrapping_add(col)
                    .wrapping_sub(usize::from(t > 0x7F)),
            )
        }
        E_BIG5 => {
            let row = l.wrapping_sub(0x81);
            let col = if t < 0x7F {
                t.wrapping_sub(0x40)
            } else {
                t.wrapping_sub(0x62)
            };
            let ok = row < 126 && (t.wrapping_sub(0x40) < 0x3F || t.wrapping_sub(0xA1) < 0x5E);
            (ok, row.wrapping_mul(157).wrapping_add(col))
        }
        _ => {
            let (row, col) = (l.wrapping_sub(0x81), t.wrapping_sub(0x41));
            (
                row < 126 && col < 0xBE,
                row.wrapping_mul(190).wrapping_add(col),
            )
        }
    }
}

/// The bytes a mixed block reads (64, and 32 past a lead in its last
/// bytes) and the room it needs (64 bytes can be 32 characters of three
/// bytes, and a 32-byte copy goes past the last).
#[cfg(target_arch = "x86_64")]
pub(crate) const BLOCK_READ: usize = 96;
#[cfg(target_arch = "x86_64")]
pub(crate) const BLOCK_ROOM: usize = 160;

/// What each byte adds to the pointer of a two-byte code as its lead (the
/// row times the row's length) and as its trail (the column), as
/// [`pointer`](fn@pointer) computes them, or [`OUT`] for a byte out of range.
pub(crate) struct PointerBytes {
    pub(crate) lead: [u16; 256],
    pub(crate) trail: [u16; 256],
}

/// A byte out of range: any sum with it is past every table.
const OUT: u16 = 0x8000;

/// The [`PointerBytes`] of the encoding of `e`, from [`pointer`](fn@pointer)'s ranges.
#[inline]
const fn pointer_bytes(e: u8) -> PointerBytes {
    let mut t = PointerBytes {
        lead: [OUT; 256],
        trail: [OUT; 256],
    };
    let mut b: usize = 0;
    while b < 256 {
        let (lead, trail): (Option<usize>, Option<usize>) = match e {
            E_SHIFT_JIS => {
                let row = (b ^ 0x20).wrapping_sub(0xA1);
                let col = b.wrapping_sub(0x40);
                (
                    if row < 0x3C { Some(row * 188) } else { None },
                    if col < 0xBD && col != 0x3F {
                        Some(col - (b > 0x7F) as usize)
                    } else {
                        None
                    },
                )
            }
            E_EUC_JP | E_ISO_2022_JP => {
                let x = b.wrapping_sub(if e == E_EUC_JP { 0xA1 } else { 0x21 });
                (
                    if x < 94 { Some(x * 94) } else { None },
                    if x < 94 { Some(x) } else { None },
                )
            }
            E_GBK | E_GB18030 => {
                let (row, col) = (b.wrapping_sub(0x81), b.wrapping_sub(0x40));
                (
                    if row < 126 { Some(row * 190) } else { None },
                    if col < 0xBF && col != 0x3F {
                        Some(col - (b > 0x7F) as usize)
                    } else {
                        None
                    },
                )
            }
            E_BIG5 => {
                let row = b.wrapping_sub(0x81);
                (
                    if row < 126 { Some(row * 157) } else { None },
                    if b.wrapping_sub(0x40) < 0x3F {
                        Some(b - 0x40)
                    } else if b.wrapping_sub(0xA1) < 0x5E {
                        Some(b - 0x62)
                    } else {
                        None
                    },
                )
            }
            _ => {
                let (row, col) = (b.wrapping_sub(0x81), b.wrapping_sub(0x41));
                (
                    if row < 126 { Some(row * 190) } else { None },
                    if col < 0xBE { Some(col) } else { None },
                )
            }
        };
        if let Some(v) = lead {
            t.lead[b] = v as u16;
        }
        if let Some(v) = trail {
            t.trail[b] = v as u16;
        }
        b += 1;
    }
    t
}

static SHIFT_JIS_BYTES: PointerBytes = pointer_bytes(E_SHIFT_JIS);
static EUC_JP_BYTES: PointerBytes = pointer_bytes(E_EUC_JP);
static GB_BYTES: PointerBytes = pointer_bytes(E_GBK);
static BIG5_BYTES: PointerBytes = pointer_bytes(E_BIG5);
static EUC_KR_BYTES: PointerBytes = pointer_bytes(E_EUC_KR);
static ISO_2022_JP_BYTES: PointerBytes = pointer_bytes(E_ISO_2022_JP);

/// The [`PointerBytes`] of the encoding of `E` (not ISO-2022-JP).
#[inline(always)]
pub(crate) fn pointer_bytes_of<const E: u8>() -> &'static PointerBytes {
    match E {
        E_SHIFT_JIS => &SHIFT_JIS_BYTES,
        E_EUC_JP => &EUC_JP_BYTES,
        E_GBK | E_GB18030 => &GB_BYTES,
        E_BIG5 => &BIG5_BYTES,
        E_ISO_2022_JP => &ISO_2022_JP_BYTES,
        _ => &EUC_KR_BYTES,
    }
}

/// The UTF-8 of up to `max` two-byte codes of the common case at
/// `src[i..]`, through the tables (`utf8` not empty): how many there were,
/// each written as 4 bytes at `dst[at + 3 k..]` (when `WRITE`).
#[inline(always)]
fn pairs<const E: u8, const WRITE: bool>(
    src: &[u8],
    i: usize,
    dst: &mut [u8],
    at: usize,
    utf8: &[[u8; 4]],
    max: usize,
) -> usize {
    let bytes = pointer_bytes_of::<E>();
    let last = utf8.len() - 1;
    let mut k = 0;
    while k < max {
        let (lead, trail) = (src[i + 2 * k], src[i + 2 * k + 1]);
        let pointer = usize::from(bytes.lead[usize::from(lead)])
            + usize::from(bytes.trail[usize::from(trail)]);
        let w = u32::from_le_bytes(utf8[pointer.min(last)]);
        // Every character's UTF-8 has `80` in its second byte.
        if w & 0x8000 == 0 {
            break;
        }
        if WRITE {
            store4(dst, at + 3 * k, w);
        }
        k += 1;
    }
    k
}

/// The largest pointer [`pointer`](fn@pointer) gives for bytes in range.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) const fn max_pointer<const E: u8>() -> usize {
    match E {
        E_SHIFT_JIS => 0x3B * 188 + 0xBC - 1,
        E_EUC_JP | E_ISO_2022_JP => 93 * 94 + 93,
        E_BIG5 => 125 * 157 + 156,
        _ => 125 * 190 + 189,
    }
}

/// The UTF-8 (three bytes, little-endian) of the two-byte code `lead`,
/// `trail` in the encoding of `E` if it is of the common case (see the
/// module docs and the UTF-8 tables of `crate::tables`); else 0. `utf8` is [`utf8_table`].
#[inline(always)]
fn pair<const E: u8>(lead: u8, trail: u8, utf8: &[[u8; 4]]) -> u32 {
    let (ok, pointer) = pointer::<E>(lead, trail);
    if !ok {
        return 0;
    }
    match utf8.get(pointer) {
        Some(&w) => u32::from_le_bytes(w),
        None => 0,
    }
}

/// The UTF-8 of every pointer of the encoding of `E` (the `*_UTF8` tables of
/// `crate::tables`, which say what they hold): one look-up instead of a
/// look-up and the arithmetic of UTF-8. Four bytes a pointer, so twice its
/// decode table; generated with the index files and taken in as `static`
/// bytes, so nothing is computed or allocated at run time or when the crate
/// is compiled, and a program links only the tables of the encodings it
/// decodes with `fast`.
#[inline(always)]
fn utf8_table<const E: u8>() -> &'static [[u8; 4]] {
    match E {
        E_SHIFT_JIS | E_EUC_JP | E_ISO_2022_JP => JIS0208_UTF8,
        E_GBK | E_GB18030 => GB18030_UTF8,
        E_BIG5 => BIG5_UTF8,
        _ => EUC_KR_UTF8,
    }
}

/// Whether the word `w` of ASCII holds `ESC`, `SO` or `SI`.
#[inline(always)]
fn iso_2022_jp_controls(w: u64) -> bool {
    (zero_bytes(w ^ (0x1B * LO)) | zero_bytes(w ^ (0x0E * LO)) | zero_bytes(w ^ (0x0F * LO))) != 0
}

/// Whether every byte of `w` is in `21..=7E` (JIS X 0208 in ISO-2022-JP).
#[inline(always)]
fn jis_word(w: u64) -> bool {
    // `b + 0x5F` sets bit 7 exactly for `21..=7F` (no carry out: `b < 0x80`
    // is checked too), and `b + 1` for `7F..`: the pair picks `21..=7E`.
    let low = w & !HI == w;
    low && (w + 0x5F * LO) & !(w + LO) & HI == HI
}

/// How many bytes of ASCII from `src[i..]` were copied to `dst[at..]`
/// (stores reach up to 32 bytes past `at`; 0 if `AVX2` is false).
///
/// # Safety
/// If `AVX2`, the CPU must have AVX2.
#[inline(always)]
unsafe fn ascii_run<const AVX2: bool>(src: &[u8], i: usize, dst: &mut [u8], at: usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    if AVX2 {
        // SAFETY: AVX2 is there (this function's contract).
        return unsafe { avx2::ascii_run(src, i, dst, at) };
    }
    let _ = (src, i, dst, at);
    0
}

/// The run of ASCII at `src[i..]`, up to `most` bytes of it, copied to
/// `dst[at..]` if `WRITE` (ASCII decodes to itself); its length. Out of the
/// decoders' loops: inlined, it cost the Shift_JIS loop a tenth of its
/// speed on Japanese text, whose runs of ASCII are mostly short.
#[inline(never)]
fn copy_run<const WRITE: bool>(
    src: &[u8],
    i: usize,
    dst: &mut [u8],
    at: usize,
    most: usize,
) -> usize {
    let k = super::ascii::ascii_len(&src[i..]).min(most);
    if WRITE {
        dst[at..at + k].copy_from_slice(&src[i..i + k]);
    }
    k
}

/// Decoding (`WRITE`) or measuring the decoding of `src` in the encoding
/// of `E`; `None` on an error or when `dst` is too short. A length pass
/// counts from `start` and saturates at `usize::MAX`.
///
/// # Safety
/// If `AVX2`, the CPU must have AVX2 (the one caller with `AVX2` is
/// `avx2::decode`, whose `target_feature` enables it).
#[inline(always)]
pub(crate) unsafe fn decode_of<const E: u8, const WRITE: bool, const AVX2: bool>(
    src: &[u8],
    dst: &mut [u8],
    start: usize,
) -> Option<usize> {
    let c = cjk(E);
    let iso = E == E_ISO_2022_JP;
    let utf8 = utf8_table::<E>();
    let n = src.len();
    let room = if WRITE { dst.len() } else { usize::MAX };
    let mut i = 0;
    // The output so far: 0 when writing; a length pass may start elsewhere
    // (the tests of its arithmetic near `usize::MAX`). The main loop runs
    // while 64 bytes are left below `room` (`usize::MAX` when measuring)
    // and adds less; the tail adds through `add_len`, which saturates at
    // `usize::MAX` as the `const` engine's length passes do.
    let mut at: usize = if WRITE { 0 } else { start };
    let mut mode = Mode::Ascii;
    // ISO-2022-JP: the last sequence was an escape sequence.
    let mut escaped = false;
    // Where the mixed blocks may be tried again after one gave up.
    #[cfg(target_arch = "x86_64")]
    let mut blocks_from = 0;
    // (`at <= room` always: `room - at` is the room left, and a
    // saturating `at + 64 <= room` would let a count near `usize::MAX` in.)
    while i + 16 <= n && room - at >= 64 {
        if iso {
            // The escape sequences of real text, and runs of JIS X 0208 and
            // of ASCII between them, without the exact step.
            if src[i] == ESC {
                let next = match (src[i + 1], src[i + 2]) {
                    (b'(', b'B') => Some(Mode::Ascii),
                    (b'$', b'B' | b'@') => Some(Mode::Jis0208),
                    _ => None,
                };
                if let Some(next) = next {
                    if escaped {
                        return None;
                    }
                    mode = next;
                    escaped = true;
                    i += 3;
                    continue;
                }
            }
            if matches!(mode, Mode::Jis0208) {
                let k = pairs::<E, WRITE>(src, i, dst, at, utf8, 8);
                if k > 0 {
                    escaped = false;
                    i += 2 * k;
                    at += 3 * k;
                    continue;
                }
            }
            #[cfg(target_arch = "x86_64")]
            if AVX2 && WRITE && matches!(mode, Mode::Ascii) {
                // SAFETY: `AVX2`: the CPU has AVX2 (this function's contract).
                let k = unsafe { avx2::ascii_run_iso_2022_jp(src, i, dst, at) };
                if k > 0 {
                    escaped = false;
                    i += k;
                    at += k;
                    continue;
                }
            }
        }
        let w = load8(src, i);
        if w & HI == 0 && (!iso || (matches!(mode, Mode::Ascii) && !iso_2022_jp_controls(w))) {
            escaped = false;
            // A run of ASCII at once; without AVX2 only where 32 bytes are
            // ASCII: Japanese text has many runs of 8 to 30 bytes (names,
            // options), which the words below take faster. A byte at a
            // time, which stops at the end of a short run: by the four
            // words of `words::ascii32`, or as a function of its own shared
            // with the encoder, Shift_JIS decoding of the Japanese man page
            // ran at 1.50 and 1.64 GB/s against 1.77.
            if !iso
                && (AVX2
                    || src
                        .get(i..i + 32)
                        .is_some_and(|b| b.iter().all(|&x| x < 0x80)))
            {
                let k = if WRITE && AVX2 {
                    // SAFETY: AVX2 is there (this function's contract).
                    unsafe { ascii_run::<AVX2>(src, i, dst, at) }
                } else {
                    copy_run::<WRITE>(src, i, dst, at, room - at - 64)
                };
                if k > 0 {
                    i += k;
                    at += k;
                    continue;
                }
            }
            if WRITE {
                store8(dst, at, w);
            }
            i += 8;
            at += 8;
            continue;
        }
        #[cfg(target_arch = "x86_64")]
        if AVX2 && !iso && i >= blocks_from && i + BLOCK_READ <= n && room - at >= BLOCK_ROOM {
            // SAFETY: `AVX2`: the CPU has AVX2 (this function's contract).
            let block = unsafe { avx2::mixed_block::<E, WRITE>(src, i, dst, at, utf8) };
            if let Some((read, written)) = block {
                i += read;
                at += written;
                continue;
            }
            blocks_from = i + 64;
        }
        let block = if iso {
            matches!(mode, Mode::Jis0208) && jis_word(w)
        } else {
            w & HI == HI
        };
        if block {
            let b = w.to_le_bytes();
            let c0 = pair::<E>(b[0], b[1], utf8);
            let c1 = pair::<E>(b[2], b[3], utf8);
            let c2 = pair::<E>(b[4], b[5], utf8);
            let c3 = pair::<E>(b[6], b[7], utf8);
            if (c0 != 0) & (c1 != 0) & (c2 != 0) & (c3 != 0) {
                if WRITE {
                    store4(dst, at, c0);
                    store4(dst, at + 3, c1);
                    store4(dst, at + 6, c2);
                    store4(dst, at + 9, c3);
                }
                escaped = false;
                i += 8;
                at += 12;
                continue;
            }
        }
        let b0 = src[i];
        if b0 < 0x80 && !iso {
            if WRITE {
                dst[at] = b0;
            }
            i += 1;
            at += 1;
            continue;
        }
        if !iso || matches!(mode, Mode::Jis0208) {
            let cp = pair::<E>(b0, src[i + 1], utf8);
            if cp != 0 {
                if WRITE {
                    store4(dst, at, cp);
                }
                escaped = false;
                i += 2;
                at += 3;
                continue;
            }
        }
        match decode_seq(c, src, i, mode) {
            Seq::Char { cp, cp2, len } => {
                if WRITE {
                    at = scalar::write_utf8(dst, at, cp);
                    if cp2 != 0 {
                        at = scalar::write_utf8(dst, at, cp2);
                    }
                } else {
                    at += scalar::utf8_len(cp) + if cp2 == 0 { 0 } else { scalar::utf8_len(cp2) };
                }
                escaped = false;
                i += len;
            }
            Seq::Escape { mode: next } => {
                if escaped {
                    return None;
                }
                mode = next;
                escaped = true;
                i += 3;
            }
            Seq::Malformed { .. } | Seq::Truncated { .. } => return None,
        }
    }
    // The tail, exactly: ASCII and the pairs of the common case, else the
    // exact step, each checking its room.
    while i < n {
        if !iso {
            let b0 = src[i];
            if b0 < 0x80 {
                if WRITE {
                    if at >= room {
                        return None;
                    }
                    dst[at] = b0;
                }
                i += 1;
                at = add_len(at, 1);
                continue;
            }
            if i + 1 < n {
                let w = pair::<E>(b0, src[i + 1], utf8);
                if w != 0 {
                    if WRITE {
                        if room - at < 3 {
                            return None;
                        }
                        dst[at..at + 3].copy_from_slice(&w.to_le_bytes()[..3]);
                    }
                    i += 2;
                    at = add_len(at, 3);
                    continue;
                }
            }
        }
        match decode_seq(c, src, i, mode) {
            Seq::Char { cp, cp2, len } => {
                let need = scalar::utf8_len(cp) + if cp2 == 0 { 0 } else { scalar::utf8_len(cp2) };
                if WRITE {
                    if need > room - at {
                        return None;
                    }
                    at = scalar::write_utf8(dst, at, cp);
                    if cp2 != 0 {
                        at = scalar::write_utf8(dst, at, cp2);
                    }
                } else {
                    at = add_len(at, need);
                }
                escaped = false;
                i += len;
            }
            Seq::Escape { mode: next } => {
                if escaped {
                    return None;
                }
                mode = next;
                escaped = true;
                i += 3;
            }
            Seq::Malformed { .. } | Seq::Truncated { .. } => return None,
        }
    }
    Some(at)
}

/// Encoding `text` in the encoding of `E` into `dst`; `None` on a
/// character it lacks or when `dst` is too short.
///
/// # Safety
/// If `AVX2`, the CPU must have AVX2 (the one caller with `AVX2` is
/// `avx2::encode`, whose `target_feature` enables it).
#[inline(always)]
pub(crate) unsafe fn encode_of<const E: u8, const AVX2: bool>(
    text: &str,
    dst: &mut [u8],
) -> Option<usize> {
    let c = cjk(E);
    let iso = E == E_ISO_2022_JP;
    let b = text.as_bytes();
    let n = b.len();
    let room = dst.len();
    let mut i = 0;
    let mut at = 0;
    let mut mode = Mode::Ascii;
    while i + 16 <= n && at + 48 <= room {
        let w = load8(b, i);
        if w & HI == 0 && (!iso || (matches!(mode, Mode::Ascii) && !iso_2022_jp_controls(w))) {
            // A run of ASCII at once, as the decoders take it (and test
            // for it: see there).
            if !iso
                && (AVX2
                    || b.get(i..i + 32)
                        .is_some_and(|r| r.iter().all(|&x| x < 0x80)))
            {
                let k = if AVX2 {
                    // SAFETY: AVX2 is there (this function's contract).
                    unsafe { ascii_run::<AVX2>(b, i, dst, at) }
                } else {
                    copy_run::<true>(b, i, dst, at, room - at - 48)
                };
                if k > 0 {
                    i += k;
                    at += k;
                    continue;
                }
            }
            store8(dst, at, w);
            i += 8;
            at += 8;
            continue;
        }
        let b0 = b[i];
        if b0 < 0x80 && !iso {
            dst[at] = b0;
            i += 1;
            at += 1;
            continue;
        }
        let (cp, len) = scalar::next_char(b, i);
        let (out, next) = encode_step(c, cp, mode);
        if out.len == 0 {
            return None;
        }
        // Up to five bytes, written as eight.
        store8(dst, at, out.bytes);
        at += out.len;
        mode = next;
        i += len;
    }
    while i < n {
        let (cp, len) = scalar::next_char(b, i);
        let (out, next) = encode_step(c, cp, mode);
        if out.len == 0 || out.len > room - at {
            return None;
        }
        at = put(dst, at, out);
        mode = next;
        i += len;
    }
    if !matches!(mode, Mode::Ascii) {
        if ISO_2022_JP_END.len > room - at {
            return None;
        }
        at = put(dst, at, ISO_2022_JP_END);
    }
    Some(at)
}

/// The same loops compiled with AVX2, and their ASCII runs.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use core::arch::x86_64::{
        __m128i, __m256i, _mm_loadu_si128, _mm_storeu_si128, _mm256_and_si256, _mm256_cmpeq_epi8,
        _mm256_cmpgt_epi8, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_or_si256,
        _mm256_set1_epi8, _mm256_storeu_si256, _mm256_xor_si256,
    };

    use crate::simd::cjk::{
        BLOCK_READ, BLOCK_ROOM, E_SHIFT_JIS, decode_of, encode_of, max_pointer, pointer_bytes_of,
    };

    /// [`crate::simd::cjk::decode_of`] with AVX2.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    pub(crate) fn decode<const E: u8, const WRITE: bool>(
        src: &[u8],
        dst: &mut [u8],
    ) -> Option<usize> {
        // SAFETY: this function's `target_feature` enables AVX2, which the
        // caller checked the CPU has.
        unsafe { decode_of::<E, WRITE, true>(src, dst, 0) }
    }

    /// [`crate::simd::cjk::encode_of`] with AVX2.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    pub(crate) fn encode<const E: u8>(text: &str, dst: &mut [u8]) -> Option<usize> {
        // SAFETY: as in `decode`.
        unsafe { encode_of::<E, true>(text, dst) }
    }

    /// Copies the ASCII at `src[i..]` to `dst[at..]` 32 bytes at a time
    /// while both have 32 (whole blocks are stored, so up to 32 bytes past
    /// the run); returns how many bytes were ASCII.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[inline(always)]
    pub(crate) unsafe fn ascii_run(src: &[u8], i: usize, dst: &mut [u8], at: usize) -> usize {
        let mut k = 0;
        while i + k + 32 <= src.len() && at + k + 32 <= dst.len() {
            // SAFETY: `src[i + k..i + k + 32]` is in bounds (checked just
            // above); the load is unaligned. AVX2 is there (this function's
            // contract).
            let v = unsafe { _mm256_loadu_si256(src.as_ptr().add(i + k).cast::<__m256i>()) };
            // SAFETY: `dst[at + k..at + k + 32]` is in bounds (checked
            // above); the store is unaligned.
            unsafe { _mm256_storeu_si256(dst.as_mut_ptr().add(at + k).cast::<__m256i>(), v) };
            // SAFETY: a register operation, AVX2 present as above.
            let mask = unsafe { _mm256_movemask_epi8(v) }.cast_unsigned();
            if mask != 0 {
                return k + mask.trailing_zeros() as usize;
            }
            k += 32;
        }
        k
    }

    /// [`ascii_run`] for ISO-2022-JP in ASCII mode: also stops at `ESC`,
    /// `SO` and `SI`.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[inline(always)]
    pub(crate) unsafe fn ascii_run_iso_2022_jp(
        src: &[u8],
        i: usize,
        dst: &mut [u8],
        at: usize,
    ) -> usize {
        let mut k = 0;
        while i + k + 32 <= src.len() && at + k + 32 <= dst.len() {
            // SAFETY: in bounds (checked just above); unaligned load and
            // store; AVX2 present as in `ascii_run`.
            let mask = unsafe {
                let v = _mm256_loadu_si256(src.as_ptr().add(i + k).cast::<__m256i>());
                _mm256_storeu_si256(dst.as_mut_ptr().add(at + k).cast::<__m256i>(), v);
                let controls = _mm256_or_si256(
                    _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x1B)),
                    _mm256_or_si256(
                        _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x0E)),
                        _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x0F)),
                    ),
                );
                _mm256_movemask_epi8(_mm256_or_si256(v, controls)).cast_unsigned()
            };
            if mask != 0 {
                return k + mask.trailing_zeros() as usize;
            }
            k += 32;
        }
        k
    }

    /// Copies `src[i..i + 32]` to `dst[at..at + 32]`.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[inline(always)]
    unsafe fn copy32(src: &[u8], i: usize, dst: &mut [u8], at: usize) {
        assert!(i + 32 <= src.len() && at + 32 <= dst.len());
        // SAFETY: both ranges are in bounds (asserted above; the callers'
        // guards make the assertion always hold); unaligned load and store,
        // AVX2 present (this function's contract).
        unsafe {
            let v = _mm256_loadu_si256(src.as_ptr().add(i).cast::<__m256i>());
            _mm256_storeu_si256(dst.as_mut_ptr().add(at).cast::<__m256i>(), v);
        }
    }

    /// The bytes of `v` that are characters of their own in Shift_JIS but
    /// not ASCII: `80` and the one-byte katakana `A1..=DF`.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[inline(always)]
    unsafe fn one_byte_codes(v: __m256i) -> u64 {
        // SAFETY: register operations, AVX2 present (this function's
        // contract). `x` is the byte minus 0x80: `A1..=DF`
        // are `21..=5F`, `80` is 0, and ASCII is negative as `i8`.
        let mask = unsafe {
            let x = _mm256_xor_si256(v, _mm256_set1_epi8(-128));
            let kana = _mm256_and_si256(
                _mm256_cmpgt_epi8(x, _mm256_set1_epi8(0x20)),
                _mm256_cmpgt_epi8(_mm256_set1_epi8(0x60), x),
            );
            let c1 = _mm256_cmpeq_epi8(x, _mm256_set1_epi8(0));
            _mm256_movemask_epi8(_mm256_or_si256(kana, c1))
        };
        u64::from(mask.cast_unsigned())
    }

    /// The characters of the leads of a mixed block (see [`mixed_block`]),
    /// and the ASCII before each (copied 32 bytes at a time if `WIDE`, else
    /// 16): the AND of their UTF-8 (which has `80` in its second byte for
    /// every character of the common case) and how many there were.
    ///
    /// # Safety
    /// The CPU must have AVX2; `i + BLOCK_READ <= src.len()`, and, if
    /// `WRITE`, `at + BLOCK_ROOM <= dst.len()`; bit 63 of `leads` clear;
    /// every entry of `utf8` a pointer can reach.
    #[inline(always)]
    unsafe fn walk<const E: u8, const WRITE: bool, const WIDE: bool>(
        src: &[u8],
        i: usize,
        dst: &mut [u8],
        at: usize,
        utf8: &[[u8; 4]],
        leads: u64,
    ) -> (u32, usize) {
        if WRITE {
            // SAFETY: AVX2 (this function's contract).
            unsafe { copy32(src, i, dst, at) };
        }
        let bytes = pointer_bytes_of::<E>();
        let last = utf8.len() - 1;
        let mut all = u32::MAX;
        let mut j = 0;
        let mut l = leads;
        let sp = src[i..].as_ptr();
        let dp = if WRITE {
            dst[at..].as_mut_ptr()
        } else {
            core::ptr::null_mut()
        };
        while l != 0 {
            let k = l.trailing_zeros() as usize;
            // SAFETY: `k` is at most 62 (bit 63 is cleared by the caller),
            // so `src[i + k + 1]` is in bounds (`i + BLOCK_READ <=
            // src.len()`, asserted by the caller).
            let (lead, trail) = unsafe { (*sp.add(k), *sp.add(k + 1)) };
            // Bytes in range give a pointer below the table's last entry
            // (`max_pointer`), a byte out of range one past it, taken to
            // the last, which is 0.
            let pointer = usize::from(bytes.lead[usize::from(lead)])
                + usize::from(bytes.trail[usize::from(trail)]);
            let pointer = pointer.min(last);
            // SAFETY: `pointer <= last < utf8.len()`.
            let w = u32::from_le_bytes(unsafe { *utf8.as_ptr().add(pointer) });
            all &= w;
            if WRITE {
                // SAFETY: `k + j + 3 + 32 <= 62 + 31 + 35 = 128` bytes from
                // `at`, and `at + BLOCK_ROOM <= dst.len()` (asserted by the
                // caller when `WRITE`); `k + 2 + 32 <= 96` bytes from `i`,
                // and `i + BLOCK_READ <= src.len()`. Unaligned accesses,
                // AVX2 present.
                unsafe {
                    dp.add(k + j).cast::<u32>().write_unaligned(w.to_le());
                    if WIDE {
                        let v = _mm256_loadu_si256(sp.add(k + 2).cast::<__m256i>());
                        _mm256_storeu_si256(dp.add(k + j + 3).cast::<__m256i>(), v);
                    } else {
                        let v = _mm_loadu_si128(sp.add(k + 2).cast::<__m128i>());
                        _mm_storeu_si128(dp.add(k + j + 3).cast::<__m128i>(), v);
                    }
                }
            }
            j += 1;
            l &= l - 1;
        }
        (all, j)
    }

    /// Decodes a block of 32 bytes at `src[i..]` (which has 64) that holds
    /// ASCII and two-byte codes of the common case only, into `dst[at..]`
    /// (which has 128 bytes of room), without a branch per character:
    ///
    /// - every byte from `80` up is a lead or a trail (not so for
    ///   Shift_JIS's one-byte katakana, which send the block back);
    /// - a run of such bytes starts on a character (after ASCII or after a
    ///   trail), so its leads are every other byte from the run's start:
    ///   with `h` the bit set of those bytes and `starts` the first of each
    ///   run, `h + (starts & EVEN)` carries through exactly the runs that
    ///   start at an even position, which tells each byte's parity in its
    ///   run without a loop (the trick of simdjson's escaped quotes);
    /// - a lead's trail is the byte after it, whatever it is (an ASCII-range
    ///   trail of GBK, Big5 or Shift_JIS included), and every byte that is
    ///   neither is ASCII;
    /// - the `j`-th lead, at `k`, writes its three bytes at `k + j` (each
    ///   lead before it added one byte), and the ASCII after its trail is
    ///   copied, 32 bytes at once, to `k + 2 + j + 1`: no store waits for
    ///   another's position, only for `trailing_zeros` of the lead mask.
    ///
    /// A lead in the last byte is left for the next block. `None` if a pair
    /// is not of the common case (errors, gb18030's four-byte codes,
    /// EUC-JP's `8E` and `8F`, Big5's pairs of code points, characters
    /// below U+0800); what was written then is to be written again.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[inline(always)]
    pub(crate) unsafe fn mixed_block<const E: u8, const WRITE: bool>(
        src: &[u8],
        i: usize,
        dst: &mut [u8],
        at: usize,
        utf8: &[[u8; 4]],
    ) -> Option<(usize, usize)> {
        const EVEN: u64 = 0x5555_5555_5555_5555;
        assert!(i + BLOCK_READ <= src.len() && (!WRITE || at + BLOCK_ROOM <= dst.len()));
        assert!(utf8.len() > max_pointer::<E>() + 1 && utf8[utf8.len() - 1] == [0; 4]);
        // SAFETY: `src[i..i + 64]` is in bounds (asserted); unaligned
        // loads; AVX2 present as in `copy32`.
        let (v0, v1) = unsafe {
            (
                _mm256_loadu_si256(src.as_ptr().add(i).cast::<__m256i>()),
                _mm256_loadu_si256(src.as_ptr().add(i + 32).cast::<__m256i>()),
            )
        };
        // SAFETY: register operations, AVX2 present.
        let h = unsafe {
            u64::from(_mm256_movemask_epi8(v0).cast_unsigned())
                | u64::from(_mm256_movemask_epi8(v1).cast_unsigned()) << 32
        };
        let starts = h & !(h << 1);
        // The carry out of a run that reaches bit 63 is lost, as it should.
        let from_even = h & !h.wrapping_add(starts & EVEN);
        let mut leads = (from_even & EVEN) | (h & !from_even & !EVEN);
        // The ASCII is copied 32 bytes at a time, from the block's start
        // and after each lead's trail: with a run of more than 32 bytes of
        // ASCII, only the first half of the block is decoded.
        // The ASCII is copied 16 or 32 bytes at a time, from the block's
        // start and after each lead's trail (16 where no run of ASCII is
        // longer, half the stores); with a run of more than 32 bytes, only
        // the first half of the block is decoded.
        let mut ascii = !(leads | leads << 1);
        ascii &= ascii >> 1;
        ascii &= ascii >> 2;
        ascii &= ascii >> 4;
        ascii &= ascii >> 8;
        let over16 = ascii & ascii >> 1;
        ascii &= ascii >> 16;
        ascii &= ascii >> 1;
        let half = if ascii == 0 { 64 } else { 32 };
        leads &= u64::MAX >> (64 - half);
        let mut len = half;
        if leads & 1 << (half - 1) != 0 {
            leads ^= 1 << (half - 1);
            len = half - 1;
        }
        // SAFETY: AVX2 (this function's contract).
        if E == E_SHIFT_JIS && unsafe { one_byte_codes(v0) | one_byte_codes(v1) << 32 } & leads != 0
        {
            return None;
        }
        // SAFETY: AVX2 (this function's contract); the bounds and the table
        // are asserted above, and bit 63 of `leads` is clear (`half` is at
        // most 64 and a lead in the last byte was dropped).
        let (all, j) = unsafe {
            if over16 & u64::MAX >> (64 - half) == 0 {
                walk::<E, WRITE, false>(src, i, dst, at, utf8, leads)
            } else {
                walk::<E, WRITE, true>(src, i, dst, at, utf8, leads)
            }
        };
        if all & 0x8000 == 0 {
            None
        } else {
            Some((len, len + j))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::assert_avx2;
    use super::{E_BIG5, E_EUC_JP, E_EUC_KR, E_GB18030, E_GBK, E_ISO_2022_JP, E_SHIFT_JIS};
    use crate::rules::Family;
    use crate::rules::cjk::Cjk;
    use std::string::String;
    use std::vec;

    /// The generated UTF-8 tables hold, for every pointer, the UTF-8 of the
    /// code point that the decode tables give it if that is of the common
    /// case, else zeros, and zeros at the end.
    #[test]
    fn utf8_tables_match_the_decode_tables() {
        use crate::tables::{big5::BIG5, euc_kr::EUC_KR, gb18030::GB18030, jis0208::JIS0208};
        type Case = (&'static [[u8; 4]], &'static [[u8; 2]], usize, u8);
        let cases: [Case; 4] = [
            (super::JIS0208_UTF8, JIS0208, 11281, super::E_SHIFT_JIS),
            (
                super::GB18030_UTF8,
                GB18030,
                GB18030.len() + 1,
                super::E_GB18030,
            ),
            (super::BIG5_UTF8, BIG5, BIG5.len() + 1, super::E_BIG5),
            (
                super::EUC_KR_UTF8,
                EUC_KR,
                EUC_KR.len() + 1,
                super::E_EUC_KR,
            ),
        ];
        for (utf8, decode, len, e) in cases {
            assert_eq!(utf8.len(), len);
            assert_eq!(utf8[len - 1], [0; 4]);
            for (pointer, entry) in utf8[..len - 1].iter().enumerate() {
                let mut cp = u32::from(decode.get(pointer).map_or(0, |&v| u16::from_le_bytes(v)));
                if e == super::E_SHIFT_JIS && (8836..=10715).contains(&pointer) {
                    cp = 0xE000 - 8836 + pointer as u32;
                }
                // Big5 marks its code points above U+FFFF as surrogates.
                let odd = e == super::E_BIG5
                    && ((0xD800..0xE000).contains(&cp) || (1133..=1166).contains(&pointer));
                let mut want = [0u8; 4];
                if cp >= 0x800 && !odd {
                    char::from_u32(cp).unwrap().encode_utf8(&mut want);
                }
                assert_eq!(*entry, want, "encoding {e}, pointer {pointer}");
            }
        }
    }

    /// The kernels against the const engine on a text of every kind of
    /// block (small enough for Miri, which checks the `unsafe` here).
    #[test]
    fn kernels_match_the_engine() {
        assert_avx2();
        for (c, pieces) in [
            (Cjk::Gbk, ["中文的文本", " and ASCII, ", "汉字", "\n"]),
            (Cjk::Gb18030, ["中文的文本", " and ASCII, ", "😀", "\n"]),
            (Cjk::Big5, ["中文的文本", " and ASCII, ", "漢字", "\n"]),
            (
                Cjk::EucJp,
                ["日本語のテキスト", " and ASCII, ", "ｶﾀｶﾅ", "\n"],
            ),
            (
                Cjk::Iso2022Jp,
                ["日本語のテキスト", " and ASCII, ", "漢字", "\n"],
            ),
            (
                Cjk::ShiftJis,
                ["日本語のテキスト", " and ASCII, ", "ｶﾀｶﾅ", "\n"],
            ),
            (Cjk::EucKr, ["한국어 텍스트", " and ASCII, ", "한글", "\n"]),
        ] {
            let mut text = String::new();
            for k in 0..48 {
                text.push_str(pieces[k * 5 % 4]);
                // Runs of ASCII longer than a block pair, ending at every
                // place of a word.
                if k % 16 == 7 {
                    text.push_str(&" a long run of ASCII,".repeat(8 + k / 16)[k / 16..]);
                }
            }
            let f = Family::Cjk(c);
            let mut bytes = vec![0u8; text.len() * 4];
            let n = crate::engine::encode_into(f, &text, &mut bytes).expect("encodes");
            bytes.truncate(n);
            let mut fast = vec![0u8; n + 16];
            assert_eq!(super::encode(c, &text, &mut fast), Some(n), "{c:?}");
            assert_eq!(fast[..n], bytes[..], "{c:?}");
            let mut out = vec![0u8; bytes.len() * 3 + 64];
            let m = super::decode(c, &bytes, &mut out).expect("decodes");
            assert_eq!(&out[..m], text.as_bytes(), "{c:?}");
            assert_eq!(super::decoded_len(c, &bytes), Some(text.len()), "{c:?}");
        }
    }

    /// The length pass of `E` over `src`, counting from `start`.
    fn len_from<const E: u8>(src: &[u8], start: usize) -> Option<usize> {
        // SAFETY: `AVX2` is false.
        unsafe { super::decode_of::<E, false, false>(src, &mut [], start) }
    }

    /// The length pass adds as the `const` engine's does, saturating at
    /// `usize::MAX` instead of overflowing (a panic in debug builds, a
    /// wrapped, wrong length in release): near `usize::MAX`, as a decoding
    /// of some gigabytes would reach on a 32-bit target, without the
    /// gigabytes.
    #[test]
    fn length_pass_saturates_near_usize_max() {
        for (c, text) in [
            (
                Cjk::Gbk,
                "中文 text 汉字 and more ASCII than one block of sixteen",
            ),
            (
                Cjk::Gb18030,
                "中文 text 😀 and more ASCII than one block of sixteen",
            ),
            (
                Cjk::Big5,
                "中文 text 漢字 and more ASCII than one block of sixteen",
            ),
            (Cjk::EucJp, "日本語 text ｶﾀｶﾅ and more ASCII than one block"),
            (
                Cjk::Iso2022Jp,
                "日本語 text 漢字 and more ASCII than one block",
            ),
            (
                Cjk::ShiftJis,
                "ｶﾀｶﾅｶﾀｶﾅｶﾀｶﾅｶﾀｶﾅ 日本語 and more ASCII than one block",
            ),
            (
                Cjk::EucKr,
                "한국어 text 한글 and more ASCII than one block of sixteen",
            ),
        ] {
            // And with a run of ASCII that the loop takes at once, up to
            // where the count comes near `usize::MAX`.
            let long = std::format!("{text}{}{text}", " ASCII".repeat(40));
            for text in [text, long.as_str()] {
                let f = Family::Cjk(c);
                let mut bytes = vec![0u8; text.len() * 4];
                let n = crate::engine::encode_into(f, text, &mut bytes).expect("encodes");
                bytes.truncate(n);
                let len = text.len();
                assert_eq!(crate::engine::decoded_len(f, &bytes), Ok(len), "{c:?}");
                for start in [
                    0,
                    usize::MAX - len - 1,
                    usize::MAX - len,
                    usize::MAX - len + 1,
                    usize::MAX - 1,
                    usize::MAX,
                ] {
                    let got = per_encoding!(c, len_from(&bytes, start));
                    assert_eq!(got, Some(start.saturating_add(len)), "{c:?} from {start}");
                }
            }
        }
    }
}
