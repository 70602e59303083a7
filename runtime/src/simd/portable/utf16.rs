//! UTF-8 to UTF-16 and back, portable.
//!
//! # UTF-8 to UTF-16
//!
//! The input is a `&str`, so nothing is checked but the room. A *step*
//! starts at a character boundary `i` and unit `o` and reads 32 bytes:
//!
//! 1. the leading ASCII bytes among the first sixteen, `a` (the trailing
//!    zeros of their high bits); the sixteen bytes, widened, are stored at
//!    `o` (units past `a` are overwritten later). Sixteen ASCII bytes end
//!    the step there;
//! 2. from the sixteen bytes at `i + a`, the leading 2-byte characters,
//!    `k` (eight 16-bit lanes, each a lead `110xxxxx` low and a
//!    continuation byte high or not: a good lane after good lanes from a
//!    boundary is a whole character), their eight units computed at once
//!    from two words and stored at `o + a`;
//! 3. the cursors move by `a + 2k` bytes and `a + k` units.
//!
//! So a step takes a run of ASCII and then a run of 2-byte characters
//! (Cyrillic, Greek, Hebrew, Arabic with their spaces) with no branch on
//! where either ends. Where neither comes (`a < 16`, `k == 0`), a 3- or
//! 4-byte character does, and [`long_chars`] takes the run of them: eight
//! 3-byte characters (CJK) 24 bytes at a time while they last, else up to
//! four 3-byte ones or one 4-byte one a turn.
//!
//! Korean is words of a few 3-byte syllables between spaces: there every
//! step would end in that branch, taken or not by the length of a word,
//! and guessed wrong about as often. So a text whose samples hold 3-byte
//! characters, no 2- or 4-byte ones, and ASCII before a character often
//! (once or more a sample of 32 bytes, on average; Japanese and Chinese
//! man pages switch about a fifth as often) takes no steps: windows of 32
//! bytes, each byte a lane whose unit is worked out as if a character
//! started there and stored at the count of characters that start before
//! it, with no branch on where any run ends ([`lane_windows`]).
//!
//! Some Chinese text is set with a space between characters (`必 須 為`):
//! there a step would take four bytes. Where the samples show such pairs
//! (see [`plan`]), steps whose second run is 3-byte characters instead
//! (up to four, `k`, from the two words at `i + a` by
//! [`three_byte_run`], the cursors moved by `a + 3k` bytes and `a + k`
//! units) also take up to eight pairs of an ASCII byte and a 3-byte
//! character, 32 bytes, at once, where two or more start the step
//! ([`step`]). A 2- or 4-byte character that the samples missed is a step
//! of the other kind, and four 3-byte characters with no ASCII before them
//! may be a run of Han characters, which [`long_chars`] takes.
//!
//! Chinese with an emoji after each character alternates a 3-byte and a
//! 4-byte character. Where the samples show such a pair once a sample or
//! more ([`Plan::Pairs`]), the runs of long characters take them three
//! pairs a turn, 21 bytes to nine units, the cursors moved by constants
//! ([`three_four_run`]), in one part: 1.65 → 2.60 GB/s on such text (100
//! KB, `x86_64`, SSE2), where the lanes of [`lane_windows`] had taken it.
//! Cyrillic with an emoji after each letter alternates a 2-byte and a
//! 4-byte character: where samples show such a pair three times a sample
//! or more, the same plan's runs take them two a turn, and one after an
//! ASCII byte, a word's first letter ([`two_four_run`]): 0.46 → 2.28 GB/s,
//! where the steps had taken a character a step. (Russian with an emoji
//! after each word, a pair a word, keeps the lanes: 1.65 GB/s by them,
//! 0.73 by this plan.) Russian with an emoji after each word takes the
//! parts of 2-byte text ([`Plan::EmojiParts`]), whose steps also take the
//! 4-byte character after their run of 2-byte ones, by a select, and
//! sixteen ASCII bytes as a run like another, not a branch: 1.63 → 1.75
//! GB/s, where the lanes of every length had taken it.
//!
//! A step's cursor waits on the previous step's loads and their
//! arithmetic (about 20 cycles), so one chain of steps is bound by that
//! latency, not by its instructions. So text of 2-byte characters, and
//! Chinese set with spaces, is cut into three parts at character
//! boundaries, where each part's output starts is counted (a
//! unit for each byte that is not a continuation byte, one more for each
//! 4-byte lead: about 35 GB/s), and one loop takes a step of each part in
//! turn: three chains that the CPU runs side by side (two leave latency
//! showing; four run out of registers on `x86_64`). Each part writes only
//! into its own range of the output (`split_at_mut`), stepping while 36
//! units of room are left in it, and finishes a character at a time. Other
//! text of ASCII and 3-byte characters alone (English, CJK) moves by
//! constants, which one chain runs faster than the count costs, but for
//! CJK with an ASCII byte before a character once in four samples or more
//! (Chinese and Japanese with their Latin words and digits, as Wikipedia
//! and man pages have them: 2.34 → 2.70 GB/s on the Chinese man pages),
//! whose steps the count pays for. Samples
//! of the text decide (see [`plan`]), and text under 256 bytes is one
//! part.
//!
//! Measured on `x86_64` (SSE2 only), 100 KB, against the kernel before
//! (eight bytes a step, each byte's unit stored at the count of leads
//! before it): Russian 1.17 → 2.47 GB/s, English 2.44 → 7.55, Chinese
//! 2.68 → 2.77, emoji 1.02 → 1.20, the Russian and Serbian man pages
//! 1.34 → 3.68.
//!
//! # UTF-16 to UTF-8
//!
//! ASCII eight units a step (where the eight are not all ASCII, they are
//! stored all the same and the step ends at the first unit that is not,
//! so the ASCII before a character costs no step of its own), everything
//! else one unit a step in a loop that stays out of the ASCII test until
//! an ASCII unit comes, but for
//! runs of 3-byte characters (CJK), four units a step with a 4-byte store
//! each, and after a 2-byte character, four units a step while they are
//! 2-byte characters and ASCII (Cyrillic words and their spaces, and
//! Latin words with letters with accents, until sixteen ASCII units come),
//! with no branch on which unit is which ([`two_byte_utf8_4`]), and after a 3-byte
//! character that four others do not follow, four units a step while they
//! mix 3-byte characters with others (Hangul syllables and spaces), one
//! 4-byte store each at a cursor moved by their lengths ([`bmp_run`]),
//! or eight where they are pairs of an ASCII unit and a 3-byte character
//! (Chinese set with spaces between characters); a surrogate must be a
//! high one followed by a low one, or the kernel says `None`. After a
//! surrogate pair, text of every kind mixed (emoji among words of Latin,
//! Cyrillic and Han letters) goes eight units a step with no branch on
//! what they are, pairs and all ([`any_run`]), until sixteen ASCII units
//! come; where the samples show a 3-byte character before a surrogate pair
//! once a sample or more ([`Runs`]), such pairs go seven bytes a turn
//! ([`then_pairs`]; Chinese with an emoji after each character 1.43 →
//! 1.89 GB/s), and where they show a 2-byte character before one three
//! times a sample, those pairs six bytes a turn, and after an ASCII unit
//! seven (Cyrillic with an emoji after each letter 1.33 → 1.91).
//!
//! The 2-byte words took Russian from 0.61 to 1.89 GB/s (100 KB, ten
//! windows of the corpus's generator in turn, `scripts/ab_runtime.py
//! --unseen`), and 1.21 to 1.95 GB/s called on one window again and
//! again, whose branches the CPU learns; the Russian man pages 1.23 to
//! 2.13. Text without 2-byte characters does not call them. The mixed
//! words took the Korean man pages read once from 0.77–0.84 to 1.00–1.03
//! GB/s; the Japanese ones, whose 3-byte characters come in longer runs,
//! ran as before read once and a tenth slower called again and again
//! (2.08 → 1.86 GB/s), where the CPU had learned their branches.
//!
//! The eight-unit steps took the emoji corpus from 0.45–0.48 to 0.70–0.81
//! GB/s read once (ten windows in turn, two runs), and ran it as before
//! called on one window again and again (0.68–0.72 → 0.69–0.70): one unit
//! at a time, the branches on each unit's kind went wrong where the CPU
//! had not learned the text.
//!
//! Words are read little-endian and taken apart with shifts, so a
//! big-endian target gives the same answers.

// The steps are inlined into the loops of the parts whatever the
// heuristics say: called, each costs the chains a third of their speed
// (their cursors go through memory).
#![allow(clippy::inline_always)]

use crate::engine::utf16::{has_surrogate, put_bmp};

use super::words::{
    HI, NOT_ASCII16, four_byte_chars2, load8, narrow4, not_spaced_pairs2, not_two_byte_lanes,
    rep16, spaced_units4, store_units4, store_word_units4, surrogates, surrogates2,
    three_byte_chars4, three_byte_run, three_byte_units, three_then_four, two_byte_units,
    two_then_four, units4, utf8_supplementary,
};

/// Input bytes a step may read past its cursor.
const WIN: usize = 32;
/// Output units a step may write past its cursor.
const ROOM: usize = 36;
/// Text shorter than this is one part.
const MIN_SPLIT: usize = 256;
/// The parts of a longer text.
const PARTS: usize = 3;

/// Encodes `text` into UTF-16 units; `None` if `dst` is too short.
#[inline]
pub(crate) fn encode_units(text: &str, dst: &mut [u16]) -> Option<usize> {
    encode_units_with(text_plan(text.as_bytes()), text, dst)
}

/// The plan of [`encode_units`] for the text `b`: [`plan`], where the text
/// is long enough to be cut into parts. The UTF-16 bytes encoder makes it
/// once for all the pieces of a text.
#[inline]
pub(crate) fn text_plan(b: &[u8]) -> Plan {
    if b.len() < MIN_SPLIT {
        Plan::OnePart
    } else {
        plan(b)
    }
}

/// [`encode_units`] by a plan made for the text, or for a longer text that
/// it is a piece of (the UTF-32 encoder's pieces of a kilobyte share their
/// text's plan).
#[inline]
pub(crate) fn encode_units_with(plan: Plan, text: &str, dst: &mut [u16]) -> Option<usize> {
    let b = text.as_bytes();
    if b.len() < MIN_SPLIT {
        return Chain::new(dst, 0).finish::<false, false>(b, b.len());
    }
    match plan {
        Plan::TwoByteParts => in_parts::<false, false>(b, dst),
        // A fourth loop of three chains, their steps inlined, is more code
        // than AVR's 16-bit program addresses reach in a firmware that
        // holds the others: there the lanes take such text.
        #[cfg(not(target_pointer_width = "16"))]
        Plan::EmojiParts => in_parts::<false, true>(b, dst),
        #[cfg(target_pointer_width = "16")]
        Plan::EmojiParts => lane_windows::<true>(b, dst),
        Plan::ShortRuns => lane_windows::<false>(b, dst),
        Plan::AnyWindows => lane_windows::<true>(b, dst),
        Plan::SpacedParts => in_parts::<true, false>(b, dst),
        Plan::Pairs => Chain::new(dst, 0).finish::<false, true>(b, b.len()),
        Plan::OnePart => Chain::new(dst, 0).finish::<false, false>(b, b.len()),
    }
}

