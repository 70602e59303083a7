//! Stage one: reads the macro input into a [`Literal`] (the text, the
//! encoding, the options and the files the text came from), or, for the
//! attribute, an [`Attribute`].
//!
//! `concat!`, `env!` and `include_str!` in the text are evaluated here,
//! eagerly, since a proc macro cannot ask the compiler to expand them on
//! stable Rust.

use std::path::{Path, PathBuf};

use litenc_runtime::Encoding;
use proc_macro2::{Delimiter, Ident, Span, TokenStream, TokenTree};
use syn::buffer::Cursor;
use syn::parse::{ParseStream, Parser};
use syn::{Lit, LitStr, Token};

use crate::diagnostics;
use crate::options::{Options, Rejected};

/// What the macro produces.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    /// `[u8; N]` (or `&CStr`) in this encoding.
    Bytes(Encoding),
    /// `[u16; N]` of native UTF-16 code units.
    Units16,
    /// `[u32; N]` of native UTF-32 code units.
    Units32,
    /// `[WChar; N]`: the target's `wchar_t`, UTF-16 or UTF-32 by target.
    Wide,
    /// `[u8; N]`: a USB string descriptor (header, then UTF-16LE).
    UsbString,
}

impl Target {
    /// The module of `const_encode!` for this target (`utf16`, `koi8_r`,
    /// ...), as the help lines suggest it.
    pub(crate) fn module(self) -> &'static str {
        match self {
            Target::Units16 => "utf16",
            Target::Units32 => "utf32",
            Target::Wide => "wide",
            Target::UsbString => "usb_string",
            Target::Bytes(encoding) => encoding.__module(),
        }
    }

    /// The encoding whose rules apply (for native units the little-endian
    /// form: the code units, hence the characters they can hold, are the
    /// same; for `wchar_t`, UTF-32, which holds what UTF-16 holds).
    pub(crate) fn encoding(self) -> Encoding {
        match self {
            Target::Bytes(encoding) => encoding,
            Target::Units16 | Target::UsbString => Encoding::Utf16Le,
            Target::Units32 | Target::Wide => Encoding::Utf32Le,
        }
    }

    /// The name used in messages.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Target::Bytes(encoding) => encoding.name(),
            Target::Units16 => "UTF-16",
            Target::Units32 => "UTF-32",
            Target::Wide => "`wchar_t`",
            Target::UsbString => "a USB string descriptor",
        }
    }

    /// Whether the macro yields code units rather than bytes.
    pub(crate) fn is_units(self) -> bool {
        matches!(self, Target::Units16 | Target::Units32 | Target::Wide)
    }
}

/// What the target says of code units: its byte order and the width of
/// its `wchar_t`. The macros run on the host, and `cfg!` there tells of the
/// host; the facade, compiled for the target, re-exports for each macro
/// that gives units the entry point of the target's kind (`utf32_units_le`
/// where `target_endian = "little"`, ...), which passes this on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Native {
    /// The units' bytes are big-endian.
    pub(crate) big_endian: bool,
    /// `wchar_t` has 16 bits (UTF-16), rather than 32 (UTF-32).
    pub(crate) wchar16: bool,
}

impl Native {
    /// Little-endian, 32-bit `wchar_t` (Linux and macOS on x86-64 and
    /// `AArch64`, ...); for `utf16!`, `utf32!` and the attribute, which
    /// give no `wchar_t`, little-endian.
    pub(crate) const LE: Native = Native {
        big_endian: false,
        wchar16: false,
    };
    /// Big-endian, 32-bit `wchar_t`; or big-endian.
    pub(crate) const BE: Native = Native {
        big_endian: true,
        wchar16: false,
    };
    /// Little-endian, 16-bit `wchar_t` (Windows, ...).
    pub(crate) const W16_LE: Native = Native {
        big_endian: false,
        wchar16: true,
    };
    /// Big-endian, 16-bit `wchar_t`.
    pub(crate) const W16_BE: Native = Native {
        big_endian: true,
        wchar16: true,
    };
}

/// One part of the text: where it starts (in characters) and where it was
/// written, so that a message can point at the literal holding a character.
pub(crate) struct Piece {
    pub(crate) start: usize,
    pub(crate) span: Span,
}

