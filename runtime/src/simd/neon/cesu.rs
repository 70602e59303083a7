//! Modified UTF-8 (`JAVA`) and CESU-8 from and to UTF-8, with NEON.
//!
//! The structure is that of the AVX2 kernels (`simd::cesu`, whose docs
//! explain it at length), with 16-byte registers taken four at a time, so
//! that a block is still 64 bytes:
//!
//! - Encoding copies 64 bytes a step (one `ld1`/`st1` of four registers)
//!   and tests them for bytes that change (`F0..=FF`, the 4-byte leads, and
//!   for modified UTF-8 the zero byte): the `&str` input means those bytes
//!   are recognised by themselves, wherever characters start. A block with
//!   one is stored anyway; the cursors move to the byte, which is
//!   transcoded by scalar code. A block with two or more starts a run of
//!   [`expand16`] steps, which transcode every byte in place from it and
//!   its neighbours and put the bytes that grow the text (the `ED` before
//!   each encoded surrogate, the `C0` of `C0 80`) in by one `tbl` of each
//!   8 bytes ([`EXPAND`]): text with an emoji after every character goes
//!   at the speed of the vector code, not a character at a time.
//! - Decoding runs the UTF-8 validator of Keiser and Lemire ("Validating
//!   UTF-8 in less than one instruction per byte", 2021) with the nibble
//!   tables of [`CESU8`] and [`MUTF8`], whose mark bits single out the
//!   second byte of every encoded surrogate (`ED A0..=BF`) and of every
//!   `C0 80`. A block without one is stored as it is; in a block with
//!   some, the plain bytes before each are copied and the one character
//!   decoded by scalar code, which checks the pair. Text dense in pairs
//!   (as eight samples say) goes to the portable decoder, which takes one
//!   pair after another without a vector set-up for each.
//! - The "unchanged" scans are the validator with the [`UTF8`] tables
//!   (decoding) and the encoder's test (encoding), which stop at the first
//!   block with a byte that changes.

// The codec's short names (see `crate::engine`): `b` input bytes, `n` its
// length, `i` input cursor, `at` output cursor, `p` block, `v` a vector.
#![allow(clippy::many_single_char_names)]

use crate::simd::utf8::{
    CESU8, MARK_C0, MARK_SURROGATE, MUTF8, Tables, UTF8, char_start_before, is_cont,
};
use core::arch::aarch64::{
    uint8x16_t, uint8x16x4_t, vaddlvq_u8, vaddq_u8, vaddv_u8, vaddvq_u8, vand_u8, vandq_u8,
    vbslq_u8, vceqq_u8, vceqzq_u8, vcgeq_u8, vcombine_u8, vcreate_u64, vdupq_n_u8, vdupq_n_u64,
    veorq_u8, vextq_u8, vget_high_u8, vget_low_u8, vgetq_lane_u32, vgetq_lane_u64, vld1q_u8,
    vld1q_u8_x4, vmaxq_u8, vmaxvq_u8, vminq_u8, vorrq_u8, vpaddq_u8, vpmaxq_u8, vqsubq_u8,
    vqtbl1q_u8, vreinterpret_u8_u64, vreinterpretq_u8_u64, vreinterpretq_u32_u8,
    vreinterpretq_u64_u8, vshlq_n_u8, vshrq_n_u8, vst1q_u8, vst1q_u8_x4, vsubq_u8, vtstq_u8,
};

/// A NEON register of 16 bytes.
type V = uint8x16_t;

/// `x` in every byte.
#[inline]
#[target_feature(enable = "neon")]
fn splat(x: u8) -> V {
    vdupq_n_u8(x)
}

/// Loads `b[i..i + 16]`.
///
/// # Safety
/// `i + 16 <= b.len()`.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn load16(b: &[u8], i: usize) -> V {
    debug_assert!(i <= b.len() && b.len() - i >= 16, "load16 out of bounds");
    // SAFETY: the caller guarantees `i + 16 <= b.len()`, so the 16 bytes
    // from `b.as_ptr() + i` are within `b`; `ld1` has no alignment needs.
    unsafe { vld1q_u8(b.as_ptr().add(i)) }
}

/// Loads `b[i..i + 64]` into four registers.
///
/// # Safety
/// `i + 64 <= b.len()`.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn load64(b: &[u8], i: usize) -> [V; 4] {
    debug_assert!(i <= b.len() && b.len() - i >= 64, "load64 out of bounds");
    // SAFETY: the caller guarantees `i + 64 <= b.len()`: the 64 bytes that
    // the four-register `ld1` reads are within `b`.
    let t = unsafe { vld1q_u8_x4(b.as_ptr().add(i)) };
    [t.0, t.1, t.2, t.3]
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
    // SAFETY: the caller guarantees `at + 16 <= dst.len()`, so the 16
    // bytes from `dst.as_mut_ptr() + at` are within `dst`.
    unsafe { vst1q_u8(dst.as_mut_ptr().add(at), v) }
}

/// Stores the four registers in `dst[at..at + 64]`.
///
/// # Safety
/// `at + 64 <= dst.len()`.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn store64(dst: &mut [u8], at: usize, v: [V; 4]) {
    debug_assert!(
        at <= dst.len() && dst.len() - at >= 64,
        "store64 out of bounds"
    );
    // SAFETY: the caller guarantees `at + 64 <= dst.len()`: the 64 bytes
    // that the four-register `st1` writes are within `dst`.
    unsafe {
        vst1q_u8_x4(
            dst.as_mut_ptr().add(at),
            uint8x16x4_t(v[0], v[1], v[2], v[3]),
        );
    }
}

/// Copies `b[i..i + 64]` to `dst[at..at + 64]`.
///
/// # Safety
/// `i + 64 <= b.len()` and `at + 64 <= dst.len()`.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn copy64(b: &[u8], i: usize, dst: &mut [u8], at: usize) {
    // SAFETY: the caller guarantees both ranges.
    unsafe { store64(dst, at, load64(b, i)) }
}

/// Writes `bytes` to `dst[at..at + N]` (one store for a word's bytes).
///
/// # Safety
/// `at + N <= dst.len()`.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn put<const N: usize>(dst: &mut [u8], at: usize, bytes: [u8; N]) {
    debug_assert!(at <= dst.len() && dst.len() - at >= N, "put out of bounds");
    // SAFETY: the caller guarantees that `dst[at..at + N]` is in bounds, and
    // `[u8; N]` has alignment 1.
    unsafe { dst.as_mut_ptr().add(at).cast::<[u8; N]>().write(bytes) }
}

/// The OR of four registers.
#[inline]
#[target_feature(enable = "neon")]
fn or4(v: [V; 4]) -> V {
    vorrq_u8(vorrq_u8(v[0], v[1]), vorrq_u8(v[2], v[3]))
}

/// The 64 bytes of four registers whose bytes are each `00` or `FF` as a
/// bit mask, byte `k` of register `r` in bit `16r + k`: each byte keeps
/// its bit's weight, and three pairwise adds sum each 8 bytes into one.
/// (For the rare blocks where the positions matter; the hot paths test a
/// block with one `umaxv`.)
#[inline]
#[target_feature(enable = "neon")]
fn mask64(v: [V; 4]) -> u64 {
    let w = vreinterpretq_u8_u64(vdupq_n_u64(0x8040_2010_0804_0201));
    let a = vpaddq_u8(vandq_u8(v[0], w), vandq_u8(v[1], w));
    let c = vpaddq_u8(vandq_u8(v[2], w), vandq_u8(v[3], w));
    let s = vpaddq_u8(a, c);
    let s = vpaddq_u8(s, s);
    vgetq_lane_u64::<0>(vreinterpretq_u64_u8(s))
}

/// Whether any byte of `v` is nonzero.
#[inline]
#[target_feature(enable = "neon")]
fn any(v: V) -> bool {
    vmaxvq_u8(v) != 0
}

// --------------------------------------------------------------- validator

/// Per byte of a register, the largest value that does not start a
/// sequence longer than what is left of the register (a saturating
/// subtraction of it leaves a nonzero byte exactly where a sequence is cut
/// by the register's end).
static INCOMPLETE: [u8; 16] = [
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xEF, 0xDF, 0xBF,
];