/// [`encode_units`] in [`PARTS`] chains, each a step in turn, with the
/// second run of a step 2-byte characters, or, if `SPACED`, 3-byte ones
/// and pairs of an ASCII byte and a 3-byte character taken up to eight at
/// a time.
#[inline]
fn in_parts<const SPACED: bool, const EMOJI: bool>(b: &[u8], dst: &mut [u16]) -> Option<usize> {
    // Part `j` is bytes `cuts[j]..cuts[j + 1]`, its output from `starts[j]`.
    let mut cuts = [0; PARTS];
    let mut starts = [0; PARTS];
    for j in 1..PARTS {
        let mut c = b.len() * j / PARTS;
        // Back to a character boundary (at most three bytes).
        while b[c] & 0xC0 == 0x80 {
            c -= 1;
        }
        cuts[j] = c;
        starts[j] = starts[j - 1] + units_len(&b[cuts[j - 1]..c]);
    }
    if starts[PARTS - 1] > dst.len() {
        return None;
    }
    // The output ranges, each part's own (the last one all the rest).
    let mut rest = dst;
    let mut chains: [Chain<'_>; PARTS] = core::array::from_fn(|j| {
        let len = if j + 1 < PARTS {
            starts[j + 1] - starts[j]
        } else {
            rest.len()
        };
        let (out, tail) = core::mem::take(&mut rest).split_at_mut(len);
        rest = tail;
        Chain::new(out, cuts[j])
    });
    // A step of each part in turn while all can step.
    let [c0, c1, c2] = &mut chains;
    while c0.step::<SPACED, false, EMOJI>(b)
        && c1.step::<SPACED, false, EMOJI>(b)
        && c2.step::<SPACED, false, EMOJI>(b)
    {}
    let mut total = 0;
    for (j, c) in chains.into_iter().enumerate() {
        let end = if j + 1 < PARTS { cuts[j + 1] } else { b.len() };
        total += c.finish::<SPACED, false>(b, end)?;
    }
    Some(total)
}

/// How a text is encoded, as samples of it decide (see [`plan`]).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Plan {
    /// 2- or 4-byte characters, or 3-byte ones after ASCII once in four
    /// samples or more (Chinese and Japanese with their Latin words,
    /// digits and punctuation): three parts, whose steps take 2-byte
    /// characters after ASCII.
    TwoByteParts,
    /// 3-byte characters in short runs between ASCII (Korean), and no 2- or
    /// 4-byte ones: [`lane_windows`], a byte a lane.
    ShortRuns,
    /// 4-byte characters, and short runs after ASCII (emoji amid words of
    /// any script) or 3-byte characters (an emoji after each Han
    /// character): [`lane_windows`] with lanes for characters of every
    /// length.
    AnyWindows,
    /// 3-byte characters with a space or another ASCII byte between each
    /// and the next, as some Chinese text is set (`必 須 為`), and no 2- or
    /// 4-byte ones: three parts, whose steps take 3-byte characters after
    /// ASCII, or up to eight such pairs at once.
    SpacedParts,
    /// Anything else (ASCII, long runs of 3-byte characters): one part.
    OnePart,
    /// A 3-byte character before a 4-byte one, once a sample or more
    /// (Chinese with an emoji after each character), or a 2-byte one before
    /// a 4-byte one, three times a sample or more (Cyrillic with an emoji
    /// after each letter): one part, whose runs of 3- and 4-byte characters
    /// take such pairs three or two at a time. (Three
    /// parts ran it 6 % slower, and made the firmware configuration's code
    /// too large for AVR's 16-bit program addresses.)
    Pairs,
    /// 2- and 4-byte characters and ASCII, no 3-byte ones, with ASCII
    /// before a lead once a sample or more (Russian with an emoji after
    /// each word): three parts, whose steps take a 4-byte character after
    /// their run of 2-byte ones.
    EmojiParts,
}

/// What samples of `b` (see [`Samples`]; `b` has at least 32 bytes) hold,
/// as [`Samples::plan`] says: pairs of a 3-byte (or 2-byte) character and
/// a 4-byte one, [`Plan::Pairs`]; 2- and 4-byte characters after ASCII and
/// no 3-byte ones, emoji after Russian words, [`Plan::EmojiParts`]; a
/// 4-byte lead and an ASCII byte before a lead once a sample or more, or
/// a 4-byte lead and a 3-byte one, emoji amid words of any script, the
/// windows of lanes of every length; else any 2- or 4-byte lead, the
/// parts; 3-byte leads with an ASCII byte before a lead once a sample or
/// more, the short runs of Korean, and among them Chinese set with a space
/// between characters if [`spaced`] says so; once in four samples, the
/// parts; else one part.
#[inline]
pub(crate) fn plan(b: &[u8]) -> Plan {
    match Samples::of(b).plan() {
        Plan::ShortRuns if spaced(b) => Plan::SpacedParts,
        plan => plan,
    }
}

/// Sample `k` of `n` of `W` bytes or units spread over `s` (at least `W`,
/// `n` at least 2).
#[inline]
fn sample<T, const W: usize>(s: &[T], k: usize, n: usize) -> &[T] {
    &s[(s.len() - W) * k / (n - 1)..][..W]
}

/// How many samples a text of `len` bytes or units gets where one of
/// `per` or more is worth taking: four to sixteen.
#[inline]
fn samples(len: usize, per: usize) -> usize {
    (len / per).clamp(4, 16)
}

/// Whether `b` (at least 32 bytes) is Chinese set with spaces, in part at
/// least: whether an eighth of its samples (of 32 bytes, four to sixteen,
/// one a kilobyte) hold four or more pairs of an ASCII byte and a 3-byte
/// character in a row (three or more places where eight bytes are two
/// such pairs). In 1,000 windows of 1, 10, 50 and 100 KB at random places
/// in each text, this said yes for 78 %, 99 %, 100 % and 100 % of the
/// Traditional Chinese man pages' windows (half of those pages are set
/// the usual way) and for none of the Korean, Japanese or Simplified
/// Chinese man pages' nor the Chinese or emoji corpora's. Called for text
/// of the Korean plan only.
#[inline]
fn spaced(b: &[u8]) -> bool {
    spaced_samples::<u8, 32>(b, 1024, |w, j| not_spaced_pairs2(load8(w, j)) == 0)
}

/// Whether an eighth of the samples of `s` (of `W` bytes or units, four
/// to sixteen, one in `per`) hold three or more places `j` (up to `W - 8`
/// bytes or `W - 4` units) where `pairs(sample, j)` says two pairs of an
/// ASCII character and a 3-byte one start: four such pairs in a row.
#[inline]
fn spaced_samples<T, const W: usize>(
    s: &[T],
    per: usize,
    pairs: impl Fn(&[T], usize) -> bool,
) -> bool {
    // Two pairs are eight bytes, or four units.
    let places = W - 8 / size_of::<T>();
    let n = samples(s.len(), per);
    let mut hits = 0;
    for k in 0..n {
        let w = sample::<T, W>(s, k, n);
        let found = (0..=places).filter(|&j| pairs(w, j)).count();
        hits += usize::from(found >= 3);
    }
    8 * hits >= n
}

/// The kinds of character in samples of 32 bytes spread over a text (four
/// to sixteen, one a kilobyte), which [`plan`] and the UTF-32 encoder's
/// plan are made from.
///
/// A switch from ASCII to a lead comes 0.46 times in 32 bytes of the
/// Japanese man pages, 0.43 in the Simplified Chinese ones and 2.33 in the
/// Korean ones (100 KB of each). Four samples, as there were first, chose
/// the Korean plan for the whole Japanese text of the benches (four
/// switches), which ran it at 0.82x to 0.89x the one part that its pieces
/// of 512 bytes choose (28 Nov). In 300 windows of 1, 10, 50 and 100 KB
/// at random places, these samples choose the Korean plan for 97 % to
/// 100 % of the Korean man pages' windows and for 10 %, 1 %, 0 % and 0 %
/// of the Japanese ones' (5 %, 1 %, 0 %, 0 % of Simplified Chinese).
#[derive(Clone, Copy)]
pub(crate) struct Samples {
    /// A 2-byte lead.
    pub(crate) two: bool,
    /// A 3-byte lead.
    pub(crate) three: bool,
    /// A 4-byte lead.
    pub(crate) four: bool,
    /// How often an ASCII byte comes before a lead.
    pub(crate) switches: usize,
    /// How often a 3-byte character comes before a 4-byte one.
    pub(crate) pairs: usize,
    /// How often a 2-byte character comes before a 4-byte one.
    pub(crate) two_four: usize,
    /// How many samples were taken.
    pub(crate) n: usize,
}

impl Samples {
    /// The samples of `b`, at least 32 bytes.
    #[inline]
    pub(crate) fn of(b: &[u8]) -> Self {
        let n = samples(b.len(), 1024);
        let mut s = Samples {
            two: false,
            three: false,
            four: false,
            switches: 0,
            pairs: 0,
            two_four: 0,
            n,
        };
        for k in 0..n {
            let w = sample::<_, 32>(b, k, n);
            for &x in w {
                s.two |= x & 0xE0 == 0xC0;
                s.three |= x & 0xF0 == 0xE0;
                s.four |= x >= 0xF0;
            }
            for (&x, &y) in w.iter().zip(&w[1..]) {
                s.switches += usize::from(x < 0x80 && y >= 0xC0);
            }
            for (&x, &y) in w.iter().zip(&w[2..]) {
                s.two_four += usize::from(x & 0xE0 == 0xC0 && y >= 0xF0);
            }
            for (&x, &y) in w.iter().zip(&w[3..]) {
                s.pairs += usize::from(x & 0xF0 == 0xE0 && y >= 0xF0);
            }
        }
        s
    }

    /// The UTF-16 kernel's plan for the text sampled (see [`plan`]).
    #[inline]
    pub(crate) fn plan(self) -> Plan {
        if self.pairs >= self.n || self.two_four >= 3 * self.n {
            Plan::Pairs
        } else if self.four && self.two && !self.three && self.switches >= self.n {
            Plan::EmojiParts
        } else if self.four && (self.switches >= self.n || self.three) {
            Plan::AnyWindows
        } else if self.two || self.four {
            Plan::TwoByteParts
        } else if self.three && self.switches >= self.n {
            Plan::ShortRuns
        } else if self.three && 4 * self.switches >= self.n {
            // Chinese and Japanese with their Latin words, digits and
            // punctuation: the parts' chains (Chinese man pages 2.34 →
            // 2.70 GB/s, Japanese 2.46 → 2.77; the Chinese corpus, a
            // switch in eight samples, keeps one part).
            Plan::TwoByteParts
        } else {
            Plan::OnePart
        }
    }
}

/// The number of UTF-16 units of the whole characters of `b`: one for each
/// byte that is not a continuation byte, one more for each 4-byte lead.
/// Blocks of 64 bytes are counted in byte lanes (at most 80 a block),
/// which the compiler turns into vector code where the target has it.
#[inline]
pub(crate) fn units_len(b: &[u8]) -> usize {
    let count = |s: &[u8]| -> u8 {
        s.iter().fold(0u8, |n, &x| {
            n.wrapping_add(u8::from(x.cast_signed() > -0x41))
                .wrapping_add(u8::from(x >= 0xF0))
        })
    };
    let (blocks, tail) = b.as_chunks::<64>();
    let mut n = usize::from(count(tail));
    for block in blocks {
        n += usize::from(count(block));
    }
    n
}