/// The text after concatenation.
#[derive(Default)]
pub(crate) struct Text {
    pub(crate) value: String,
    pub(crate) chars: usize,
    pub(crate) pieces: Vec<Piece>,
    /// The string literal that is the whole text, without escapes, when
    /// it was written so: the expansion can hand it on as it is.
    pub(crate) token: Option<proc_macro2::Literal>,
}

impl Text {
    fn push(&mut self, part: &str, span: Span) {
        self.pieces.push(Piece {
            start: self.chars,
            span,
        });
        self.value.push_str(part);
        self.chars += part.chars().count();
    }

    /// The span of the piece that holds character `index`.
    pub(crate) fn span_of(&self, index: usize) -> Span {
        self.pieces
            .iter()
            .rev()
            .find(|piece| piece.start <= index)
            .map_or_else(Span::call_site, |piece| piece.span)
    }
}

/// A function-like macro's input, read.
pub(crate) struct Literal {
    /// The macro, for messages: `utf8`, `encode`, ...
    pub(crate) macro_name: &'static str,
    pub(crate) target: Target,
    pub(crate) text: Text,
    pub(crate) options: Options,
    /// Files and environment variables the text was read from, which the
    /// build must depend on.
    pub(crate) tracked: Tracked,
    /// The target's byte order and `wchar_t`, for the macros that give
    /// code units ([`units`], [`attribute`]); the byte macros never read it.
    pub(crate) native: Native,
}

/// What a text was read from besides the tokens: files (`include_str!`,
/// `include_encoded!`) and environment variables (`env!`). The compiler
/// learns of neither from a proc macro (whose reads it does not see), so
/// the expansion names each again, with `include_bytes!` and `env!`, and
/// they go into the build's dependency info: change the file or the
/// variable and the crate is built again.
#[derive(Default)]
pub(crate) struct Tracked {
    pub(crate) files: Vec<PathBuf>,
    /// The names of the variables, each once.
    pub(crate) env: Vec<String>,
}

impl Tracked {
    pub(crate) fn is_empty(&self) -> bool {
        self.files.is_empty() && self.env.is_empty()
    }

    fn env(&mut self, name: &str) {
        if !self.env.iter().any(|n| n == name) {
            self.env.push(name.to_owned());
        }
    }
}

/// Who is reading text, for messages.
#[derive(Clone, Copy)]
pub(crate) struct Caller {
    pub(crate) macro_name: &'static str,
    pub(crate) target: Target,
}

impl Literal {
    pub(crate) fn caller(&self) -> Caller {
        Caller {
            macro_name: self.macro_name,
            target: self.target,
        }
    }

    fn new(macro_name: &'static str, target: Target) -> Self {
        Literal {
            macro_name,
            target,
            text: Text::default(),
            options: Options::default(),
            tracked: Tracked::default(),
            native: Native::LE,
        }
    }
}

