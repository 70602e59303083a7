//! The procedural macros of [litenc](https://docs.rs/litenc): string literals
//! encoded at compile time.
//!
//! Use them through the `litenc` facade (`litenc::utf16!`, ...), which
//! documents each one with examples; the expansions name `::litenc` paths, so
//! this crate is not meant to be a direct dependency.
//!
//! The bytes come from [`litenc_runtime`], the codec `litenc` also offers as
//! `const fn` at run time: a literal encoded here and the same text encoded at
//! run time are the same bytes. The crate is laid out as the stages of one
//! pipeline: `parse` reads the macro input (text, label, options, files),
//! and `expand` encodes it and writes the tokens. Both stand on two leaves
//! that know nothing else of the crate: `options` (the option words after
//! the text) and `diagnostics`, which words every error from plain values,
//! since on stable Rust a span cannot point inside a literal.
//!
//! The macros that give code units (`utf16!`, `utf32!`, `wide!` and the
//! attribute) have an entry point for each kind of target (`utf32_units_le`,
//! `utf32_units_be`, `wide16_le`, ...), since they run on the host and the
//! units' byte order and `wchar_t`'s width are the target's: the facade,
//! compiled for the target, re-exports the one of its kind under the
//! macro's name, and the expansion is that target's array alone.
//!
//! Every encoding of [`litenc_runtime::Encoding`] works, by any of its
//! labels: the messages take its name, its `const_encode!` module and, for a
//! single-byte code page, what the page is and how many characters it holds,
//! from the runtime.

#![forbid(unsafe_code)]

use litenc_runtime::Encoding;
use proc_macro::TokenStream;

mod diagnostics;
mod expand;
mod options;
mod parse;

use parse::{Native, Target};