/// One step at the start of `win` (a character boundary) into `out`:
/// returns `(a, k)`, `a` ASCII bytes then `k` 2-byte characters (3-byte
/// ones if `SPACED`) written. If `a < 16` and `k == 0`, another kind of
/// character comes next. With `SPACED`, where the bytes
/// start with `g` pairs of an ASCII byte and a 3-byte character, two or
/// more (up to eight), the step takes those instead and returns `(g, g)`,
/// which moves the cursors as far.
#[inline(always)]
fn step<const SPACED: bool, const EMOJI: bool>(
    win: &[u8; WIN],
    out: &mut [u16; ROOM],
) -> (usize, usize, usize) {
    // The sixteen bytes widened from the bytes, before the words are read
    // and in one array operation: so a target with vectors keeps it one
    // widening, where taking it from the words would be shifts.
    let mut units = [0u16; 16];
    for (u, &x) in units.iter_mut().zip(win) {
        *u = u16::from(x);
    }
    out[..16].copy_from_slice(&units);
    let (w0, w1) = (load8(win, 0), load8(win, 8));
    let high = u128::from(w1 & HI) << 64 | u128::from(w0 & HI);
    if !EMOJI && high == 0 {
        return (16, 0, 0);
    }
    // `min` tells the compiler what it cannot see: `a < 16` (with `EMOJI`,
    // `a <= 16`: sixteen ASCII bytes are a run like another, not a branch).
    let a = ((high.trailing_zeros() / 8) as usize).min(if EMOJI { 16 } else { 15 });
    let (v0, v1) = (load8(win, a), load8(win, a + 8));
    if SPACED {
        // Chinese set with spaces (`20 E5 BF 85 20 E9 A0 88`) would be a
        // step of four bytes: so where the step starts with one ASCII byte
        // and then a lead, the pairs of such at the start, `g`, are taken
        // if there are two or more (up to eight, 32 bytes), their units
        // computed from the words in place (a pair's four bytes to its two
        // units). Only text whose samples show such pairs comes here, and
        // in it most steps that start so are pairs: so the pairs are a
        // branch, taken before the run of 3-byte characters is worked out,
        // whose work they skip. The Traditional Chinese man pages' spaced
        // half ran 2.95 → 4.37 GB/s and the whole pages 2.86 → 3.62
        // (x86_64, SSE2, 29 Nov), against the pairs worked out beside that
        // run in every such step and chosen by a select. (That select was
        // for Korean, whose words of two to four syllables between spaces
        // would send a branch wrong; Korean has windows of its own now,
        // [`lane_windows`].) The other steps skip the pairs' work: where
        // it was done in every step, the pages ran 1.01x to 1.14x slower
        // (six runs; 28 Nov).
        if a == 1 {
            let (w2, w3) = (load8(win, 16), load8(win, 24));
            let lo = u128::from(not_spaced_pairs2(w1)) << 64 | u128::from(not_spaced_pairs2(w0));
            let hi = u128::from(not_spaced_pairs2(w3)) << 64 | u128::from(not_spaced_pairs2(w2));
            let t = if lo == 0 {
                128 + hi.trailing_zeros()
            } else {
                lo.trailing_zeros()
            };
            let g = (t / 32) as usize;
            if g >= 2 {
                store_word_units4(&mut out[..4], spaced_units4(w0));
                store_word_units4(&mut out[4..8], spaced_units4(w1));
                store_word_units4(&mut out[8..12], spaced_units4(w2));
                store_word_units4(&mut out[12..16], spaced_units4(w3));
                return (g, g, 0);
            }
        }
        let k = three_byte_run(v0, v1);
        store_word_units4(&mut out[a..a + 4], three_byte_units(v0, v1));
        return (a, k, 0);
    }
    let bad = u128::from(not_two_byte_lanes(v1)) << 64 | u128::from(not_two_byte_lanes(v0));
    let k = (bad.trailing_zeros() / 16) as usize;
    store_units4(&mut out[a..a + 4], two_byte_units(v0));
    store_units4(&mut out[a + 4..a + 8], two_byte_units(v1));
    if EMOJI {
        // A 4-byte character right after the run (Russian with an emoji
        // after each word), taken by the same step: its surrogates are
        // stored after the run's units whether it is one or not, and the
        // step counts it by a select, not a branch. (Past the window's
        // last whole word it is not looked for.)
        let p = a + 2 * k;
        let w = load8(win, p.min(WIN - 8));
        let e = usize::from(p <= WIN - 8 && w & 0xC0C0_C0F8 == 0x8080_80F0);
        let pair = surrogates(w);
        out[a + k] = pair as u16;
        out[a + k + 1] = (pair >> 16) as u16;
        return (a, k, e);
    }
    (a, k, 0)
}

/// A part of the text: its cursors and its range of the output.
struct Chain<'a> {
    /// The part's units (the last part's range has all the room left).
    out: &'a mut [u16],
    /// The byte cursor, a character boundary.
    i: usize,
    /// The unit cursor, in `out`.
    o: usize,
}

impl<'a> Chain<'a> {
    /// A chain from byte `i` into `out`.
    #[inline]
    fn new(out: &'a mut [u16], i: usize) -> Self {
        Chain { out, i, o: 0 }
    }

    /// A step, if `WIN` bytes of input and `ROOM` units of output are left
    /// at the cursors; whether it took one. A part's range holds exactly
    /// its units, so a step never writes past the part's end (its
    /// characters' units are within `ROOM` of the cursor).
    #[inline(always)]
    fn step<const SPACED: bool, const PAIRS: bool, const EMOJI: bool>(&mut self, b: &[u8]) -> bool {
        let (Some(win), Some(out)) = (
            b.get(self.i..).and_then(<[u8]>::first_chunk::<WIN>),
            self.out
                .get_mut(self.o..)
                .and_then(<[u16]>::first_chunk_mut::<ROOM>),
        ) else {
            return false;
        };
        let (a, k, e) = step::<SPACED, EMOJI>(win, out);
        if SPACED {
            self.i += a + 3 * k;
            self.o += a + k;
            if k == 0 && a < 16 {
                // A 2- or 4-byte character: a step of the other kind.
                self.step::<false, PAIRS, false>(b);
            } else if a == 0 && k == 4 {
                // Four 3-byte characters and no ASCII: a run of them (CJK
                // text) that may go on, eight at a time.
                (self.i, self.o) = long_chars::<PAIRS>(b, self.i, self.o, self.out);
            }
            return true;
        }
        self.i += a + 2 * k + 4 * e;
        self.o += a + k + 2 * e;
        if k == 0 && a < 16 && e == 0 {
            (self.i, self.o) = long_chars::<PAIRS>(b, self.i, self.o, self.out);
        }
        true
    }

    /// Steps while it can, then the characters up to byte `end` one at a
    /// time; the units written in all, or `None` if `out` is too short.
    #[inline]
    fn finish<const SPACED: bool, const PAIRS: bool>(
        mut self,
        b: &[u8],
        end: usize,
    ) -> Option<usize> {
        while self.i < end && self.step::<SPACED, PAIRS, false>(b) {}
        encode_rest(b, self.i, end, self.o, self.out)
    }
}

/// The bytes of a window of [`lane_windows`], a lane each.
const LANES: usize = 32;
/// The room a window of [`any_window`] writes in: its lanes' places, up to
/// `LANES + 1`, masked to twice `LANES`, and the unit after each.
const ANY_ROOM: usize = 2 * LANES + 1;

/// [`encode_units`] of text in short runs between ASCII, a window of
/// [`LANES`] bytes at a time while `LANES + 8` bytes and the window's room
/// are left, then a character at a time; the units written, or `None` if
/// `out` is too short. Without `ANY`, for 3-byte characters (Korean); with
/// it, for characters of every length (emoji amid words, see the end).
///
/// Each byte of a window is a lane, and each lane's unit is worked out as
/// if a character started there (its byte if ASCII, else the unit of the
/// three bytes from it), all lanes at once, which the compiler makes
/// vector code of (on `x86_64`, SSE2). A lane's unit is then stored at the
/// count of characters that start before it in the window: a lane where
/// one starts lands in its place, and a continuation byte's lane where the
/// next character's unit overwrites it. The counts are a multiply of the
/// word of start flags (`0101..01` sums each byte with all below it). So
/// the byte cursor moves by `LANES` whatever the text, and a window has
/// no branch but the one on a lead of two or four bytes, which the text's
/// samples had none of; such a window goes a character at a time.
///
/// Korean took steps before: a run of ASCII and then a run of up to four
/// 3-byte characters (the steps of [`Plan::SpacedParts`] now, without its
/// pairs), with a branch on where each ended, and each step's cursor
/// waited on the previous step's loads. Korean words are two to four
/// syllables between spaces: the branches went wrong often, and the
/// chains of cursors kept the loop waiting. The lanes cost about as many
/// instructions a byte (10.4 against 10.9 on the Korean man pages,
/// cachegrind), but none waits on another window. Korean man pages, 100
/// KB, portable build on `x86_64` (29 Nov, four runs of
/// `scripts/ab_runtime.py`): 1.76–1.87 to 2.37–2.51 GB/s; read once, a
/// window a call, 1.54 to 2.42. Where the cursor moved past each window's
/// characters instead (to the next character boundary, so that eight
/// 3-byte characters could go as one run), it waited on the loads again
/// and ran 1.81 GB/s. Chinese set with spaces, and the Traditional Chinese
/// man pages of both settings, ran 2.44–2.56 by the lanes against
/// 2.88–2.95 by the steps of [`Plan::SpacedParts`], which keep them.
///
/// With `ANY` (emoji amid words: [`Plan::AnyWindows`]), a window is all
/// ASCII, or its lanes are worked out for characters of every length
/// ([`any_window`]), and none goes a character at a time.
#[inline(never)]
fn lane_windows<const ANY: bool>(b: &[u8], out: &mut [u16]) -> Option<usize> {
    let (mut i, mut o) = (0, 0);
    while let Some(win) = b.get(i..).and_then(<[u8]>::first_chunk::<{ LANES + 8 }>)
        && out.len().saturating_sub(o) >= LANES
    {
        let words: [u64; LANES / 8] = core::array::from_fn(|k| load8(win, 8 * k));
        if ANY {
            let Some(dst) = out
                .get_mut(o..)
                .and_then(<[u16]>::first_chunk_mut::<ANY_ROOM>)
            else {
                break;
            };
            // A window of ASCII (English between the emoji) is widened as
            // it is.
            if words.iter().fold(0, |acc, &w| acc | w) & HI == 0 {
                for (d, &x) in dst.iter_mut().zip(&win[..LANES]) {
                    *d = u16::from(x);
                }
                o += LANES;
                i += LANES;
                continue;
            }
            o += any_window(win, &words, dst);
            i += LANES;
            continue;
        }
        // A lead of two or four bytes: `C0` or above, but not `1110xxxx`.
        let other = |w: u64| w & w << 1 & !(w << 2 & !(w << 3));
        if words.iter().fold(0, |acc, &w| acc | other(w)) & HI != 0 {
            (i, o) = window_by_chars(b, i, o, out)?;
            continue;
        }
        let Some(dst) = out.get_mut(o..).and_then(<[u16]>::first_chunk_mut::<LANES>) else {
            break;
        };
        let mut units = [0u16; LANES];
        for (k, u) in units.iter_mut().enumerate() {
            let (x0, x1, x2) = (
                u16::from(win[k]),
                u16::from(win[k + 1]),
                u16::from(win[k + 2]),
            );
            // The lead's four bits fall off the top of the unit.
            let three = x0 << 12 | (x1 & 0x3F) << 6 | (x2 & 0x3F);
            // All ones where the byte is not ASCII: a select, not a branch.
            let m = 0u16.wrapping_sub(x0 >> 7);
            *u = x0 & !m | three & m;
        }
        // Where each lane's unit goes: the characters that start before it
        // in the window. A byte starts one unless it is `10xxxxxx`.
        let (at, n) = places::<false>(&words);
        // In lane order: a character's unit after the continuation bytes'
        // that took its place before it.
        for (&at, &u) in at.iter().zip(&units) {
            dst[usize::from(at) % LANES] = u;
        }
        // At most `LANES`.
        o += n as usize;
        i += LANES;
    }
    // Past the last character that a window started.
    encode_rest(b, boundary_from(b, i), b.len(), o, out)
}