/// `utf8!(...)` and the other single-encoding macros: text, then options.
pub(crate) fn literal(
    input: TokenStream,
    target: Target,
    macro_name: &'static str,
) -> syn::Result<Literal> {
    if let Some(lit) = simple_literal(input.clone().into_iter(), target, macro_name) {
        return Ok(lit);
    }
    let mut lit = Literal::new(macro_name, target);
    (|input: ParseStream<'_>| text_and_options(input, &mut lit)).parse2(input)?;
    Ok(lit)
}

/// `utf16!`, `utf32!` and `wide!`: as [`literal`], for the target that
/// `native` describes.
pub(crate) fn units(
    input: TokenStream,
    target: Target,
    macro_name: &'static str,
    native: Native,
) -> syn::Result<Literal> {
    let mut lit = literal(input, target, macro_name)?;
    lit.native = native;
    Ok(lit)
}

/// The usual input, `"text"` then option words, all separated by commas,
/// read straight from the tokens: each macro call pays for `syn`'s token
/// buffer otherwise, which in a crate of thousands of literals shows. `None`
/// for anything else (escapes, `concat!`, an unknown or repeated option...),
/// which [`text_and_options`] reads and words the errors of.
fn simple_literal(
    mut tokens: proc_macro2::token_stream::IntoIter,
    target: Target,
    macro_name: &'static str,
) -> Option<Literal> {
    let Some(TokenTree::Literal(token)) = tokens.next() else {
        return None;
    };
    let repr = token.to_string();
    let value = plain_string(&repr)?;
    let mut lit = Literal::new(macro_name, target);
    lit.text.push(value, token.span());
    lit.text.token = Some(token);
    loop {
        match tokens.next() {
            None => return Some(lit),
            Some(TokenTree::Punct(comma)) if comma.as_char() == ',' => {}
            Some(_) => return None,
        }
        match tokens.next() {
            None => return Some(lit),
            Some(TokenTree::Ident(word)) => lit.options.add(&word).ok()?,
            Some(_) => return None,
        }
    }
}

/// `encode!("label", text..., options...)`.
pub(crate) fn labelled(input: TokenStream) -> syn::Result<Literal> {
    // The usual input, `"label", "text", options`, straight from the tokens
    // as in `literal`.
    let mut tokens = input.clone().into_iter();
    if let (Some(TokenTree::Literal(label)), Some(TokenTree::Punct(comma))) =
        (tokens.next(), tokens.next())
    {
        let repr = label.to_string();
        let encoding = plain_string(&repr).and_then(Encoding::for_label);
        if let (Some(encoding), ',') = (encoding, comma.as_char()) {
            if let Some(lit) = simple_literal(tokens, Target::Bytes(encoding), "encode") {
                return Ok(lit);
            }
        }
    }
    (|input: ParseStream<'_>| {
        let target = label(input, "encode")?;
        let mut lit = Literal::new("encode", target);
        text_and_options(input, &mut lit)?;
        Ok(lit)
    })
    .parse2(input)
}

/// `fat_name!("name")` or `fat_name!("page", "name")`: the OEM page (CP437
/// if not given) and the name, each with its span.
pub(crate) struct FatName {
    pub(crate) page: Encoding,
    pub(crate) page_span: Option<Span>,
    pub(crate) name: String,
    pub(crate) name_span: Span,
}

/// Reads `fat_name!`'s input: one or two string literals.
pub(crate) fn fat_name(input: TokenStream) -> syn::Result<FatName> {
    (|input: ParseStream<'_>| {
        let first: LitStr = input.parse()?;
        if input.is_empty() {
            return Ok(FatName {
                page: Encoding::Ibm437,
                page_span: None,
                name: first.value(),
                name_span: first.span(),
            });
        }
        input.parse::<Token![,]>()?;
        let second: LitStr = input.parse()?;
        if !input.is_empty() {
            input.parse::<Token![,]>()?;
        }
        if !input.is_empty() {
            return Err(diagnostics::fat_name_usage(input.span()));
        }
        let Some(page) = Encoding::for_label(&first.value()) else {
            return Err(diagnostics::unknown_label(&first));
        };
        Ok(FatName {
            page,
            page_span: Some(first.span()),
            name: second.value(),
            name_span: second.span(),
        })
    })
    .parse2(input)
}

/// `include_encoded!("label", "path", options...)`.
pub(crate) fn include(input: TokenStream) -> syn::Result<Literal> {
    (|input: ParseStream<'_>| {
        let target = label(input, "include_encoded")?;
        let mut lit = Literal::new("include_encoded", target);
        if input.is_empty() {
            return Err(diagnostics::missing_path(input.span()));
        }
        let span = input.span();
        let mut path = Text::default();
        let caller = lit.caller();
        text_item(input, &mut path, &mut lit.tracked, caller, false)?;
        let (full, text) = read_file(&path.value, span)?;
        lit.tracked.files.push(full);
        lit.text.push(&text, span);
        if !input.is_empty() {
            input.parse::<Token![,]>()?;
        }
        options_only(input, &mut lit.options)?;
        Ok(lit)
    })
    .parse2(input)
}

