//! UTF-8 to UTF-32 and back (native `u32` units, LE and BE bytes), with
//! NEON.
//!
//! - **Encoding** takes 16 bytes of UTF-8 a step. ASCII is widened with
//!   two rounds of `zip` with zero into 64 bytes of units. Any other block
//!   works out, at every byte, the scalar value of the character that
//!   would start there, from the byte and the three after it (four
//!   unaligned loads: a character that starts in the block may end in the
//!   next): its three low bytes, each from two input bytes by a shift, a
//!   mask and an OR, chosen by the lead's class with `bsl`. Two rounds of
//!   `zip` make the 16 units, and each 4 go out through one `tbl` whose
//!   control, read from [`UNITS`] by the 4 bits of the lead mask, keeps the
//!   units of the leads: one 16-byte store, the cursor moved by 4 per
//!   lead. The input is UTF-8, so nothing is checked, and a block may
//!   start inside a character (its continuation bytes are no leads).
//! - **Decoding** takes 16 units a step, checked first (a surrogate is
//!   `u & !0x7FF == 0xD800`; above U+10FFFF is `u > 0x10FFFF`): the first
//!   step with an ill-formed unit stops the loop, and the `const fn` gives
//!   the exact answer from there. 16 ASCII units become 16 bytes by one
//!   `tbl` over the four registers. Otherwise each unit's UTF-8 (up to four
//!   bytes) is worked out in its 32-bit lane, and each 4 units go out
//!   through one `tbl` whose control, read from [`BYTES`] by their four
//!   lengths (two bits each), keeps the bytes of each: one 16-byte store.
//! - **Counting** adds, per unit, 1 and one more for each of `u > 0x7F`,
//!   `u > 0x7FF`, `u > 0xFFFF` (compares whose -1 lanes are subtracted).
//!
//! What the vector loops leave (the tail, a block that does not fit the
//! output, an ill-formed block) goes to the `const` engine, which gives the
//! exact answer; so every result is the `const fn`'s.

// The codec's short names: `b` input, `i` input cursor, `at` output
// cursor, `u` units, `x` a register.
#![allow(clippy::many_single_char_names)]

use crate::engine::utf32::Src;
use core::arch::aarch64::{
    uint8x16_t, uint8x16x4_t, uint32x4_t, vaddv_u8, vaddvq_u32, vand_u8, vandq_u8, vandq_u32,
    vbslq_u8, vbslq_u32, vceqq_u32, vcgeq_u8, vcgtq_u32, vcreate_u64, vdupq_n_u8, vdupq_n_u32,
    vget_high_u8, vget_low_u8, vld1q_u8, vld1q_u8_x4, vmaxvq_u8, vmaxvq_u32, vmulq_u32, vorrq_u8,
    vorrq_u32, vqtbl1q_u8, vqtbl4q_u8, vreinterpret_u8_u64, vreinterpretq_u8_u16,
    vreinterpretq_u8_u32, vreinterpretq_u16_u8, vreinterpretq_u32_u8, vrev32q_u8, vshlq_n_u8,
    vshlq_n_u32, vshrq_n_u8, vshrq_n_u32, vst1q_u8, vst1q_u8_x4, vsubq_u32, vzip1q_u8, vzip1q_u16,
    vzip2q_u8, vzip2q_u16,
};

/// Whether native units are big-endian.
const NATIVE_BE: bool = cfg!(target_endian = "big");

/// A NEON register of 16 bytes.
type V = uint8x16_t;

/// `x` in every byte.
#[inline]
#[target_feature(enable = "neon")]
fn splat(x: u8) -> V {
    vdupq_n_u8(x)
}

/// `x` in every 32-bit lane.
#[inline]
#[target_feature(enable = "neon")]
fn splat32(x: u32) -> uint32x4_t {
    vdupq_n_u32(x)
}

/// Loads a 16-byte table.
#[inline]
#[target_feature(enable = "neon")]
fn table(t: &[u8; 16]) -> V {
    // SAFETY: `t` is a reference to exactly the 16 bytes that `ld1` reads.
    unsafe { vld1q_u8(t.as_ptr()) }
}