/// Where each lane's unit goes in a window of [`lane_windows`] whose
/// bytes are `words`: the units of the characters that start before it in
/// the window (a byte starts one unless it is `10xxxxxx`; with `FOURS`, a
/// 4-byte lead two); and the window's units. The counts are a multiply of
/// the word of start flags (`0101..01` sums each byte with all below it).
#[inline(always)]
fn places<const FOURS: bool>(words: &[u64; LANES / 8]) -> ([u8; LANES], u64) {
    let mut at = [0u8; LANES];
    let mut n = 0;
    for (&w, at) in words.iter().zip(at.as_chunks_mut::<8>().0) {
        let mut units = ((!w | w << 1) & HI) >> 7;
        if FOURS {
            units += (w & w << 1 & w << 2 & w << 3 & HI) >> 7;
        }
        // Byte `k` of `sums`: the units of bytes `0..=k` of the word.
        let sums = units.wrapping_mul(0x0101_0101_0101_0101);
        *at = ((sums << 8) + n * 0x0101_0101_0101_0101).to_le_bytes();
        n += sums >> 56;
    }
    (at, n)
}

/// One window of [`lane_windows`] for text with characters of every
/// length: the units of the `LANES` bytes of `win` (whose `words` they
/// are) into `dst`; returns how many.
///
/// Each lane's unit is worked out as if a character started there, for
/// each length, and chosen by the lane's byte without a branch: the byte
/// if ASCII, the unit of two or three bytes from it, or for a 4-byte lead
/// both surrogates, stored as a pair (a lane of any other length stores the
/// low surrogate's place too, which the next unit overwrites). A text of
/// English, Russian, Chinese and emoji between them sent the steps'
/// branches on each character's length wrong at nearly every change of
/// script: the emoji corpus ran 1.72 → 2.07 GB/s called on one window again
/// and again, and 0.81 → 2.03 read once (a window a call), in one program
/// against the steps (`scripts/ab_runtime.py`, portable, `x86_64` with
/// SSE2, 29 Nov). The lanes cost about 15 instructions a byte (cachegrind),
/// against the steps' 14 and their mispredictions; English with an emoji
/// in every 40 words ran 0.53x as fast by the lanes, so it keeps the steps
/// (its samples seldom show a switch from ASCII to a lead).
#[inline(always)]
fn any_window(win: &[u8; LANES + 8], words: &[u64; LANES / 8], dst: &mut [u16; ANY_ROOM]) -> usize {
    // Each lane's unit and the one after it, side by side.
    let mut pairs = [[0u16; 2]; LANES];
    for (k, pair) in pairs.iter_mut().enumerate() {
        let (x0, x1, x2, x3) = (
            u16::from(win[k]),
            u16::from(win[k + 1]),
            u16::from(win[k + 2]),
            u16::from(win[k + 3]),
        );
        let two = (x0 & 0x1F) << 6 | (x1 & 0x3F);
        // The lead's four bits fall off the top of the unit.
        let three = x0 << 12 | (x1 & 0x3F) << 6 | (x2 & 0x3F);
        // The code point less 0x10000: its top ten bits (`three` holds the
        // lead's three bits and the next two bytes' six each: the code
        // point's top 15 bits), its low ten.
        let high = 0xD7C0u16.wrapping_add(three >> 4);
        let low = 0xDC00 | (x2 & 0x0F) << 6 | (x3 & 0x3F);
        // Selects, not branches: all ones where the test holds.
        let m = |t: bool| 0u16.wrapping_sub(u16::from(t));
        let mut v = x0;
        v = v & !m(x0 >= 0xC0) | two & m(x0 >= 0xC0);
        v = v & !m(x0 >= 0xE0) | three & m(x0 >= 0xE0);
        v = v & !m(x0 >= 0xF0) | high & m(x0 >= 0xF0);
        *pair = [v, low];
    }
    let (at, n) = places::<true>(words);
    // In lane order: a unit after the continuation bytes' that took its
    // place before it.
    for (&at, pair) in at.iter().zip(&pairs) {
        // At most `LANES` (after a 4-byte lead on the last lane but one).
        let at = usize::from(at) % (2 * LANES);
        dst[at..at + 2].copy_from_slice(pair);
    }
    // At most `LANES + 1` (a 4-byte lead on the last lane).
    n as usize
}

/// The window of [`lane_windows`] at byte `i` (unit `o`) that holds a
/// lead of two or four bytes: its characters one at a time into `out`,
/// after the continuation bytes of the one before; the new cursors (a
/// character boundary), or `None` if `out` is too short. Out of the loop,
/// so that the lanes keep their registers.
#[cold]
#[inline(never)]
fn window_by_chars(b: &[u8], i: usize, o: usize, out: &mut [u16]) -> Option<(usize, usize)> {
    let start = boundary_from(b, i);
    let end = (i + LANES).min(b.len());
    let o = encode_rest(b, start, end, o, out)?;
    Some((boundary_from(b, end.max(start)), o))
}

/// The first character boundary of `b` at or after byte `i`: past the
/// continuation bytes there (or `b.len()`).
#[inline]
fn boundary_from(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(|&x| x & 0xC0 == 0x80) {
        i += 1;
    }
    i
}

/// The run of 3- and 4-byte characters at byte `i` (one at least) into
/// `out` from unit `o`, while `WIN` bytes and `ROOM` units are left; the
/// new cursors.
///
/// Eight 3-byte characters (CJK) move the cursors by constants; else a
/// turn takes up to four 3-byte characters or one 4-byte one, and after a
/// 4-byte one, [`four_byte_run`] those that follow. With `PAIRS`, a 3-byte
/// character before a 4-byte one turns to [`three_four_run`], and a 4-byte
/// one to [`two_four_run`] after it.
#[inline]
fn long_chars<const PAIRS: bool>(
    b: &[u8],
    mut i: usize,
    mut o: usize,
    out: &mut [u16],
) -> (usize, usize) {
    while let (Some(win), Some(dst)) = (
        b.get(i..).and_then(<[u8]>::first_chunk::<WIN>),
        out.get_mut(o..).and_then(<[u16]>::first_chunk_mut::<ROOM>),
    ) {
        let (w0, w1) = (load8(win, 0), load8(win, 8));
        if PAIRS && three_then_four(w0) {
            (i, o) = three_four_run(b, i, o, out);
            if b.get(i).is_none_or(|&x| x < 0xE0) {
                break;
            }
            continue;
        }
        let (w2, w3) = (load8(win, 12), load8(win, 20));
        if three_byte_chars4(w0, w1) && three_byte_chars4(w2, w3) {
            // Eight 3-byte characters: the cursors move by constants after
            // a branch, so the next loads need not wait on this step's
            // arithmetic.
            store_word_units4(&mut dst[..4], three_byte_units(w0, w1));
            store_word_units4(&mut dst[4..8], three_byte_units(w2, w3));
            i += 24;
            o += 8;
            continue;
        }
        // Up to four 3-byte characters or one 4-byte one, chosen without a
        // branch; on while a 3- or 4-byte character follows.
        let four = w0 & 0xC0C0_C0F8 == 0x8080_80F0;
        let run = three_byte_run(w0, w1);
        let (units, di, d_o) = if four {
            (surrogates(w0), 4, 2)
        } else {
            (three_byte_units(w0, w1), 3 * run, run)
        };
        store_word_units4(&mut dst[..4], units);
        i += di;
        o += d_o;
        if four {
            // More may follow (emoji one after another).
            (i, o) = four_byte_run(b, i, o, out);
            if PAIRS {
                (i, o) = two_four_run(b, i, o, out);
            }
            if b.get(i).is_none_or(|&x| x < 0xE0) {
                break;
            }
            continue;
        }
        if win[di] < 0xE0 {
            break;
        }
    }
    (i, o)
}

/// The 4-byte characters at byte `i` into `out` from unit `o`, four at a
/// time (sixteen bytes, eight units, the cursors moved by constants) while
/// four are there and `WIN` bytes and `ROOM` units are left; the new
/// cursors. Out of [`long_chars`], whose loop over 3-byte characters
/// (CJK) ran up to a third slower with the test of this one in it.
#[inline(never)]
fn four_byte_run(b: &[u8], mut i: usize, mut o: usize, out: &mut [u16]) -> (usize, usize) {
    while let (Some(win), Some(dst)) = (
        b.get(i..).and_then(<[u8]>::first_chunk::<WIN>),
        out.get_mut(o..).and_then(<[u16]>::first_chunk_mut::<ROOM>),
    ) {
        let (w0, w1) = (load8(win, 0), load8(win, 8));
        if !(four_byte_chars2(w0) && four_byte_chars2(w1)) {
            break;
        }
        store_word_units4(&mut dst[..4], surrogates2(w0));
        store_word_units4(&mut dst[4..8], surrogates2(w1));
        i += 16;
        o += 8;
    }
    (i, o)
}

/// The pairs of [`three_then_four`] at byte `i` into `out` from unit `o`,
/// three a turn (21 bytes, nine units, the cursors moved by constants)
/// while three come, then those that do, while `WIN` bytes and `ROOM`
/// units are left; the new cursors. (Two a turn ran Chinese with an emoji
/// after each character 5 % slower.) Out of [`long_chars`], as
/// [`four_byte_run`] is.
#[inline(never)]
fn three_four_run(b: &[u8], mut i: usize, mut o: usize, out: &mut [u16]) -> (usize, usize) {
    // A pair's three units, in lanes 0 to 2.
    let units = |w: u64| {
        (w & 0x0F) << 12 | (w & 0x3F00) >> 2 | (w >> 16 & 0x3F) | surrogates(w >> 24) << 16
    };
    while let (Some(win), Some(dst)) = (
        b.get(i..).and_then(<[u8]>::first_chunk::<WIN>),
        out.get_mut(o..).and_then(<[u16]>::first_chunk_mut::<ROOM>),
    ) {
        let (w0, w1) = (load8(win, 0), load8(win, 7));
        if !three_then_four(w0) {
            break;
        }
        store_word_units4(&mut dst[..4], units(w0));
        if !three_then_four(w1) {
            i += 7;
            o += 3;
            break;
        }
        store_word_units4(&mut dst[3..7], units(w1));
        let w2 = load8(win, 14);
        if !three_then_four(w2) {
            i += 14;
            o += 6;
            break;
        }
        store_word_units4(&mut dst[6..10], units(w2));
        i += 21;
        o += 9;
    }
    (i, o)
}

/// The pairs of [`two_then_four`] at byte `i` into `out` from unit `o`
/// (Cyrillic with an emoji after each letter), two a turn where two come
/// (one a turn ran such text 2.06 GB/s, two 2.28), six bytes to three
/// units each, and a pair after an ASCII byte (the next word's first
/// letter), while `WIN` bytes and `ROOM` units are left; the new cursors.
/// The cursors move by constants, so a turn's loads wait on no arithmetic,
/// and a word costs one branch gone wrong, at its start. Out of
/// [`long_chars`], as [`four_byte_run`] is.
#[inline(never)]
fn two_four_run(b: &[u8], mut i: usize, mut o: usize, out: &mut [u16]) -> (usize, usize) {
    // A pair's three units, in lanes 0 to 2.
    let units = |w: u64| (w & 0x1F) << 6 | (w >> 8 & 0x3F) | surrogates(w >> 16) << 16;
    while let (Some(win), Some(dst)) = (
        b.get(i..).and_then(<[u8]>::first_chunk::<WIN>),
        out.get_mut(o..).and_then(<[u16]>::first_chunk_mut::<ROOM>),
    ) {
        let w = load8(win, 0);
        if two_then_four(w) {
            store_word_units4(&mut dst[..4], units(w));
            let w1 = load8(win, 6);
            if two_then_four(w1) {
                store_word_units4(&mut dst[3..7], units(w1));
                i += 12;
                o += 6;
            } else {
                i += 6;
                o += 3;
            }
        } else if w & 0x80 == 0 && two_then_four(w >> 8) {
            store_word_units4(&mut dst[..4], w & 0x7F | units(w >> 8) << 16);
            i += 7;
            o += 4;
        } else {
            break;
        }
    }
    (i, o)
}