/// (Implemented in `litenc-macros`; use it as `litenc::utf8!`, which
/// documents it.)
#[proc_macro]
pub fn utf8(input: TokenStream) -> TokenStream {
    parse::literal(input.into(), Target::Bytes(Encoding::Utf8), "utf8")
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`; use it as `litenc::utf16le!`, which
/// documents it.)
#[proc_macro]
pub fn utf16le(input: TokenStream) -> TokenStream {
    parse::literal(input.into(), Target::Bytes(Encoding::Utf16Le), "utf16le")
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`; use it as `litenc::utf16be!`, which
/// documents it.)
#[proc_macro]
pub fn utf16be(input: TokenStream) -> TokenStream {
    parse::literal(input.into(), Target::Bytes(Encoding::Utf16Be), "utf16be")
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`, the entry point for little-endian targets;
/// use it as `litenc::utf16!`, which documents it.)
#[proc_macro]
pub fn utf16_units_le(input: TokenStream) -> TokenStream {
    parse::units(input.into(), Target::Units16, "utf16", Native::LE)
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`, the entry point for big-endian targets; use
/// it as `litenc::utf16!`, which documents it.)
#[proc_macro]
pub fn utf16_units_be(input: TokenStream) -> TokenStream {
    parse::units(input.into(), Target::Units16, "utf16", Native::BE)
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`, the entry point for little-endian targets;
/// use it as `litenc::utf32!`, which documents it.)
#[proc_macro]
pub fn utf32_units_le(input: TokenStream) -> TokenStream {
    parse::units(input.into(), Target::Units32, "utf32", Native::LE)
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`, the entry point for big-endian targets; use
/// it as `litenc::utf32!`, which documents it.)
#[proc_macro]
pub fn utf32_units_be(input: TokenStream) -> TokenStream {
    parse::units(input.into(), Target::Units32, "utf32", Native::BE)
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`; use it as `litenc::utf32le!`, which
/// documents it.)
#[proc_macro]
pub fn utf32le(input: TokenStream) -> TokenStream {
    parse::literal(input.into(), Target::Bytes(Encoding::Utf32Le), "utf32le")
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`; use it as `litenc::utf32be!`, which
/// documents it.)
#[proc_macro]
pub fn utf32be(input: TokenStream) -> TokenStream {
    parse::literal(input.into(), Target::Bytes(Encoding::Utf32Be), "utf32be")
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`, the entry point for little-endian targets
/// whose `wchar_t` has 16 bits; use it as `litenc::wide!`, which documents it.)
#[proc_macro]
pub fn wide16_le(input: TokenStream) -> TokenStream {
    parse::units(input.into(), Target::Wide, "wide", Native::W16_LE)
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`, the entry point for big-endian targets
/// whose `wchar_t` has 16 bits; use it as `litenc::wide!`, which documents it.)
#[proc_macro]
pub fn wide16_be(input: TokenStream) -> TokenStream {
    parse::units(input.into(), Target::Wide, "wide", Native::W16_BE)
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`, the entry point for little-endian targets
/// whose `wchar_t` has 32 bits; use it as `litenc::wide!`, which documents it.)
#[proc_macro]
pub fn wide32_le(input: TokenStream) -> TokenStream {
    parse::units(input.into(), Target::Wide, "wide", Native::LE)
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`, the entry point for big-endian targets
/// whose `wchar_t` has 32 bits; use it as `litenc::wide!`, which documents it.)
#[proc_macro]
pub fn wide32_be(input: TokenStream) -> TokenStream {
    parse::units(input.into(), Target::Wide, "wide", Native::BE)
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`; use it as `litenc::usb_string!`, which
/// documents it.)
#[proc_macro]
pub fn usb_string(input: TokenStream) -> TokenStream {
    parse::literal(input.into(), Target::UsbString, "usb_string")
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`; use it as `litenc::mutf8!`, which
/// documents it.)
#[proc_macro]
pub fn mutf8(input: TokenStream) -> TokenStream {
    parse::literal(input.into(), Target::Bytes(Encoding::Mutf8), "mutf8")
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`; use it as `litenc::cesu8!`, which
/// documents it.)
#[proc_macro]
pub fn cesu8(input: TokenStream) -> TokenStream {
    parse::literal(input.into(), Target::Bytes(Encoding::Cesu8), "cesu8")
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`; use it as `litenc::windows1251!`, which
/// documents it.)
#[proc_macro]
pub fn windows1251(input: TokenStream) -> TokenStream {
    parse::literal(
        input.into(),
        Target::Bytes(Encoding::Windows1251),
        "windows1251",
    )
    .and_then(expand::literal)
    .unwrap_or_else(syn::Error::into_compile_error)
    .into()
}

/// (Implemented in `litenc-macros`; use it as `litenc::cp1251!`, which
/// documents it.)
#[proc_macro]
pub fn cp1251(input: TokenStream) -> TokenStream {
    parse::literal(input.into(), Target::Bytes(Encoding::Windows1251), "cp1251")
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`; use it as `litenc::encode!`, which
/// documents it.)
#[proc_macro]
pub fn encode(input: TokenStream) -> TokenStream {
    parse::labelled(input.into())
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`; use it as `litenc::fat_name!`, which
/// documents it.)
#[proc_macro]
pub fn fat_name(input: TokenStream) -> TokenStream {
    parse::fat_name(input.into())
        .and_then(expand::fat_name)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`; use it as `litenc::include_encoded!`, which
/// documents it.)
#[proc_macro]
pub fn include_encoded(input: TokenStream) -> TokenStream {
    parse::include(input.into())
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`, the entry point for little-endian targets;
/// use it as `#[litenc::encoded]`, which documents it.)
#[proc_macro_attribute]
pub fn encoded_le(args: TokenStream, item: TokenStream) -> TokenStream {
    parse::attribute(args.into(), item.into(), Native::LE)
        .and_then(expand::attribute)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`, the entry point for big-endian targets; use
/// it as `#[litenc::encoded]`, which documents it.)
#[proc_macro_attribute]
pub fn encoded_be(args: TokenStream, item: TokenStream) -> TokenStream {
    parse::attribute(args.into(), item.into(), Native::BE)
        .and_then(expand::attribute)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}