/// Loads a 16-byte table.
#[inline]
#[target_feature(enable = "neon")]
fn table(t: &[u8; 16]) -> V {
    // SAFETY: `t` is a reference to exactly the 16 bytes that `ld1` reads.
    unsafe { vld1q_u8(t.as_ptr()) }
}

/// The validator of Keiser and Lemire over 16-byte registers: the state
/// between registers (the tables, the last register, where it ends inside
/// a sequence, the errors so far), as `simd::utf8::Validator` has it for
/// AVX2.
#[derive(Clone, Copy)]
struct Validator {
    /// The classification of the previous byte's high nibble.
    prev_hi: V,
    /// The classification of the previous byte's low nibble.
    prev_lo: V,
    /// The classification of the byte's high nibble.
    cur_hi: V,
    /// The bits of the classification that are errors (not marks).
    keep: V,
    /// [`INCOMPLETE`].
    incomplete_max: V,
    /// The register before the next one (zero, which is ASCII, at the start
    /// and after an ASCII block).
    prev: V,
    /// Nonzero where `prev` ends inside a sequence.
    incomplete: V,
    /// Nonzero where an error was seen.
    error: V,
}

impl Validator {
    /// A validator at the start of the input, or at any character boundary.
    #[inline]
    #[target_feature(enable = "neon")]
    fn new(t: &Tables) -> Self {
        Validator {
            prev_hi: table(&t.prev_hi),
            prev_lo: table(&t.prev_lo),
            cur_hi: table(&t.cur_hi),
            keep: splat(!t.marks),
            incomplete_max: table(&INCOMPLETE),
            prev: splat(0),
            incomplete: splat(0),
            error: splat(0),
        }
    }

    /// Checks the 16 bytes `cur` that follow the bytes checked so far;
    /// the classification of each pair (byte before, byte), whose mark bits
    /// the caller may want. `MARKS`: the tables have marks, which are no
    /// errors (else every bit of the classification is one). The caller
    /// sets [`Self::incomplete`] after its last register.
    #[inline]
    #[target_feature(enable = "neon")]
    fn check<const MARKS: bool>(&mut self, cur: V) -> V {
        let prev1 = vextq_u8::<15>(self.prev, cur);
        let prev2 = vextq_u8::<14>(self.prev, cur);
        let prev3 = vextq_u8::<13>(self.prev, cur);
        let pair = vandq_u8(
            vandq_u8(
                vqtbl1q_u8(self.prev_hi, vshrq_n_u8::<4>(prev1)),
                vqtbl1q_u8(self.prev_lo, vandq_u8(prev1, splat(0x0F))),
            ),
            vqtbl1q_u8(self.cur_hi, vshrq_n_u8::<4>(cur)),
        );
        // Bit 7 where this byte must be a continuation after a
        // continuation: `E0..` two bytes back, or `F0..` three back.
        let third = vqsubq_u8(prev2, splat(0xE0 - 0x80));
        let fourth = vqsubq_u8(prev3, splat(0xF0 - 0x80));
        let must = vandq_u8(vorrq_u8(third, fourth), splat(0x80));
        let errors = if MARKS {
            vandq_u8(pair, self.keep)
        } else {
            pair
        };
        self.error = vorrq_u8(self.error, veorq_u8(errors, must));
        self.prev = cur;
        pair
    }

    /// [`Self::check`] of four registers, in order, and where the last
    /// ends inside a sequence.
    #[inline]
    #[target_feature(enable = "neon")]
    fn check4<const MARKS: bool>(&mut self, v: [V; 4]) -> [V; 4] {
        let p = [
            self.check::<MARKS>(v[0]),
            self.check::<MARKS>(v[1]),
            self.check::<MARKS>(v[2]),
            self.check::<MARKS>(v[3]),
        ];
        self.incomplete = vqsubq_u8(v[3], self.incomplete_max);
        p
    }

    /// Skips bytes known to be ASCII: they complete nothing that the last
    /// register left open, and start nothing.
    #[inline]
    #[target_feature(enable = "neon")]
    fn ascii(&mut self) {
        self.error = vorrq_u8(self.error, self.incomplete);
        self.incomplete = splat(0);
        self.prev = splat(0);
    }

    /// Counts every nonzero byte of `bad` as an error.
    #[inline]
    #[target_feature(enable = "neon")]
    fn flag(&mut self, bad: V) {
        self.error = vorrq_u8(self.error, bad);
    }

    /// Whether no error has been seen, not counting a sequence that the
    /// last register leaves open.
    #[inline]
    #[target_feature(enable = "neon")]
    fn clean(&self) -> bool {
        !any(self.error)
    }

    /// Whether the last register ends inside a sequence.
    #[inline]
    #[target_feature(enable = "neon")]
    fn pending(&self) -> bool {
        any(self.incomplete)
    }

    /// Whether the input checked so far is well formed, if it ends here.
    #[inline]
    #[target_feature(enable = "neon")]
    fn valid_end(&self) -> bool {
        !any(vorrq_u8(self.error, self.incomplete))
    }
}

// ---------------------------------------------------------------- encoding

/// Per byte of `v` (bytes of a `&str`), all ones where the byte is not
/// copied as it is: `F0..=FF` (a 4-byte lead), and for `JAVA` also `00`.
#[inline]
#[target_feature(enable = "neon")]
fn encode_special<const JAVA: bool>(v: V) -> V {
    if JAVA {
        // `v - 1` wraps `00` to `FF` and takes `F0..=FF` to `EF..=FE`.
        vcgeq_u8(vaddq_u8(v, splat(0xFF)), splat(0xEF))
    } else {
        vcgeq_u8(v, splat(0xF0))
    }
}

/// [`encode_special`] of each of four registers.
#[inline]
#[target_feature(enable = "neon")]
fn encode_special4<const JAVA: bool>(v: [V; 4]) -> [V; 4] {
    [
        encode_special::<JAVA>(v[0]),
        encode_special::<JAVA>(v[1]),
        encode_special::<JAVA>(v[2]),
        encode_special::<JAVA>(v[3]),
    ]
}

/// The number of bits set in each byte (one load, where `count_ones` of a
/// byte is four instructions on aarch64 without the CSSC extension).
static POPCOUNT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// Where each byte of 8 goes when bytes are put in before some of them:
/// row `m` (bit `j` set: a byte before byte `j`) holds, output byte by
/// output byte, the index of its source in a register whose bytes `0..8`
/// are the 8 bytes and `8..16` the bytes put in before each of them (byte
/// `j`'s in `8 + j`); `0x80` (out of the table's range, so `tbl` gives a
/// zero, never stored) past the output's end.
static EXPAND: [[u8; 16]; 256] = {
    let mut t = [[0x80u8; 16]; 256];
    let mut m = 0;
    while m < 256 {
        let mut o = 0;
        let mut j = 0u8;
        while j < 8 {
            if m >> j & 1 != 0 {
                t[m][o] = 8 + j;
                o += 1;
            }
            t[m][o] = j;
            o += 1;
            j += 1;
        }
        m += 1;
    }
    t
};

