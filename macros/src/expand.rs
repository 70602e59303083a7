//! Stage two: encodes the text with `litenc-runtime` and writes the tokens.
//!
//! The tokens are the cheapest the compiler can read for the value, since a
//! crate may hold thousands of literals, or one of a million characters:
//!
//! - `[u8; N]`: one byte-string literal, `*b"..."`; above [`STR_BYTES`]
//!   bytes that are the UTF-8 of the text itself, written as one string
//!   literal, that literal, copied into the array by
//!   `litenc::__private::str_bytes`, evaluated in a `const` block;
//! - `&CStr`: one C-string literal, `c"..."`;
//! - `[u16; N]`, `[u32; N]` of up to [`ARRAY_UNITS`] units: an array of
//!   integer literals, the first suffixed (`[1055u16, 1088, ...]`);
//! - longer ones: the bytes of the units in the target's byte order, one
//!   byte-string literal, read as units by
//!   `litenc::__private::utf16::from_ne_bytes` (or `utf32::`), one copy in
//!   `const` evaluation: no loop, no `long_running_const_eval`;
//! - `[WChar; N]`: the units of the target's `wchar_t`, UTF-16 or UTF-32,
//!   as above: integers cast to `::litenc::WChar` once, or bytes read by
//!   `litenc::__private::wchar::from_ne_bytes`.
//!
//! The macro runs on the host, so the target's byte order and `wchar_t`
//! are not its `cfg!`: the facade, compiled for the target, re-exports the
//! entry point of the target's kind, which says them ([`Native`](crate::parse::Native)). Every
//! expansion is one array, of the target's form alone.
//!
//! Files read for the text are `include_bytes!`-ed into an unused `const`,
//! and environment variables `env!`-ed into another, which makes the build
//! depend on them.

use std::ffi::CString;

use litenc_runtime::{usb_string, EncodeError, Encoding};
use proc_macro2::{Literal as Lit, Span, TokenStream, TokenTree};
use quote::{quote, quote_spanned};

use crate::diagnostics;
use crate::options::Typed;
use crate::parse::{Attribute, FatName, ItemType, Literal, Target, Text, Tracked};

/// `N` code units of `size` bytes, as their bytes in the target's byte
/// order.
struct Units {
    size: usize,
    n: usize,
    bytes: Vec<u8>,
    big_endian: bool,
}

impl Units {
    /// The value of unit `i`.
    fn get(&self, i: usize) -> u32 {
        let unit = &self.bytes[i * self.size..(i + 1) * self.size];
        let fold = |v: u32, &b: &u8| v << 8 | u32::from(b);
        if self.big_endian {
            unit.iter().fold(0, fold)
        } else {
            unit.iter().rev().fold(0, fold)
        }
    }
}

/// The encoded text, in the form the macro yields.
enum Encoded {
    Bytes(Vec<u8>),
    /// Bytes that are the UTF-8 of the text itself, longer than
    /// [`STR_BYTES`], and the string literal, without escapes, that wrote
    /// the text.
    Text(Vec<u8>, Lit),
    Units(Units),
    /// The units of the target's `wchar_t`.
    Wide(Units),
    CStr(CString),
}

impl Encoded {
    /// Length in units of the array (not counting anything for `CStr`).
    fn len(&self) -> usize {
        match self {
            Encoded::Bytes(bytes) | Encoded::Text(bytes, _) => bytes.len(),
            Encoded::Units(units) | Encoded::Wide(units) => units.n,
            Encoded::CStr(c) => c.as_bytes_with_nul().len(),
        }
    }
}