/// The encoding label that opens `encode!`, `include_encoded!` and the
/// attribute, and the comma after it.
fn label(input: ParseStream<'_>, macro_name: &str) -> syn::Result<Target> {
    let Some(lit) = input
        .peek(LitStr)
        .then(|| input.parse::<LitStr>())
        .transpose()?
    else {
        return Err(diagnostics::missing_label(input.span(), macro_name));
    };
    let Some(encoding) = Encoding::for_label(&lit.value()) else {
        return Err(diagnostics::unknown_label(&lit));
    };
    if !input.is_empty() {
        input.parse::<Token![,]>()?;
    }
    Ok(Target::Bytes(encoding))
}

/// Comma-separated text items, then comma-separated options.
fn text_and_options(input: ParseStream<'_>, lit: &mut Literal) -> syn::Result<()> {
    let start = input.span();
    while !input.is_empty() {
        if keyed_word(input.cursor()).is_some() {
            if lit.text.pieces.is_empty() {
                let word = keyed_word(input.cursor()).unwrap_or_else(|| unreachable!());
                return Err(diagnostics::option_before_text(&word, lit.macro_name));
            }
            options_only(input, &mut lit.options)?;
            break;
        }
        if let Some(word) = bare_word(input.cursor()) {
            if Options::is_option(&word) {
                if lit.text.pieces.is_empty() {
                    return Err(diagnostics::option_before_text(&word, lit.macro_name));
                }
                options_only(input, &mut lit.options)?;
                break;
            }
            if !lit.text.pieces.is_empty() && !word.to_string().chars().any(char::is_uppercase) {
                return Err(diagnostics::unknown_option(&word));
            }
        }
        let caller = lit.caller();
        text_item(input, &mut lit.text, &mut lit.tracked, caller, false)?;
        if !input.is_empty() {
            input.parse::<Token![,]>()?;
        }
    }
    if lit.text.pieces.is_empty() {
        return Err(diagnostics::no_text(start, lit.macro_name));
    }
    Ok(())
}

/// Options, and nothing else, to the end of the input.
fn options_only(input: ParseStream<'_>, options: &mut Options) -> syn::Result<()> {
    while !input.is_empty() {
        if let Some(word) = keyed_word(input.cursor()) {
            input.parse::<Ident>()?;
            input.parse::<Token![=]>()?;
            let value: syn::LitInt = input.parse()?;
            let span = word
                .span()
                .join(value.span())
                .unwrap_or_else(|| word.span());
            let number = value
                .base10_parse::<u64>()
                .map_err(|_| diagnostics::bad_option_value(&word, &value))?;
            options
                .add_keyed(&word, number, span)
                .map_err(|rejected| match rejected {
                    Rejected::Twice => diagnostics::duplicate_option(&word),
                    _ => diagnostics::bad_option_value(&word, &value),
                })?;
            if !input.is_empty() {
                input.parse::<Token![,]>()?;
            }
            continue;
        }
        let Some(word) = bare_word(input.cursor()) else {
            return Err(diagnostics::text_after_options(input.span()));
        };
        input.step(|cursor| Ok(((), cursor.ident().map_or(*cursor, |(_, next)| next))))?;
        options.add(&word).map_err(|rejected| match rejected {
            Rejected::Unknown => diagnostics::unknown_option(&word),
            Rejected::Twice => diagnostics::duplicate_option(&word),
            Rejected::NulWithTyped(typed, nul) => {
                diagnostics::nul_with_typed(nul, typed.word(), typed.type_name())
            }
            Rejected::SecondPrefix(first) => diagnostics::second_prefix(&word, first),
            Rejected::SecondTyped(first) => diagnostics::second_typed(&word, first.word()),
            Rejected::PrefixWithTyped(typed, len) => diagnostics::prefix_with_typed(
                len,
                typed.word(),
                typed.type_name(),
                typed.is_bytes(),
            ),
        })?;
        if !input.is_empty() {
            input.parse::<Token![,]>()?;
        }
    }
    Ok(())
}

/// `width` or `pad` followed by `=`: an option with a value.
fn keyed_word(cursor: Cursor<'_>) -> Option<Ident> {
    let (word, next) = cursor.ident()?;
    let (punct, _) = next.punct()?;
    (punct.as_char() == '=' && Options::is_keyed(&word)).then_some(word)
}