/// Transcodes the 16 bytes `b[i..i + 16]` (UTF-8, `i` anywhere) into
/// `dst` at `at`: the output of every byte, each 4-byte sequence's bytes
/// as those of its two encoded surrogates, whichever of the sequence's
/// bytes are in the register; the new output cursor, and whether any byte
/// grew (a byte put in before it).
///
/// A sequence `F0..=F4 b1 b2 b3` becomes `ED x1 x2 ED x4 b3`, one byte of
/// output from each byte of input, in place, and two `ED`s put in before
/// the lead and before `b2`: with `v` the scalar value less `0x10000`,
/// `x1 = A0 | v >> 16` (the plane less one), `x2 = 80 | (v >> 10 & 3F)`,
/// `x4 = B0 | (v >> 6 & F)`, and `b3` stays. Each byte's output so depends
/// on the byte, the one after it, and whether one of the two before it is
/// a lead: four unaligned loads, a few byte operations and three `bsl`s.
/// For `JAVA`, a zero byte becomes `80` with a `C0` put in before it. Each
/// half of the register goes out with the bytes put in before its bytes
/// through one `tbl` of [`EXPAND`]'s row for it: 8 to 16 bytes, one store.
///
/// # Safety
/// `2 <= i`, `i + 17 <= b.len()` (the loads at `i - 2` and `i + 1`) and
/// `at + 32 <= dst.len()` (16 bytes grow to 32 at most; the second store
/// ends there).
#[inline]
#[target_feature(enable = "neon")]
unsafe fn expand16<const JAVA: bool>(
    b: &[u8],
    i: usize,
    dst: &mut [u8],
    at: usize,
) -> (usize, bool) {
    // SAFETY: `b[i - 2..i + 17]` is in bounds (the caller says).
    let (x, next, prev1, prev2) = unsafe {
        (
            load16(b, i),
            load16(b, i + 1),
            load16(b, i - 1),
            load16(b, i - 2),
        )
    };
    let lead = |v| vcgeq_u8(v, splat(0xF0));
    let (lead0, lead1, lead2) = (lead(x), lead(prev1), lead(prev2));
    // Per byte `(x & F) << 2 | (next >> 4 & 3)`: the plane at a lead, `v >>
    // 10 & 3F` at `b1`.
    let low = vandq_u8(x, splat(0x0F));
    let u = vorrq_u8(
        vshlq_n_u8::<2>(low),
        vandq_u8(vshrq_n_u8::<4>(next), splat(0x03)),
    );
    let mut y = vbslq_u8(lead0, vaddq_u8(u, splat(0x9F)), x);
    y = vbslq_u8(lead1, vorrq_u8(u, splat(0x80)), y);
    y = vbslq_u8(lead2, vorrq_u8(low, splat(0xB0)), y);
    let mut grow = vorrq_u8(lead0, lead2);
    let mut put_in = vandq_u8(grow, splat(0xED));
    if JAVA {
        let zero = vceqzq_u8(x);
        y = vorrq_u8(y, vandq_u8(zero, splat(0x80)));
        put_in = vorrq_u8(put_in, vandq_u8(zero, splat(0xC0)));
        grow = vorrq_u8(grow, zero);
    }
    let w = vreinterpret_u8_u64(vcreate_u64(0x8040_2010_0804_0201));
    let rows = [
        vaddv_u8(vand_u8(vget_low_u8(grow), w)),
        vaddv_u8(vand_u8(vget_high_u8(grow), w)),
    ];
    let parts = [
        vcombine_u8(vget_low_u8(y), vget_low_u8(put_in)),
        vcombine_u8(vget_high_u8(y), vget_high_u8(put_in)),
    ];
    let mut at = at;
    for (row, part) in rows.into_iter().zip(parts) {
        let idx = table(&EXPAND[usize::from(row)]);
        // SAFETY: the store ends at the old `at` plus at most 16 + 16 (each
        // half's output is at most 16 bytes), within `dst` (the caller
        // says).
        unsafe { store16(dst, at, vqtbl1q_u8(part, idx)) };
        at += 8 + usize::from(POPCOUNT[usize::from(row)]);
    }
    (at, rows[0] | rows[1] != 0)
}

/// [`expand16`] two at a time from `i`, the lead of a character, while a
/// step of 32 bytes grows the text and the bounds allow one; the new
/// cursors, on a character boundary, or the old ones if no step could be
/// taken.
///
/// # Safety
/// `b` is UTF-8 (or a suffix of it).
#[inline(never)]
#[target_feature(enable = "neon")]
unsafe fn expand_run<const JAVA: bool>(
    b: &[u8],
    mut i: usize,
    dst: &mut [u8],
    mut at: usize,
) -> (usize, usize) {
    // `i >= 2`: the step loads from `i - 2` (a later step's `i` is larger).
    if i < 2 {
        return (i, at);
    }
    let start = i;
    while i + 33 <= b.len() && at + 64 <= dst.len() {
        // SAFETY: `2 <= i`, `i + 17 <= b.len()`, `at + 32 <= dst.len()`;
        // then `i + 16 + 17 <= b.len()` and the second step's `at`, at most
        // 32 past the first's, has 32 bytes of room.
        let grew = unsafe {
            let (at1, g1) = expand16::<JAVA>(b, i, dst, at);
            let (at2, g2) = expand16::<JAVA>(b, i + 16, dst, at1);
            at = at2;
            g1 | g2
        };
        i += 32;
        if !grew {
            break;
        }
    }
    // A step ends anywhere: if inside a 4-byte sequence, back to its lead,
    // less the output of the bytes taken (`ED x1`, `ED x1 x2`, `ED x1 x2
    // ED x4`). Inside a shorter character, each byte's output is itself,
    // and the copy loop goes on from there as it does after a block.
    if i > start {
        for back in 1..=3 {
            if b[i - back] >= 0xF0 {
                i -= back;
                at -= [2, 3, 5][back - 1];
                break;
            }
        }
    }
    (i, at)
}

/// The encoding loop over `b` into `dst`: while 64 bytes of input are left
/// and 72 bytes of room (a 64-byte store at the cursor, or eight bytes
/// written up to 63 bytes past it). Returns the input and output cursors;
/// for UTF-8 input, the input cursor is on a character boundary. Text dense
/// in characters to transcode goes 32 bytes a step ([`expand_run`]) if
/// `dense`, until it is sparse again.
///
/// # Safety
/// Every byte `F0..=FF` of `b` must be followed by at least three more
/// bytes in `b` (as in UTF-8, and every suffix of UTF-8, padded or not).
#[inline]
#[target_feature(enable = "neon")]
unsafe fn encode_bulk<const JAVA: bool>(b: &[u8], dst: &mut [u8], dense: bool) -> (usize, usize) {
    let n = b.len();
    let cap = dst.len();
    let mut i = 0;
    let mut at = 0;
    // Each turn loads 64 bytes and stores them at once, then asks whether
    // any needs transcoding; if not (one `umaxv` of the OR of four
    // compares), the cursors move by 64. Else the bytes before the first
    // such byte are right; the cursors move to it, and that one character
    // is transcoded.
    //
    // The bounds: the loads read `b[i..i + 64]`, within `b` as `i + 64 <=
    // n`; the stores write `dst[at..at + 64]`, within `dst` as `at + 72 <=
    // cap`. A byte to transcode is at `i + k` with `k < 64`, so `i + k <
    // n`; if it is `F0..=FF`, the three bytes after it are in `b` too (the
    // precondition). Its writes, at most eight bytes from `at + k`, end at
    // `at + 71 < cap`.
    while i + 64 <= n && at + 72 <= cap {
        // SAFETY: `b[i..i + 64]` and `dst[at..at + 64]` are in bounds.
        let v = unsafe { load64(b, i) };
        // SAFETY: as above.
        unsafe { store64(dst, at, v) };
        let s = encode_special4::<JAVA>(v);
        if !any(or4(s)) {
            i += 64;
            at += 64;
            continue;
        }
        let mask = mask64(s);
        let k = mask.trailing_zeros() as usize;
        i += k;
        at += k;
        // Two or more: maybe text dense in such characters.
        if dense && mask & (mask - 1) != 0 {
            // SAFETY: `b` is UTF-8 or a suffix of it (the precondition) and
            // `i` a character's lead.
            let (i2, at2) = unsafe { expand_run::<JAVA>(b, i, dst, at) };
            if i2 > i {
                i = i2;
                at = at2;
                continue;
            }
        }
        // SAFETY: `i` is the old `i + k < n` (above).
        let b0 = unsafe { *b.get_unchecked(i) };
        if JAVA && b0 == 0 {
            // SAFETY: `at + 2 <= old at + 65 < cap` (above).
            unsafe { put(dst, at, [0xC0, 0x80]) };
            at += 2;
            i += 1;
        } else {
            // SAFETY: `b0` is `F0..=FF`, so by the precondition the three
            // bytes after it are in `b`.
            let (b1, b2, b3) = unsafe {
                (
                    *b.get_unchecked(i + 1),
                    *b.get_unchecked(i + 2),
                    *b.get_unchecked(i + 3),
                )
            };
            let cp = ((u32::from(b0) & 0x07) << 18)
                | ((u32::from(b1) & 0x3F) << 12)
                | ((u32::from(b2) & 0x3F) << 6)
                | (u32::from(b3) & 0x3F);
            let v = cp - 0x1_0000;
            let hi = v >> 10;
            let lo = v & 0x3FF;
            let word = 0xED
                | (u64::from(0xA0 | (hi >> 6)) << 8)
                | (u64::from(0x80 | (hi & 0x3F)) << 16)
                | (0xED << 24)
                | (u64::from(0xB0 | (lo >> 6)) << 32)
                | (u64::from(0x80 | (lo & 0x3F)) << 40);
            // SAFETY: `at + 8 <= old at + 71 < cap` (above).
            unsafe { put(dst, at, word.to_le_bytes()) };
            at += 6;
            i += 4;
        }
    }
    // After a plain block the cursor may be inside a character; those
    // bytes were copied as they are, so step both cursors back to its lead.
    while i < n && is_cont(b[i]) {
        i -= 1;
        at -= 1;
    }
    (i, at)
}