/// The characters of `b[i..end]` (`i` a character boundary) one at a time
/// into `dst` from unit `at`, checking the room for each; the end unit.
#[inline]
fn encode_rest(
    b: &[u8],
    mut i: usize,
    end: usize,
    mut at: usize,
    dst: &mut [u16],
) -> Option<usize> {
    while i < end {
        let lead = b[i];
        if lead < 0x80 {
            *dst.get_mut(at)? = u16::from(lead);
            i += 1;
            at += 1;
        } else if lead < 0xE0 {
            let &[l, t] = b.get(i..i + 2)? else {
                return None;
            };
            *dst.get_mut(at)? = u16::from(l & 0x1F) << 6 | u16::from(t & 0x3F);
            i += 2;
            at += 1;
        } else if lead < 0xF0 {
            let &[l, t1, t2] = b.get(i..i + 3)? else {
                return None;
            };
            *dst.get_mut(at)? =
                u16::from(l & 0x0F) << 12 | u16::from(t1 & 0x3F) << 6 | u16::from(t2 & 0x3F);
            i += 3;
            at += 1;
        } else {
            let &[l, t1, t2, t3] = b.get(i..i + 4)? else {
                return None;
            };
            let c = u32::from(l & 0x07) << 18
                | u32::from(t1 & 0x3F) << 12
                | u32::from(t2 & 0x3F) << 6
                | u32::from(t3 & 0x3F);
            let c = c - 0x1_0000;
            let out = dst.get_mut(at..at + 2)?;
            out[0] = 0xD800 | (c >> 10) as u16;
            out[1] = 0xDC00 | (c & 0x3FF) as u16;
            i += 4;
            at += 2;
        }
    }
    Some(at)
}

/// Decodes the units of `src` to UTF-8; `None` if one is an unpaired
/// surrogate or `dst` is too short.
#[inline]
pub(crate) fn decode(src: &[u16], dst: &mut [u8]) -> Option<usize> {
    decode_by(runs_of(src, |&u| u), src, dst)
}

/// The kinds of text that [`decode_with`] has loops of its own for, as
/// samples of a text say ([`runs_of`]).
#[derive(Clone, Copy)]
enum Runs {
    /// The short runs of Korean (see [`short_runs`]).
    Short,
    /// A 3-byte character before a surrogate pair once a sample or more
    /// (Chinese with an emoji after each character).
    ThreeThenPair,
    /// A 2-byte character before a surrogate pair three times a sample or
    /// more (Cyrillic with an emoji after each letter).
    TwoThenPair,
    /// Anything else.
    Other,
}

/// [`decode_with`] the loops for the runs of the text (as [`runs_of`]
/// says for it, or for the whole text that `src` is a block of).
#[inline]
fn decode_by(runs: Runs, src: &[u16], dst: &mut [u8]) -> Option<usize> {
    match runs {
        Runs::Short => decode_with::<true, 0>(src, dst),
        Runs::ThreeThenPair => decode_with::<false, 3>(src, dst),
        Runs::TwoThenPair => decode_with::<false, 2>(src, dst),
        Runs::Other => decode_with::<false, 0>(src, dst),
    }
}

/// Whether `src` is long (as the UTF-8 encoder's plan counts it) and its
/// samples (16 units each, four to sixteen, one in 512 units) hold the
/// short runs of Korean: 3-byte characters, no 2-byte ones or surrogates,
/// and an ASCII unit before a 3-byte character 1.25 times a sample or more;
/// but not Chinese set with spaces ([`spaced_units`]). Korean man pages
/// switch 2 to 3 times a sample, the Japanese and Chinese ones about half
/// a time, the Chinese corpus 0.1. In 300 windows of 1,000, 10,000 and
/// 50,000 units at random places in each text, this said yes for 85 %, 92
/// % and 96 % of the Korean man pages' windows (some of the others hold a
/// 2-byte character, such as `·`), for 3 % to 6 % of the Japanese,
/// Simplified and Traditional Chinese man pages' windows of 1,000 units
/// and none of the longer ones, and for none of the Chinese, emoji or
/// Russian texts' windows. There [`any_run`] would cost long runs of
/// 3-byte characters a fifth of their speed.
#[inline]
pub(crate) fn short_runs(src: &[u16]) -> bool {
    short_runs_of(src, |&u| u)
}

/// [`short_runs`] of units `src` that `unit` reads: native units, or
/// UTF-16 bytes in either order, whose blocks [`decode_bytes`] then
/// decodes by the plan of the whole text.
#[inline]
fn short_runs_of<T>(src: &[T], unit: impl Fn(&T) -> u16 + Copy) -> bool {
    matches!(runs_of(src, unit), Runs::Short)
}

/// The [`Runs`] of `src` (units that `unit` reads): [`Runs::Short`] where
/// [`short_runs`] says so, [`Runs::ThreeThenPair`] where the samples hold
/// a 3-byte character before a high surrogate once a sample or more (the
/// Chinese text with an emoji after each character 5 to 6 times; the
/// emoji corpus, whose emoji follow Latin and Cyrillic letters and
/// spaces, a few times in all), [`Runs::TwoThenPair`] where they hold a
/// 2-byte character before one three times a sample or more (Cyrillic
/// with an emoji after each letter about five times; after each word,
/// once); text under [`MIN_SPLIT`] units is [`Runs::Other`].
#[inline]
fn runs_of<T>(src: &[T], unit: impl Fn(&T) -> u16 + Copy) -> Runs {
    if src.len() < MIN_SPLIT {
        return Runs::Other;
    }
    let n = samples(src.len(), 512);
    let (mut three, mut other, mut switches, mut pairs, mut two_pairs) = (false, false, 0, 0, 0);
    for k in 0..n {
        let w = sample::<_, 16>(src, k, n);
        for u in w.iter().map(unit) {
            three |= u >= 0x800;
            other |= (0x80..0x800).contains(&u) || u & 0xF800 == 0xD800;
        }
        for (x, y) in w.iter().zip(&w[1..]) {
            let (x, y) = (unit(x), unit(y));
            switches += usize::from(x < 0x80 && y >= 0x800);
            pairs += usize::from(x >= 0x800 && x & 0xF800 != 0xD800 && y & 0xFC00 == 0xD800);
            two_pairs += usize::from((0x80..0x800).contains(&x) && y & 0xFC00 == 0xD800);
        }
    }
    if three && !other && 4 * switches >= 5 * n && !spaced_units(src, unit) {
        Runs::Short
    } else if pairs >= n {
        Runs::ThreeThenPair
    } else if two_pairs >= 3 * n {
        Runs::TwoThenPair
    } else {
        Runs::Other
    }
}

/// [`spaced`] for UTF-16 (at least 16 units, which `unit` reads): whether
/// an eighth of the samples of 16 units (four to sixteen, one in 512
/// units) hold four or more pairs of an ASCII unit and a 3-byte character
/// in a row.
#[inline]
fn spaced_units<T>(src: &[T], unit: impl Fn(&T) -> u16 + Copy) -> bool {
    spaced_samples::<T, 16>(src, 512, |w, j| {
        let u: [u16; 4] = core::array::from_fn(|k| unit(&w[j + k]));
        spaced_pairs4(units4(&u, 0))
    })
}

/// [`decode`], with the mixed BMP text after a 3-byte character taken by
/// [`any_run`] if `SHORT_RUNS`, else by [`bmp_run`]; with `PAIRS`,
/// [`any_run`] takes pairs of a character of `PAIRS` bytes (3 or 2) and
/// a surrogate pair at once ([`then_pairs`]). Not inlined: both
/// inlined into [`decode`], the Japanese man pages ran 3 % to 6 % slower
/// than with one loop (28 Nov).
#[inline(never)]
fn decode_with<const SHORT_RUNS: bool, const PAIRS: usize>(
    src: &[u16],
    dst: &mut [u8],
) -> Option<usize> {
    let n = src.len();
    let mut i = 0;
    let mut at = 0;
    while i < n {
        while i + 8 <= n && at + 8 <= dst.len() {
            let (w0, w1) = (units4(src, i), units4(src, i + 4));
            narrow4(&mut dst[at..], w0);
            narrow4(&mut dst[at + 4..], w1);
            let (m0, m1) = (w0 & NOT_ASCII16, w1 & NOT_ASCII16);
            if m0 | m1 != 0 {
                let k = if m0 != 0 {
                    m0.trailing_zeros() / 16
                } else {
                    4 + m1.trailing_zeros() / 16
                } as usize;
                i += k;
                at += k;
                break;
            }
            i += 8;
            at += 8;
        }
        // One unit at a time, until an ASCII unit has been written after a
        // run of others (then the words are worth a try again).
        while i < n {
            let u = src[i];
            if u < 0x80 {
                *dst.get_mut(at)? = u as u8;
                i += 1;
                at += 1;
                break;
            }
            if u < 0x800 {
                let out = dst.get_mut(at..at + 2)?;
                out[0] = 0xC0 | (u >> 6) as u8;
                out[1] = 0x80 | (u & 0x3F) as u8;
                i += 1;
                at += 2;
                (i, at) = two_byte_run(src, i, dst, at);
            } else if u & 0xF800 != 0xD800 {
                let out = dst.get_mut(at..at + 3)?;
                out[0] = 0xE0 | (u >> 12) as u8;
                out[1] = 0x80 | (u >> 6 & 0x3F) as u8;
                out[2] = 0x80 | (u & 0x3F) as u8;
                i += 1;
                at += 3;
                // Where one 3-byte character is, more follow (CJK, Thai,
                // Indic scripts): four at a time while four are.
                while i + 4 <= n
                    && let Some(out) = dst.get_mut(at..).and_then(<[u8]>::first_chunk_mut::<13>)
                    && three_byte_utf8_4(units4(src, i), out)
                {
                    i += 4;
                    at += 12;
                }
                if i + 4 <= n && mixed_bmp(units4(src, i)) {
                    (i, at) = if SHORT_RUNS {
                        any_run::<PAIRS>(src, i, dst, at)
                    } else {
                        bmp_run(src, i, dst, at)
                    };
                }
            } else {
                // A high surrogate, then a low one.
                if u >= 0xDC00 || i + 1 >= n {
                    return None;
                }
                let lo = src[i + 1];
                if lo & 0xFC00 != 0xDC00 {
                    return None;
                }
                let c = 0x1_0000 + ((u32::from(u) & 0x3FF) << 10 | (u32::from(lo) & 0x3FF));
                let out = dst.get_mut(at..at + 4)?;
                out[0] = 0xF0 | (c >> 18) as u8;
                out[1] = 0x80 | (c >> 12 & 0x3F) as u8;
                out[2] = 0x80 | (c >> 6 & 0x3F) as u8;
                out[3] = 0x80 | (c & 0x3F) as u8;
                i += 2;
                at += 4;
                (i, at) = any_run::<PAIRS>(src, i, dst, at);
            }
        }
    }
    Some(at)
}