/// An identifier standing alone as an argument (followed by a comma or the
/// end), as an option is.
fn bare_word(cursor: Cursor<'_>) -> Option<Ident> {
    let (word, next) = cursor.ident()?;
    match next.punct() {
        None if next.eof() => Some(word),
        Some((punct, _)) if punct.as_char() == ',' => Some(word),
        _ => None,
    }
}

/// One piece of text: a string literal, or `concat!`, `env!`,
/// `include_str!`; inside `concat!` also a character, number or `bool`.
fn text_item(
    input: ParseStream<'_>,
    text: &mut Text,
    tracked: &mut Tracked,
    lit: Caller,
    in_concat: bool,
) -> syn::Result<()> {
    if let Some((token, _)) = input.cursor().literal() {
        input.step(|cursor| match cursor.literal() {
            Some((_, next)) => Ok(((), next)),
            None => Err(cursor.error("expected a literal")),
        })?;
        let span = token.span();
        let repr = token.to_string();
        if let Some(value) = plain_string(&repr) {
            text.push(value, span);
            return Ok(());
        }
        let value = Lit::new(token);
        return match value {
            Lit::Str(s) if s.suffix().is_empty() => {
                text.push(&s.value(), span);
                Ok(())
            }
            Lit::ByteStr(_) | Lit::Byte(_) => Err(diagnostics::byte_string(span, lit.macro_name)),
            Lit::CStr(_) => Err(diagnostics::c_string(span, lit.macro_name)),
            Lit::Char(c) if in_concat => {
                text.push(c.value().encode_utf8(&mut [0; 4]), span);
                Ok(())
            }
            Lit::Int(i) if in_concat => {
                text.push(i.base10_digits(), span);
                Ok(())
            }
            Lit::Float(f) if in_concat => {
                text.push(f.base10_digits(), span);
                Ok(())
            }
            _ => Err(diagnostics::not_a_string(span, lit.macro_name)),
        };
    }
    if in_concat {
        if let Some((word, _)) = input.cursor().ident() {
            if word == "true" || word == "false" {
                input.step(|cursor| Ok(((), cursor.ident().map_or(*cursor, |(_, next)| next))))?;
                text.push(&word.to_string(), word.span());
                return Ok(());
            }
        }
    }
    if let Some((name, span, args)) = macro_call(input)? {
        return match name.as_str() {
            "concat" => concat(args, text, tracked, lit),
            "env" => env(args, span, text, tracked, lit),
            "include_str" => include_str(args, span, text, tracked, lit),
            _ => Err(diagnostics::unsupported_macro(
                &name,
                span,
                lit.macro_name,
                lit.target.module(),
            )),
        };
    }
    Err(diagnostics::non_literal(
        input.span(),
        &written_argument(input.cursor()),
        lit.macro_name,
        lit.target.module(),
    ))
}

/// The tokens of the argument at `cursor`, up to the next comma, as the
/// user wrote them (near enough: as `TokenStream` prints them).
fn written_argument(mut cursor: Cursor<'_>) -> String {
    let mut written = TokenStream::new();
    while let Some((tree, next)) = cursor.token_tree() {
        if matches!(&tree, TokenTree::Punct(p) if p.as_char() == ',') {
            break;
        }
        written.extend([tree]);
        cursor = next;
    }
    written.to_string()
}

/// The value of a string literal without escapes, plain or raw and without
/// a suffix, straight from its source text: a million-character literal
/// needs no character-by-character unescaping (which, in a proc macro built
/// without optimisation, would cost more than the rest of the expansion).
/// Anything else is left to `syn`.
fn plain_string(repr: &str) -> Option<&str> {
    if let Some(body) = repr.strip_prefix('"') {
        let body = body.strip_suffix('"')?;
        // (A bare CR is not allowed in a literal, and CRLF is normalised.)
        return (!body.as_bytes().contains(&b'\\')).then_some(body);
    }
    let raw = repr.strip_prefix('r')?;
    let hashes = raw.len() - raw.trim_start_matches('#').len();
    let body = raw[hashes..].strip_prefix('"')?;
    body.strip_suffix(&raw[..hashes])?.strip_suffix('"')
}

