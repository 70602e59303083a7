//! The bare-word options after the text: `nul`, `cstr`, `bom`, and the
//! length prefixes `len_u8`, `len_u16le`, `len_u16be`, `len_u32le`,
//! `len_u32be`.
//!
//! A leaf of the crate: it records the words and says what is wrong with
//! them ([`Rejected`]); `parse` words the error.

use litenc_runtime::LenPrefix;
use proc_macro2::{Ident, Span};

/// Which options were given, each with the span of its word.
#[derive(Default)]
pub(crate) struct Options {
    /// Append one zero code unit.
    pub(crate) nul: Option<Span>,
    /// Yield a `&'static CStr` (implies the terminator).
    pub(crate) cstr: Option<Span>,
    /// Prepend the encoding's byte-order mark.
    pub(crate) bom: Option<Span>,
    /// Prepend a length prefix counting the bytes after it.
    pub(crate) len: Option<(LenPrefix, Span)>,
}

/// Why [`Options::add`] refused a word.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Rejected {
    /// The word is not an option.
    Unknown,
    /// The option was given already.
    Twice,
    /// `nul` together with `cstr`, which terminates already; the span is
    /// that of `nul`.
    NulWithCstr(Span),
    /// A second, different, length prefix.
    SecondPrefix(LenPrefix),
    /// A length prefix together with `cstr`; the span is the prefix's.
    PrefixWithCstr(Span),
}

impl Options {
    /// Whether `word` is an option name at all.
    pub(crate) fn is_option(word: &Ident) -> bool {
        word == "nul" || word == "cstr" || word == "bom" || prefix_of(word).is_some()
    }

    /// Records the option `word`: an unknown word, or one given twice, is
    /// refused.
    pub(crate) fn add(&mut self, word: &Ident) -> Result<(), Rejected> {
        if let Some(prefix) = prefix_of(word) {
            if let Some((first, _)) = self.len {
                return Err(if first == prefix {
                    Rejected::Twice
                } else {
                    Rejected::SecondPrefix(first)
                });
            }
            self.len = Some((prefix, word.span()));
            if self.cstr.is_some() {
                return Err(Rejected::PrefixWithCstr(word.span()));
            }
            return Ok(());
        }
        let slot = if word == "nul" {
            &mut self.nul
        } else if word == "cstr" {
            &mut self.cstr
        } else if word == "bom" {
            &mut self.bom
        } else {
            return Err(Rejected::Unknown);
        };
        if slot.is_some() {
            return Err(Rejected::Twice);
        }
        *slot = Some(word.span());
        if let (Some(_), Some(nul)) = (self.cstr, self.nul) {
            return Err(Rejected::NulWithCstr(nul));
        }
        if let (Some(_), Some((_, len))) = (self.cstr, self.len) {
            return Err(Rejected::PrefixWithCstr(len));
        }
        Ok(())
    }

    /// The span of the first option given, if any.
    pub(crate) fn first(&self) -> Option<Span> {
        [
            self.nul,
            self.cstr,
            self.bom,
            self.len.map(|(_, span)| span),
        ]
        .into_iter()
        .flatten()
        .next()
    }

    /// Whether the output ends with a zero unit.
    pub(crate) fn terminated(&self) -> bool {
        self.nul.is_some() || self.cstr.is_some()
    }
}

/// The length prefix an option word names, if it names one.
fn prefix_of(word: &Ident) -> Option<LenPrefix> {
    LenPrefix::for_option_name(&word.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(name: &str) -> Ident {
        Ident::new(name, Span::call_site())
    }

    #[test]
    fn each_option_once() {
        let mut options = Options::default();
        assert!(options.add(&word("bom")).is_ok());
        assert!(options.add(&word("nul")).is_ok());
        assert!(options.bom.is_some() && options.nul.is_some() && options.cstr.is_none());
        assert!(options.terminated());
        assert!(matches!(options.add(&word("bom")), Err(Rejected::Twice)));
        assert!(matches!(options.add(&word("zero")), Err(Rejected::Unknown)));
        assert!(!Options::is_option(&word("zero")));
    }

    #[test]
    fn one_length_prefix_and_not_with_cstr() {
        let mut options = Options::default();
        assert!(Options::is_option(&word("len_u16be")));
        assert!(!Options::is_option(&word("len_u64")));
        assert!(options.add(&word("len_u16be")).is_ok());
        assert!(matches!(options.len, Some((LenPrefix::U16Be, _))));
        assert!(matches!(
            options.add(&word("len_u16be")),
            Err(Rejected::Twice)
        ));
        assert!(matches!(
            options.add(&word("len_u8")),
            Err(Rejected::SecondPrefix(LenPrefix::U16Be))
        ));
        for (first, second) in [("len_u8", "cstr"), ("cstr", "len_u32le")] {
            let mut options = Options::default();
            assert!(options.add(&word(first)).is_ok());
            assert!(matches!(
                options.add(&word(second)),
                Err(Rejected::PrefixWithCstr(_))
            ));
        }
    }

    #[test]
    fn nul_with_cstr_either_way() {
        for (first, second) in [("nul", "cstr"), ("cstr", "nul")] {
            let mut options = Options::default();
            assert!(options.add(&word(first)).is_ok());
            assert!(matches!(
                options.add(&word(second)),
                Err(Rejected::NulWithCstr(_))
            ));
        }
    }
}