/// The padded buffer of the encoder's last bytes: the loop on it runs until
/// its cursor is past `TAIL_IN - 64`, so it takes up to that many real
/// bytes; output is at most twice that plus the padding and a store's 64.
const TAIL_IN: usize = 192;

/// Encodes `text`; `None` if `dst` is too short.
#[inline]
#[target_feature(enable = "neon")]
fn encode_neon<const JAVA: bool>(text: &str, dst: &mut [u8]) -> Option<usize> {
    // SAFETY: `text` is UTF-8, so each byte `F0..=FF` is a 4-byte lead,
    // followed by its three continuation bytes.
    let (i, at) = unsafe { encode_bulk::<JAVA>(text.as_bytes(), dst, true) };
    let rest = text.as_bytes().get(i..)?;
    if rest.is_empty() {
        return Some(at);
    }
    // The loop stops with fewer than 64 bytes left (67 after stepping back
    // to a character's lead), or with less than 72 bytes of room; as the
    // output is never shorter than the input, more than 127 bytes left then
    // cannot fit.
    if rest.len() > TAIL_IN - 64 {
        return None;
    }
    // The rest through the same loop, padded with spaces (which the loop
    // copies as they are) so that it runs until the cursor is past the real
    // bytes: then every byte from the end of the real ones up to the cursor
    // is padding, one output byte each.
    let mut ibuf = [b' '; TAIL_IN];
    ibuf[..rest.len()].copy_from_slice(rest);
    let mut obuf = [0u8; 3 * TAIL_IN];
    // SAFETY: `rest` is a suffix of UTF-8, so each byte `F0..=FF` in it is
    // followed by its three continuation bytes, also in `rest`, and the
    // padding has no such bytes.
    let (j, end) = unsafe { encode_bulk::<JAVA>(&ibuf, &mut obuf, false) };
    let m = end - (j - rest.len());
    dst.get_mut(at..at + m)?.copy_from_slice(&obuf[..m]);
    Some(at + m)
}

/// The length of the longest prefix of `text` that encodes to itself: the
/// index of its first 4-byte lead or, for `JAVA`, zero byte, or its length
/// if it has none. 64 bytes a step, then 16, then the last 16
/// (overlapping); below 16 bytes the portable scan.
#[inline]
#[cfg_attr(
    not(feature = "alloc"),
    allow(dead_code, reason = "used by `encode_cow` and `decode_cow` only")
)]
#[target_feature(enable = "neon")]
fn encode_unchanged_neon<const JAVA: bool>(text: &str) -> usize {
    let b = text.as_bytes();
    let n = b.len();
    if n < 16 {
        return crate::simd::portable::cesu::unchanged::<JAVA>(b, 0);
    }
    let mut i = 0;
    while i + 64 <= n {
        // SAFETY: `i + 64 <= n`.
        let s = encode_special4::<JAVA>(unsafe { load64(b, i) });
        if any(or4(s)) {
            return i + mask64(s).trailing_zeros() as usize;
        }
        i += 64;
    }
    while i + 16 <= n {
        // SAFETY: `i + 16 <= n`.
        let s = encode_special::<JAVA>(unsafe { load16(b, i) });
        if any(s) {
            return i + first_set(s);
        }
        i += 16;
    }
    if i < n {
        // The last 16 bytes, of which those before `i` are checked.
        let j = n - 16;
        // SAFETY: `n >= 16`, so `b[n - 16..n]` is in bounds.
        let s = encode_special::<JAVA>(unsafe { load16(b, j) });
        let m = nibbles(s) >> (4 * (i - j));
        if m != 0 {
            return i + (m.trailing_zeros() / 4) as usize;
        }
    }
    n
}

/// The bytes of `v` (each `00` or `FF`) as four bits each, byte `k` in
/// bits `4k..4k + 4`: the narrowing shift of the 16-bit lanes by 4.
#[inline]
#[target_feature(enable = "neon")]
fn nibbles(v: V) -> u64 {
    use core::arch::aarch64::{
        vget_lane_u64, vreinterpret_u64_u8, vreinterpretq_u16_u8, vshrn_n_u16,
    };
    vget_lane_u64::<0>(vreinterpret_u64_u8(vshrn_n_u16::<4>(vreinterpretq_u16_u8(
        v,
    ))))
}

/// The index of the first nonzero byte of `v` (bytes `00` or `FF`), 16 if
/// none.
#[inline]
#[target_feature(enable = "neon")]
fn first_set(v: V) -> usize {
    (nibbles(v).trailing_zeros() / 4) as usize
}

/// The encoded length of `text` (what `crate::engine::cesu::encoded_len`
/// says): its length, plus 2 per 4-byte lead, plus (for `JAVA`) 1 per zero
/// byte. The compares (`FF` where they hold, that is -1) are subtracted
/// from a byte-lane accumulator, 8 at most a step, summed by `uaddlv`
/// every 31 steps; the last bytes one at a time.
#[inline]
#[target_feature(enable = "neon")]
fn encoded_len_neon<const JAVA: bool>(text: &str) -> usize {
    let b = text.as_bytes();
    let n = b.len();
    let mut i = 0;
    let mut extra = 0usize;
    while i + 64 <= n {
        let stop = if n - i > 31 * 64 { i + 31 * 64 } else { n };
        let mut acc = splat(0);
        while i + 64 <= stop {
            // SAFETY: `i + 64 <= stop <= n`.
            let v = unsafe { load64(b, i) };
            for x in v {
                let lead = vcgeq_u8(x, splat(0xF0));
                acc = vsubq_u8(vsubq_u8(acc, lead), lead);
                if JAVA {
                    acc = vsubq_u8(acc, vceqzq_u8(x));
                }
            }
            i += 64;
        }
        extra += usize::from(vaddlvq_u8(acc));
    }
    while i < n {
        if b[i] >= 0xF0 {
            extra += 2;
        } else if JAVA && b[i] == 0 {
            extra += 1;
        }
        i += 1;
    }
    n + extra
}

// ---------------------------------------------------------------- decoding

/// Per byte of four classifications, all ones where the byte is special:
/// the second byte of `ED A0..=BF` (an encoded surrogate) or, for `JAVA`,
/// of `C0 80..=BF`.
#[inline]
#[target_feature(enable = "neon")]
fn decode_special4<const JAVA: bool>(pairs: [V; 4]) -> [V; 4] {
    let marks = splat(if JAVA {
        MARK_SURROGATE | MARK_C0
    } else {
        MARK_SURROGATE
    });
    [
        vtstq_u8(pairs[0], marks),
        vtstq_u8(pairs[1], marks),
        vtstq_u8(pairs[2], marks),
        vtstq_u8(pairs[3], marks),
    ]
}

