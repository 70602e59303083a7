//! The bare-word options after the text: `nul`, `cstr`, `bom`.
//!
//! A leaf of the crate: it records the words and says what is wrong with
//! them ([`Rejected`]); `parse` words the error.

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
}

impl Options {
    /// Whether `word` is an option name at all.
    pub(crate) fn is_option(word: &Ident) -> bool {
        word == "nul" || word == "cstr" || word == "bom"
    }

    /// Records the option `word`: an unknown word, or one given twice, is
    /// refused.
    pub(crate) fn add(&mut self, word: &Ident) -> Result<(), Rejected> {
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
        Ok(())
    }

    /// Whether the output ends with a zero unit.
    pub(crate) fn terminated(&self) -> bool {
        self.nul.is_some() || self.cstr.is_some()
    }
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