/// Loads `b[i..i + 16]`.
///
/// # Safety
/// `i + 16 <= b.len()`.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn load16(b: &[u8], i: usize) -> V {
    debug_assert!(i <= b.len() && b.len() - i >= 16, "load16 out of bounds");
    // SAFETY: the caller guarantees `i + 16 <= b.len()`.
    unsafe { vld1q_u8(b.as_ptr().add(i)) }
}

/// Stores `v` in `dst[at..at + 16]`.
///
/// # Safety
/// `at + 16 <= dst.len()`.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn store16(dst: &mut [u8], at: usize, v: V) {
    debug_assert!(
        at <= dst.len() && dst.len() - at >= 16,
        "store16 out of bounds"
    );
    // SAFETY: the caller guarantees `at + 16 <= dst.len()`.
    unsafe { vst1q_u8(dst.as_mut_ptr().add(at), v) }
}

/// The units' bytes in the order `BE` asks for (they are worked out
/// little-endian).
#[inline]
#[target_feature(enable = "neon")]
fn order<const BE: bool>(v: V) -> V {
    if BE { vrev32q_u8(v) } else { v }
}

/// Row `m` (bit `j` set where unit `j` of 4 is kept): the byte indices of
/// the kept units, in order; `0x80` (a zero from `tbl`) past them.
static UNITS: [[u8; 16]; 16] = {
    let mut t = [[0x80u8; 16]; 16];
    let mut m = 0;
    while m < 16 {
        let mut o = 0;
        let mut j = 0u8;
        while j < 4 {
            if m >> j & 1 != 0 {
                let mut k = 0;
                while k < 4 {
                    t[m][o] = 4 * j + k;
                    o += 1;
                    k += 1;
                }
            }
            j += 1;
        }
        m += 1;
    }
    t
};

/// Row `r` (bits `2j..2j + 2` the length less one of unit `j`'s UTF-8,
/// which lane `j` holds in its low bytes): the indices of those bytes, in
/// order; `0x80` past them.
static BYTES: [[u8; 16]; 256] = {
    let mut t = [[0x80u8; 16]; 256];
    let mut r = 0;
    while r < 256 {
        let mut o = 0;
        let mut j = 0u8;
        while j < 4 {
            let len = (r >> (2 * j) & 3) + 1;
            let mut k = 0;
            while k < len {
                t[r][o] = 4 * j + k as u8;
                o += 1;
                k += 1;
            }
            j += 1;
        }
        r += 1;
    }
    t
};

// ---------------------------------------------------------------- encoding