/// The decoding loop over `b` into `dst`: 64-byte blocks while 128 bytes of
/// input are left and 136 bytes of room. `None` on any error found; else
/// the input and output cursors, the input cursor at the lead of a
/// character (everything before it checked and decoded). The bounds are
/// those of the AVX2 loop (`simd::cesu`), whose block is also 64 bytes:
/// a special character's lead is at `p - 1 ..= p + 62` and its bytes end
/// by `p + 68 < n`; each step writes no more than it consumes, so a copy
/// of 64 bytes from `i <= p + 63` stays below `p + 127 < n` and below
/// `at0 + 127 < cap` (`at0` the output cursor at the block's start), and a
/// character's output, at most four bytes from `at <= at0 + 62`, ends by
/// `at0 + 66`.
#[inline]
#[target_feature(enable = "neon")]
#[allow(clippy::too_many_lines, reason = "one hot loop, explained as a whole")]
fn decode_bulk<const JAVA: bool>(b: &[u8], dst: &mut [u8]) -> Option<(usize, usize)> {
    let n = b.len();
    let cap = dst.len();
    let mut val = Validator::new(if JAVA { &MUTF8 } else { &CESU8 });
    // `p`: the block. `i`: the copy cursor, `b[..i]` decoded into
    // `dst[..at]` (after a special character up to five bytes into the
    // next block).
    let mut p = 0;
    let mut i = 0;
    let mut at = 0;
    while p + 128 <= n && at + 136 <= cap {
        // SAFETY: `p + 64 <= n`.
        let v = unsafe { load64(b, p) };
        let mut mask: u64 = 0;
        if vmaxvq_u8(or4(v)) < 0x80 {
            // ASCII: nothing to check but what the last block left open,
            // nothing special.
            val.ascii();
        } else {
            let s = decode_special4::<JAVA>(val.check4::<true>(v));
            if any(or4(s)) {
                mask = mask64(s);
            }
        }
        if JAVA {
            // A raw zero byte is ill-formed.
            let low = vminq_u8(vminq_u8(v[0], v[1]), vminq_u8(v[2], v[3]));
            val.flag(vceqzq_u8(low));
        }
        if i > p {
            // The bytes before `i` belong to a pair decoded already.
            mask &= u64::MAX << (i - p + 1);
        }
        // Each special character: copy the plain bytes before it (all 64
        // from the cursor; only those before the lead count), then decode
        // it. Its lead is the byte before its special bit, which for bit 0
        // is the previous block's last byte, already copied as it was: then
        // the cursors step back over it.
        while mask != 0 {
            let lead = p + mask.trailing_zeros() as usize - 1;
            if lead >= i {
                // SAFETY: `i <= lead <= p + 62` (the bounds above).
                unsafe { copy64(b, i, dst, at) };
                at += lead - i;
            } else {
                at -= i - lead;
            }
            // SAFETY: `lead + 1 <= p + 63 < n`.
            let (b0, b1) = unsafe { (*b.get_unchecked(lead), *b.get_unchecked(lead + 1)) };
            if JAVA && b0 == 0xC0 {
                if b1 != 0x80 {
                    return None;
                }
                // SAFETY: `at <= at0 + 62`, below `cap`.
                unsafe { put(dst, at, [0]) };
                at += 1;
                i = lead + 2;
            } else {
                // `ED A0..=BF`: must be a high surrogate, then a low one.
                // SAFETY: `lead + 5 <= p + 67 < n`.
                let (b2, b3, b4, b5) = unsafe {
                    (
                        *b.get_unchecked(lead + 2),
                        *b.get_unchecked(lead + 3),
                        *b.get_unchecked(lead + 4),
                        *b.get_unchecked(lead + 5),
                    )
                };
                if b1 > 0xAF || !is_cont(b2) || b3 != 0xED || b4 & 0xF0 != 0xB0 || !is_cont(b5) {
                    return None;
                }
                let utf8 = crate::simd::portable::words::surrogates_utf8(b1, b2, b4, b5);
                // SAFETY: `at + 4 <= at0 + 66 < cap`.
                unsafe { put(dst, at, utf8.to_le_bytes()) };
                at += 4;
                i = lead + 6;
            }
            // Drop the special bits of the bytes just consumed.
            let done = i - p + 1;
            mask = if done >= 64 {
                0
            } else {
                mask & (u64::MAX << done)
            };
        }
        // The rest of the block, as it is.
        if i < p + 64 {
            if i == p {
                // SAFETY: `at = at0` (nothing consumed), `at0 + 64 <= cap`.
                unsafe { store64(dst, at, v) };
            } else {
                // SAFETY: `i < p + 64`: within `b` and `dst` (above).
                unsafe { copy64(b, i, dst, at) };
            }
            at += p + 64 - i;
            i = p + 64;
        }
        p += 64;
    }
    if !val.clean() {
        return None;
    }
    // If the last block ends inside a character that was copied as it is,
    // the cursors step back to its lead, so that the caller decodes it
    // whole. (After a special character there is nothing open.)
    if i == p && val.pending() {
        let mut j = p - 1;
        while j + 3 > p && is_cont(b[j]) {
            j -= 1;
        }
        at -= p - j;
        i = j;
    }
    Some((i, at))
}

/// Whether `b` looks dense in encoded pairs (or, for `JAVA`, `C0 80`s):
/// eight samples of 64 bytes spread over it hold 4.5 a sample on average
/// (an encoded surrogate counts once, so a pair twice). Not for inputs
/// under a kilobyte.
#[inline]
#[target_feature(enable = "neon")]
fn looks_dense<const JAVA: bool>(b: &[u8]) -> bool {
    const SAMPLES: usize = 8;
    let n = b.len();
    if n < 1024 {
        return false;
    }
    let mut marks = 0u32;
    for k in 0..SAMPLES {
        // 64 bytes from `p`, each with the byte after it: `p + 65 <= n`.
        let p = (n - 65) * k / (SAMPLES - 1);
        let mut count = splat(0);
        for q in [p, p + 16, p + 32, p + 48] {
            // SAFETY: `q + 17 <= p + 65 <= n`.
            let (x, y) = unsafe { (load16(b, q), load16(b, q + 1)) };
            let mut m = vandq_u8(vceqq_u8(x, splat(0xED)), vcgeq_u8(y, splat(0xA0)));
            if JAVA {
                m = vorrq_u8(
                    m,
                    vandq_u8(vceqq_u8(x, splat(0xC0)), vceqq_u8(y, splat(0x80))),
                );
            }
            count = vsubq_u8(count, m);
        }
        marks += u32::from(vaddvq_u8(count));
    }
    marks >= SAMPLES as u32 * 9
}

/// The padded buffer of the decoder's last bytes: three blocks run on it
/// (`p + 128 <= 256`), so it takes up to `192 - 3` real bytes with room
/// for a space after them that ends any truncated character. Its output
/// room: the loop needs `at + 136` with `at` up to 133.
const DECODE_TAIL_IN: usize = 256;
/// See [`DECODE_TAIL_IN`].
const DECODE_TAIL_REAL: usize = 189;
/// See [`DECODE_TAIL_IN`].
const DECODE_TAIL_OUT: usize = 320;

/// Decodes to UTF-8; `None` if `bytes` is ill-formed or `dst` too short.
#[inline]
#[target_feature(enable = "neon")]
fn decode_neon<const JAVA: bool>(bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    // Text dense in pairs (or `C0 80`s), as samples of it say: the portable
    // decoder, which moves from one pair to the next without a vector
    // set-up each time.
    if looks_dense::<JAVA>(bytes) {
        return crate::simd::portable::cesu::decode::<JAVA>(bytes, dst);
    }
    let (i, at) = decode_bulk::<JAVA>(bytes, dst)?;
    let rest = bytes.get(i..)?;
    if rest.is_empty() {
        return Some(at);
    }
    if rest.len() > DECODE_TAIL_REAL {
        // Only when the output room stopped the loop: the exact scalar code.
        let out = dst.get_mut(at..)?;
        return crate::engine::cesu::decode_into::<JAVA>(rest, out)
            .ok()
            .map(|m| at + m);
    }
    // The rest through the same loop, padded with spaces: the loop runs
    // over all the real bytes and past them, and the spaces decode to
    // themselves, one byte each.
    let mut ibuf = [b' '; DECODE_TAIL_IN];
    ibuf[..rest.len()].copy_from_slice(rest);
    let mut obuf = [0u8; DECODE_TAIL_OUT];
    let (j, end) = decode_bulk::<JAVA>(&ibuf, &mut obuf)?;
    let m = end - (j - rest.len());
    dst.get_mut(at..at + m)?.copy_from_slice(&obuf[..m]);
    Some(at + m)
}

