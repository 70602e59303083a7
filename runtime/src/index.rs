//! The form of the indexes of the multi-byte encodings (Chinese, Japanese,
//! Korean), generated into `tables/` by `cargo run -p xtask -- gen-tables`
//! from the WHATWG index files, one file per index.
//!
//! A decoder reads an index as a plain array: the code point of each
//! pointer, 0 where the index has none (no index maps a pointer to U+0000).
//! An encoder needs the other direction, the pointer of a code point, which
//! [`PointerMap`] keeps in a compact two-level form that a `const fn` can
//! read without a search:
//!
//! - code points come in pages of 4096 (`cp >> 12`); `pages` gives each
//!   page a row (row 0 is empty and shared by every page without a mapped
//!   code point);
//! - a row has 64 blocks of 64 code points; block `k` of the whole map has a
//!   bit set of its mapped code points (`bits[k]`) and the number of mapped
//!   code points before it (`base[k]`);
//! - the pointers themselves are one array in code point order, so the
//!   pointer of `cp` is `pointers[base[k] + (bits[k] & below).count_ones()]`,
//!   where `below` are the bits of the code points before `cp` in its block.
//!
//! That is 2 bytes per mapped code point and 10 bytes per block of a used
//! page: index jis0208's 7,326 code points take 21 KB, where a plain
//! two-level table of `u16` (a row of 64 pointers per used block) would take
//! 46 KB, its kanji being sparse in their blocks; index gb18030's 23,939,
//! which fill theirs, take 55 KB (56 KB). A look-up costs one
//! `count_ones`.

/// The bytes of a generated binary table (`include_bytes!` in the index
/// files), or none on a 16-bit target. There no object may be larger than
/// 32 KiB, as several of these tables are, and the crate does not build with
/// `cjk` anyway (the crate root says so with `compile_error!`): without this,
/// the compiler would fail first on the tables' sizes, and then crash.
macro_rules! table_bytes {
    ($bytes:expr) => {{
        #[cfg(not(target_pointer_width = "16"))]
        let bytes: &'static [u8] = $bytes;
        #[cfg(target_pointer_width = "16")]
        let bytes: &'static [u8] = &[];
        bytes
    }};
}
pub(crate) use table_bytes;

/// The pointer of each code point of an index; see the module docs.
///
/// The blocks and pointers are little-endian bytes, as the generator writes
/// them to a binary file that the index file takes in with `include_bytes!`
/// (one token for the compiler, where arrays of integer literals cost every
/// build of the runtime tens of milliseconds each).
pub(crate) struct PointerMap {
    /// The row of each page of 4096 code points; 0 for none.
    pages: &'static [u8],
    /// The mapped code points of each block of 64, as a bit set.
    bits: &'static [[u8; 8]],
    /// The number of mapped code points before each block.
    base: &'static [[u8; 2]],
    /// The pointers, in code point order.
    pointers: &'static [[u8; 2]],
}

impl PointerMap {
    /// The map of `pages` and of `bytes`: the bit sets of its `blocks`
    /// blocks, their bases, then the pointers (little-endian).
    #[inline]
    pub(crate) const fn new(pages: &'static [u8], blocks: usize, bytes: &'static [u8]) -> Self {
        if bytes.is_empty() {
            // A 16-bit target, where `table_bytes!` leaves the tables out:
            // the crate does not build there with them (see the macro).
            return PointerMap {
                pages,
                bits: &[],
                base: &[],
                pointers: &[],
            };
        }
        let (bits, rest) = bytes.split_at(8 * blocks);
        let (base, pointers) = rest.split_at(2 * blocks);
        PointerMap {
            pages,
            bits: bits.as_chunks::<8>().0,
            base: base.as_chunks::<2>().0,
            pointers: pointers.as_chunks::<2>().0,
        }
    }

    /// The pointer of `cp`, or `None` if the index does not have it.
    #[inline]
    pub(crate) const fn get(&self, cp: u32) -> Option<u16> {
        let page = (cp >> 12) as usize;
        if page >= self.pages.len() {
            return None;
        }
        let k = self.pages[page] as usize * 64 + ((cp >> 6) & 63) as usize;
        let bits = u64::from_le_bytes(self.bits[k]);
        let bit = 1u64 << (cp & 63);
        if bits & bit == 0 {
            return None;
        }
        let rank = (bits & (bit - 1)).count_ones() as usize;
        let at = u16::from_le_bytes(self.base[k]) as usize + rank;
        Some(u16::from_le_bytes(self.pointers[at]))
    }
}
