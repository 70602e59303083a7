//! The bare-word options after the text: `nul`, `cstr`, `bom`.

use proc_macro2::{Ident, Span};

use crate::diagnostics;

/// The option words, as the messages list them.
pub(crate) const NAMES: &str = "`nul`, `cstr` or `bom`";

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

impl Options {
    /// Whether `word` is an option name at all.
    pub(crate) fn is_option(word: &Ident) -> bool {
        word == "nul" || word == "cstr" || word == "bom"
    }

    /// Records the option `word`: an unknown word, or one given twice, is
    /// an error.
    pub(crate) fn add(&mut self, word: &Ident) -> syn::Result<()> {
        let slot = if word == "nul" {
            &mut self.nul
        } else if word == "cstr" {
            &mut self.cstr
        } else if word == "bom" {
            &mut self.bom
        } else {
            return Err(diagnostics::unknown_option(word));
        };
        if slot.is_some() {
            return Err(diagnostics::duplicate_option(word));
        }
        *slot = Some(word.span());
        if let (Some(_), Some(nul)) = (self.cstr, self.nul) {
            return Err(diagnostics::nul_with_cstr(nul));
        }
        Ok(())
    }

    /// Whether the output ends with a zero unit.
    pub(crate) fn terminated(&self) -> bool {
        self.nul.is_some() || self.cstr.is_some()
    }
}