/// After a supplementary character, text that mixes characters of every
/// length (emoji among words of Latin, Cyrillic or Han letters): from unit
/// `i` and byte `at`, eight units at a time by [`any_utf8_8`] while they
/// are well formed and the sixteen from `i` are not all ASCII (an ASCII
/// word and its spaces are taken here: leaving the loop for the ASCII loop
/// at every eight ASCII units cost the emoji corpus a fifth of its speed);
/// the new cursors, where the loop of [`decode`] goes on (and finds what
/// is wrong, if something is).
#[inline(never)]
fn any_run<const PAIRS: usize>(
    src: &[u16],
    mut i: usize,
    dst: &mut [u8],
    mut at: usize,
) -> (usize, usize) {
    while let Some(units) = src.get(i..).and_then(<[u16]>::first_chunk::<8>)
        && let Some(out) = dst.get_mut(at..).and_then(<[u8]>::first_chunk_mut::<35>)
    {
        let (w0, w1) = (units4(units, 0), units4(units, 4));
        if pairs2(w0) && pairs2(w1) {
            // Four surrogate pairs (emoji one after another): sixteen
            // bytes, both cursors moved by constants.
            out[..8].copy_from_slice(&pairs_utf8_2(w0).to_le_bytes());
            out[8..16].copy_from_slice(&pairs_utf8_2(w1).to_le_bytes());
            i += 8;
            at += 16;
            continue;
        }
        if PAIRS == 3 && then_pair::<3>(w0) {
            // A 3-byte character and a surrogate pair after it (Chinese
            // with an emoji after each character): seven bytes from one
            // word, both cursors moved by constants, while they come.
            (i, at) = then_pairs::<3>(src, i, dst, at);
            continue;
        }
        if PAIRS == 2 && then_pair::<2>(w0) {
            // A 2-byte character and a surrogate pair after it (Cyrillic
            // with an emoji after each letter): six bytes.
            (i, at) = then_pairs::<2>(src, i, dst, at);
            continue;
        }
        if units.iter().fold(0, |a, &u| a | u) < 0x80
            && let Some(next) = src.get(i + 8..).and_then(<[u16]>::first_chunk::<8>)
            && next.iter().fold(0, |a, &u| a | u) < 0x80
        {
            break;
        }
        let Some((n, bytes)) = any_utf8_8(units, out) else {
            break;
        };
        i += n;
        at += bytes;
    }
    (i, at)
}

/// Whether units 0..3 of `w` (unit `k` in bits `16k` up) are a character
/// of `LEN` UTF-8 bytes (3: 0x800 or above, not a surrogate; 2: 0x80 to
/// 0x7FF) and a surrogate pair.
#[inline(always)]
fn then_pair<const LEN: usize>(w: u64) -> bool {
    let u = w & 0xFFFF;
    w & 0xFC00_FC00_0000 == 0xDC00_D800_0000
        && if LEN == 3 {
            u >= 0x800 && u & 0xF800 != 0xD800
        } else {
            (0x80..0x800).contains(&u)
        }
}

/// The pairs of [`then_pair`] from unit `i` into `dst` at byte `at`, one a
/// turn (`LEN + 4` bytes, one 8-byte store), and such a pair after an
/// ASCII unit (the next word's first letter), while they come; the new
/// cursors. Out of [`any_run`], which turns to it where one starts: in
/// its eight-unit steps Chinese with an emoji after each character ran
/// 1.30 GB/s (portable, `x86_64`), and 1.89 by this loop; Cyrillic with
/// one after each letter 1.33, and 1.42 by this loop without the ASCII
/// unit, 1.91 with it.
#[inline(never)]
fn then_pairs<const LEN: usize>(
    src: &[u16],
    mut i: usize,
    dst: &mut [u8],
    mut at: usize,
) -> (usize, usize) {
    // The UTF-8 of a pair of `w`, in bytes `0..LEN + 4`.
    let utf8 = |w: u64| {
        let u = w & 0xFFFF;
        let first = if LEN == 3 {
            0x80_80E0 | u >> 12 | (u >> 6 & 0x3F) << 8 | (u & 0x3F) << 16
        } else {
            0x80C0 | u >> 6 | (u & 0x3F) << 8
        };
        // The code point: the high surrogate's ten bits, then the low
        // one's. (Taken from `pairs_utf8_2`, the two-pair form, this loop
        // ran Chinese with an emoji after each character 5 % slower.)
        let c = ((w >> 16 & 0x3FF) << 10 | (w >> 32 & 0x3FF)) + 0x1_0000;
        first | u64::from(utf8_supplementary(c as u32)) << (8 * LEN)
    };
    while let Some(units) = src.get(i..).and_then(<[u16]>::first_chunk::<5>)
        && let Some(out) = dst.get_mut(at..).and_then(<[u8]>::first_chunk_mut::<9>)
    {
        let w = units4(units, 0);
        if then_pair::<LEN>(w) {
            out[..8].copy_from_slice(&utf8(w).to_le_bytes());
            i += 3;
            at += LEN + 4;
        } else if w & 0xFF80 == 0 && then_pair::<LEN>(units4(units, 1)) {
            // An ASCII unit first: the next word's first letter.
            out[0] = units[0] as u8;
            out[1..].copy_from_slice(&utf8(units4(units, 1)).to_le_bytes());
            i += 4;
            at += LEN + 5;
        } else {
            break;
        }
    }
    (i, at)
}

/// Whether the four units of `w` (unit `k` in bits `16k` up) are two
/// surrogate pairs, a high one then a low one twice.
#[inline(always)]
fn pairs2(w: u64) -> bool {
    w & 0xFC00_FC00_FC00_FC00 == 0xDC00_D800_DC00_D800
}

/// The UTF-8 of the two surrogate pairs of `w` ([`pairs2`]), eight bytes
/// in the order a little-endian store writes them: each pair, in its 32
/// bits, to its four bytes in place (no bit crosses from one half to the
/// other: each shift's bits from the other half are masked off).
#[inline(always)]
fn pairs_utf8_2(w: u64) -> u64 {
    use super::words::rep32;
    // The code points: the high surrogate's ten bits, then the low one's.
    let c = ((w & rep32(0x3FF)) << 10 | (w >> 16) & rep32(0x3FF)) + rep32(0x1_0000);
    rep32(0x8080_80F0)
        | (c >> 18) & rep32(0x07)
        | (c >> 4) & rep32(0x3F00)
        | (c << 10) & rep32(0x3F_0000)
        | (c << 24) & rep32(0x3F00_0000)
}

/// Writes the UTF-8 of `units`, any mix of characters and surrogate
/// pairs, to `out` and returns how many units it took and how many bytes
/// it wrote; `None` if a surrogate is not in a pair, but for a high one
/// last (then seven units are taken, and it starts the next eight).
///
/// Each unit's bytes and their count are worked out for the eight at once,
/// with no branch on which unit is which (loops over the lanes, which the
/// compiler makes vector code of where the target has it), then each unit
/// is one 4-byte store at a cursor moved by its length. A surrogate pair's
/// four bytes are two for each half: the high one's `F0 | t >> 8`, `80 |
/// (t >> 2) & 3F` with `t` its ten bits plus 0x40 (the plane), the low
/// one's `80 | (p & 3) << 4 | lo >> 6`, `80 | lo & 3F`, `p` the unit before
/// it. Where the eight can be taken, this is about 200 instructions on
/// `x86_64` with SSE2; its first forms were slower read once (the emoji
/// corpus, single runs: 0.63 GB/s with the bytes in 32-bit lanes and the
/// cursor moved unit by unit, 0.70 with the places summed at once, 0.80
/// as it is). `out` is 35 bytes so that a place masked to five bits needs
/// no bounds check.
// Inlined into both forms of `any_run` whatever the heuristics say: called,
// it cost Russian with emoji a quarter of its speed.
#[inline(always)]
fn any_utf8_8(units: &[u16; 8], out: &mut [u8; 35]) -> Option<(usize, usize)> {
    // Each unit's first two bytes, its third, its length, and whether it
    // breaks the pairing (a low surrogate exactly after each high one),
    // for the eight at once: loops over the lanes, which the compiler
    // makes vector code of where the target has it.
    let mask = |t: bool| 0u16.wrapping_sub(u16::from(t));
    let mut prev = [0u16; 8];
    prev[1..].copy_from_slice(&units[..7]);
    let (mut first, mut third, mut len, mut bad) = ([0u16; 8], [0u16; 8], [0u16; 8], [0u16; 8]);
    for k in 0..8 {
        let (u, p) = (units[k], prev[k]);
        let (m80, m800) = (mask(u >= 0x80), mask(u >= 0x800));
        let sur = mask(u & 0xF800 == 0xD800);
        let lo = sur & mask(u & 0x400 != 0);
        let t = (u & 0x3FF) + 0x40;
        let two = 0x80C0 | u >> 6 | (u & 0x3F) << 8;
        let three = 0x80E0 | u >> 12 | (u >> 6 & 0x3F) << 8;
        let hi = 0x80F0 | t >> 8 | (t >> 2 & 0x3F) << 8;
        let lo2 = 0x8080 | (p & 3) << 4 | (u >> 6 & 0xF) | (u & 0x3F) << 8;
        first[k] = (u & !m80)
            | (two & m80 & !m800)
            | (three & m800 & !sur)
            | (hi & sur & !lo)
            | (lo2 & lo);
        third[k] = 0x80 | u & 0x3F;
        // One byte, one more from 0x80 and from 0x800 up, but two for a
        // surrogate.
        len[k] = 1u16.wrapping_sub(m80).wrapping_sub(m800).wrapping_add(sur);
        bad[k] = lo ^ mask(p & 0xFC00 == 0xD800);
    }
    if bad.iter().fold(0, |a, &b| a | b) != 0 {
        return None;
    }
    // A high surrogate last waits for the next eight.
    let last = usize::from(units[7] & 0xFC00 == 0xD800);
    // Where each unit's bytes end: its length and those before it, lane by
    // lane (at most 24, so no lane carries), with none for a high surrogate
    // last. Each unit is one 4-byte store where the one before it ends,
    // none waiting on another.
    let mut bytes = [0; 16];
    for (b, l) in bytes.as_chunks_mut::<2>().0.iter_mut().zip(len) {
        *b = l.to_le_bytes();
    }
    let len = u128::from_le_bytes(bytes) - ((last as u128) << 113);
    let ends = len.wrapping_mul(0x0001_0001_0001_0001_0001_0001_0001_0001);
    let mut v = [0u32; 8];
    for k in 0..8 {
        v[k] = u32::from(first[k]) | u32::from(third[k]) << 16;
    }
    let starts = ends << 16;
    for (k, v) in v.iter().enumerate() {
        let at = (starts >> (16 * k)) as usize & 0x1F;
        out[at..at + 4].copy_from_slice(&v.to_le_bytes());
    }
    Some((8 - last, (ends >> 112) as usize))
}

/// Where one 2-byte character is, more follow, with ASCII between them
/// (Cyrillic, Greek, Hebrew, Arabic, and their spaces; Turkish, Polish,
/// Hungarian): from unit `i` and byte `at`, four units at a time while all
/// four are below 0x800 and they and the twelve after them are not all
/// ASCII; the new cursors. Leaving at the first four ASCII units, as it
/// did, sent Turkish back to the ASCII loop between most words: read once
/// it ran 1.33 → 1.61 GB/s ending at eight ASCII units, and 1.35 → 1.80
/// at sixteen (`scripts/ab_runtime.py --unseen`, 29 Nov). Not inlined: in
/// the loop of [`decode`] it cost text without 2-byte characters (English,
/// German) about 5 %.
#[inline(never)]
fn two_byte_run(src: &[u16], mut i: usize, dst: &mut [u8], mut at: usize) -> (usize, usize) {
    while i + 4 <= src.len()
        && let Some(out) = dst.get_mut(at..).and_then(<[u8]>::first_chunk_mut::<8>)
    {
        let w = units4(src, i);
        if w & rep16(0xF800) != 0
            || (w & NOT_ASCII16 == 0
                && (i + 16 > src.len()
                    || (units4(src, i + 4) | units4(src, i + 8) | units4(src, i + 12))
                        & NOT_ASCII16
                        == 0))
        {
            break;
        }
        at += two_byte_utf8_4(w, out);
        i += 4;
    }
    (i, at)
}