/// A macro call `path::name!(...)`, consumed, as (name, span, arguments).
fn macro_call(input: ParseStream<'_>) -> syn::Result<Option<(String, Span, TokenStream)>> {
    input.step(|cursor| {
        let start = *cursor;
        let mut rest = *cursor;
        if let Some(after) = path_sep(rest) {
            rest = after;
        }
        let Some((mut name, mut after)) = rest.ident() else {
            return Ok((None, start));
        };
        while let Some(next) = path_sep(after) {
            let Some((segment, next)) = next.ident() else {
                return Ok((None, start));
            };
            name = segment;
            after = next;
        }
        let Some((bang, next)) = after.punct() else {
            return Ok((None, start));
        };
        if bang.as_char() != '!' {
            return Ok((None, start));
        }
        let Some((tree, next)) = next.token_tree() else {
            return Ok((None, start));
        };
        let TokenTree::Group(group) = tree else {
            return Ok((None, start));
        };
        if group.delimiter() == Delimiter::None {
            return Ok((None, start));
        }
        Ok((Some((name.to_string(), name.span(), group.stream())), next))
    })
}

/// `::` at the cursor.
fn path_sep(cursor: Cursor<'_>) -> Option<Cursor<'_>> {
    let (first, next) = cursor.punct()?;
    let (second, next) = next.punct()?;
    (first.as_char() == ':' && second.as_char() == ':').then_some(next)
}

fn concat(
    args: TokenStream,
    text: &mut Text,
    tracked: &mut Tracked,
    lit: Caller,
) -> syn::Result<()> {
    (|input: ParseStream<'_>| {
        while !input.is_empty() {
            text_item(input, text, tracked, lit, true)?;
            if !input.is_empty() {
                input.parse::<Token![,]>()?;
            }
        }
        Ok(())
    })
    .parse2(args)
}

fn env(
    args: TokenStream,
    span: Span,
    text: &mut Text,
    tracked: &mut Tracked,
    lit: Caller,
) -> syn::Result<()> {
    let (name, message) = (|input: ParseStream<'_>| {
        let mut name = Text::default();
        text_item(input, &mut name, tracked, lit, false)?;
        let mut message = None;
        if !input.is_empty() {
            input.parse::<Token![,]>()?;
            if !input.is_empty() {
                message = Some(input.parse::<LitStr>()?.value());
                if !input.is_empty() {
                    input.parse::<Token![,]>()?;
                }
            }
        }
        Ok((name.value, message))
    })
    .parse2(args)?;
    match std::env::var(&name) {
        Ok(value) => {
            tracked.env(&name);
            text.push(&value, span);
            Ok(())
        }
        Err(error) => Err(diagnostics::env_missing(
            span,
            &name,
            message.as_deref(),
            &error,
        )),
    }
}

fn include_str(
    args: TokenStream,
    span: Span,
    text: &mut Text,
    tracked: &mut Tracked,
    lit: Caller,
) -> syn::Result<()> {
    let path = (|input: ParseStream<'_>| {
        let mut path = Text::default();
        text_item(input, &mut path, tracked, lit, false)?;
        if !input.is_empty() {
            input.parse::<Token![,]>()?;
        }
        Ok(path.value)
    })
    .parse2(args)?;
    let (full, contents) = read_file(&path, span)?;
    tracked.files.push(full);
    text.push(&contents, span);
    Ok(())
}

/// Reads the UTF-8 file at `path`, relative to the file that holds `span`
/// (as `include_str!` does), giving its absolute path and its text.
fn read_file(path: &str, span: Span) -> syn::Result<(PathBuf, String)> {
    let full = resolve(path, span)?;
    let bytes = std::fs::read(&full).map_err(|e| diagnostics::unreadable(span, path, &full, &e))?;
    let text = String::from_utf8(bytes)
        .map_err(|e| diagnostics::not_utf8(span, path, e.utf8_error().valid_up_to()))?;
    Ok((full, text))
}

