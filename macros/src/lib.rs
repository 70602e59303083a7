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

use parse::Target;

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

/// (Implemented in `litenc-macros`; use it as `litenc::utf16!`, which
/// documents it.)
#[proc_macro]
pub fn utf16(input: TokenStream) -> TokenStream {
    parse::literal(input.into(), Target::Units16, "utf16")
        .and_then(expand::literal)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// (Implemented in `litenc-macros`; use it as `litenc::utf32!`, which
/// documents it.)
#[proc_macro]
pub fn utf32(input: TokenStream) -> TokenStream {
    parse::literal(input.into(), Target::Units32, "utf32")
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

/// (Implemented in `litenc-macros`; use it as `litenc::wide!`, which
/// documents it.)
#[proc_macro]
pub fn wide(input: TokenStream) -> TokenStream {
    parse::literal(input.into(), Target::Wide, "wide")
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

/// (Implemented in `litenc-macros`; use it as `#[litenc::encoded]`, which
/// documents it.)
#[proc_macro_attribute]
pub fn encoded(args: TokenStream, item: TokenStream) -> TokenStream {
    parse::attribute(args.into(), item.into())
        .and_then(expand::attribute)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}