/// After a 3-byte character, characters of the BMP in any mix (Hangul or
/// Han beside ASCII and Cyrillic): from unit `i` and byte `at`, four units
/// at a time while none of the four is a surrogate and not all are ASCII;
/// the new cursors. Where eight are four pairs of an ASCII unit and a
/// 3-byte character (Chinese set with spaces, `必 須 為 唯`), they are
/// sixteen bytes computed in place from the two words: this took the
/// spaced half of the Traditional Chinese man pages from 0.90 to 1.57
/// GB/s. The branch is tested only where the four units are already known
/// to be mixed: the Japanese and Chinese texts ran within the harness's
/// noise of before, and the Korean man pages too where replayed, and read
/// once in windows of 8 KB at 0.91x to 1.02x (five runs; 28 Nov,
/// `scripts/ab_runtime.py`).
///
/// [`any_run`] takes such text too, eight units a step, but stays in its
/// loop through runs of 3-byte characters: called here instead, it ran the
/// Korean man pages 1.4x as fast and the Chinese corpus 0.8x; leaving its
/// loop at eight 3-byte characters, Korean 1.15x, Chinese 0.98x and the
/// emoji corpus 0.9x (28 Nov, in one program). So each has its place.
#[inline(never)]
fn bmp_run(src: &[u16], mut i: usize, dst: &mut [u8], mut at: usize) -> (usize, usize) {
    while i + 4 <= src.len()
        && let Some(out) = dst.get_mut(at..).and_then(<[u8]>::first_chunk_mut::<16>)
    {
        let w = units4(src, i);
        if !mixed_bmp(w) {
            break;
        }
        if spaced_pairs4(w)
            && i + 8 <= src.len()
            && let w1 = units4(src, i + 4)
            && spaced_pairs4(w1)
        {
            out[..8].copy_from_slice(&spaced_utf8_4(w).to_le_bytes());
            out[8..].copy_from_slice(&spaced_utf8_4(w1).to_le_bytes());
            i += 8;
            at += 16;
            continue;
        }
        let Some(out) = out.first_chunk_mut::<13>() else {
            break;
        };
        at += bmp_utf8_4(w, out);
        i += 4;
    }
    (i, at)
}

/// Whether the four units of `w` are two pairs of an ASCII unit and a
/// 3-byte character (Chinese set with spaces: `必 須`).
#[inline]
fn spaced_pairs4(w: u64) -> bool {
    const HAN: u64 = 0x8000_0000_8000_0000;
    let three = (((w & rep16(0xF800)) >> 1) + rep16(0x7C00)) & HAN;
    w & 0x0000_FF80_0000_FF80 == 0 && three == HAN && !has_surrogate(w)
}

/// The UTF-8 of [`spaced_pairs4`]'s units, eight bytes in the order a
/// little-endian store writes them: each pair `a, h` (bits `32j` up) to
/// `a`, `E0 | h >> 12`, `80 | h >> 6 & 3F`, `80 | h & 3F`, in place.
#[inline]
fn spaced_utf8_4(w: u64) -> u64 {
    const MARKS: u64 = 0x8080_E000_8080_E000;
    (w & 0x0000_007F_0000_007F)
        | (w >> 20) & 0x0000_0F00_0000_0F00
        | (w >> 6) & 0x003F_0000_003F_0000
        | (w << 8) & 0x3F00_0000_3F00_0000
        | MARKS
}

/// Whether the four units of `w` are [`bmp_run`]'s: no surrogate, a 3-byte
/// character, and not four of them (those are the CJK loop's; words with
/// none are the 2-byte words' or ASCII's).
#[inline]
fn mixed_bmp(w: u64) -> bool {
    // Bit 15 of the lanes from 0x800 up (below 0x10000, `top >> 1` plus
    // 0x7C00 carries into bit 15 exactly then, and never out of the lane).
    let three = (((w & rep16(0xF800)) >> 1) + rep16(0x7C00)) & rep16(0x8000);
    !has_surrogate(w) && three != 0 && three != rep16(0x8000)
}

/// Writes the UTF-8 of the four units of `w` (unit `k` in bits `16k` up,
/// none a surrogate) to `out` and returns its length: each unit by the
/// `const fn`'s [`put_bmp`], one 4-byte store chosen with no branch at a
/// cursor moved by its length (the last store ends at `out[12]` at most).
#[inline]
fn bmp_utf8_4(w: u64, out: &mut [u8; 13]) -> usize {
    let mut at = 0;
    for k in 0..4 {
        at = put_bmp(out, at, u32::from((w >> (16 * k)) as u16));
    }
    at
}

/// Writes the UTF-8 of the four units of `w` (unit `k` in bits `16k` up,
/// each below 0x800) to `out` and returns its length: each unit's one or
/// two bytes, worked out for the four at once, as one 2-byte store at the
/// cursor, which moves by their length without a branch (the next unit
/// overwrites a byte past an ASCII one). Text that switches between ASCII
/// and 2-byte characters every few units, as words and spaces do, took
/// about one mispredicted branch a word one unit at a time.
#[inline]
fn two_byte_utf8_4(w: u64, out: &mut [u8; 8]) -> usize {
    // Each lane's two bytes, `110xxxxx 10xxxxxx`.
    let two = rep16(0x80C0) | (w >> 6) & rep16(0x1F) | (w & rep16(0x3F)) << 8;
    // Bit 0 of each lane set for 0x80 and up (below 0x800, adding 0x7F80
    // carries into bit 15 exactly then, and never out of the lane); then
    // those lanes all ones.
    let high = (w + rep16(0x7F80)) >> 15 & rep16(1);
    let m = high * 0xFFFF;
    let units = two & m | w & !m;
    let mut at = 0;
    for k in 0..4 {
        let c = (units >> (16 * k)) as u16;
        out[at.min(6)..][..2].copy_from_slice(&c.to_le_bytes());
        at += 1 + (high >> (16 * k) & 1) as usize;
    }
    at
}

/// Writes the UTF-8 of the four units of `w` (unit `k` in bits `16k` up)
/// to `out[..12]` if each is a character of three bytes of UTF-8
/// (`0800..=FFFF` but for the surrogates) and says whether they were; each
/// character is one 4-byte store, whose last byte the next one overwrites
/// (the last one's is `out[12]`, past the twelve).
#[inline]
fn three_byte_utf8_4(w: u64, out: &mut [u8; 13]) -> bool {
    let mut all = true;
    for k in 0..4 {
        let top = (w >> (16 * k)) as u16 & 0xF800;
        all &= top != 0 && top != 0xD800;
    }
    if all {
        for k in 0..4 {
            let u = u32::from((w >> (16 * k)) as u16);
            let c = 0x0080_80E0 | u >> 12 | (u >> 6 & 0x3F) << 8 | (u & 0x3F) << 16;
            out[3 * k..3 * k + 4].copy_from_slice(&c.to_le_bytes());
        }
    }
    all
}

