//! The AVX2 kernels of [`crate::simd::utf16_to_utf8`].

use core::arch::x86_64::{
    __m128i, __m256i, _mm_storeu_si128, _mm256_add_epi16, _mm256_alignr_epi8, _mm256_and_si256,
    _mm256_blendv_epi8, _mm256_castsi256_si128, _mm256_cmpeq_epi16, _mm256_extracti128_si256,
    _mm256_loadu_si256, _mm256_loadu2_m128i, _mm256_min_epu16, _mm256_movemask_epi8,
    _mm256_or_si256, _mm256_packs_epi16, _mm256_packus_epi16, _mm256_permute2x128_si256,
    _mm256_permute4x64_epi64, _mm256_set1_epi16, _mm256_setr_epi8, _mm256_setzero_si256,
    _mm256_shuffle_epi8, _mm256_slli_epi16, _mm256_srli_epi16, _mm256_storeu_si256,
    _mm256_testz_si256, _mm256_unpackhi_epi16, _mm256_unpacklo_epi16, _mm256_xor_si256,
};

// # `unsafe` here
//
// Only two things here need `unsafe`: calling `convert`, whose one
// precondition is that the CPU has the enabled features,
// [`crate::simd::FEATURES`] (the caller checked [`crate::simd::avx2`]),
// and the unaligned loads and stores, each within bounds that the code
// checked. The load and store helpers are `unsafe fn`s for their bounds
// (and, being `#[target_feature]`, for the features); inside `convert`
// the features hold, so the `SAFETY:` comments of their calls say
// "features" and which check gives the bounds. Helpers with no other
// precondition are safe `#[target_feature]` functions (Rust 1.86), and
// value-only intrinsics are safe (1.87): both are called without
// `unsafe` from any function that enables the same features.

/// `x` in every 16-bit lane.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(clippy::cast_possible_wrap, reason = "a bit pattern, not a number")]
fn splat(x: u16) -> __m256i {
    _mm256_set1_epi16(x as i16)
}

/// The top bit of each byte of `x`, as `vpmovmskb` gives them.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(clippy::cast_sign_loss, reason = "a bit mask, not a number")]
fn bits(x: __m256i) -> u32 {
    _mm256_movemask_epi8(x) as u32
}

/// The 16 units `src[2 * i..2 * i + 32]`, as native 16-bit lanes (LE
/// bytes, or BE bytes swapped if `BE`).
///
/// # Safety
/// The CPU must have the enabled features, and `2 * i + 32 <= src.len()`.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(clippy::cast_ptr_alignment, reason = "an unaligned load")]
unsafe fn load<const BE: bool>(src: &[u8], i: usize) -> __m256i {
    debug_assert!(2 * i + 32 <= src.len(), "load out of bounds");
    // SAFETY: the caller guarantees `2 * i + 32 <= src.len()`, so the 32
    // bytes from `src.as_ptr() + 2 * i` are within `src`; `loadu` needs
    // no alignment.
    let v = unsafe { _mm256_loadu_si256(src.as_ptr().add(2 * i).cast::<__m256i>()) };
    if BE {
        // Swap the two bytes of every lane.
        let swap = _mm256_setr_epi8(
            1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11,
            10, 13, 12, 15, 14,
        );
        _mm256_shuffle_epi8(v, swap)
    } else {
        v
    }
}

/// Stores the low 16 bytes of `x` at `dst[at..at + 16]`.
///
/// # Safety
/// The CPU must have the enabled features, and `at + 16 <= dst.len()`.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(clippy::cast_ptr_alignment, reason = "an unaligned store")]
unsafe fn store_lo(dst: &mut [u8], at: usize, x: __m256i) {
    debug_assert!(at + 16 <= dst.len(), "store_lo out of bounds");
    let x = _mm256_castsi256_si128(x);
    // SAFETY: the caller guarantees `at + 16 <= dst.len()`, so the 16
    // bytes from `dst.as_mut_ptr() + at` are within `dst`; `storeu`
    // needs no alignment.
    unsafe { _mm_storeu_si128(dst.as_mut_ptr().add(at).cast::<__m128i>(), x) };
}