/// The length of a prefix of `b` that is well formed and decodes to
/// itself, ending on a character boundary; all of `b` exactly when all of
/// `b` is well formed and decodes to itself (valid UTF-8 with no 4-byte
/// lead and, for `JAVA`, no zero byte). The UTF-8 validator over 64-byte
/// blocks with the encoder's test for 4-byte leads and zero bytes; the
/// first block with either, or with an error, stops it at the start of
/// the character that the block before leaves open. After an ASCII block,
/// the ASCII that follows goes 128 bytes a step. The last bytes go through
/// the same code, padded with spaces (so that a sequence cut by the end of
/// the input is an error).
#[cfg_attr(
    not(feature = "alloc"),
    allow(dead_code, reason = "used by `encode_cow` and `decode_cow` only")
)]
#[target_feature(enable = "neon")]
fn decode_unchanged_neon<const JAVA: bool>(b: &[u8]) -> usize {
    let n = b.len();
    let mut val = Validator::new(&UTF8);
    let mut p = 0;
    let mut buf = [b' '; 64];
    while p < n {
        let block: &[u8] = if p + 64 <= n {
            &b[p..p + 64]
        } else {
            buf[..n - p].copy_from_slice(&b[p..]);
            &buf
        };
        // SAFETY: `block` has 64 bytes.
        let v = unsafe { load64(block, 0) };
        // A byte that changes counts as an error: either stops the scan.
        let special = or4(encode_special4::<JAVA>(v));
        // Byte `k` of `high`: the largest byte of register `k` (pairwise
        // maxima, five of them, for the four registers at once).
        let high = {
            let a = vpmaxq_u8(vpmaxq_u8(v[0], v[1]), vpmaxq_u8(v[2], v[3]));
            let a = vpmaxq_u8(a, a);
            vgetq_lane_u32::<0>(vreinterpretq_u32_u8(vpmaxq_u8(a, a))) & 0x8080_8080
        };
        if high == 0 {
            val.ascii();
            val.flag(special);
            if !val.clean() {
                return char_start_before(b, p);
            }
            p = ascii_pairs::<JAVA>(b, (p + 64).min(n));
            continue;
        }
        if high == 0x8080_8080 {
            val.check4::<false>(v);
        } else {
            // Register by register: in text with a character other than
            // ASCII here and there (English with its dashes and quotation
            // marks), an ASCII register costs a test, not a check.
            for (k, x) in v.into_iter().enumerate() {
                if high >> (8 * k) & 0x80 == 0 {
                    val.ascii();
                } else {
                    val.check::<false>(x);
                    val.incomplete = vqsubq_u8(x, val.incomplete_max);
                }
            }
        }
        val.flag(special);
        if !val.clean() {
            return char_start_before(b, p);
        }
        p += 64;
    }
    if val.valid_end() {
        n
    } else {
        // Only a sequence cut by the end of a whole last block.
        char_start_before(b, n)
    }
}

/// The end of the 128-byte runs of ASCII (without a zero byte, for
/// `JAVA`) from `p`: one `umaxv` of the OR of the eight registers for the
/// high bits, one `uminv` of their minimum for zeros.
#[inline]
#[target_feature(enable = "neon")]
#[cfg_attr(
    not(feature = "alloc"),
    allow(dead_code, reason = "used by `encode_cow` and `decode_cow` only")
)]
fn ascii_pairs<const JAVA: bool>(b: &[u8], mut p: usize) -> usize {
    while let Some(pair) = b.get(p..).and_then(<[u8]>::first_chunk::<128>) {
        // SAFETY: `pair` has 128 bytes.
        let (x, y) = unsafe { (load64(pair, 0), load64(pair, 64)) };
        let stop = if JAVA {
            // `x - 1` takes `00` to `FF` and `80..=FF` to `7F..=FE`: both
            // stop it, and only they reach `7F`.
            let one = splat(1);
            let m = |v: [V; 4]| {
                vmaxq_u8(
                    vmaxq_u8(vsubq_u8(v[0], one), vsubq_u8(v[1], one)),
                    vmaxq_u8(vsubq_u8(v[2], one), vsubq_u8(v[3], one)),
                )
            };
            vmaxvq_u8(vmaxq_u8(m(x), m(y))) >= 0x7F
        } else {
            vmaxvq_u8(vorrq_u8(or4(x), or4(y))) >= 0x80
        };
        if stop {
            break;
        }
        p += 128;
    }
    p
}

// ------------------------------------------------------------ entry points
//
// The kernels above enable `neon` (`#[target_feature]`), which makes the
// intrinsics safe to call in them; calling them needs `unsafe` and the
// knowledge that the CPU has NEON, which every aarch64 CPU has (it is part
// of the base architecture, and the target enables it).

/// Encodes `text`; `None` if `dst` is too short.
#[inline]
pub(crate) fn encode<const JAVA: bool>(text: &str, dst: &mut [u8]) -> Option<usize> {
    // SAFETY: NEON is part of the aarch64 base architecture.
    unsafe { encode_neon::<JAVA>(text, dst) }
}

/// Decodes to UTF-8; `None` if `bytes` is ill-formed or `dst` too short.
#[inline]
pub(crate) fn decode<const JAVA: bool>(bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    // SAFETY: NEON is part of the aarch64 base architecture.
    unsafe { decode_neon::<JAVA>(bytes, dst) }
}

/// The encoded length of `text` (see [`encoded_len_neon`]).
#[inline]
pub(crate) fn encoded_len<const JAVA: bool>(text: &str) -> usize {
    // SAFETY: NEON is part of the aarch64 base architecture.
    unsafe { encoded_len_neon::<JAVA>(text) }
}

/// The length of the longest prefix of `text` that encodes to itself (see
/// [`encode_unchanged_neon`]).
#[inline]
#[cfg_attr(
    not(feature = "alloc"),
    allow(dead_code, reason = "used by `encode_cow` and `decode_cow` only")
)]
pub(crate) fn encode_unchanged<const JAVA: bool>(text: &str) -> usize {
    // SAFETY: NEON is part of the aarch64 base architecture.
    unsafe { encode_unchanged_neon::<JAVA>(text) }
}

/// The length of a prefix of `b` that is well formed and decodes to itself
/// (see [`decode_unchanged_neon`]).
#[inline]
pub(crate) fn decode_unchanged<const JAVA: bool>(b: &[u8]) -> usize {
    // SAFETY: NEON is part of the aarch64 base architecture.
    unsafe { decode_unchanged_neon::<JAVA>(b) }
}

#[cfg(test)]
mod tests {
    use super::{decode, decode_unchanged, encode, encode_unchanged, encoded_len, looks_dense};
    use crate::encoding::Encoding;
    use crate::simd::portable::cesu as portable;
    use crate::simd::test_support::{MIRI, Rng, cases, sample, step};
    extern crate std;
    use std::string::String;
    use std::vec;
    use std::vec::Vec;

    const fn enc(java: bool) -> Encoding {
        if java {
            Encoding::Mutf8
        } else {
            Encoding::Cesu8
        }
    }

    /// The output lengths to try for an output of `n` bytes: all of
    /// `0..=n + 40` when `sweep`, else a few around `n`.
    fn lengths(n: usize, sweep: bool) -> Vec<usize> {
        if MIRI {
            vec![n.saturating_sub(1), n]
        } else if sweep {
            (0..=n + 40).collect()
        } else {
            vec![0, n.saturating_sub(1), n, n + 1, n + 7, n + 64, n + 300]
        }
    }

    /// The decoded length as `simd::cesu` works it out on aarch64: the
    /// unchanged scan here, the portable loop from there.
    fn decoded_len<const J: bool>(b: &[u8]) -> Option<usize> {
        portable::decoded_len_after::<J>(b, decode_unchanged::<J>(b))
    }

    /// `decode::<J>` and `decoded_len::<J>` against the `const fn` and the
    /// portable kernel on `input`, for output lengths around the needed
    /// one.
    fn check_decode<const J: bool>(input: &[u8], sweep: bool) {
        let mut want = vec![0u8; input.len() + 8];
        let decoded = crate::engine::decode_into(enc(J).family(), input, &mut want);
        assert_eq!(
            decoded_len::<J>(input),
            decoded.ok(),
            "java {J}, length of {input:02X?}"
        );
        let room = decoded.unwrap_or(input.len());
        for len in lengths(room, sweep) {
            let mut dst = vec![0xAA; len];
            let got = decode::<J>(input, &mut dst);
            let mut peer = vec![0xAA; len];
            assert_eq!(
                got,
                portable::decode::<J>(input, &mut peer),
                "java {J}, portable, input {input:02X?}, dst {len}"
            );
            match decoded {
                Ok(n) if len >= n => {
                    assert_eq!(got, Some(n), "java {J}, input {input:02X?}, dst {len}");
                    assert_eq!(dst[..n], want[..n], "java {J}, input {input:02X?}");
                }
                _ => assert_eq!(got, None, "java {J}, input {input:02X?}, dst {len}"),
            }
        }
    }