/// `fat_name!`: the 11 bytes of the directory entry, from the runtime's
/// `fat::short_name`.
#[allow(clippy::needless_pass_by_value)] // the stage after `parse`, by `and_then`
pub(crate) fn fat_name(name: FatName) -> syn::Result<TokenStream> {
    match litenc_runtime::fat::short_name(name.page, &name.name) {
        Ok(bytes) => {
            let lit = Lit::byte_string(&bytes);
            Ok(quote!(*#lit))
        }
        Err(e @ litenc_runtime::fat::FatNameError::NotACodePage(_)) => Err(
            diagnostics::fat_name_error(name.page_span.unwrap_or(name.name_span), &e),
        ),
        Err(e) => Err(diagnostics::fat_name_error(name.name_span, &e)),
    }
}

/// A function-like macro: the value.
#[allow(clippy::needless_pass_by_value)] // the stage after `parse`, by `and_then`
pub(crate) fn literal(lit: Literal) -> syn::Result<TokenStream> {
    let encoded = encode(&lit)?;
    let value = match lit.options.typed {
        Some((typed, span)) => typed_value(typed, span, &encoded),
        None => value(&encoded),
    };
    Ok(with_tracked(&lit.tracked, value))
}

/// The attribute: the item with its type's length and its initializer
/// filled in.
pub(crate) fn attribute(attr: Attribute) -> syn::Result<TokenStream> {
    let Attribute { mut literal, item } = attr;
    let ty_span = item
        .ty_tokens
        .clone()
        .into_iter()
        .next()
        .map_or_else(Span::call_site, |t| t.span());
    match item.ty {
        ItemType::UnitArray | ItemType::UnitSlice => {
            let encoding = literal.target.encoding();
            let (forms, target) = if item.unit_bits == 16 {
                ([Encoding::Utf16Le, Encoding::Utf16Be], Target::Units16)
            } else {
                ([Encoding::Utf32Le, Encoding::Utf32Be], Target::Units32)
            };
            if !forms.contains(&encoding) {
                return Err(diagnostics::units_need_utf16(
                    ty_span,
                    encoding.name(),
                    item.ty == ItemType::UnitArray,
                    item.unit_bits,
                ));
            }
            literal.target = target;
        }
        ItemType::CStr => {
            if let Some(nul) = literal.options.nul {
                return Err(diagnostics::nul_with_typed(nul, "cstr", "&CStr"));
            }
            if literal.options.typed.is_none() {
                literal.options.typed = Some((Typed::CStr, ty_span));
            }
        }
        ItemType::ByteArray | ItemType::ByteSlice => {}
    }
    match literal.options.typed {
        Some((Typed::CStr, cstr)) if item.ty != ItemType::CStr => {
            return Err(diagnostics::cstr_needs_type(cstr));
        }
        Some((typed, span)) if typed != Typed::CStr => {
            return Err(diagnostics::typed_on_item(
                span,
                typed.word(),
                typed.type_name(),
                typed.example(),
            ));
        }
        _ => {}
    }
    let encoded = encode(&literal)?;
    let ty = match (&item.len, &item.elem) {
        (Some((written, infer)), Some(elem)) => {
            let n = encoded.len();
            let len = if *infer {
                Lit::usize_unsuffixed(n).into_token_stream_with_span(ty_span)
            } else {
                check_length(written, n)?;
                written.clone()
            };
            quote_spanned!(ty_span=> [#elem; #len])
        }
        _ => item.ty_tokens.clone(),
    };
    let init = match item.ty {
        ItemType::ByteSlice => match &encoded {
            Encoded::Bytes(bytes) | Encoded::Text(bytes, _) => {
                TokenTree::Literal(Lit::byte_string(bytes)).into()
            }
            _ => value(&encoded),
        },
        ItemType::UnitSlice => {
            let value = value(&encoded);
            quote!(&#value)
        }
        _ => value(&encoded),
    };
    let init = with_tracked(&literal.tracked, init);
    let head = item.head;
    Ok(quote!(#head #ty = #init;))
}

trait WithSpan {
    fn into_token_stream_with_span(self, span: Span) -> TokenStream;
}

impl WithSpan for Lit {
    fn into_token_stream_with_span(mut self, span: Span) -> TokenStream {
        self.set_span(span);
        TokenTree::Literal(self).into()
    }
}

/// An explicit array length must be the right one.
fn check_length(written: &TokenStream, actual: usize) -> syn::Result<()> {
    let trees: Vec<TokenTree> = written.clone().into_iter().collect();
    if let [TokenTree::Literal(lit)] = trees.as_slice() {
        if let Ok(int) = syn::parse2::<syn::LitInt>(written.clone()) {
            if int.base10_parse::<usize>().is_ok_and(|n| n != actual) {
                return Err(diagnostics::wrong_length(
                    lit.span(),
                    int.base10_digits(),
                    actual,
                ));
            }
        }
    }
    Ok(())
}

/// Checks the options against the target and the text, and encodes.
fn encode(lit: &Literal) -> syn::Result<Encoded> {
    let Literal {
        target,
        text,
        options,
        ..
    } = lit;
    let target = *target;
    let encoding = target.encoding();
    if target == Target::UsbString {
        if let Some(span) = options.first() {
            return Err(diagnostics::usb_options(span));
        }
        return usb_descriptor(text).map(Encoded::Bytes);
    }
    check_options(lit)?;
    let zero = zero_char(encoding);
    if options.terminated() && encoding.encodes_nul_as_zero() && text.value.contains(zero) {
        let nuls: Vec<(usize, char)> = text
            .value
            .chars()
            .enumerate()
            .filter(|&(_, ch)| ch == zero)
            .collect();
        if !nuls.is_empty() {
            let option = options.typed.map_or("nul", |(typed, _)| typed.word());
            return Err(interior_nul(text, target, option, &nuls));
        }
    }
    if let (Some((width, span)), true) = (options.width, target.is_units()) {
        let forms: &[Encoding] = match target {
            Target::Units16 => &[Encoding::Utf16Le],
            Target::Units32 => &[Encoding::Utf32Le],
            _ => &[Encoding::Utf16Le, Encoding::Utf32Le],
        };
        for &form in forms {
            let n = form.encoded_len(&text.value).unwrap_or(0) / form.unit_size()
                + usize::from(options.bom.is_some())
                + usize::from(options.terminated());
            if n > width {
                let name = if form == Encoding::Utf16Le {
                    "UTF-16"
                } else {
                    "UTF-32"
                };
                return Err(diagnostics::too_wide(span, name, n, width, "units"));
            }
        }
    }
    match target {
        Target::Units16 => return Ok(Encoded::Units(units(lit, false))),
        Target::Units32 => return Ok(Encoded::Units(units(lit, true))),
        Target::Wide => return Ok(Encoded::Wide(units(lit, !lit.native.wchar16))),
        Target::Bytes(_) | Target::UsbString => {}
    }
    let body = runtime_encode(encoding, &text.value).map_err(|_| unencodable(text, target))?;
    // (The body as it is unless a mark goes in front: a copy of a long
    // literal shows.)
    let mut bytes = body;
    if options.bom.is_some() {
        let bom = encoding.bom().unwrap_or_default();
        bytes.splice(0..0, bom.iter().copied());
    }
    if let Some((typed, _)) = options.typed {
        // The text holds no character that would be a zero byte (checked
        // above), and no other character encodes to one.
        return CString::new(bytes).map(Encoded::CStr).map_err(|_| {
            let index = text.value.chars().position(|c| c == zero).unwrap_or(0);
            interior_nul(text, target, typed.word(), &[(index, zero)])
        });
    }
    if options.nul.is_some() {
        bytes.resize(bytes.len() + encoding.unit_size(), 0);
    }
    if let Some((prefix, span)) = options.len {
        // The prefix counts every byte after it: mark, text and terminator.
        let mut head = [0u8; 4];
        let width = prefix.write(bytes.len(), &mut head).map_err(|e| match e {
            EncodeError::TooLong { len, max } => {
                diagnostics::prefix_too_long(span, prefix, encoding.name(), len, max)
            }
            other => syn::Error::new(span, other.to_string()),
        })?;
        bytes.splice(0..0, head[..width].iter().copied());
    }
    if let Some((width, span)) = options.width {
        pad_bytes(&mut bytes, encoding, width, span, options.pad)?;
    }
    if options.packed.is_some() {
        let mut octets = vec![0u8; litenc_runtime::gsm0338::packed_len(bytes.len())];
        // Cannot fail: the encoder wrote septets, and `octets` has the length.
        let n = litenc_runtime::gsm0338::pack_into(&bytes, &mut octets).unwrap_or(0);
        octets.truncate(n);
        bytes = octets;
    }
    if let Some(token) = &text.token {
        if bytes.len() > STR_BYTES && bytes == text.value.as_bytes() {
            return Ok(Encoded::Text(bytes, token.clone()));
        }
    }
    Ok(Encoded::Bytes(bytes))
}

/// Pads `bytes` (in `encoding`) to `width` with `pad` or, without it, the
/// encoding's space, whole.
fn pad_bytes(
    bytes: &mut Vec<u8>,
    encoding: Encoding,
    width: usize,
    span: Span,
    pad: Option<(u32, Span)>,
) -> syn::Result<()> {
    if bytes.len() > width {
        return Err(diagnostics::too_wide(
            span,
            encoding.name(),
            bytes.len(),
            width,
            "bytes",
        ));
    }
    let space = match pad {
        // In range: checked with the options.
        Some((b, _)) => vec![u8::try_from(b).unwrap_or(0)],
        None => runtime_encode(encoding, " ").map_err(|_| {
            diagnostics::bad_padding(
                span,
                &format!("{} has no space (U+0020) to pad with", encoding.name()),
                "give the byte to pad with: `pad = 0`, say",
            )
        })?,
    };
    let gap = width - bytes.len();
    if !gap.is_multiple_of(space.len()) {
        return Err(diagnostics::bad_padding(
            span,
            &format!(
                "the text takes {} bytes in {}, and spaces of {} bytes do not fill the {gap} left of `width = {width}`",
                bytes.len(),
                encoding.name(),
                space.len()
            ),
            "make the width leave room for whole spaces, or give `pad = B`",
        ));
    }
    for _ in 0..gap / space.len() {
        bytes.extend_from_slice(&space);
    }
    Ok(())
}

/// The options that do not fit the target: `bom` where there is none,
/// `cstr` where units hold zero bytes, a length prefix on units or a
/// `&CStr`.
fn check_options(lit: &Literal) -> syn::Result<()> {
    let (target, options) = (lit.target, &lit.options);
    let encoding = target.encoding();
    if let Some(bom) = options.bom {
        if encoding.bom().is_none() {
            return Err(diagnostics::no_bom(bom, target.name()));
        }
    }
    if let Some((typed, span)) = options.typed {
        check_typed(lit, typed, span)?;
    }
    check_width(lit)?;
    if let Some((_, span)) = options.len {
        if target.is_units() {
            return Err(diagnostics::prefix_on_units(
                span,
                target.name(),
                lit.macro_name,
            ));
        }
        if let Some((typed, _)) = options.typed {
            return Err(diagnostics::prefix_with_typed(
                span,
                typed.word(),
                typed.type_name(),
                typed.is_bytes(),
            ));
        }
    }
    Ok(())
}

/// `width`, `pad` and `packed` must fit the target and the other options.
fn check_width(lit: &Literal) -> syn::Result<()> {
    let (target, options) = (lit.target, &lit.options);
    if let Some(span) = options.packed {
        if target != Target::Bytes(Encoding::Gsm0338) {
            return Err(diagnostics::packed_misused(
                span,
                &format!("`packed` is for GSM 03.38, not {}", target.name()),
            ));
        }
        let other = [
            (options.nul, "nul"),
            (options.bom, "bom"),
            (options.len.map(|(_, s)| s), "a length prefix"),
            (options.typed.map(|(_, s)| s), "a typed string"),
        ];
        if let Some((_, word)) = other.iter().find(|(s, _)| s.is_some()) {
            return Err(diagnostics::packed_misused(
                span,
                &format!("`packed` does not go with {word}: packed septets have no terminator, mark or prefix"),
            ));
        }
    }
    if let Some((pad, span)) = options.pad {
        if options.width.is_none() {
            return Err(diagnostics::bad_padding(
                span,
                "`pad` without `width`",
                "add `width = N`, the length to pad to",
            ));
        }
        let (max, what) = match target {
            Target::Units16 | Target::Wide => (0xFFFF, "a UTF-16 unit"),
            Target::Units32 => (u32::MAX, "a UTF-32 unit"),
            Target::Bytes(Encoding::Gsm0338) if options.packed.is_some() => (0x7F, "a septet"),
            _ => (0xFF, "a byte"),
        };
        if pad > max {
            return Err(diagnostics::bad_padding(
                span,
                &format!("`pad = {pad}` is not {what}"),
                &format!(
                    "the padding of {} is {what}: at most {max}",
                    bang(lit.macro_name)
                ),
            ));
        }
    }
    if let (Some((_, span)), Some((typed, _))) = (options.width, options.typed) {
        return Err(diagnostics::bad_padding(
            span,
            &format!(
                "`width` with `{}`: a `{}` ends at its terminator",
                typed.word(),
                typed.type_name()
            ),
            "use `nul` and `width = N` for a padded, NUL-terminated array",
        ));
    }
    if let (Some(_), Target::UsbString) = (options.width, target) {
        // Refused with every option, in `encode`.
    }
    Ok(())
}

/// `utf8!` or `encode!` as written in messages.
fn bang(macro_name: &str) -> String {
    format!("`{macro_name}!`")
}

/// The typed string `typed` (its word at `span`) must fit the target: the
/// byte types take an encoding of single bytes (`&JNIStr` MUTF-8 alone),
/// `PCWSTR` and `&U16CStr` UTF-16 units, `&U32CStr` UTF-32 units.
fn check_typed(lit: &Literal, typed: Typed, span: Span) -> syn::Result<()> {
    let target = lit.target;
    let fits = match typed {
        Typed::CStr | Typed::Pcstr => {
            let units = match target {
                Target::Units16 => Some(("UTF-16", 2, "[u16; N]")),
                Target::Units32 => Some(("UTF-32", 4, "[u32; N]")),
                Target::Wide => Some(("`wchar_t`", 4, "[WChar; N]")),
                Target::Bytes(_) | Target::UsbString => None,
            };
            if let Some((name, size, array)) = units {
                return Err(diagnostics::cstr_on_units(
                    span,
                    typed.word(),
                    name,
                    size,
                    array,
                ));
            }
            let encoding = target.encoding();
            if encoding.unit_size() != 1 {
                return Err(diagnostics::cstr_not_bytes(
                    span,
                    typed.word(),
                    target.name(),
                    encoding.unit_size(),
                ));
            }
            true
        }
        Typed::JniStr => target == Target::Bytes(Encoding::Mutf8),
        Typed::Pcwstr => matches!(target, Target::Units16 | Target::Wide),
        Typed::U16CStr => target == Target::Units16,
        Typed::U32CStr => target == Target::Units32,
    };
    if fits {
        return Ok(());
    }
    let mut instead = format!("use `litenc::{}`", typed.example());
    match typed {
        Typed::JniStr => instead.push_str(", or `encode!(\"mutf-8\", \"text\", jnistr)`"),
        Typed::Pcwstr => instead
            .push_str(", or `wide!(\"text\", pcwstr)`, the same units where `wchar_t` has 16 bits"),
        _ if target == Target::Wide => instead.push_str(
            "; `wide!` gives the target's `wchar_t`, 16 or 32 bits by target, so it makes \
             neither `&U16CStr` nor `&U32CStr`",
        ),
        _ => {}
    }
    Err(diagnostics::typed_not_here(
        span,
        typed.word(),
        typed.type_name(),
        typed.holds(),
        lit.macro_name,
        target.name(),
        &instead,
    ))
}

/// The UTF-16 (or, `utf32`, UTF-32) units of `lit`'s text, with its
/// options (a mark as a leading U+FEFF unit, a zero unit for `nul`, the
/// padding of `width`), as bytes in the target's byte order
/// (`lit.native`), from the runtime's encoder of that byte order: the
/// target's form alone, encoded once.
fn units(lit: &Literal, utf32: bool) -> Units {
    let big_endian = lit.native.big_endian;
    let form = match (utf32, big_endian) {
        (false, false) => Encoding::Utf16Le,
        (false, true) => Encoding::Utf16Be,
        (true, false) => Encoding::Utf32Le,
        (true, true) => Encoding::Utf32Be,
    };
    let size = form.unit_size();
    let mut bytes = Vec::with_capacity(size * lit.text.value.len() + 2 * size);
    if lit.options.bom.is_some() {
        bytes.extend_from_slice(form.bom().unwrap_or_default());
    }
    bytes.append(&mut runtime_encode(form, &lit.text.value).unwrap_or_default());
    if lit.options.terminated() {
        bytes.resize(bytes.len() + size, 0);
    }
    if let Some((width, _)) = lit.options.width {
        // Fits: checked in `encode`.
        let pad = lit.options.pad.map_or(0x20, |(p, _)| p);
        let unit = if big_endian {
            pad.to_be_bytes()
        } else {
            pad.to_le_bytes()
        };
        let unit = if big_endian {
            &unit[4 - size..]
        } else {
            &unit[..size]
        };
        while bytes.len() < width * size {
            bytes.extend_from_slice(unit);
        }
    }
    Units {
        size,
        n: bytes.len() / size,
        bytes,
        big_endian,
    }
}

/// The USB string descriptor of `text`, from the runtime's
/// `usb_string::encode_into`, or the error for text beyond 126 units.
fn usb_descriptor(text: &Text) -> syn::Result<Vec<u8>> {
    let mut out = vec![0u8; usb_string::MAX_LEN];
    match usb_string::encode_into(&text.value, &mut out) {
        Ok(n) => {
            out.truncate(n);
            Ok(out)
        }
        Err(_) => Err(diagnostics::usb_too_long(
            text.span_of(0),
            text.value.encode_utf16().count(),
        )),
    }
}

/// `encoding.encode(text)`, in one pass: `encode_into` a buffer of the
/// largest size the text can take, rather than `encode`'s `encoded_len`
/// then `encode_into`. (The proc macro, runtime included, is built without
/// optimisation by default, so for a long literal each pass counts.)
fn runtime_encode(encoding: Encoding, text: &str) -> Result<Vec<u8>, EncodeError> {
    let mut out = vec![0; text.len() * encoding.max_bytes_per_utf8_byte()];
    let n = encoding.encode_into(text, &mut out)?;
    out.truncate(n);
    Ok(out)
}

/// The error for text the encoding cannot hold: every such character, each
/// found by asking the runtime codec about it alone.
fn unencodable(text: &Text, target: Target) -> syn::Error {
    let encoding = target.encoding();
    let offenders: Vec<(usize, char)> = text
        .value
        .chars()
        .enumerate()
        .filter(|&(_, ch)| encoding.encoded_len(ch.encode_utf8(&mut [0; 4])).is_err())
        .collect();
    if offenders.is_empty() {
        // Cannot happen: the whole text failed, so some character does.
        return syn::Error::new(
            text.span_of(0),
            format!("{} cannot encode the text", target.name()),
        );
    }
    diagnostics::unencodable(
        &text.value,
        text.span_of(offenders[0].0),
        encoding,
        &offenders,
    )
}

/// The character `encoding` writes as a zero byte or unit: U+0000, but for a
/// code page whose byte 0 is another character (an HD44780 ROM's CGRAM 0).
fn zero_char(encoding: Encoding) -> char {
    if encoding.is_single_byte() {
        let mut utf8 = [0u8; 4];
        if let Ok(n) = encoding.decode_into(&[0], &mut utf8) {
            if let Ok(text) = core::str::from_utf8(&utf8[..n]) {
                return text.chars().next().unwrap_or('\0');
            }
        }
    }
    '\0'
}

/// The error for U+0000 in text that `option` terminates (`nuls` is not
/// empty).
fn interior_nul(text: &Text, target: Target, option: &str, nuls: &[(usize, char)]) -> syn::Error {
    diagnostics::interior_nul(
        &text.value,
        text.span_of(nuls[0].0),
        target.name(),
        option,
        nuls,
        nuls[0].1,
    )
}

/// Up to this many code units, `[u16; N]`, `[u32; N]` and `[WChar; N]` are
/// an array of integer literals; above it, bytes read by `from_ne_bytes`.
/// An integer costs the compiler a little (a token, an expression to check
/// and evaluate), the bytes a fixed amount (a literal, a generic `const fn`
/// to instantiate and evaluate); measured with `scripts/compile_time.py`.
const ARRAY_UNITS: usize = 32;

/// Above this many bytes, a `[u8; N]` that is the UTF-8 of the text itself
/// (`utf8!`, and the other encodings of text they write as UTF-8 does),
/// written as one string literal without escapes, is that very literal
/// token, copied into the array by `str_bytes` in `const` evaluation: a
/// byte string would escape every byte above 0x7F into four characters
/// that the compiler then reads back, and a new string literal escapes
/// every character it cannot print. Below it, the call costs more than the
/// escapes.
const STR_BYTES: usize = 4096;

/// The tokens of the value.
fn value(encoded: &Encoded) -> TokenStream {
    match encoded {
        Encoded::Bytes(bytes) => {
            let lit = Lit::byte_string(bytes);
            quote!(*#lit)
        }
        Encoded::Text(bytes, token) => {
            let n = Lit::usize_unsuffixed(bytes.len());
            quote!(const { ::litenc::__private::str_bytes::<#n>(#token) })
        }
        Encoded::CStr(c) => TokenTree::Literal(Lit::c_string(c)).into(),
        Encoded::Units(units) => {
            let (module, elem) = if units.size == 2 {
                (quote!(utf16), "u16")
            } else {
                (quote!(utf32), "u32")
            };
            if units.n <= ARRAY_UNITS {
                return int_array(units, elem);
            }
            from_ne_bytes(&module, units)
        }
        Encoded::Wide(units) => {
            if units.n <= ARRAY_UNITS {
                return int_array(units, WCHAR);
            }
            from_ne_bytes(&quote!(wchar), units)
        }
    }
}

/// The suffix of `[WChar; N]` integer arrays.
const WCHAR: &str = " as ::litenc::WChar";

/// `[v0 SUFFIX, v1, ...]`, the values of `units` as decimal integer
/// literals: the first carries the type (`u16`, ` as ::litenc::WChar`), the
/// others take it from it; `[0 SUFFIX; 0]` when empty. Written as source
/// and lexed once, rather than token by token.
///
/// For `WChar`, a 16-bit unit above `0x7FFF` is written `Nu16 as
/// ::litenc::WChar`: `WChar` is `i16` on AVR and MSP430, where the bare
/// literal would overflow, and the cast keeps its bits there and its value
/// everywhere else.
fn int_array(units: &Units, suffix: &str) -> TokenStream {
    use std::fmt::Write as _;
    let mut src = String::with_capacity(units.n * 7 + suffix.len() + 8);
    src.push('[');
    let mut i = 0;
    while i < units.n {
        if i > 0 {
            src.push_str(", ");
        }
        let v = units.get(i);
        if suffix == WCHAR && units.size == 2 && v > 0x7FFF {
            let _ = write!(src, "{v}u16{WCHAR}");
        } else {
            let _ = write!(src, "{v}");
            if i == 0 {
                src.push_str(suffix);
            }
        }
        i += 1;
    }
    if units.n == 0 {
        src.push('0');
        src.push_str(suffix);
        src.push_str("; 0");
    }
    src.push(']');
    lex(&src)
}

/// The tokens of `src`, source text this crate wrote (so valid tokens).
///
/// In a macro, lexed by the compiler alone: `proc_macro2`'s `parse` would
/// first lex the whole text again with its own lexer, built without
/// optimisation like the rest of the proc macro, to check it (which for the
/// arrays of `int_array` was the most of the proc macro's time).
fn lex(src: &str) -> TokenStream {
    if proc_macro::is_available() {
        src.parse::<proc_macro::TokenStream>()
            .expect("integer literals separated by commas are tokens")
            .into()
    } else {
        src.parse()
            .expect("integer literals separated by commas are tokens")
    }
}

/// `const { __private::MODULE::from_ne_bytes::<N, B>(b"...") }`: the
/// units from their bytes in the target's byte order, evaluated at compile
/// time.
fn from_ne_bytes(module: &TokenStream, units: &Units) -> TokenStream {
    let (n, b) = (
        Lit::usize_unsuffixed(units.n),
        Lit::usize_unsuffixed(units.bytes.len()),
    );
    let bytes = Lit::byte_string(&units.bytes);
    quote! {
        const { ::litenc::__private::#module::from_ne_bytes::<#n, #b>(#bytes) }
    }
}

/// The tokens of the typed string `typed` (its option word at `span`),
/// from `encoded`: `&CStr` is a C-string literal; every other type is
/// built by a macro of the facade (`__litenc_jnistr!`, ...) from that
/// literal or from a `&'static` slice of the units, since only the facade
/// knows whether it was built with the type's crate. Where it was not, the
/// facade's macro is a compile error that names the feature, at `span`.
///
/// `&JNIStr`, `&U16CStr` and `&U32CStr` come from the facade's `unsafe fn`
/// constructors (`__private::typed`), called here, in this expansion, on
/// what this crate encoded: the facade's macro receives the finished value
/// and holds no `unsafe`, so that no call of it from safe code can pass
/// units of its own (an `unsafe` block in another crate's `macro_rules!`
/// macro is invisible to the caller's `forbid(unsafe_code)`).
fn typed_value(typed: Typed, span: Span, encoded: &Encoded) -> TokenStream {
    let value = value(encoded);
    let Some(name) = typed.facade_macro() else {
        return value;
    };
    let mac = proc_macro2::Ident::new(name, span);
    let units = match encoded {
        Encoded::Bytes(_) | Encoded::Text(..) | Encoded::CStr(_) => {
            let arg = match typed {
                // SAFETY (of the emitted block): `jni_str` needs modified
                // UTF-8; `jnistr` is accepted only on MUTF-8 (`typed_not_mutf8`
                // in tests/ui), so `value` is this crate's MUTF-8 encoding of
                // the text, as a `c"..."` literal (NUL-terminated, no interior
                // NUL: U+0000 is `C0 80`).
                Typed::JniStr => quote! {
                    unsafe { ::litenc::__private::typed::jni_str(#value) }
                },
                _ => value,
            };
            return quote_spanned!(span=> ::litenc::#mac!(#arg));
        }
        Encoded::Units(units) if units.size == 2 => quote!(u16),
        Encoded::Units(_) => quote!(u32),
        Encoded::Wide(..) => quote!(::litenc::WChar),
    };
    // `PCWSTR` says which macro made the units: `wide!`'s are 16-bit only
    // on some targets, which the facade's message names.
    let arg = match (typed, encoded) {
        (Typed::Pcwstr, Encoded::Wide(..)) => quote_spanned!(span=> wide, __LITENC_TYPED),
        (Typed::Pcwstr, _) => quote_spanned!(span=> utf16, __LITENC_TYPED),
        // SAFETY (of the emitted blocks): `u16cstr` and `u32cstr` need units
        // with no zero but the last: `encode` terminated them with one zero
        // unit, and refuses text with U+0000 under a typed option
        // (`interior_nul_u16cstr` in tests/ui), the only character whose
        // UTF-16 or UTF-32 units hold a zero.
        (Typed::U16CStr, _) => quote! {
            unsafe { ::litenc::__private::typed::u16cstr(__LITENC_TYPED) }
        },
        (Typed::U32CStr, _) => quote! {
            unsafe { ::litenc::__private::typed::u32cstr(__LITENC_TYPED) }
        },
        _ => quote!(__LITENC_TYPED),
    };
    let call = quote_spanned!(span=> ::litenc::#mac!(#arg));
    quote! {{
        const __LITENC_TYPED: &[#units] = &#value;
        #call
    }}
}

/// Wraps `value` so that the build depends on the files and the
/// environment variables in `tracked`: the compiler records what
/// `include_bytes!` and `env!` read in the crate's dependency info (the
/// `.d` file, `# env-dep:` for a variable), which cargo checks before it
/// reuses a build.
fn with_tracked(tracked: &Tracked, value: TokenStream) -> TokenStream {
    if tracked.is_empty() {
        return value;
    }
    let paths = tracked
        .files
        .iter()
        .map(|p| p.to_string_lossy().into_owned());
    let vars = &tracked.env;
    quote! {{
        #(const _: &[u8] = ::core::include_bytes!(#paths);)*
        #(const _: &str = ::core::env!(#vars);)*
        #value
    }}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{self, Native};

    /// Every kind of target a macro that gives units has an entry point for.
    const NATIVES: [Native; 4] = [Native::LE, Native::BE, Native::W16_LE, Native::W16_BE];

    fn expand(target: Target, input: &str) -> String {
        expand_for(target, Native::LE, input)
    }

    fn tokens_for(target: Target, native: Native, input: &str) -> TokenStream {
        let lit = parse::units(input.parse().unwrap(), target, "wide", native).unwrap();
        literal(lit).unwrap()
    }

    fn expand_for(target: Target, native: Native, input: &str) -> String {
        tokens_for(target, native, input).to_string()
    }

    /// The array literals in `tokens`, at any depth: byte strings
    /// (`b"..."`) and bracketed lists of integers (`[97u16, 0]`, `[0u16;
    /// 0]`), each as its text. (A type such as `[u16]` starts with a word,
    /// not a literal.)
    fn arrays(tokens: TokenStream) -> Vec<String> {
        let mut out = Vec::new();
        for tree in tokens {
            match tree {
                TokenTree::Literal(lit) if lit.to_string().starts_with("b\"") => {
                    out.push(lit.to_string());
                }
                TokenTree::Group(group) => {
                    let first = group.stream().into_iter().next();
                    if group.delimiter() == proc_macro2::Delimiter::Bracket
                        && matches!(first, Some(TokenTree::Literal(_)))
                    {
                        out.push(group.to_string());
                    } else {
                        out.extend(arrays(group.stream()));
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// The bytes of `units` in `native`'s byte order, from `std` (not the
    /// runtime), written as the byte-string literal the macro emits.
    fn byte_string<const N: usize>(units: impl Iterator<Item = [u8; N]>) -> String {
        let bytes: Vec<u8> = units.flatten().collect();
        Lit::byte_string(&bytes).to_string()
    }

    /// Facts of the host's `wchar_t` that must not be in `wide!`'s
    /// expansion.
    fn assert_no_host_facts(out: &str) {
        // A unit above 0x7FFF is a `u16` literal cast to the target's
        // `WChar`: the literal's type, not a choice of `wchar_t`.
        let out = &out.replace("u16 as :: litenc :: WChar", " as :: litenc :: WChar");
        for host_fact in [
            "windows",
            "target_os",
            "target_arch",
            "unix",
            "i32",
            "u16",
            "u32",
        ] {
            assert!(!out.contains(host_fact), "{host_fact} in {out}");
        }
    }

    /// `wide!` gives the units of the `wchar_t` its entry point names (the
    /// facade re-exports the target's), and nothing of the other width or
    /// byte order, whatever the host's `wchar_t`.
    #[test]
    fn wide_is_the_targets_form_alone() {
        for native in NATIVES {
            let out = expand_for(Target::Wide, native, r#""a😀", nul"#);
            // UTF-16: 'a', D83D DE00, 0; UTF-32: 'a', 1F600, 0.
            let want = if native.wchar16 {
                "[97 as :: litenc :: WChar , 55357u16 as :: litenc :: WChar , \
                 56832u16 as :: litenc :: WChar , 0]"
            } else {
                "[97 as :: litenc :: WChar , 128512 , 0]"
            };
            assert_eq!(out, want, "{native:?}");
            assert_no_host_facts(&out);
            // Long text: the target's form, as bytes in its byte order.
            let text = "a😀".repeat(ARRAY_UNITS);
            let out = expand_for(Target::Wide, native, &format!("\"{text}\""));
            let (n, bytes) = match (native.wchar16, native.big_endian) {
                (true, false) => (3, byte_string(text.encode_utf16().map(u16::to_le_bytes))),
                (true, true) => (3, byte_string(text.encode_utf16().map(u16::to_be_bytes))),
                (false, false) => (
                    2,
                    byte_string(text.chars().map(|c| (c as u32).to_le_bytes())),
                ),
                (false, true) => (
                    2,
                    byte_string(text.chars().map(|c| (c as u32).to_be_bytes())),
                ),
            };
            let n = n * ARRAY_UNITS;
            let size = if native.wchar16 { 2 } else { 4 };
            assert_eq!(
                out,
                format!(
                    "const {{ :: litenc :: __private :: wchar :: from_ne_bytes :: < {n} , {} > ({bytes}) }}",
                    size * n
                ),
                "{native:?}"
            );
            assert_no_host_facts(&out);
        }
    }

    /// Text of the Basic Multilingual Plane has the same units in both
    /// forms: one array, cast to the target's `WChar`.
    #[test]
    fn wide_of_the_bmp_is_one_array() {
        for native in NATIVES {
            let out = expand_for(Target::Wide, native, r#""Пр", nul"#);
            assert_eq!(out, "[1055 as :: litenc :: WChar , 1088 , 0]");
            let out = expand_for(Target::Wide, native, r#""""#);
            assert_eq!(out, "[0 as :: litenc :: WChar ; 0]");
        }
    }

    /// Whatever the length of the text (a few characters, or 10,000 with
    /// characters beyond U+FFFF), and with every option `utf16!`, `utf32!`
    /// and `wide!` take, the expansion holds exactly one array: that of the
    /// target's byte order and `wchar_t`, never the other forms for a
    /// macro of the facade to choose from.
    #[test]
    fn every_expansion_of_units_is_one_array() {
        let long = "aж😀€".repeat(2_500);
        assert_eq!(long.chars().count(), 10_000);
        let options = [
            "",
            ", nul",
            ", bom",
            ", bom, nul",
            ", width = 20_020",
            ", nul, width = 20_020, pad = 0",
            ", u16cstr",
            ", u32cstr",
            ", pcwstr",
        ];
        let targets = [
            (Target::Units16, "u16cstr pcwstr"),
            (Target::Units32, "u32cstr"),
            (Target::Wide, "pcwstr"),
        ];
        let mut seen = 0;
        for (target, typed) in targets {
            for native in NATIVES {
                for text in ["a😀", long.as_str()] {
                    for option in options {
                        let word = option.trim_start_matches(", ");
                        let is_typed = ["u16cstr", "u32cstr", "pcwstr"].contains(&word);
                        if is_typed && !typed.split(' ').any(|t| t == word) {
                            continue;
                        }
                        let input = format!("\"{text}\"{option}");
                        let tokens = tokens_for(target, native, &input);
                        let out = tokens.to_string();
                        let found = arrays(tokens);
                        assert_eq!(found.len(), 1, "{input:.40}: {out:.300}");
                        for gone in ["native_endian", "wide_pick"] {
                            assert!(!out.contains(gone), "{out:.300}");
                        }
                        seen += 1;
                    }
                }
            }
        }
        // Every combination above was expanded (none skipped by mistake).
        assert_eq!(seen, 3 * 4 * 2 * 6 + 4 * 2 * (2 + 1 + 1));
    }

    /// Short unit arrays are integer literals, longer ones bytes in the
    /// target's byte order; the boundary holds.
    #[test]
    fn units_as_integers_then_as_bytes() {
        for native in [Native::LE, Native::BE] {
            let out = expand_for(Target::Units16, native, r#""a😀", nul"#);
            assert_eq!(out, "[97u16 , 55357 , 56832 , 0]");
            let out = expand_for(Target::Units32, native, r#""a😀", bom"#);
            assert_eq!(out, "[65279u32 , 97 , 128512]");
            let out = expand_for(Target::Units16, native, r#""""#);
            assert_eq!(out, "[0u16 ; 0]");
            let text = "é".repeat(ARRAY_UNITS);
            let out = expand_for(Target::Units16, native, &format!("\"{text}\""));
            assert!(out.starts_with("[233u16 , 233"), "{out}");
            let out = expand_for(Target::Units16, native, &format!("\"{text}\", nul"));
            let n = ARRAY_UNITS + 1;
            let units = text.encode_utf16().chain([0]);
            let bytes = if native.big_endian {
                byte_string(units.map(u16::to_be_bytes))
            } else {
                byte_string(units.map(u16::to_le_bytes))
            };
            assert_eq!(
                out,
                format!(
                    "const {{ :: litenc :: __private :: utf16 :: from_ne_bytes :: < {n} , {} > ({bytes}) }}",
                    2 * n
                )
            );
        }
    }

    /// `wide!`'s units above `0x7FFF` are `u16` literals cast to `WChar`,
    /// which is `i16` on AVR and MSP430 (a bare literal would overflow
    /// there); the others take their type from the first.
    #[test]
    fn wide_units_above_0x7fff_fit_a_signed_16_bit_wchar() {
        let out = expand_for(Target::Wide, Native::W16_LE, r#""a한😀""#);
        assert_eq!(
            out,
            "[97 as :: litenc :: WChar , 54620u16 as :: litenc :: WChar , \
             55357u16 as :: litenc :: WChar , 56832u16 as :: litenc :: WChar]"
        );
        let out = expand_for(Target::Wide, Native::LE, r#""a한😀""#);
        assert_eq!(out, "[97 as :: litenc :: WChar , 54620 , 128512]");
        let out = expand_for(Target::Wide, Native::W16_BE, r#""한a""#);
        assert_eq!(out, "[54620u16 as :: litenc :: WChar , 97]");
    }

    /// The attribute on a `[u16; _]` or `[u32; _]` fills in the units of
    /// the target's byte order alone, as the function-like macros do.
    #[test]
    fn attribute_units_in_the_targets_byte_order() {
        let text = "Пр😀".repeat(ARRAY_UNITS);
        for native in [Native::LE, Native::BE] {
            let item = format!("static S: [u32; _] = \"{text}\";");
            let attr = parse::attribute(
                r#""utf-32", nul"#.parse().unwrap(),
                item.parse().unwrap(),
                native,
            )
            .unwrap();
            let tokens = attribute(attr).unwrap();
            let out = tokens.to_string();
            let units = text.chars().map(|c| c as u32).chain([0]);
            let bytes = if native.big_endian {
                byte_string(units.map(u32::to_be_bytes))
            } else {
                byte_string(units.map(u32::to_le_bytes))
            };
            let n = 3 * ARRAY_UNITS + 1;
            assert_eq!(arrays(tokens), std::slice::from_ref(&bytes), "{out:.300}");
            assert_eq!(
                out,
                format!(
                    "static S : [u32 ; {n}] = const {{ :: litenc :: __private :: utf32 :: from_ne_bytes :: < {n} , {} > ({bytes}) }} ;",
                    4 * n
                )
            );
        }
    }

    /// A variable read by `env!` in the text is named again with
    /// `::core::env!`, once, so that the compiler tracks it (`# env-dep:`
    /// in the `.d` file); text without one has no such item.
    #[test]
    fn env_variables_are_tracked() {
        // Set by cargo for every test process.
        let out = expand(
            Target::Units16,
            r#"concat!(env!("CARGO_PKG_NAME"), "-", env!(concat!("CARGO_", "PKG_NAME")))"#,
        );
        assert_eq!(
            out.matches(r#"const _ : & str = :: core :: env ! ("CARGO_PKG_NAME") ;"#)
                .count(),
            1,
            "{out}"
        );
        assert!(out.contains("[108u16 , 105 , 116"), "{out}");
        let out = expand(Target::Units16, r#""CARGO_PKG_NAME""#);
        assert!(!out.contains("env"), "{out}");
    }

    /// The typed strings hand their value to the facade's macro, spanned
    /// at the option word. The `unsafe fn` constructors are called here,
    /// in the proc macro's output, on its own encoding, and nowhere else:
    /// the `unsafe_code` lint does not look into a proc macro's output, so
    /// `#![forbid(unsafe_code)]` in a test crate could not tell.
    #[test]
    fn typed_strings_call_the_unsafe_constructors_only_on_their_own_units() {
        let cases = [
            (
                Target::Bytes(Encoding::Mutf8),
                "jnistr",
                "__litenc_jnistr ! (unsafe { :: litenc :: __private :: typed :: jni_str (c\"a\\xC0\\x80\") })",
            ),
            (
                Target::Bytes(Encoding::Utf8),
                "pcstr",
                "__litenc_pcstr ! (c\"a\")",
            ),
            (
                Target::Units16,
                "pcwstr",
                "__litenc_pcwstr ! (utf16 , __LITENC_TYPED)",
            ),
            (
                Target::Wide,
                "pcwstr",
                "__litenc_pcwstr ! (wide , __LITENC_TYPED)",
            ),
            (
                Target::Units16,
                "u16cstr",
                "__litenc_u16cstr ! (unsafe { :: litenc :: __private :: typed :: u16cstr (__LITENC_TYPED) })",
            ),
            (
                Target::Units32,
                "u32cstr",
                "__litenc_u32cstr ! (unsafe { :: litenc :: __private :: typed :: u32cstr (__LITENC_TYPED) })",
            ),
        ];
        for (target, option, call) in cases {
            let text = if option == "jnistr" {
                r#""a\0""#
            } else {
                r#""a""#
            };
            let out = expand(target, &format!("{text}, {option}"));
            let unsafe_blocks = usize::from(matches!(option, "jnistr" | "u16cstr" | "u32cstr"));
            assert_eq!(out.matches("unsafe").count(), unsafe_blocks, "{out}");
            assert!(out.contains(&format!(":: litenc :: {call}")), "{out}");
        }
        let out = expand(Target::Units16, r#""a", u16cstr"#);
        assert!(
            out.contains("const __LITENC_TYPED : & [u16] = & [97u16 , 0] ;"),
            "{out}"
        );
    }

    /// Long UTF-8 output is a string literal, copied in a `const` block;
    /// other long output, and short output, a byte string.
    #[test]
    fn long_utf8_as_a_string_literal() {
        let text = "П".repeat(STR_BYTES / 2 + 1);
        let out = expand(Target::Bytes(Encoding::Utf8), &format!("\"{text}\""));
        let n = STR_BYTES + 2;
        assert_eq!(
            out,
            format!("const {{ :: litenc :: __private :: str_bytes :: < {n} > (\"{text}\") }}")
        );
        // Not a literal of its own, or with escapes: bytes.
        for input in [format!("\"{text}\\n\""), format!("\"{text}\", \"\"")] {
            let out = expand(Target::Bytes(Encoding::Utf8), &input);
            assert!(out.starts_with("* b\"\\xD0\\x9F"), "{out}");
        }
        // UTF-16LE of Cyrillic is UTF-8 too, of control characters.
        let out = expand(Target::Bytes(Encoding::Utf16Le), &format!("\"{text}\""));
        assert!(out.starts_with("* b\"\\x1F\\x04"), "{out}");
        let out = expand(Target::Bytes(Encoding::Mutf8), &format!("\"{text}\""));
        assert!(out.starts_with("const {"), "{out}");
        let out = expand(Target::Bytes(Encoding::Utf8), &format!("\"{text}\", nul"));
        assert!(out.starts_with("* b\"\\xD0\\x9F"), "{out}");
        let out = expand(Target::Bytes(Encoding::Utf8), r#""Пр""#);
        assert_eq!(out, r#"* b"\xD0\x9F\xD1\x80""#);
    }

    #[test]
    fn utf32_units_in_the_targets_byte_order() {
        let text = "é".repeat(ARRAY_UNITS + 1);
        let n = ARRAY_UNITS + 1;
        for (native, bytes) in [
            (Native::LE, r"\xE9\0\0\0".repeat(n)),
            (Native::BE, r"\0\0\0\xE9".repeat(n)),
        ] {
            let out = expand_for(Target::Units32, native, &format!("\"{text}\""));
            assert_eq!(
                out,
                format!(
                    "const {{ :: litenc :: __private :: utf32 :: from_ne_bytes :: < {n} , {} > (b\"{bytes}\") }}",
                    4 * n
                )
            );
        }
    }
}