/// Stores the high 16 bytes of `x` at `dst[at..at + 16]`.
///
/// # Safety
/// The CPU must have the enabled features, and `at + 16 <= dst.len()`.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(clippy::cast_ptr_alignment, reason = "an unaligned store")]
unsafe fn store_hi(dst: &mut [u8], at: usize, x: __m256i) {
    debug_assert!(at + 16 <= dst.len(), "store_hi out of bounds");
    let x = _mm256_extracti128_si256::<1>(x);
    // SAFETY: as in `store_lo`: `at + 16 <= dst.len()` (the caller's).
    unsafe { _mm_storeu_si128(dst.as_mut_ptr().add(at).cast::<__m128i>(), x) };
}

/// Stores all 32 bytes of `x` at `dst[at..at + 32]`.
///
/// # Safety
/// The CPU must have the enabled features, and `at + 32 <= dst.len()`.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(clippy::cast_ptr_alignment, reason = "an unaligned store")]
unsafe fn store(dst: &mut [u8], at: usize, x: __m256i) {
    debug_assert!(at + 32 <= dst.len(), "store out of bounds");
    // SAFETY: the caller guarantees `at + 32 <= dst.len()`, so the 32
    // bytes from `dst.as_mut_ptr() + at` are within `dst`; `storeu`
    // needs no alignment.
    unsafe { _mm256_storeu_si256(dst.as_mut_ptr().add(at).cast::<__m256i>(), x) };
}

/// The shuffle controls `table[hi]` (high half) and `table[lo]` (low
/// half) as one vector (only the low 8 bits of each index count).
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(
    clippy::cast_ptr_alignment,
    reason = "16-byte entries, 16-byte aligned"
)]
fn controls(table: &Shuffles, hi: u32, lo: u32) -> __m256i {
    let hi = &table.0[hi as u8 as usize];
    let lo = &table.0[lo as u8 as usize];
    // SAFETY: `hi` and `lo` are references to 16-byte arrays, exactly
    // the 16 bytes each half of the unaligned load reads.
    unsafe { _mm256_loadu2_m128i(hi.as_ptr().cast::<__m128i>(), lo.as_ptr().cast::<__m128i>()) }
}

/// After a block with a surrogate, the general path (with the
/// surrogate code) is taken for this many more blocks whatever they
/// hold, so that text where emoji are everywhere runs without a branch
/// on the kind of each block. At least 1: a block that ends with a high
/// surrogate must be followed by one that checks its first lane.
const HOT: u32 = 8;