/// The vector loop of the encoder over `b` (UTF-8) into `dst`: 16 bytes a
/// step while 19 are left (the loads reach three bytes past the block) and
/// 64 bytes of room. The input cursor (maybe inside a character whose
/// unit is written: the caller skips its continuation bytes) and the
/// output cursor.
#[target_feature(enable = "neon")]
fn encode_bulk<const BE: bool>(b: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let n = b.len();
    let cap = dst.len();
    let (mut i, mut at) = (0, 0);
    let w = vreinterpret_u8_u64(vcreate_u64(0x8040_2010_0804_0201));
    while i + 19 <= n && at + 64 <= cap {
        // SAFETY: `i + 16 <= n`.
        let x0 = unsafe { load16(b, i) };
        if vmaxvq_u8(x0) < 0x80 {
            let z = splat(0);
            let (lo, hi) = (vzip1q_u8(x0, z), vzip2q_u8(x0, z));
            let wide = |h: V, first: bool| {
                let (h, z) = (vreinterpretq_u16_u8(h), vreinterpretq_u16_u8(z));
                vreinterpretq_u8_u16(if first {
                    vzip1q_u16(h, z)
                } else {
                    vzip2q_u16(h, z)
                })
            };
            let units = uint8x16x4_t(
                order::<BE>(wide(lo, true)),
                order::<BE>(wide(lo, false)),
                order::<BE>(wide(hi, true)),
                order::<BE>(wide(hi, false)),
            );
            // SAFETY: `at + 64 <= cap`.
            unsafe { vst1q_u8_x4(dst.as_mut_ptr().add(at), units) };
            i += 16;
            at += 64;
            continue;
        }
        // SAFETY: `i + 19 <= n`: the loads at `i + 1`, `i + 2`, `i + 3`.
        let (x1, x2, x3) = unsafe { (load16(b, i + 1), load16(b, i + 2), load16(b, i + 3)) };
        let two = vcgeq_u8(x0, splat(0xC0));
        let three = vcgeq_u8(x0, splat(0xE0));
        let four = vcgeq_u8(x0, splat(0xF0));
        let lead = vorrq_u8(vcgeq_u8(x0, splat(0xC0)), vcgeq_u8(splat(0x7F), x0));
        // `(a << 6) | (b & 3F)`: a byte's low two bits over six of the next.
        let f = |a: V, c: V| vorrq_u8(vshlq_n_u8::<6>(a), vandq_u8(c, splat(0x3F)));
        // `(a << 4) | (b >> 2 & F)`.
        let g = |a: V, c: V| {
            vorrq_u8(
                vshlq_n_u8::<4>(a),
                vandq_u8(vshrq_n_u8::<2>(c), splat(0x0F)),
            )
        };
        let c0 = vbslq_u8(
            four,
            f(x2, x3),
            vbslq_u8(three, f(x1, x2), vbslq_u8(two, f(x0, x1), x0)),
        );
        let c1 = vbslq_u8(
            four,
            g(x1, x2),
            vbslq_u8(
                three,
                g(x0, x1),
                vandq_u8(two, vandq_u8(vshrq_n_u8::<2>(x0), splat(0x07))),
            ),
        );
        let c2 = vandq_u8(
            four,
            vorrq_u8(
                vshlq_n_u8::<2>(vandq_u8(x0, splat(0x07))),
                vandq_u8(vshrq_n_u8::<4>(x1), splat(0x03)),
            ),
        );
        let z = splat(0);
        let (p_lo, p_hi) = (vzip1q_u8(c0, c1), vzip2q_u8(c0, c1));
        let (q_lo, q_hi) = (vzip1q_u8(c2, z), vzip2q_u8(c2, z));
        let zip = |p: V, q: V, first: bool| {
            let (p, q) = (vreinterpretq_u16_u8(p), vreinterpretq_u16_u8(q));
            vreinterpretq_u8_u16(if first {
                vzip1q_u16(p, q)
            } else {
                vzip2q_u16(p, q)
            })
        };
        let units = [
            zip(p_lo, q_lo, true),
            zip(p_lo, q_lo, false),
            zip(p_hi, q_hi, true),
            zip(p_hi, q_hi, false),
        ];
        let m = u32::from(vaddv_u8(vand_u8(vget_low_u8(lead), w)))
            | u32::from(vaddv_u8(vand_u8(vget_high_u8(lead), w))) << 8;
        for (k, u) in units.into_iter().enumerate() {
            let row = (m >> (4 * k) & 0xF) as usize;
            // SAFETY: each group writes 16 bytes from at most 48 past the
            // step's first `at`, within `at + 64 <= cap`.
            unsafe { store16(dst, at, order::<BE>(vqtbl1q_u8(u, table(&UNITS[row])))) };
            at += 4 * row.count_ones() as usize;
        }
        i += 16;
    }
    (i, at)
}

/// [`encode_bytes`] with NEON: the vector loop, then the rest (from the
/// first character that starts after it) by the `const` engine.
#[target_feature(enable = "neon")]
fn encode_neon<const BE: bool>(text: &str, dst: &mut [u8]) -> Option<usize> {
    let b = text.as_bytes();
    let (mut i, at) = encode_bulk::<BE>(b, dst);
    // The continuation bytes of a character that the last step wrote.
    while i < b.len() && b[i] & 0xC0 == 0x80 {
        i += 1;
    }
    let n = crate::engine::utf32::encode_into(text.get(i..)?, dst.get_mut(at..)?, BE).ok()?;
    Some(at + n)
}

/// Encodes `text` as LE (`BE == false`) or BE bytes; `None` if `dst` is too
/// short.
#[inline]
pub(crate) fn encode_bytes<const BE: bool>(text: &str, dst: &mut [u8]) -> Option<usize> {
    // SAFETY: NEON is part of the aarch64 base architecture.
    unsafe { encode_neon::<BE>(text, dst) }
}