fn resolve(path: &str, span: Span) -> syn::Result<PathBuf> {
    let relative = Path::new(path);
    let full = if relative.is_absolute() {
        relative.to_path_buf()
    } else {
        let caller = proc_macro::is_available()
            .then(|| {
                span.unwrap()
                    .local_file()
                    .or_else(|| proc_macro::Span::call_site().local_file())
            })
            .flatten()
            .ok_or_else(|| diagnostics::no_source_file(span, path))?;
        caller.parent().unwrap_or(Path::new("")).join(relative)
    };
    if full.is_absolute() {
        Ok(full)
    } else {
        let cwd =
            std::env::current_dir().map_err(|e| diagnostics::unreadable(span, path, &full, &e))?;
        Ok(cwd.join(full))
    }
}

/// The attribute's arguments and the item it is on, read.
pub(crate) struct Attribute {
    pub(crate) literal: Literal,
    pub(crate) item: Item,
}

/// The kinds of item types the attribute fills in.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum ItemType {
    /// `[u8; _]`
    ByteArray,
    /// `[u16; _]` or `[u32; _]`
    UnitArray,
    /// `&[u8]`
    ByteSlice,
    /// `&[u16]` or `&[u32]`
    UnitSlice,
    /// `&CStr`
    CStr,
}

/// A `const` or `static` item, in the pieces the attribute rewrites.
pub(crate) struct Item {
    /// Attributes, visibility, `const`/`static`, `mut`, the name and `:`.
    pub(crate) head: TokenStream,
    pub(crate) ty: ItemType,
    /// The type as written.
    pub(crate) ty_tokens: TokenStream,
    /// For arrays: the length as written, and whether it is `_`.
    pub(crate) len: Option<(TokenStream, bool)>,
    pub(crate) elem: Option<TokenTree>,
    /// The bits of a unit array's or slice's element: 16 or 32.
    pub(crate) unit_bits: u32,
}

/// `#[encoded("label", options...)]` on `const NAME: TYPE = "text";`.
pub(crate) fn attribute(
    args: TokenStream,
    item: TokenStream,
    native: Native,
) -> syn::Result<Attribute> {
    let mut literal = (|input: ParseStream<'_>| {
        let mut literal = Literal::new("encoded", label(input, "encoded")?);
        literal.native = native;
        options_only(input, &mut literal.options)?;
        Ok(literal)
    })
    .parse2(args)?;
    let item = (|input: ParseStream<'_>| item_parts(input, &mut literal)).parse2(item)?;
    Ok(Attribute { literal, item })
}

fn item_parts(input: ParseStream<'_>, lit: &mut Literal) -> syn::Result<Item> {
    let mut head = TokenStream::new();
    // Outer attributes and visibility, up to `const` or `static`.
    loop {
        if input.is_empty() {
            return Err(diagnostics::bad_target(Span::call_site()));
        }
        if input.peek(Token![const]) || input.peek(Token![static]) {
            break;
        }
        let tree: TokenTree = input.parse()?;
        let allowed = match &tree {
            TokenTree::Punct(p) => p.as_char() == '#',
            TokenTree::Group(g) => {
                matches!(g.delimiter(), Delimiter::Bracket | Delimiter::Parenthesis)
            }
            TokenTree::Ident(i) => {
                i == "pub" || i == "crate" || i == "in" || i == "super" || i == "self"
            }
            TokenTree::Literal(_) => false,
        };
        if !allowed {
            return Err(diagnostics::bad_target(tree.span()));
        }
        head.extend([tree]);
    }
    let keyword: TokenTree = input.parse()?;
    head.extend([keyword]);
    if input.peek(Token![mut]) {
        head.extend([input.parse::<TokenTree>()?]);
    }
    let name: Ident = input.parse()?;
    head.extend([TokenTree::Ident(name)]);
    head.extend([input.parse::<TokenTree>().and_then(|t| match &t {
        TokenTree::Punct(p) if p.as_char() == ':' => Ok(t),
        _ => Err(syn::Error::new(t.span(), "expected `:` and a type")),
    })?]);
    let mut ty_tokens = TokenStream::new();
    while !input.is_empty() && !input.peek(Token![=]) && !input.peek(Token![;]) {
        ty_tokens.extend([input.parse::<TokenTree>()?]);
    }
    let (ty, len, elem, unit_bits) = item_type(&ty_tokens)?;
    if !input.peek(Token![=]) {
        return Err(diagnostics::no_initializer(input.span()));
    }
    input.parse::<Token![=]>()?;
    let init_span = input.span();
    let init = input.step(|cursor| {
        let mut rest = *cursor;
        let mut tokens = TokenStream::new();
        while let Some((tree, next)) = rest.token_tree() {
            if matches!(&tree, TokenTree::Punct(p) if p.as_char() == ';') {
                break;
            }
            tokens.extend([tree]);
            rest = next;
        }
        Ok((tokens, rest))
    })?;
    input.parse::<Token![;]>()?;
    if !input.is_empty() {
        return Err(syn::Error::new(
            input.span(),
            "unexpected tokens after the item",
        ));
    }
    if init.is_empty() {
        return Err(diagnostics::no_initializer(init_span));
    }
    (|inner: ParseStream<'_>| {
        let mut text = Text::default();
        let mut tracked = Tracked::default();
        if !inner.peek(Lit) {
            return Err(diagnostics::non_literal_initializer(inner.span()));
        }
        text_item(inner, &mut text, &mut tracked, lit.caller(), false)?;
        if !inner.is_empty() {
            return Err(diagnostics::non_literal_initializer(inner.span()));
        }
        lit.text = text;
        lit.tracked = tracked;
        Ok(())
    })
    .parse2(init)?;
    Ok(Item {
        head,
        ty,
        ty_tokens,
        len,
        elem,
        unit_bits,
    })
}