    /// `encode::<J>` and `encoded_len::<J>` against the `const fn`.
    fn check_encode<const J: bool>(text: &str, sweep: bool) {
        let mut want = vec![0u8; 2 * text.len() + 8];
        let n = crate::engine::encode_into(enc(J).family(), text, &mut want).unwrap();
        assert_eq!(encoded_len::<J>(text), n, "java {J}, length of {text:?}");
        for len in lengths(n, sweep) {
            let mut dst = vec![0xAA; len];
            let got = encode::<J>(text, &mut dst);
            if len >= n {
                assert_eq!(got, Some(n), "java {J}, text {text:?}, dst {len}");
                assert_eq!(dst[..n], want[..n], "java {J}, text {text:?}");
            } else {
                assert_eq!(got, None, "java {J}, text {text:?}, dst {len}");
            }
        }
    }

    /// The fillers that put a sequence at every offset: ASCII, and
    /// characters of two, three and six (a pair) bytes.
    const FILLERS: [&[u8]; 4] = [
        b"a",
        "\u{416}".as_bytes(),
        "\u{4E16}".as_bytes(),
        b"\xED\xA0\xBD\xED\xB8\x80",
    ];

    /// `c` after `before` bytes of `filler` (whole fillers, `x`s for the
    /// rest).
    fn placed_str(filler: &str, before: usize, c: &str) -> String {
        let mut s = "x".repeat(before % filler.len());
        for _ in 0..before / filler.len() {
            s.push_str(filler);
        }
        s.push_str(c);
        s
    }

    /// `seq` after `before` bytes of `filler` and before `after` `y`s.
    fn placed(filler: &[u8], before: usize, seq: &[u8], after: usize) -> Vec<u8> {
        let mut v = Vec::new();
        v.extend(core::iter::repeat_n(b'x', before % filler.len()));
        for _ in 0..before / filler.len() {
            v.extend_from_slice(filler);
        }
        v.extend_from_slice(seq);
        v.extend(core::iter::repeat_n(b'y', after));
        v
    }

    /// Sequences for the decoders: every kind of character and every kind
    /// of error, each tried in both encodings (the `const fn` says which
    /// are errors where).
    const DECODE_SEQS: &[&[u8]] = &[
        b"a",
        b"\x00",
        b"\xC0\x80",
        b"\xC2\x80",
        b"\xDF\xBF",
        b"\xE0\xA0\x80",
        b"\xE4\xB8\x96",
        b"\xED\x9F\xBF",
        b"\xEE\x80\x80",
        b"\xEF\xBF\xBF",
        b"\xED\xA0\x80\xED\xB0\x80",
        b"\xED\xAF\xBF\xED\xBF\xBF",
        b"\xED\xA0\xBD\xED\xB8\x80",
        b"\xED\xA2\x84\xED\xBD\x8A",
        b"\xED\xA0\x80\xED\xB0\x80\xED\xA0\x80\xED\xB0\x80",
        b"\xC0\x80\xC0\x80",
        b"\xC0\x80\xED\xA0\x80\xED\xB0\x80\xC0\x80",
        // Errors.
        b"\xED\xA0\x80",
        b"\xED\xB0\x80",
        b"\xED\xB0\x80\xED\xA0\x80",
        b"\xED\xB0\x80\xED\xB0\x80",
        b"\xED\xA0\x80\xED\xA0\x80\xED\xB0\x80",
        b"\xED\xA0\x80a",
        b"\xED\xA0\x80\xED\x9F\xBF",
        b"\xED\xA0\x80\xED\xA0\x80",
        b"\xED\xA0\x80\xED\xB0",
        b"\xED\xA0\x80\xED",
        b"\xED\xA0",
        b"\xED\xA0\x80\xED\xB0\xC0",
        b"\xED\xA0\xC0\xED\xB0\x80",
        b"\xED\xA0\x80\xEE\xB0\x80",
        b"\xED\xA0\x80\xED\xC0\x80",
        b"\xF0\x90\x80\x80",
        b"\xF4\x8F\xBF\xBF",
        b"\xF0",
        b"\xF5",
        b"\xFF",
        b"\xC0",
        b"\xC0\x81",
        b"\xC0\xBF",
        b"\xC0\x41",
        b"\xC0\xC0\x80",
        b"\xC1\x80",
        b"\xE0\x80\x80",
        b"\xE0\x9F\xBF",
        b"\x80",
        b"\xBF",
        b"\xC2",
        b"\xC2\xC2",
        b"\xE4\xB8",
        b"\xE4",
        b"\xE4\xB8\x96\x80",
        b"\xE4\x41\x96",
    ];

    /// Every sequence and error kind at every offset 0..134 (two blocks and
    /// the loop's limits) behind each filler, with 0 to 140 bytes after it
    /// (the padded tail and the block loop).
    #[test]
    fn neon_cesu_decode_every_sequence_at_every_offset() {
        for seq in DECODE_SEQS {
            for filler in FILLERS {
                for before in sample(0..134, 67) {
                    for after in [0, 1, 3, 64, 140] {
                        let input = placed(filler, before, seq, after);
                        let sweep = after == 1 && before % step(64).max(8) == 0;
                        check_decode::<true>(&input, sweep);
                        check_decode::<false>(&input, sweep);
                    }
                }
            }
        }
    }

    #[test]
    fn neon_cesu_encode_every_character_kind_at_every_offset() {
        let chars = [
            "a",
            "\0",
            "\u{80}",
            "ж",
            "\u{7FF}",
            "\u{800}",
            "世",
            "\u{FFFF}",
            "\u{10000}",
            "😀",
            "\u{2A6D6}",
            "\u{3134A}",
            "\u{E0001}",
            "\u{10FFFF}",
        ];
        let fillers = ["a", "ж", "世", "😀", "\0", "世😀", "\u{2A6D6}"];
        for c in chars {
            for filler in fillers {
                for before in sample(0..134, 67) {
                    for after in [0, 1, 3, 64, 140] {
                        let mut s = placed_str(filler, before, c);
                        for _ in 0..after {
                            s.push('y');
                        }
                        let sweep = after == 1 && before % step(64).max(8) == 0;
                        check_encode::<true>(&s, sweep);
                        check_encode::<false>(&s, sweep);
                    }
                }
            }
        }
    }

    /// The scans that tell how much of an input a conversion leaves as it
    /// is, against their definitions (see the AVX2 kernel's test of the
    /// same): a prefix that is valid UTF-8 with no 4-byte lead and (MUTF-8)
    /// no zero byte, not stopping before the 64-byte block (less a
    /// character begun in the block before) that holds its end, all of the
    /// input exactly when all of it is such; the encoding scan exactly.
    fn check_unchanged<const J: bool>(b: &[u8]) {
        let valid = match core::str::from_utf8(b) {
            Ok(_) => b.len(),
            Err(e) => e.valid_up_to(),
        };
        let longest = b[..valid]
            .iter()
            .position(|&x| x >= 0xF0 || (J && x == 0))
            .unwrap_or(valid);
        let k = decode_unchanged::<J>(b);
        assert!(k <= longest, "java {J}: {k} > {longest} in {b:02X?}");
        assert!(core::str::from_utf8(&b[..k]).is_ok(), "java {J}: {b:02X?}");
        assert_eq!(k == b.len(), longest == b.len(), "java {J}: {b:02X?}");
        assert!(
            k + 3 >= longest / 64 * 64,
            "java {J}: stopped at {k}, long before {longest} in {b:02X?}"
        );
        if let Ok(text) = core::str::from_utf8(b) {
            let first = b
                .iter()
                .position(|&x| x >= 0xF0 || (J && x == 0))
                .unwrap_or(b.len());
            assert_eq!(encode_unchanged::<J>(text), first, "java {J}: {text:?}");
            assert_eq!(
                encoded_len::<J>(text),
                crate::engine::cesu::encoded_len::<J>(text),
                "java {J}: {text:?}"
            );
        }
    }