/// Encodes `text` into native units; `None` if `dst` is too short.
#[inline]
pub(crate) fn encode_units(text: &str, dst: &mut [u32]) -> Option<usize> {
    // SAFETY: the `4 * dst.len()` bytes of `dst` are initialized and
    // writable while `dst` is borrowed, every bit pattern is a valid `u32`,
    // and `u8` needs no alignment.
    let bytes =
        unsafe { core::slice::from_raw_parts_mut(dst.as_mut_ptr().cast::<u8>(), 4 * dst.len()) };
    encode_bytes::<NATIVE_BE>(text, bytes).map(|n| n / 4)
}

// ---------------------------------------------------------------- decoding

/// The units of 16 bytes in native order (`BE` says how they are stored).
#[inline]
#[target_feature(enable = "neon")]
fn units<const BE: bool>(x: V) -> uint32x4_t {
    vreinterpretq_u32_u8(order::<BE>(x))
}

/// Nonzero lanes where a unit is not a scalar value.
#[inline]
#[target_feature(enable = "neon")]
fn bad(u: uint32x4_t) -> uint32x4_t {
    vorrq_u32(
        vcgtq_u32(u, splat32(0x10_FFFF)),
        vceqq_u32(vandq_u32(u, splat32(!0x7FF)), splat32(0xD800)),
    )
}

/// The vector loop of the decoder over the units of `b` (LE or BE bytes)
/// into `dst`: 16 units a step while they are there and 64 bytes of room,
/// until a step with an ill-formed unit. The units taken and the output
/// cursor.
#[target_feature(enable = "neon")]
fn decode_bulk<const BE: bool>(b: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let n = b.len();
    let cap = dst.len();
    let (mut i, mut at) = (0, 0);
    // Byte 0 of each unit (in memory order), for 16 ASCII units.
    let low: [u8; 16] = if BE {
        [3, 7, 11, 15, 19, 23, 27, 31, 35, 39, 43, 47, 51, 55, 59, 63]
    } else {
        [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60]
    };
    let low = table(&low);
    let weights = {
        let w: [u8; 16] = [1, 0, 0, 0, 4, 0, 0, 0, 16, 0, 0, 0, 64, 0, 0, 0];
        vreinterpretq_u32_u8(table(&w))
    };
    while i + 64 <= n && at + 64 <= cap {
        // SAFETY: `i + 64 <= n`.
        let t = unsafe { vld1q_u8_x4(b.as_ptr().add(i)) };
        let x = [t.0, t.1, t.2, t.3];
        let u = [
            units::<BE>(x[0]),
            units::<BE>(x[1]),
            units::<BE>(x[2]),
            units::<BE>(x[3]),
        ];
        let any = vorrq_u32(vorrq_u32(u[0], u[1]), vorrq_u32(u[2], u[3]));
        if vmaxvq_u32(any) < 0x80 {
            // SAFETY: `at + 16 <= cap`.
            unsafe { store16(dst, at, vqtbl4q_u8(t, low)) };
            i += 64;
            at += 16;
            continue;
        }
        let wrong = vorrq_u32(
            vorrq_u32(bad(u[0]), bad(u[1])),
            vorrq_u32(bad(u[2]), bad(u[3])),
        );
        if vmaxvq_u32(wrong) != 0 {
            break;
        }
        for u in u {
            let m2 = vcgtq_u32(u, splat32(0x7F));
            let m3 = vcgtq_u32(u, splat32(0x7FF));
            let m4 = vcgtq_u32(u, splat32(0xFFFF));
            let c0 = vorrq_u32(vandq_u32(u, splat32(0x3F)), splat32(0x80));
            let c1 = vorrq_u32(vandq_u32(vshrq_n_u32::<6>(u), splat32(0x3F)), splat32(0x80));
            let c2 = vorrq_u32(
                vandq_u32(vshrq_n_u32::<12>(u), splat32(0x3F)),
                splat32(0x80),
            );
            let two = vorrq_u32(
                vorrq_u32(vshrq_n_u32::<6>(u), splat32(0xC0)),
                vshlq_n_u32::<8>(c0),
            );
            let three = vorrq_u32(
                vorrq_u32(vshrq_n_u32::<12>(u), splat32(0xE0)),
                vorrq_u32(vshlq_n_u32::<8>(c1), vshlq_n_u32::<16>(c0)),
            );
            let four = vorrq_u32(
                vorrq_u32(vshrq_n_u32::<18>(u), splat32(0xF0)),
                vorrq_u32(
                    vshlq_n_u32::<8>(c2),
                    vorrq_u32(vshlq_n_u32::<16>(c1), vshlq_n_u32::<24>(c0)),
                ),
            );
            let utf8 = vbslq_u32(m4, four, vbslq_u32(m3, three, vbslq_u32(m2, two, u)));
            // The lengths less one, 0 to 3 a lane (each compare is 0 or -1).
            let extra = vsubq_u32(vsubq_u32(splat32(0), m2), vaddq(m3, m4));
            let row = vaddvq_u32(vmulq_u32(extra, weights)) as usize;
            let len = 4 + vaddvq_u32(extra) as usize;
            // SAFETY: each register writes 16 bytes from at most 48 past the
            // step's first `at`, within `at + 64 <= cap`.
            unsafe {
                store16(
                    dst,
                    at,
                    vqtbl1q_u8(vreinterpretq_u8_u32(utf8), table(&BYTES[row & 0xFF])),
                );
            }
            at += len;
        }
        i += 64;
    }
    (i / 4, at)
}

