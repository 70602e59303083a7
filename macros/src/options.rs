//! The bare-word options after the text: `nul`, `bom`, the length
//! prefixes `len_u8`, `len_u16le`, `len_u16be`, `len_u32le`, `len_u32be`,
//! and the typed strings (`cstr`, `jnistr`, `pcstr`, `pcwstr`, `u16cstr`,
//! `u32cstr`), of which a macro takes one.
//!
//! A leaf of the crate: it records the words and says what is wrong with
//! them ([`Rejected`]); `parse` words the error.

use litenc_runtime::LenPrefix;
use proc_macro2::{Ident, Span};

/// A typed string an option asks for in place of the array: a reference
/// or pointer type of `core` or of an FFI crate, always NUL-terminated.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Typed {
    /// `cstr`: `&'static CStr`, from the byte encodings.
    CStr,
    /// `jnistr`: the `jni` crate's `&'static JNIStr`, from MUTF-8.
    JniStr,
    /// `pcstr`: the `windows-strings` crate's `PCSTR`, from the byte
    /// encodings.
    Pcstr,
    /// `pcwstr`: the `windows-strings` crate's `PCWSTR`, from UTF-16 units.
    Pcwstr,
    /// `u16cstr`: the `widestring` crate's `&'static U16CStr`.
    U16CStr,
    /// `u32cstr`: the `widestring` crate's `&'static U32CStr`.
    U32CStr,
}

impl Typed {
    /// Every typed string, in the order the messages list them.
    pub(crate) const ALL: [Typed; 6] = [
        Typed::CStr,
        Typed::JniStr,
        Typed::Pcstr,
        Typed::Pcwstr,
        Typed::U16CStr,
        Typed::U32CStr,
    ];

    /// The option word.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Typed::CStr => "cstr",
            Typed::JniStr => "jnistr",
            Typed::Pcstr => "pcstr",
            Typed::Pcwstr => "pcwstr",
            Typed::U16CStr => "u16cstr",
            Typed::U32CStr => "u32cstr",
        }
    }

    /// The typed string the option word names, if it names one.
    pub(crate) fn for_word(word: &Ident) -> Option<Typed> {
        Typed::ALL.into_iter().find(|typed| word == typed.word())
    }

    /// The type, as the messages write it.
    pub(crate) fn type_name(self) -> &'static str {
        match self {
            Typed::CStr => "&CStr",
            Typed::JniStr => "&JNIStr",
            Typed::Pcstr => "PCSTR",
            Typed::Pcwstr => "PCWSTR",
            Typed::U16CStr => "&U16CStr",
            Typed::U32CStr => "&U32CStr",
        }
    }

    /// What the type holds, for messages.
    pub(crate) fn holds(self) -> &'static str {
        match self {
            Typed::CStr | Typed::Pcstr => "bytes",
            Typed::JniStr => "Java's modified UTF-8",
            Typed::Pcwstr | Typed::U16CStr => "UTF-16 code units",
            Typed::U32CStr => "UTF-32 code units",
        }
    }

    /// A macro call that makes the type, for the help lines.
    pub(crate) fn example(self) -> &'static str {
        match self {
            Typed::CStr => "utf8!(\"text\", cstr)",
            Typed::JniStr => "mutf8!(\"text\", jnistr)",
            Typed::Pcstr => "utf8!(\"text\", pcstr)",
            Typed::Pcwstr => "utf16!(\"text\", pcwstr)",
            Typed::U16CStr => "utf16!(\"text\", u16cstr)",
            Typed::U32CStr => "utf32!(\"text\", u32cstr)",
        }
    }

    /// Whether the type points to bytes (rather than to 16- or 32-bit
    /// units).
    pub(crate) fn is_bytes(self) -> bool {
        matches!(self, Typed::CStr | Typed::JniStr | Typed::Pcstr)
    }

    /// The macro name the facade defines for this type (`jnistr` gives
    /// `__litenc_jnistr`): it builds the value when the facade has the
    /// type's feature, and is a compile error naming the feature when it
    /// has not. `None` for `&CStr`, which is `core`'s.
    pub(crate) fn facade_macro(self) -> Option<&'static str> {
        match self {
            Typed::CStr => None,
            Typed::JniStr => Some("__litenc_jnistr"),
            Typed::Pcstr => Some("__litenc_pcstr"),
            Typed::Pcwstr => Some("__litenc_pcwstr"),
            Typed::U16CStr => Some("__litenc_u16cstr"),
            Typed::U32CStr => Some("__litenc_u32cstr"),
        }
    }
}

/// Which options were given, each with the span of its word.
#[derive(Default)]
pub(crate) struct Options {
    /// Append one zero code unit.
    pub(crate) nul: Option<Span>,
    /// Yield a typed string (implies the terminator).
    pub(crate) typed: Option<(Typed, Span)>,
    /// Prepend the encoding's byte-order mark.
    pub(crate) bom: Option<Span>,
    /// Prepend a length prefix counting the bytes after it.
    pub(crate) len: Option<(LenPrefix, Span)>,
    /// GSM 03.38 only: pack the septets into octets.
    pub(crate) packed: Option<Span>,
    /// `width = N`: pad the whole array (mark, prefix, text, terminator)
    /// to exactly `N` bytes or units.
    pub(crate) width: Option<(usize, Span)>,
    /// `pad = B`: the byte (or unit) to pad with, in place of the space.
    pub(crate) pad: Option<(u32, Span)>,
}