    #[test]
    fn neon_cesu_unchanged_scans_every_sequence_at_every_offset() {
        for seq in DECODE_SEQS
            .iter()
            .chain(&[&b"\xF0\x9F\x98\x80"[..], b"\x00\x00"])
        {
            for filler in FILLERS.iter().chain(&[&b"\xF0\x9F\x98\x80"[..]]) {
                for before in sample(0..134, 16) {
                    for after in [0, 1, 3, 15, 31, 64, 140] {
                        let input = placed(filler, before, seq, after);
                        check_unchanged::<true>(&input);
                        check_unchanged::<false>(&input);
                    }
                }
            }
        }
    }

    /// The same after a character and a run of ASCII, which sends the scan
    /// on by steps of 128 ASCII bytes.
    #[test]
    fn neon_cesu_unchanged_scans_every_sequence_after_every_ascii_run() {
        for seq in DECODE_SEQS {
            for ascii in sample(0..330, 16) {
                let mut input = "é".as_bytes().to_vec();
                input.extend(core::iter::repeat_n(b'a', ascii));
                input.extend_from_slice(seq);
                input.extend(core::iter::repeat_n(b'z', 200));
                check_unchanged::<true>(&input);
                check_unchanged::<false>(&input);
            }
        }
    }

    /// A filler as MUTF-8 bytes: its supplementary characters as pairs.
    fn encoded_filler(utf8: &[u8]) -> Vec<u8> {
        match core::str::from_utf8(utf8) {
            Ok(s) if s.chars().any(|c| c > '\u{FFFF}') => {
                let mut e = vec![0u8; 2 * s.len()];
                let n = crate::engine::encode_into(enc(true).family(), s, &mut e).unwrap();
                e.truncate(n);
                e
            }
            _ => utf8.to_vec(),
        }
    }

    /// `decode` against the `const fn` with room to spare and with the
    /// exact room.
    fn check_dense_decode(java: bool, input: &[u8]) {
        let mut want = vec![0u8; input.len() + 8];
        let decoded = crate::engine::decode_into(enc(java).family(), input, &mut want);
        for len in [2 * input.len() + 8, decoded.unwrap_or(input.len())] {
            let mut dst = vec![0xAA; len];
            let got = if java {
                decode::<true>(input, &mut dst)
            } else {
                decode::<false>(input, &mut dst)
            };
            assert_eq!(
                got,
                decoded.ok(),
                "java {java}, input {input:02X?}, dst {len}"
            );
            if let Ok(n) = decoded {
                assert_eq!(dst[..n], want[..n], "java {java}, input {input:02X?}");
            }
        }
    }

    /// Text dense in supplementary characters: every sequence at offsets
    /// around a kilobyte, after each kind of dense filler.
    #[test]
    fn neon_cesu_dense_text_every_sequence() {
        let fillers: [&[u8]; 3] = [
            b"\xED\xA0\xBD\xED\xB8\x80",
            "\u{416}\u{10400}".as_bytes(),
            "a\u{4E16}\u{1F389}".as_bytes(),
        ];
        for seq in sample(DECODE_SEQS, 3) {
            for filler in fillers {
                let filler = &encoded_filler(filler)[..];
                for before in sample(1024 - 70..1024 + 12, 5) {
                    let mut input = placed(filler, before, seq, 0);
                    for _ in 0..700 / filler.len() {
                        input.extend_from_slice(filler);
                    }
                    // SAFETY: NEON is part of the aarch64 base architecture.
                    let dense = unsafe { looks_dense::<true>(&input) };
                    assert!(dense, "not dense: {input:02X?}");
                    for java in [true, false] {
                        check_dense_decode(java, &input);
                    }
                }
            }
        }
    }

    /// The encoder on text dense in characters that change (the runs of
    /// [`super::expand16`]): every kind of character at every offset,
    /// against the `const fn` with room to spare, the exact room and one
    /// byte short.
    #[test]
    fn neon_cesu_dense_text_every_character() {
        let chars = [
            "a",
            "\0",
            "\u{7FF}",
            "世",
            "\u{FFFF}",
            "\u{10000}",
            "😀",
            "\u{3134A}",
            "\u{10FFFF}",
        ];
        let fillers = [
            "😀",
            "ж\u{10400}",
            "a\u{4E16}\u{1F389}",
            "\0😀",
            "\0",
            "\u{2A6D6}",
        ];
        for c in chars {
            for filler in fillers {
                for before in sample(0..200, 6) {
                    let mut s = placed_str(filler, before, c);
                    for _ in 0..300 / filler.len() {
                        s.push_str(filler);
                    }
                    for java in [true, false] {
                        let mut want = vec![0u8; 2 * s.len() + 8];
                        let n =
                            crate::engine::encode_into(enc(java).family(), &s, &mut want).unwrap();
                        for len in [2 * s.len() + 8, n + 1, n, n - 1] {
                            let mut dst = vec![0xAA; len];
                            let got = if java {
                                encode::<true>(&s, &mut dst)
                            } else {
                                encode::<false>(&s, &mut dst)
                            };
                            if len >= n {
                                assert_eq!(got, Some(n), "java {java}, {s:?}, dst {len}");
                                assert_eq!(dst[..n], want[..n], "java {java}, {s:?}");
                            } else {
                                assert_eq!(got, None, "java {java}, {s:?}, dst {len}");
                            }
                        }
                    }
                }
            }
        }
    }

    fn random_text(rng: &mut Rng, pool: &[char], max: u64) -> String {
        let len = rng.below(max) as usize;
        let mut s = String::new();
        while s.len() < len {
            let c = pool[rng.below(pool.len() as u64) as usize];
            for _ in 0..=rng.below(6) {
                s.push(c);
            }
        }
        s
    }

    /// A corruption of `e` at a random place.
    fn corrupt(rng: &mut Rng, e: &[u8]) -> Vec<u8> {
        let mut c = e.to_vec();
        if c.is_empty() {
            return c;
        }
        let at = rng.below(c.len() as u64) as usize;
        match rng.below(6) {
            0 => c[at] = rng.next() as u8,
            1 => c[at] ^= 1 << rng.below(8),
            2 => c.truncate(at),
            3 => {
                c.remove(at);
            }
            4 => {
                let bytes: [u8; 6] = [0x00, 0x80, 0xC0, 0xED, 0xF0, 0xA0];
                c.insert(at, bytes[rng.below(6) as usize]);
            }
            _ => {
                // Swap two 3-byte pieces (the halves of a pair).
                if at + 6 <= c.len() {
                    let (a, b) = c[at..at + 6].split_at_mut(3);
                    a.swap_with_slice(b);
                }
            }
        }
        c
    }

    /// Random mixes of every kind of character at fixed seeds, sparse and
    /// dense, round trips and corruptions.
    #[test]
    fn neon_cesu_random_round_trips_and_corruptions() {
        const POOL: &str = "az .,\n\u{0}\u{7F}ßжЯ€世界\u{FFFD}\u{FFFF}\u{D7FF}\u{E000}😀🎉\u{10FFFF}\u{10000}\u{2A6D6}\u{3134A}";
        const DENSE: &str = "😀🎉\u{10000}\u{10FFFF}\u{1D400}\u{2A6D6}\u{E0001}жЯ世a \u{0}";
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let pools: [Vec<char>; 2] = [POOL.chars().collect(), DENSE.chars().collect()];
        for case in 0..cases(20_000, 6) {
            let pool = &pools[case % 2];
            let s = random_text(&mut rng, pool, if case % 16 == 1 { 5000 } else { 450 });
            let sweep = case % 64 == 0;
            check_encode::<true>(&s, sweep);
            check_encode::<false>(&s, sweep);
            check_unchanged::<true>(s.as_bytes());
            check_unchanged::<false>(s.as_bytes());
            for java in [true, false] {
                let mut e = vec![0u8; 2 * s.len()];
                let n = crate::engine::encode_into(enc(java).family(), &s, &mut e).unwrap();
                e.truncate(n);
                let check = |b: &[u8], sweep: bool| {
                    if java {
                        check_decode::<true>(b, sweep);
                    } else {
                        check_decode::<false>(b, sweep);
                    }
                };
                check(&e, sweep);
                for _ in 0..4 {
                    let c = corrupt(&mut rng, &e);
                    check(&c, false);
                    check_unchanged::<true>(&c);
                    check_unchanged::<false>(&c);
                }
            }
        }
    }
}