/// `a + b` of 32-bit lanes.
#[inline]
#[target_feature(enable = "neon")]
fn vaddq(a: uint32x4_t, b: uint32x4_t) -> uint32x4_t {
    core::arch::aarch64::vaddq_u32(a, b)
}

/// The rest after the vector loop, by the `const` engine, into `dst[at..]`.
#[inline]
fn finish(rest: Src<'_>, dst: &mut [u8], at: usize) -> Option<usize> {
    let n = crate::engine::utf32::decode_into(rest, dst.get_mut(at..)?).ok()?;
    Some(at + n)
}

/// Decodes LE (`BE == false`) or BE bytes; `None` if ill-formed or `dst`
/// too short.
#[inline]
pub(crate) fn decode_bytes<const BE: bool>(bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    // SAFETY: NEON is part of the aarch64 base architecture.
    let (i, at) = unsafe { decode_bulk::<BE>(bytes, dst) };
    let rest = bytes.get(4 * i..)?;
    finish(if BE { Src::Be(rest) } else { Src::Le(rest) }, dst, at)
}

/// Decodes native units; `None` if ill-formed or `dst` too short.
#[inline]
pub(crate) fn decode_units(units: &[u32], dst: &mut [u8]) -> Option<usize> {
    // SAFETY: the `4 * units.len()` bytes of `units` are initialized and
    // readable while `units` is borrowed, and `u8` needs no alignment.
    let bytes =
        unsafe { core::slice::from_raw_parts(units.as_ptr().cast::<u8>(), 4 * units.len()) };
    // SAFETY: NEON is part of the aarch64 base architecture.
    let (i, at) = unsafe { decode_bulk::<NATIVE_BE>(bytes, dst) };
    finish(Src::Units(units.get(i..)?), dst, at)
}

/// The UTF-8 length of the units of `b` taken 16 a step while they are
/// well formed: the units taken and their length.
#[target_feature(enable = "neon")]
fn count<const BE: bool>(b: &[u8]) -> (usize, usize) {
    let n = b.len();
    let mut i = 0;
    let mut len = 0usize;
    while i + 64 <= n {
        // SAFETY: `i + 64 <= n`.
        let t = unsafe { vld1q_u8_x4(b.as_ptr().add(i)) };
        let u = [
            units::<BE>(t.0),
            units::<BE>(t.1),
            units::<BE>(t.2),
            units::<BE>(t.3),
        ];
        let wrong = vorrq_u32(
            vorrq_u32(bad(u[0]), bad(u[1])),
            vorrq_u32(bad(u[2]), bad(u[3])),
        );
        if vmaxvq_u32(wrong) != 0 {
            break;
        }
        let mut acc = splat32(0);
        for u in u {
            acc = vsubq_u32(acc, vcgtq_u32(u, splat32(0x7F)));
            acc = vsubq_u32(acc, vcgtq_u32(u, splat32(0x7FF)));
            acc = vsubq_u32(acc, vcgtq_u32(u, splat32(0xFFFF)));
        }
        len += 16 + vaddvq_u32(acc) as usize;
        i += 64;
    }
    (i / 4, len)
}