/// Why [`Options::add`] refused a word.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Rejected {
    /// The word is not an option.
    Unknown,
    /// The option was given already.
    Twice,
    /// `nul` together with a typed string, which terminates already; the
    /// span is that of `nul`.
    NulWithTyped(Typed, Span),
    /// A second, different, length prefix.
    SecondPrefix(LenPrefix),
    /// A second, different, typed string, after this one.
    SecondTyped(Typed),
    /// A length prefix together with a typed string; the span is the
    /// prefix's.
    PrefixWithTyped(Typed, Span),
}

impl Options {
    /// Whether `word` is an option name at all.
    pub(crate) fn is_option(word: &Ident) -> bool {
        word == "nul"
            || word == "bom"
            || word == "packed"
            || prefix_of(word).is_some()
            || Typed::for_word(word).is_some()
    }

    /// Records the option `word`: an unknown word, or one given twice, is
    /// refused, and so are options that contradict each other.
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
        } else if let Some(typed) = Typed::for_word(word) {
            if let Some((first, _)) = self.typed {
                return Err(if first == typed {
                    Rejected::Twice
                } else {
                    Rejected::SecondTyped(first)
                });
            }
            self.typed = Some((typed, word.span()));
        } else {
            let slot = if word == "nul" {
                &mut self.nul
            } else if word == "bom" {
                &mut self.bom
            } else if word == "packed" {
                &mut self.packed
            } else {
                return Err(Rejected::Unknown);
            };
            if slot.is_some() {
                return Err(Rejected::Twice);
            }
            *slot = Some(word.span());
        }
        if let (Some((typed, _)), Some(nul)) = (self.typed, self.nul) {
            return Err(Rejected::NulWithTyped(typed, nul));
        }
        if let (Some((typed, _)), Some((_, len))) = (self.typed, self.len) {
            return Err(Rejected::PrefixWithTyped(typed, len));
        }
        Ok(())
    }

    /// Whether `word` names an option with a value (`width = N`, `pad = B`).
    pub(crate) fn is_keyed(word: &Ident) -> bool {
        word == "width" || word == "pad"
    }

    /// Records `word = value` (`word` one of [`is_keyed`](Self::is_keyed));
    /// `span` is the whole option's.
    pub(crate) fn add_keyed(
        &mut self,
        word: &Ident,
        value: u64,
        span: Span,
    ) -> Result<(), Rejected> {
        if word == "width" {
            if self.width.is_some() {
                return Err(Rejected::Twice);
            }
            let value = usize::try_from(value).map_err(|_| Rejected::Unknown)?;
            self.width = Some((value, span));
        } else if word == "pad" {
            if self.pad.is_some() {
                return Err(Rejected::Twice);
            }
            let value = u32::try_from(value).map_err(|_| Rejected::Unknown)?;
            self.pad = Some((value, span));
        } else {
            return Err(Rejected::Unknown);
        }
        Ok(())
    }

    /// The span of the first option given, if any.
    pub(crate) fn first(&self) -> Option<Span> {
        [
            self.nul,
            self.typed.map(|(_, span)| span),
            self.bom,
            self.len.map(|(_, span)| span),
            self.packed,
            self.width.map(|(_, span)| span),
            self.pad.map(|(_, span)| span),
        ]
        .into_iter()
        .flatten()
        .next()
    }

    /// Whether the output ends with a zero unit.
    pub(crate) fn terminated(&self) -> bool {
        self.nul.is_some() || self.typed.is_some()
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
        assert!(options.bom.is_some() && options.nul.is_some() && options.typed.is_none());
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
                Err(Rejected::PrefixWithTyped(Typed::CStr, _))
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
                Err(Rejected::NulWithTyped(Typed::CStr, _))
            ));
        }
    }

    #[test]
    fn one_typed_string_which_terminates() {
        for typed in Typed::ALL {
            let name = word(typed.word());
            assert!(Options::is_option(&name));
            assert_eq!(Typed::for_word(&name), Some(typed));
            let mut options = Options::default();
            assert!(options.add(&name).is_ok());
            assert!(options.terminated());
            assert!(matches!(options.add(&name), Err(Rejected::Twice)));
            for other in Typed::ALL.into_iter().filter(|&other| other != typed) {
                let mut options = Options::default();
                assert!(options.add(&name).is_ok());
                assert!(matches!(
                    options.add(&word(other.word())),
                    Err(Rejected::SecondTyped(first)) if first == typed
                ));
            }
            for (first, second) in [(typed.word(), "nul"), ("nul", typed.word())] {
                let mut options = Options::default();
                assert!(options.add(&word(first)).is_ok());
                assert!(matches!(
                    options.add(&word(second)),
                    Err(Rejected::NulWithTyped(t, _)) if t == typed
                ));
            }
            for (first, second) in [(typed.word(), "len_u8"), ("len_u16le", typed.word())] {
                let mut options = Options::default();
                assert!(options.add(&word(first)).is_ok());
                assert!(matches!(
                    options.add(&word(second)),
                    Err(Rejected::PrefixWithTyped(t, _)) if t == typed
                ));
            }
        }
        assert_eq!(Typed::for_word(&word("wstr")), None);
    }
}