type ItemTypeParts = (
    ItemType,
    Option<(TokenStream, bool)>,
    Option<TokenTree>,
    u32,
);

/// Recognises `[u8; _]`, `[u16; _]`, `[u32; _]`, `&[u8]`, `&[u16]`,
/// `&[u32]` and `&CStr` (with or without `'static` and a path to `CStr`).
fn item_type(tokens: &TokenStream) -> syn::Result<ItemTypeParts> {
    let trees: Vec<TokenTree> = tokens.clone().into_iter().collect();
    let bad = || diagnostics::bad_type(tokens);
    let elem_of = |group: &proc_macro2::Group| -> Option<(u32, Vec<TokenTree>, TokenTree)> {
        let inner: Vec<TokenTree> = group.stream().into_iter().collect();
        let TokenTree::Ident(elem) = inner.first()? else {
            return None;
        };
        let bits = if elem == "u8" {
            8
        } else if elem == "u16" {
            16
        } else if elem == "u32" {
            32
        } else {
            return None;
        };
        Some((bits, inner[1..].to_vec(), inner[0].clone()))
    };
    match trees.as_slice() {
        [TokenTree::Group(g)] if g.delimiter() == Delimiter::Bracket => {
            let (bits, rest, elem) = elem_of(g).ok_or_else(bad)?;
            let [TokenTree::Punct(semi), len @ ..] = rest.as_slice() else {
                return Err(bad());
            };
            if semi.as_char() != ';' || len.is_empty() {
                return Err(bad());
            }
            let infer = matches!(len, [TokenTree::Ident(i)] if i == "_");
            let len: TokenStream = len.iter().cloned().collect();
            let ty = if bits > 8 {
                ItemType::UnitArray
            } else {
                ItemType::ByteArray
            };
            Ok((ty, Some((len, infer)), Some(elem), bits))
        }
        [TokenTree::Punct(amp), rest @ ..] if amp.as_char() == '&' => {
            let rest = match rest {
                [TokenTree::Punct(q), TokenTree::Ident(life), rest @ ..]
                    if q.as_char() == '\'' && life == "static" =>
                {
                    rest
                }
                _ => rest,
            };
            match rest {
                [TokenTree::Group(g)] if g.delimiter() == Delimiter::Bracket => {
                    let (bits, tail, elem) = elem_of(g).ok_or_else(bad)?;
                    if !tail.is_empty() {
                        return Err(bad());
                    }
                    let ty = if bits > 8 {
                        ItemType::UnitSlice
                    } else {
                        ItemType::ByteSlice
                    };
                    Ok((ty, None, Some(elem), bits))
                }
                [.., TokenTree::Ident(last)] if last == "CStr" => {
                    Ok((ItemType::CStr, None, None, 8))
                }
                _ => Err(bad()),
            }
        }
        _ => Err(bad()),
    }
}