/// The UTF-8 length of LE or BE bytes, if they are well formed; `None`
/// otherwise.
#[inline]
pub(crate) fn decoded_len<const BE: bool>(bytes: &[u8]) -> Option<usize> {
    // SAFETY: NEON is part of the aarch64 base architecture.
    let (i, len) = unsafe { count::<BE>(bytes) };
    let rest = bytes.get(4 * i..)?;
    let src = if BE { Src::Be(rest) } else { Src::Le(rest) };
    Some(len + crate::engine::utf32::decoded_len(src).ok()?)
}

/// [`decoded_len`] of native units.
#[inline]
pub(crate) fn decoded_units_len(units: &[u32]) -> Option<usize> {
    // SAFETY: the `4 * units.len()` bytes of `units` are initialized and
    // readable while `units` is borrowed, and `u8` needs no alignment.
    let bytes =
        unsafe { core::slice::from_raw_parts(units.as_ptr().cast::<u8>(), 4 * units.len()) };
    // SAFETY: NEON is part of the aarch64 base architecture.
    let (i, len) = unsafe { count::<NATIVE_BE>(bytes) };
    Some(len + crate::engine::utf32::decoded_len(Src::Units(units.get(i..)?)).ok()?)
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::{
        decode_bytes, decode_units, decoded_len, decoded_units_len, encode_bytes, encode_units,
    };
    use crate::engine::utf32::{self as engine, Src};
    use crate::simd::portable::utf32 as portable;
    use crate::simd::test_support::{MIRI, Rng, cases, sample};
    use std::string::String;
    use std::vec;
    use std::vec::Vec;

    /// The output lengths to try around `need`.
    fn lengths(need: usize, sweep: bool) -> Vec<usize> {
        if MIRI {
            vec![need.saturating_sub(1), need]
        } else if sweep {
            (0..=need + 70).collect()
        } else {
            vec![
                0,
                need.saturating_sub(1),
                need,
                need + 1,
                need + 63,
                need + 64,
                need + 300,
            ]
        }
    }

    /// The encoders against the `const fn` and the portable kernel.
    fn check_encode(text: &str, sweep: bool) {
        for be in [false, true] {
            let mut want = vec![0u8; 4 * text.len() + 4];
            let n = engine::encode_into(text, &mut want, be).unwrap();
            for len in lengths(n, sweep) {
                let mut dst = vec![0xAA; len];
                let mut peer = vec![0xAA; len];
                let (got, other) = if be {
                    (
                        encode_bytes::<true>(text, &mut dst),
                        portable::encode_bytes::<true>(text, &mut peer),
                    )
                } else {
                    (
                        encode_bytes::<false>(text, &mut dst),
                        portable::encode_bytes::<false>(text, &mut peer),
                    )
                };
                assert_eq!(got, other, "be {be}, {text:?}, dst {len}");
                if len >= n {
                    assert_eq!(got, Some(n), "be {be}, {text:?}, dst {len}");
                    assert_eq!(dst[..n], want[..n], "be {be}, {text:?}");
                } else {
                    assert_eq!(got, None, "be {be}, {text:?}, dst {len}");
                }
            }
        }
        let chars: Vec<u32> = text.chars().map(u32::from).collect();
        for len in lengths(chars.len(), false) {
            let mut dst = vec![7u32; len];
            let got = encode_units(text, &mut dst);
            if len >= chars.len() {
                assert_eq!(got, Some(chars.len()), "{text:?}, units {len}");
                assert_eq!(dst[..chars.len()], chars[..], "{text:?}");
            } else {
                assert_eq!(got, None, "{text:?}, units {len}");
            }
        }
    }

    /// The decoders and the length against the `const fn`s and the
    /// portable kernel, for `units` as native units and LE and BE bytes.
    fn check_decode(units: &[u32], sweep: bool) {
        let le: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
        let be: Vec<u8> = units.iter().flat_map(|u| u.to_be_bytes()).collect();
        let mut want = vec![0u8; 4 * units.len() + 4];
        let decoded = engine::decode_into(Src::Units(units), &mut want);
        assert_eq!(decoded_len::<false>(&le), decoded.ok(), "{units:X?}");
        assert_eq!(decoded_len::<true>(&be), decoded.ok(), "{units:X?}");
        assert_eq!(engine::decoded_len(Src::Le(&le)).ok(), decoded.ok());
        assert_eq!(decoded_units_len(units), decoded.ok(), "{units:X?}");
        for len in lengths(decoded.unwrap_or(units.len()), sweep) {
            for kind in 0..3 {
                let mut dst = vec![0xAA; len];
                let got = match kind {
                    0 => decode_units(units, &mut dst),
                    1 => decode_bytes::<false>(&le, &mut dst),
                    _ => decode_bytes::<true>(&be, &mut dst),
                };
                match decoded {
                    Ok(n) if len >= n => {
                        assert_eq!(got, Some(n), "kind {kind}, {units:X?}, dst {len}");
                        assert_eq!(dst[..n], want[..n], "kind {kind}, {units:X?}");
                    }
                    _ => assert_eq!(got, None, "kind {kind}, {units:X?}, dst {len}"),
                }
            }
            let mut peer = vec![0xAA; len];
            let mut dst = vec![0xAA; len];
            assert_eq!(
                decode_units(units, &mut dst),
                portable::decode(units, |u| u, Src::Units, &mut peer),
                "{units:X?}, dst {len}"
            );
        }
    }

    /// Every length of UTF-8 and its limits; supplementary characters
    /// with each value of the two plane bits in the second byte.
    const CHARS: [char; 15] = [
        'a',
        '\0',
        '\u{7F}',
        '\u{80}',
        'ж',
        '\u{7FF}',
        '\u{800}',
        '世',
        '\u{FFFF}',
        '\u{10000}',
        '😀',
        '\u{2A6D6}',
        '\u{3134A}',
        '\u{E0001}',
        '\u{10FFFF}',
    ];

    /// Every kind of character at every offset after each kind of filler,
    /// with 0 to 40 characters after it.
    #[test]
    fn neon_utf32_encode_every_character_at_every_offset() {
        for c in CHARS {
            for filler in ['a', 'ж', '世', '😀'] {
                for before in sample(0..70, 7) {
                    for after in [0, 1, 5, 40] {
                        let mut s: String = core::iter::repeat_n(filler, before).collect();
                        s.push(c);
                        s.extend(core::iter::repeat_n('y', after));
                        check_encode(&s, after == 1 && before % 8 == 3);
                    }
                }
            }
        }
    }

    /// Every kind of unit, well formed or not, at every offset after
    /// ASCII and after other characters.
    #[test]
    fn neon_utf32_decode_every_unit_at_every_offset() {
        let kinds: Vec<u32> = CHARS
            .iter()
            .map(|&c| u32::from(c))
            .chain([
                0xD800,
                0xDBFF,
                0xDC00,
                0xDFFF,
                0x11_0000,
                0xFFFF_FFFF,
                0x8000_0041,
            ])
            .collect();
        for &u in &kinds {
            for filler in [0x61, 0x416, 0x4E16, 0x1F600] {
                for before in sample(0..70, 7) {
                    for after in [0, 1, 5, 40] {
                        let mut v = vec![filler; before];
                        v.push(u);
                        v.extend(core::iter::repeat_n(0x79, after));
                        check_decode(&v, after == 1 && before % 8 == 3);
                    }
                }
            }
        }
    }

    /// Random mixes at fixed seeds, round trips and corruptions.
    #[test]
    fn neon_utf32_random_round_trips_and_corruptions() {
        let mut rng = Rng(0x0DDB_1A5E_5BAD_5EED);
        for _ in 0..cases(3000, 4) {
            let len = rng.below(300) as usize;
            let mut s = String::new();
            while s.chars().count() < len {
                let c = CHARS[rng.index(CHARS.len())];
                for _ in 0..=rng.below(20) {
                    s.push(c);
                }
            }
            check_encode(&s, false);
            let mut units: Vec<u32> = s.chars().map(u32::from).collect();
            check_decode(&units, false);
            if !units.is_empty() {
                let k = rng.index(units.len());
                units[k] = [0xD800, 0xDFFF, 0x11_0000, rng.next() as u32][rng.index(4)];
                check_decode(&units, false);
            }
        }
    }
}