/// The vector loop: converts whole blocks of 16 units from `src` (its
/// `n = src.len() / 2` whole units, native or LE order, or BE if `BE`;
/// an odd last byte is left alone) into `dst`
/// while they are there and the room the next block's stores need is
/// there, and returns how many units it consumed and how many bytes it
/// wrote; `None` if it met an unpaired surrogate. What it returns
/// ends on a character boundary: never between the two units of a
/// pair.
///
/// # Safety
/// The CPU must have the enabled features.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
#[allow(
    clippy::too_many_lines,
    clippy::many_single_char_names,
    reason = "one hot loop, explained whole, in the codec's short names"
)]
pub(crate) unsafe fn convert<const BE: bool>(src: &[u8], dst: &mut [u8]) -> Option<(usize, usize)> {
    // Every load reads `src[2 * i..2 * i + 32]` for a unit index `i`
    // with `i + 16 <= n`, so within `src`; every store checks its room
    // against `cap` first.
    let n = src.len() / 2;
    let cap = dst.len();
    let zero = _mm256_setzero_si256();
    let hi7 = splat(0xFF80);
    let mut i = 0;
    let mut at = 0;
    // The last unit converted was a high surrogate (whose two bytes are
    // written): the next block must start with a low one.
    let mut pending = false;
    // Blocks left to take the general path with surrogates (`HOT`).
    let mut mixed = 0u32;
    while i + 16 <= n {
        // SAFETY: features (this function's own precondition), and
        // `2 * i + 32 <= 2 * n <= src.len()` by the loop condition.
        let v = unsafe { load::<BE>(src, i) };
        let ascii = _mm256_cmpeq_epi16(_mm256_and_si256(v, hi7), zero);

        // The two fast paths, outside of emoji country. (`pending` is
        // false here: it is set only with `mixed`.)
        if mixed == 0 {
            // ASCII: narrow with unsigned saturation (every unit is
            // below 0x80, so nothing saturates). `vpackuswb` works per
            // 128-bit half, so the halves of the result hold units 0..8
            // and 8..16 (each twice); quads 0 and 2 are the 16 bytes.
            if _mm256_testz_si256(v, hi7) != 0 {
                if at + 16 > cap {
                    break;
                }
                let bytes = _mm256_permute4x64_epi64::<0b00_00_10_00>(_mm256_packus_epi16(v, v));
                // SAFETY: features; `at + 16 <= cap` (checked above).
                unsafe { store_lo(dst, at, bytes) };
                i += 16;
                at += 16;
                // English and code: more ASCII is likely, 32 units a
                // step. `vpackuswb` of two blocks gives the quads
                // a0 b0 a1 b1 (by halves), put in order by the permute
                // 0, 2, 1, 3. (Measured: storing before the test, and
                // keeping the ASCII units before the first other one
                // when the test fails, are both slower on English.)
                while i + 32 <= n && at + 32 <= cap {
                    // SAFETY: features; `i + 32 <= n` (the loop
                    // condition), so both 32-byte loads, at `2 * i` and
                    // `2 * i + 32`, end by `2 * n <= src.len()`.
                    let (a, b) = unsafe { (load::<BE>(src, i), load::<BE>(src, i + 16)) };
                    if _mm256_testz_si256(_mm256_or_si256(a, b), hi7) == 0 {
                        break;
                    }
                    let bytes =
                        _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packus_epi16(a, b));
                    // SAFETY: features; `at + 32 <= cap` (the loop
                    // condition).
                    unsafe { store(dst, at, bytes) };
                    i += 32;
                    at += 32;
                }
                continue;
            }

            // Below U+0800: in each lane the 2-byte form, lead byte
            // first (`C0 | u >> 6` low, `80 | u & 3F` high), or the
            // unit itself if ASCII; then `PACK2` by the ASCII mask of
            // each half, which `vpacksswb` + `vpmovmskb` give as bits
            // 0..8 and 16..24.
            if _mm256_testz_si256(v, splat(0xF800)) != 0 {
                if at + 32 > cap {
                    break;
                }
                let two = _mm256_or_si256(
                    _mm256_or_si256(
                        _mm256_srli_epi16::<6>(v),
                        _mm256_slli_epi16::<8>(_mm256_and_si256(v, splat(0x3F))),
                    ),
                    splat(0x80C0),
                );
                let lanes = _mm256_blendv_epi8(two, v, ascii);
                let mask = bits(_mm256_packs_epi16(ascii, ascii));
                let (m0, m1) = (mask & 0xFF, (mask >> 16) & 0xFF);
                let ctrl = controls(&PACK2, m1, m0);
                let bytes = _mm256_shuffle_epi8(lanes, ctrl);
                let len0 = 16 - m0.count_ones() as usize;
                // SAFETY: features; `at + 32 <= cap` (checked above)
                // and `len0 <= 16`, so both 16-byte stores end by
                // `at + 32`.
                unsafe {
                    store_lo(dst, at, bytes);
                    store_hi(dst, at + len0, bytes);
                }
                at += len0 + 16 - m1.count_ones() as usize;
                i += 16;
                continue;
            }
        }

        // The general path. Four groups of four units store 16 bytes
        // each, the last at most 36 bytes on.
        if at + 52 > cap {
            break;
        }
        let top = _mm256_and_si256(v, splat(0xF800));
        let small = _mm256_cmpeq_epi16(top, zero);
        let sur = _mm256_cmpeq_epi16(top, splat(0xD800));
        let any_sur = _mm256_movemask_epi8(sur) != 0;
        // `w`: the units, with each surrogate replaced by a stand-in
        // that the formulas below turn into its two bytes; `two`: the
        // units of two bytes (surrogates too); `m40`: those whose
        // middle byte has the 0x40 of a lead byte (`C0` or `F0`).
        let (w, two, m40) = if mixed > 0 || any_sur {
            let ten = splat(0xFC00);
            let high = _mm256_cmpeq_epi16(_mm256_and_si256(v, ten), splat(0xD800));
            let low = _mm256_xor_si256(sur, high);
            // The block one unit earlier (a zero unit before the first).
            let prev = if i > 0 {
                // SAFETY: features; `i - 1 + 16 < i + 16 <= n` (the
                // loop condition), so the load ends within `src`.
                unsafe { load::<BE>(src, i - 1) }
            } else {
                _mm256_alignr_epi8::<14>(v, _mm256_permute2x128_si256::<0x08>(v, v))
            };
            let prev_high = _mm256_cmpeq_epi16(_mm256_and_si256(prev, ten), splat(0xD800));
            // Low here exactly where high one unit earlier (this also
            // checks a pair split with the block before).
            if _mm256_movemask_epi8(_mm256_cmpeq_epi16(low, prev_high)) != -1 {
                return None;
            }
            pending = _mm256_movemask_epi8(high) < 0;
            mixed = if any_sur { HOT } else { mixed - 1 };
            // High `D800 | x` gives `F0 | h >> 8` and `80 | (h >> 2) & 3F`
            // with `h = x + 0x40` (`v - 0xD7C0`, 11 bits): the 2-byte
            // formulas (lead `C0 | w >> 6`, with the 0x30 of `F0` as
            // bits 10 and 11 of `w`) on `w = h >> 2 | 0xC00`.
            let w_high = _mm256_or_si256(
                _mm256_srli_epi16::<2>(_mm256_add_epi16(v, splat(0x2840))),
                splat(0x0C00),
            );
            // Low `DC00 | y` after high `D800 | x` gives
            // `80 | (x & 3) << 4 | y >> 6` and `80 | y & 3F` (the 0x40
            // does not reach the two low bits of `x`): the middle and
            // last bytes of the 3-byte formulas on `w` = `y` with
            // `x & 3` as bits 10 and 11 (and the D000 of `v` kept, so
            // that `w` is never below 0x80).
            let w_low = _mm256_or_si256(
                _mm256_and_si256(v, splat(0xF3FF)),
                _mm256_and_si256(_mm256_slli_epi16::<10>(prev), splat(0x0C00)),
            );
            let w = _mm256_blendv_epi8(v, _mm256_blendv_epi8(w_low, w_high, high), sur);
            (w, _mm256_or_si256(small, sur), _mm256_or_si256(small, high))
        } else {
            debug_assert!(!pending);
            (v, small, small)
        };
        // `P = F | M << 8`: `F = E0 | w >> 12`, `M = 80 | (w >> 6) & 3F`,
        // plus 0x40 for a lead: `C0 | w >> 6` for two bytes, where
        // `w >> 6` has at most five bits, and `F0 | ...` for a high
        // surrogate's stand-in, where bits 4 and 5 are set too.
        let p = _mm256_or_si256(
            _mm256_or_si256(
                _mm256_srli_epi16::<12>(w),
                _mm256_and_si256(_mm256_slli_epi16::<2>(w), splat(0x3F00)),
            ),
            _mm256_or_si256(splat(0x80E0), _mm256_and_si256(m40, splat(0x4000))),
        );
        // `L = 80 | w & 3F`, or `w` if ASCII: the smaller of the two,
        // since `w >= 0x80` is at least `80 | w & 3F`.
        let l = _mm256_min_epu16(
            w,
            _mm256_or_si256(_mm256_and_si256(w, splat(0x3F)), splat(0x80)),
        );
        // The two bits of each unit, as the bytes of the movemask: for
        // units 4g..4g+4, ASCII as bits 0..4, two bytes as bits 4..8.
        // `vpacksswb` gives (per half) eight ASCII bytes then eight
        // two-byte bytes; the shuffle interleaves them by fours.
        let groups = _mm256_setr_epi8(
            0, 1, 2, 3, 8, 9, 10, 11, 4, 5, 6, 7, 12, 13, 14, 15, 0, 1, 2, 3, 8, 9, 10, 11, 4, 5,
            6, 7, 12, 13, 14, 15,
        );
        let codes = _mm256_shuffle_epi8(_mm256_packs_epi16(ascii, two), groups);
        let m = bits(codes);
        // Units 0..4 and 8..12 (by halves), then 4..8 and 12..16.
        let lo = _mm256_unpacklo_epi16(p, l);
        let hi = _mm256_unpackhi_epi16(p, l);
        if m == 0 {
            // Sixteen 3-byte units (Chinese, Japanese): one fixed shuffle.
            let fixed = _mm256_setr_epi8(
                0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1, 0, 1, 2, 4, 5, 6, 8, 9, 10,
                12, 13, 14, -1, -1, -1, -1,
            );
            let a = _mm256_shuffle_epi8(lo, fixed);
            let b = _mm256_shuffle_epi8(hi, fixed);
            // SAFETY: features; `at + 52 <= cap` (checked above), and
            // the last 16-byte store ends at `at + 36 + 16`.
            unsafe {
                store_lo(dst, at, a);
                store_lo(dst, at + 12, b);
                store_hi(dst, at + 24, a);
                store_hi(dst, at + 36, b);
            }
            at += 48;
            i += 16;
            continue;
        }
        let (ca, cb) = (
            controls(&PACK3, m >> 16, m),
            controls(&PACK3, m >> 24, m >> 8),
        );
        let a = _mm256_shuffle_epi8(lo, ca);
        let b = _mm256_shuffle_epi8(hi, cb);
        let len0 = 12 - (m & 0xFF).count_ones() as usize;
        let len1 = 12 - ((m >> 8) & 0xFF).count_ones() as usize;
        let len2 = 12 - ((m >> 16) & 0xFF).count_ones() as usize;
        let len3 = 12 - (m >> 24).count_ones() as usize;
        // SAFETY: features; `at + 52 <= cap` (checked above), and
        // `len0`, `len1`, `len2` are at most 12 each, so the last
        // 16-byte store ends by `at + 36 + 16`.
        unsafe {
            store_lo(dst, at, a);
            store_lo(dst, at + len0, b);
            store_hi(dst, at + len0 + len1, a);
            store_hi(dst, at + len0 + len1 + len2, b);
        }
        at += len0 + len1 + len2 + len3;
        i += 16;
    }
    if pending {
        // Leave the high surrogate at the end to the tail, with its pair.
        i -= 1;
        at -= 2;
    }
    Some((i, at))
}