/// UTF-16 bytes (`BE` or little-endian) to UTF-8; `None` if ill-formed (an
/// odd last byte included) or `dst` is too short.
///
/// Blocks of 256 units are read into an array on the stack, in one loop
/// the compiler turns into vector loads (and byte swaps for the order that
/// is not the target's), and go through the loop of [`decode`] as native
/// units: reading each unit from its two bytes in that loop was about half
/// as fast. A block does not end between a high surrogate and its low one.
/// The plan ([`short_runs`]) is made once, from samples of the whole text:
/// made for each block, as [`decode`] would, it cost 5 % to 20 % of the
/// speed (the Korean man pages 1.41 → 1.19 GB/s, English 2.54 → 2.04; 28
/// Nov).
#[inline]
pub(crate) fn decode_bytes<const BE: bool>(bytes: &[u8], dst: &mut [u8]) -> Option<usize> {
    const BLOCK: usize = 256;
    let (pairs, odd) = bytes.as_chunks::<2>();
    if !odd.is_empty() {
        return None;
    }
    let unit = |pair: &[u8; 2]| {
        if BE {
            u16::from_be_bytes(*pair)
        } else {
            u16::from_le_bytes(*pair)
        }
    };
    let runs = runs_of(pairs, unit);
    let mut units = [0u16; BLOCK];
    let mut at = 0;
    let mut i = 0;
    while i < pairs.len() {
        let n = (pairs.len() - i).min(BLOCK);
        for (u, pair) in units[..n].iter_mut().zip(&pairs[i..]) {
            *u = unit(pair);
        }
        // A high surrogate last, with units after the block, starts the
        // next block.
        let m = if i + n < pairs.len() && units[n - 1] & 0xFC00 == 0xD800 {
            n - 1
        } else {
            n
        };
        at += decode_by(runs, &units[..m], dst.get_mut(at..)?)?;
        i += m;
    }
    Some(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `plan` against std on `words` after 0..40 ASCII bytes (so every
    /// window starts at every place of a character), with a character of
    /// `odds` (or none) at every place of the first 100 bytes: windows
    /// without it, and windows that take it, into the room the text needs
    /// and more, and one unit less.
    fn windows_against_std(plan: Plan, words: &str, odds: &[&str]) {
        for p in 0..40 {
            let base = "a".repeat(p) + words;
            assert!(base.len() >= MIN_SPLIT);
            for odd in [""].iter().chain(odds) {
                for at in (0..100).filter(|&k| base.is_char_boundary(k)) {
                    let text = std::format!("{}{odd}{}", &base[..at], &base[at..]);
                    let want: std::vec::Vec<u16> = text.encode_utf16().collect();
                    for room in [want.len(), want.len() + 1, want.len() + 40] {
                        let mut out = std::vec![0xA5A5; room];
                        let got = encode_units_with(plan, &text, &mut out);
                        assert_eq!(got, Some(want.len()), "{p} {odd} {at} {room}");
                        assert_eq!(out[..want.len()], want[..], "{p} {odd} {at} {room}");
                    }
                    let mut out = std::vec![0; want.len() - 1];
                    assert_eq!(encode_units_with(plan, &text, &mut out), None);
                }
            }
        }
    }

    #[test]
    fn lane_windows_against_std() {
        // Korean words between spaces; the odd characters send their
        // windows a character at a time.
        let words = "이 명령은 네 가지 정보를 보여 줍니다. 각 정보는 바꿀 수 있습니다.\n".repeat(4);
        windows_against_std(Plan::ShortRuns, &words, &["é", "·", "😀", "Ж\u{FFFF}"]);
    }

    #[test]
    fn any_windows_against_std() {
        // English, Russian, Chinese and emoji words between spaces: a 4-byte
        // character's lead on a window's last byte among the places.
        let words = "chat 😀 привет 你好 ok 🎉🎉 да ü 說 x 𝄞\n".repeat(8);
        let odds = ["é", "·", "😀", "Ж\u{FFFF}", "\u{10FFFF}", "\u{10000}"];
        windows_against_std(Plan::AnyWindows, &words, &odds);
    }

    #[test]
    fn mixed_words_every_unit_at_every_place() {
        // Every unit at each place of a word of others of each kind: the
        // test of the mixed words says what the units are, and where it
        // says yes, the bytes are the ones std writes.
        let others = [
            0x41u16, 0x00, 0x7F, 0x80, 0x7FF, 0x800, 0xAC00, 0xFFFF, 0xD800, 0xDFFF,
        ];
        for place in 0..4 {
            for &other in &others {
                for u in 0..=0xFFFFu16 {
                    let mut units = [other; 4];
                    units[place] = u;
                    let w = units4(&units, 0);
                    let surrogate = units.iter().any(|&x| (0xD800..0xE000).contains(&x));
                    let threes = units.iter().filter(|&&x| x >= 0x800).count();
                    assert_eq!(
                        mixed_bmp(w),
                        !surrogate && threes > 0 && threes < 4,
                        "{units:04X?}"
                    );
                    if surrogate {
                        continue;
                    }
                    let want: std::string::String = units
                        .iter()
                        .map(|&x| char::from_u32(u32::from(x)).unwrap())
                        .collect();
                    let mut out = [0u8; 13];
                    let n = bmp_utf8_4(w, &mut out);
                    assert_eq!(&out[..n], want.as_bytes(), "{units:04X?}");
                }
            }
        }
    }

    #[test]
    fn plan_for_emoji_amid_words() {
        // Emoji between words of every script take the lanes; English with
        // an emoji now and then, the steps, whose runs of ASCII are faster.
        let chat = "lol 😀 привет 你好 ok 🎉 да, see you 說 x\n";
        let english = std::format!(
            "{}😀 ",
            "the quick brown fox jumps over a lazy dog ".repeat(6)
        );
        // An emoji after each Han character, the steps that take such
        // pairs; emoji alone, the steps, four 4-byte characters a turn.
        let han = "搜😫索🌮手🚀册🍪页🐻名😫称😳和🤭描😗述😗。👋\n";
        // An emoji after each Cyrillic letter, the same steps.
        let letters = "п👇о😐и😠с😰к🥶 в💫 и🐵м🤨е🤩н🍟а😥х💛 с😜п🤚р🙂а🔥в😂\n";
        let emoji = "😀😃😄😁😆😅😂🤣😊😇🙂🙃😉😌😍🥰😘😗😙😚\n";
        for len in [1_000, 5_000, 40_000] {
            let text = |line: &str| line.repeat(len / line.len() + 1);
            assert!(
                matches!(plan(text(chat).as_bytes()), Plan::AnyWindows),
                "{len}"
            );
            assert!(matches!(plan(text(han).as_bytes()), Plan::Pairs), "{len}");
            assert!(
                matches!(plan(text(letters).as_bytes()), Plan::Pairs),
                "{len}"
            );
            assert!(
                matches!(plan(text(emoji).as_bytes()), Plan::TwoByteParts),
                "{len}"
            );
            assert!(
                matches!(plan(text(&english).as_bytes()), Plan::TwoByteParts),
                "{len}"
            );
        }
    }

    #[test]
    fn plans_for_spaced_and_short_runs() {
        let spaced_line = "是 用 來 改 變 你 的 finger 訊 息 。 訊 息 是 存 放 在\n";
        let usual_line =
            "此命令會顯示四段訊息，這些訊息均可藉由 chfn 命令逐一改變，或在互動模式下逐欄輸入。\n";
        let korean_line = "이 명령은 네 가지 정보를 보여 줍니다. 각 정보는 바꿀 수 있습니다.\n";
        for len in [256, 1_000, 5_000, 40_000] {
            let text = |line: &str| line.repeat(len / line.len() + 1);
            let plan_of = |line: &str| plan(text(line).as_bytes());
            assert!(matches!(plan_of(spaced_line), Plan::SpacedParts));
            assert!(matches!(plan_of(korean_line), Plan::ShortRuns));
            assert!(!matches!(plan_of(usual_line), Plan::SpacedParts));
            // Half the text set with spaces is enough.
            let half = text(usual_line) + &text(spaced_line);
            assert!(matches!(plan(half.as_bytes()), Plan::SpacedParts), "{len}");
            // The same texts as UTF-16: only the Korean one takes the short
            // runs' way (text under 256 units none).
            let units = |t: &str| t.encode_utf16().collect::<std::vec::Vec<u16>>();
            let korean = units(&text(korean_line));
            assert_eq!(short_runs(&korean), korean.len() >= MIN_SPLIT, "{len}");
            for t in [text(spaced_line), text(usual_line), half.clone()] {
                assert!(!short_runs(&units(&t)), "{len}");
            }
            // The bytes kernel's plan, from its bytes in either order, is
            // the units'.
            for t in [text(korean_line), text(spaced_line), text(usual_line), half] {
                let u = units(&t);
                let le: std::vec::Vec<[u8; 2]> = u.iter().map(|x| x.to_le_bytes()).collect();
                let be: std::vec::Vec<[u8; 2]> = u.iter().map(|x| x.to_be_bytes()).collect();
                assert_eq!(
                    short_runs_of(&le, |p| u16::from_le_bytes(*p)),
                    short_runs(&u)
                );
                assert_eq!(
                    short_runs_of(&be, |p| u16::from_be_bytes(*p)),
                    short_runs(&u)
                );
            }
        }
    }

    #[test]
    fn plan_of_japanese_at_every_offset() {
        // Japanese set the usual way: long runs of 3-byte characters, an
        // ASCII byte before one about once in 50 bytes (as in the Japanese
        // man pages), but twice within four bytes (`)。` and a new line):
        // the parts, not the short runs' plan, wherever the text starts.
        // Four samples of 32 bytes saw four switches or more at 4 and 6 of
        // its 38 offsets (20 and 100 KB) and chose the short runs' plan
        // there; sixteen see 9 to 12, fewer than one a sample, and more
        // than one in four samples.
        let line = "このコマンドは、ユーザーのログイン名と本名、端末名を表示します (-l)。\n";
        let text = line.repeat(100_000 / line.len() + 2);
        for len in [20_000, 100_000] {
            for start in (0..line.len()).filter(|&i| line.is_char_boundary(i)) {
                let t = &text.as_bytes()[start..start + len];
                assert!(matches!(plan(t), Plan::TwoByteParts), "{len} {start}");
            }
        }
    }

    #[test]
    fn spaced_words_every_unit_at_every_place() {
        // Every unit at each place of two pairs of an ASCII unit and a
        // 3-byte character, of two kinds: the test says whether they are
        // such pairs, and where it says yes, the bytes are the ones std
        // writes.
        for base in [[0x20u16, 0x4E2D, 0x61, 0x6587], [0x00, 0x800, 0x7F, 0xFFFF]] {
            for place in 0..4 {
                for u in 0..=0xFFFFu16 {
                    let mut units = base;
                    units[place] = u;
                    let w = units4(&units, 0);
                    let fits = if place % 2 == 0 {
                        u < 0x80
                    } else {
                        u >= 0x800 && !(0xD800..0xE000).contains(&u)
                    };
                    assert_eq!(spaced_pairs4(w), fits, "{units:04X?}");
                    if fits {
                        let want = std::string::String::from_utf16(&units).unwrap();
                        let out = spaced_utf8_4(w).to_le_bytes();
                        assert_eq!(&out[..], want.as_bytes(), "{units:04X?}");
                    }
                }
            }
        }
    }

    #[test]
    fn decode_ascii_runs_between_characters() {
        // Runs of 0 to 20 ASCII units between characters of each length,
        // after 0 to 15 of them, and after the last character none, a few
        // or a long run (so that the ASCII loop ends at each unit of its
        // eight, and the loop of 2-byte characters at each length of run
        // it passes): the bytes std writes, into the room they need and
        // more, and `None` into one byte less; with an unpaired surrogate
        // last, `None`.
        let chars = ["é", "ı", "߿", "中", "—", "😀"];
        for lead in 0..16 {
            for gap in 0..=20 {
                for (a, b) in chars.iter().flat_map(|a| chars.iter().map(move |b| (a, b))) {
                    for tail in [0, 3, 30] {
                        let text = std::format!(
                            "{}{a}{}{b}{}{a}",
                            "x".repeat(lead),
                            "y".repeat(gap),
                            "z".repeat(tail)
                        );
                        let units: std::vec::Vec<u16> = text.encode_utf16().collect();
                        let want = text.as_bytes();
                        for room in [want.len(), want.len() + 1, want.len() + 8] {
                            let mut out = std::vec![0xA5; room];
                            let got = decode(&units, &mut out);
                            assert_eq!(got, Some(want.len()), "{text:?} {room}");
                            assert_eq!(&out[..want.len()], want, "{text:?} {room}");
                        }
                        let mut out = std::vec![0; want.len() - 1];
                        assert_eq!(decode(&units, &mut out), None, "{text:?}");
                        let mut odd = units.clone();
                        odd.push(0xD800);
                        let mut out = std::vec![0; 3 * odd.len()];
                        assert_eq!(decode(&odd, &mut out), None, "{text:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn two_byte_words_every_unit_at_every_place() {
        // Every unit below 0x800 at each place of a word of others of both
        // kinds (ASCII, 2-byte, the edges): the bytes std writes for the
        // four characters, and their length.
        let others = [0x41u16, 0x7F, 0x80, 0x44F, 0x7FF, 0x00];
        for place in 0..4 {
            for &other in &others {
                for u in 0..0x800u16 {
                    let mut units = [other; 4];
                    units[place] = u;
                    let want: std::string::String = units
                        .iter()
                        .map(|&x| char::from_u32(u32::from(x)).unwrap())
                        .collect();
                    let mut out = [0u8; 8];
                    let n = two_byte_utf8_4(units4(&units, 0), &mut out);
                    assert_eq!(&out[..n], want.as_bytes(), "{units:04X?}");
                }
            }
        }
    }

    /// What [`any_utf8_8`] must say of `units`: as std decodes them, but a
    /// high surrogate last is left for the next eight.
    fn any_want(units: [u16; 8]) -> Option<(usize, std::string::String)> {
        let take = if (0xD800..0xDC00).contains(&units[7]) {
            7
        } else {
            8
        };
        Some((take, std::string::String::from_utf16(&units[..take]).ok()?))
    }

    #[test]
    fn any_words_every_unit_at_every_place() {
        // Every unit at each place of eight others of each kind, the halves
        // of surrogate pairs among them: whether the units are taken, how
        // many, and the bytes std writes for them.
        let others = [
            0x41u16, 0x00, 0x7F, 0x80, 0x7FF, 0x800, 0xAC00, 0xFFFF, 0xD800, 0xDBFF, 0xDC00,
            0xDFFF, 0xD83D,
        ];
        for place in 0..8 {
            for &other in &others {
                // (Under an emulator every 7th unit.)
                for u in crate::simd::test_support::sample(0..=0xFFFFu16, 49) {
                    let mut units = [other; 8];
                    units[place] = u;
                    let mut out = [0u8; 35];
                    let got = any_utf8_8(&units, &mut out);
                    let want = any_want(units);
                    assert_eq!(got.map(|g| g.0), want.as_ref().map(|w| w.0), "{units:04X?}");
                    if let (Some((_, n)), Some((_, s))) = (got, want) {
                        assert_eq!(&out[..n], s.as_bytes(), "{units:04X?}");
                    }
                }
            }
        }
    }

    #[test]
    fn any_words_every_surrogate_pair_at_every_place() {
        // Every supplementary character at each place a pair can take in
        // eight units, beside ASCII, 2-byte and 3-byte characters.
        let fills = [0x41, 0x44F, 0xAC00, 0x20, 0x7FF, 0x800, 0x80, 0xFFFF];
        // (Under an emulator every 7th high surrogate.)
        for hi in crate::simd::test_support::sample(0xD800..0xDC00u16, 49) {
            for lo in 0xDC00..0xE000u16 {
                for (k, &fill) in fills.iter().enumerate() {
                    let mut units = [fill; 8];
                    units[k] = hi;
                    if k < 7 {
                        units[k + 1] = lo;
                    }
                    let mut out = [0u8; 35];
                    let got = any_utf8_8(&units, &mut out);
                    let (take, s) = any_want(units).unwrap();
                    assert_eq!(got.map(|g| g.0), Some(take), "{units:04X?}");
                    assert_eq!(&out[..got.unwrap().1], s.as_bytes(), "{units:04X?}");
                }
            }
        }
    }
}