/// 256 shuffle controls of 16 bytes, aligned so that none straddles a
/// cache line.
#[repr(C, align(16))]
pub(crate) struct Shuffles(pub(crate) [[u8; 16]; 256]);

/// For eight units in 16-bit lanes, each lane holding the unit's 2-byte
/// UTF-8 form in memory order, or its one byte (and a byte to drop) if the
/// unit is ASCII: entry `m` (bit `k` set when unit `k` is ASCII) gathers the
/// bytes to keep, `16 - m.count_ones()` of them, to the front; the rest of
/// the entry is `0x80` (a zero byte).
#[inline]
const fn pack2() -> Shuffles {
    let mut t = [[0x80u8; 16]; 256];
    let mut m = 0;
    while m < 256 {
        let mut k = 0usize;
        let mut at = 0;
        while k < 8 {
            t[m][at] = 2 * k as u8;
            at += 1;
            if (m >> k) & 1 == 0 {
                t[m][at] = 2 * k as u8 + 1;
                at += 1;
            }
            k += 1;
        }
        m += 1;
    }
    Shuffles(t)
}

/// For four units in 32-bit lanes `[F, M, L, -]` (see the module docs):
/// in entry `m`, bit `k` is set when unit `k` is ASCII (one byte, `L`), bit
/// `4 + k` when it takes at most two (`M L`); neither means three
/// (`F M L`). So unit `k` keeps `3 - (bits of k set)` bytes, the last ones
/// of its lane, and the entry gathers them to the front,
/// `12 - m.count_ones()` in all. (Bit `k` without bit `4 + k` never occurs;
/// it gets two bytes, to keep the count.)
#[inline]
const fn pack3() -> Shuffles {
    let mut t = [[0x80u8; 16]; 256];
    let mut m = 0;
    while m < 256 {
        let mut k = 0;
        let mut at = 0;
        while k < 4 {
            let len = 3 - ((m >> k) & 1) - ((m >> (4 + k)) & 1);
            let mut j = 3 - len;
            while j < 3 {
                t[m][at] = (4 * k + j) as u8;
                at += 1;
                j += 1;
            }
            k += 1;
        }
        m += 1;
    }
    Shuffles(t)
}

/// See [`pack2`].
pub(crate) static PACK2: Shuffles = pack2();

/// See [`pack3`].
pub(crate) static PACK3: Shuffles = pack3();
