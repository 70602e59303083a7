//! Every error the macros report, in words.
//!
//! On stable Rust a span cannot point inside a literal, so a message about
//! a character says which one itself: the encoding, the character and its
//! U+XXXX, its index among the characters of the text, and an excerpt of the
//! text around it. Each message ends with a `= help:` line saying what to do.
//!
//! A leaf of the crate: each function takes what its message needs as plain
//! values (names, spans, text), so that `parse` and `expand` both use it and
//! it uses neither.

use std::fmt::Write as _;
use std::path::Path;

use litenc_runtime::{Encoding, LenPrefix};
use proc_macro2::{Ident, Span, TokenStream};
use syn::LitStr;

/// The option words, as the messages list them.
const NAMES: &str = "`nul`, `bom`, a length prefix (`len_u8`, `len_u16le`, `len_u16be`, \
                     `len_u32le`, `len_u32be`), a typed string (`cstr`, `jnistr`, `pcstr`, \
                     `pcwstr`, `u16cstr`, `u32cstr`), `width = N`, `pad = B`, or `packed`";

/// How many offending characters a message lists before it counts the rest.
const SHOWN: usize = 5;

/// Characters of context on each side of an offending character.
const CONTEXT: usize = 12;

fn error(span: Span, message: &str, help: &str) -> syn::Error {
    syn::Error::new(span, format!("{message}\n= help: {help}"))
}

/// `utf8!` or `encode!` as written in messages.
fn bang(macro_name: &str) -> String {
    if macro_name == "encoded" {
        "#[encoded]".to_owned()
    } else {
        format!("`{macro_name}!`")
    }
}

pub(crate) fn unknown_option(word: &Ident) -> syn::Error {
    error(
        word.span(),
        &format!("unknown option `{word}`"),
        &format!(
            "the options are {NAMES}; to encode the value of a `const` &str, use \
             `litenc::const_encode!`"
        ),
    )
}

/// `width = value` or `pad = value` with a value out of range.
pub(crate) fn bad_option_value(word: &Ident, value: &syn::LitInt) -> syn::Error {
    error(
        value.span(),
        &format!("`{word} = {}` is out of range", value.base10_digits()),
        "`width` is a number of bytes (of units for `utf16!`, `utf32!`, `wide!`); `pad` a \
         byte `0..=255` (a unit for `utf16!`, `utf32!`, `wide!`)",
    )
}

/// The text (`len` bytes or units, with mark, prefix and terminator) does
/// not fit `width = width`.
pub(crate) fn too_wide(span: Span, name: &str, len: usize, width: usize, unit: &str) -> syn::Error {
    error(
        span,
        &format!("the text takes {len} {unit} in {name}, more than `width = {width}`"),
        &format!("shorten the text to at most {width} {unit}, or widen the field"),
    )
}

/// `pad = value` that the target's unit cannot hold, or `pad` without
/// `width`, or whole spaces that do not fill the field.
pub(crate) fn bad_padding(span: Span, message: &str, help: &str) -> syn::Error {
    error(span, message, help)
}

/// `packed` on another encoding than GSM 03.38, or with an option it
/// does not go with.
pub(crate) fn packed_misused(span: Span, message: &str) -> syn::Error {
    error(
        span,
        message,
        "`packed` packs GSM 03.38 septets, eight into seven octets: \
         `encode!(\"gsm0338\", \"text\", packed)`, with `width = N` (in septets) if wanted",
    )
}

/// `fat_name!` with more than a page and a name.
pub(crate) fn fat_name_usage(span: Span) -> syn::Error {
    error(
        span,
        "`fat_name!` takes a name, or a code page and a name",
        "write `fat_name!(\"readme.txt\")` (CP437) or `fat_name!(\"cp850\", \"readme.txt\")`",
    )
}

/// A name that breaks a rule of FAT short names: the runtime's message,
/// and what to do.
pub(crate) fn fat_name_error(span: Span, e: &litenc_runtime::fat::FatNameError) -> syn::Error {
    use litenc_runtime::fat::FatNameError as E;
    let help = match e {
        E::TwoDots { .. }
        | E::BaseTooLong { .. }
        | E::ExtensionTooLong { .. }
        | E::EmptyBase
        | E::Empty => {
            "a FAT short name is a base of 1 to 8 characters, then optionally a dot and an \
             extension of up to 3 (8.3); longer names need VFAT long-name entries"
        }
        E::Forbidden { .. } => "remove the character, or replace it with `_`",
        E::NotInPage { .. } => "choose a page that has the character in upper case, or replace it",
        _ => "use an OEM code page: \"cp437\", \"cp850\", \"cp866\", ...",
    };
    error(span, &e.to_string(), help)
}

pub(crate) fn duplicate_option(word: &Ident) -> syn::Error {
    error(
        word.span(),
        &format!("option `{word}` is given twice"),
        "remove one of them",
    )
}

/// `nul` with the typed string `word`, a `ty`, which is terminated.
pub(crate) fn nul_with_typed(span: Span, word: &str, ty: &str) -> syn::Error {
    error(
        span,
        &format!("`nul` with `{word}`: a `{ty}` already ends with its NUL terminator"),
        "remove `nul`; the result has exactly one terminator",
    )
}

/// A second typed string `word`, after `first`.
pub(crate) fn second_typed(word: &Ident, first: &str) -> syn::Error {
    error(
        word.span(),
        &format!("two typed strings: `{first}` and `{word}`"),
        "the macro gives one value; keep one of them",
    )
}

/// A second length prefix `word`, after `first`.
pub(crate) fn second_prefix(word: &Ident, first: LenPrefix) -> syn::Error {
    error(
        word.span(),
        &format!(
            "two length prefixes: `{}` and `{word}`",
            first.option_name()
        ),
        "the bytes take one length prefix; keep one of them",
    )
}

/// A length prefix with the typed string `word`, a `ty` (of bytes if
/// `bytes`).
pub(crate) fn prefix_with_typed(span: Span, word: &str, ty: &str, bytes: bool) -> syn::Error {
    error(
        span,
        &format!("a length prefix with `{word}`: a `{ty}` cannot start with a length"),
        if bytes {
            "use `nul` for a NUL-terminated `[u8; N]` with a length prefix, or drop the prefix"
        } else {
            "drop the prefix: a length prefix counts bytes, and is for the macros that give bytes"
        },
    )
}

/// A length prefix on `name`, which gives code units.
pub(crate) fn prefix_on_units(span: Span, name: &str, macro_name: &str) -> syn::Error {
    error(
        span,
        &format!(
            "a length prefix counts bytes, and {} gives {name} code units",
            bang(macro_name)
        ),
        "use a byte form for prefixed text: `utf16le!`, `utf16be!`, `utf32le!`, `utf32be!` or \
         `encode!`",
    )
}

/// `prefix` cannot count the `len` bytes of the text in `name`.
pub(crate) fn prefix_too_long(
    span: Span,
    prefix: LenPrefix,
    name: &str,
    len: usize,
    max: usize,
) -> syn::Error {
    let java = if prefix == LenPrefix::U16Be && name == "MUTF-8" {
        " (Java's `writeUTF` refuses it too)"
    } else {
        ""
    };
    error(
        span,
        &format!(
            "the text takes {len} bytes in {name}, and `{}` counts at most {max}{java}",
            prefix.option_name()
        ),
        "shorten the text, or choose a wider prefix (`len_u16le`, `len_u16be`, `len_u32le`, \
         `len_u32be`)",
    )
}

/// An option on `usb_string!`, which takes none.
pub(crate) fn usb_options(span: Span) -> syn::Error {
    error(
        span,
        "`usb_string!` takes no options: a USB string descriptor has its length in `bLength`, \
         no terminator and no byte-order mark",
        "write usb_string!(\"text\") alone",
    )
}

/// Text of `units` UTF-16 code units for a USB string descriptor.
pub(crate) fn usb_too_long(span: Span, units: usize) -> syn::Error {
    error(
        span,
        &format!(
            "the text takes {units} UTF-16 code units, and a USB string descriptor holds at most \
             126 (`bLength` is one byte: 2 + 2 × 126 = 254)"
        ),
        "shorten the text to 126 UTF-16 code units or fewer",
    )
}

pub(crate) fn option_before_text(word: &Ident, macro_name: &str) -> syn::Error {
    error(
        word.span(),
        &format!("option `{word}` before the text"),
        &format!("options come after the text, e.g. {macro_name}!(\"text\", {word})"),
    )
}

pub(crate) fn text_after_options(span: Span) -> syn::Error {
    error(
        span,
        &format!("expected an option ({NAMES}) here"),
        &format!("the text comes first, then the options; the options are {NAMES}"),
    )
}

pub(crate) fn no_text(span: Span, macro_name: &str) -> syn::Error {
    error(
        span,
        &format!("{} needs the text to encode", bang(macro_name)),
        "pass one or more string literals, e.g. \"Hello\"",
    )
}

pub(crate) fn missing_label(span: Span, macro_name: &str) -> syn::Error {
    error(
        span,
        &format!(
            "{} takes the encoding label first, as a string literal",
            bang(macro_name)
        ),
        &format!("the encodings are {}", names()),
    )
}

pub(crate) fn unknown_label(label: &LitStr) -> syn::Error {
    let value = label.value();
    let help = match closest_labels(&value).as_slice() {
        [] => format!("the encodings are {}", names()),
        near => format!(
            "did you mean {}? (the encodings are {})",
            near.iter()
                .map(|l| format!("\"{l}\""))
                .collect::<Vec<_>>()
                .join(" or "),
            names()
        ),
    };
    error(
        label.span(),
        &format!("unknown encoding label {value:?}"),
        &help,
    )
}

/// The name of every encoding (each is also a label), and where the other
/// labels are listed.
fn names() -> String {
    let names: Vec<&str> = Encoding::ALL.iter().map(|e| e.name()).collect();
    format!(
        "{}; each also has the WHATWG labels `litenc::Encoding::labels` lists",
        names.join(", ")
    )
}

/// The labels (and names) nearest to `label`, ignoring case, spaces,
/// hyphens and underscores: those one or two edits away, at most three.
fn closest_labels(label: &str) -> Vec<&'static str> {
    let squeeze = |s: &str| -> String {
        s.chars()
            .filter(|c| !matches!(c, '-' | '_' | ' '))
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    let want = squeeze(label);
    let mut scored: Vec<(usize, &'static str)> = Encoding::ALL
        .iter()
        .flat_map(|e| e.labels().iter().copied().chain([e.name()]))
        .map(|l| (edit_distance(&want, &squeeze(l)), l))
        .filter(|&(d, _)| d <= 2)
        .collect();
    scored.sort_unstable();
    let mut out: Vec<&'static str> = Vec::new();
    for (_, l) in scored {
        if out.len() < 3 && !out.iter().any(|o| o.eq_ignore_ascii_case(l)) {
            out.push(l);
        }
    }
    out
}

/// Levenshtein distance of two short strings.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

pub(crate) fn missing_path(span: Span) -> syn::Error {
    error(
        span,
        "`include_encoded!` needs the path of a file after the label",
        "write include_encoded!(\"label\", \"path/relative/to/this/file.txt\")",
    )
}

pub(crate) fn byte_string(span: Span, macro_name: &str) -> syn::Error {
    error(
        span,
        &format!(
            "{} takes string literals, not byte literals: bytes are already encoded",
            bang(macro_name)
        ),
        "write the text as a string literal (\"...\"), or use the byte string as it is",
    )
}

pub(crate) fn c_string(span: Span, macro_name: &str) -> syn::Error {
    error(
        span,
        &format!(
            "{} takes string literals, not C string literals",
            bang(macro_name)
        ),
        "write a string literal and add the option `cstr` to get a `&CStr` in this encoding",
    )
}

pub(crate) fn not_a_string(span: Span, macro_name: &str) -> syn::Error {
    error(
        span,
        &format!("{} takes string literals", bang(macro_name)),
        "write the text as a string literal; `concat!(...)` takes numbers and characters too",
    )
}

/// `name!(...)` in the text of `macro_name`, whose `const_encode!` module
/// is `module`.
pub(crate) fn unsupported_macro(
    name: &str,
    span: Span,
    macro_name: &str,
    module: &str,
) -> syn::Error {
    error(
        span,
        &format!(
            "{} cannot expand `{name}!`: a procedural macro sees only tokens",
            bang(macro_name)
        ),
        &format!(
            "only `concat!`, `env!` and `include_str!` are evaluated in the text; for any \
             other `const` &str use `litenc::const_encode!({module}, EXPR)`"
        ),
    )
}

/// `written`, which is not a literal, in the text of `macro_name`, whose
/// `const_encode!` module is `module`.
pub(crate) fn non_literal(span: Span, written: &str, macro_name: &str, module: &str) -> syn::Error {
    error(
        span,
        &format!(
            "{} needs literal text, and `{written}` is not a literal",
            bang(macro_name)
        ),
        &format!(
            "for a `const` &str use `litenc::const_encode!({module}, {written})`, which encodes \
             any `const` expression"
        ),
    )
}

pub(crate) fn env_missing(
    span: Span,
    name: &str,
    message: Option<&str>,
    cause: &std::env::VarError,
) -> syn::Error {
    let message = message.map_or_else(
        || format!("environment variable `{name}` is not usable at compile time: {cause}"),
        str::to_owned,
    );
    error(
        span,
        &message,
        "set the variable for the build, or use `option_env!` with `const_encode!`",
    )
}

pub(crate) fn unreadable(
    span: Span,
    path: &str,
    full: &Path,
    cause: &std::io::Error,
) -> syn::Error {
    error(
        span,
        &format!(
            "cannot read {path:?} (looked for {}): {cause}",
            full.display()
        ),
        "the path is relative to the source file that calls the macro, as for `include_str!`",
    )
}

pub(crate) fn not_utf8(span: Span, path: &str, valid_up_to: usize) -> syn::Error {
    error(
        span,
        &format!("{path:?} is not UTF-8: ill-formed at byte {valid_up_to}"),
        "the file must be UTF-8 text; litenc encodes it into the chosen encoding",
    )
}

pub(crate) fn no_source_file(span: Span, path: &str) -> syn::Error {
    error(
        span,
        &format!("cannot resolve {path:?}: the calling source file is not known"),
        "use an absolute path, e.g. concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/file.txt\")",
    )
}

pub(crate) fn bad_target(span: Span) -> syn::Error {
    error(
        span,
        "#[litenc::encoded] goes on a `const` or `static` item",
        "write e.g. #[litenc::encoded(\"windows-1251\")] const TEXT: [u8; _] = \"текст\";",
    )
}

pub(crate) fn no_initializer(span: Span) -> syn::Error {
    error(
        span,
        "#[litenc::encoded] needs the item to be initialised with a string literal",
        "write e.g. const TEXT: [u8; _] = \"text\";",
    )
}

pub(crate) fn non_literal_initializer(span: Span) -> syn::Error {
    error(
        span,
        "#[litenc::encoded] needs the initializer to be one string literal",
        "for a `const` &str expression, use `litenc::const_encode!` as the initializer",
    )
}

pub(crate) fn bad_type(ty: &TokenStream) -> syn::Error {
    let span = ty
        .clone()
        .into_iter()
        .next()
        .map_or_else(Span::call_site, |t| t.span());
    error(
        span,
        &format!(
            "#[litenc::encoded] cannot fill in the type `{}`",
            ty.to_string().replace("& ", "&")
        ),
        "the type must be one of `[u8; _]`, `[u16; _]`, `[u32; _]`, `&[u8]`, `&[u16]`, \
         `&[u32]`, `&CStr`",
    )
}

/// An item of type `[u16; _]` (`array`) or `&[u16]` (`bits` 16), or of
/// `[u32; _]` or `&[u32]`, with the encoding `name`, which is not of those
/// units.
pub(crate) fn units_need_utf16(span: Span, name: &str, array: bool, bits: u32) -> syn::Error {
    let ty = match (array, bits) {
        (true, 16) => "[u16; _]",
        (false, 16) => "&[u16]",
        (true, _) => "[u32; _]",
        (false, _) => "&[u32]",
    };
    let (form, label) = if bits == 16 {
        ("UTF-16", "utf-16")
    } else {
        ("UTF-32", "utf-32")
    };
    error(
        span,
        &format!("`{ty}` holds {form} code units, but {name} is a byte encoding"),
        &format!("use `[u8; _]` or `&[u8]` for its bytes, or a {form} label such as \"{label}\""),
    )
}

pub(crate) fn cstr_needs_type(span: Span) -> syn::Error {
    error(
        span,
        "option `cstr` on an item whose type is not `&CStr`",
        "declare the item as `&CStr` (the terminator comes with it), or use `nul` for arrays",
    )
}

/// A typed string other than `&CStr` on `#[encoded]`; `example` is a
/// macro call that makes a `ty`.
pub(crate) fn typed_on_item(span: Span, word: &str, ty: &str, example: &str) -> syn::Error {
    error(
        span,
        &format!("option `{word}` on #[litenc::encoded]: the attribute does not make a `{ty}`"),
        &format!(
            "initialise the item with a macro instead: `const NAME: {ty} = litenc::{example};`"
        ),
    )
}

/// The typed string `word`, a `ty` holding `holds`, on `macro_name`,
/// which gives `name`; `instead` says which macros make it.
pub(crate) fn typed_not_here(
    span: Span,
    word: &str,
    ty: &str,
    holds: &str,
    macro_name: &str,
    name: &str,
    instead: &str,
) -> syn::Error {
    error(
        span,
        &format!(
            "`{word}` gives a `{ty}`, which holds {holds}, and {} gives {name}",
            bang(macro_name)
        ),
        instead,
    )
}

pub(crate) fn wrong_length(span: Span, written: &str, actual: usize) -> syn::Error {
    error(
        span,
        &format!("the encoded text is {actual} units long, not {written}"),
        &format!("write `_` and let #[litenc::encoded] fill it in, or {actual}"),
    )
}

/// `bom` for `name`, which has none.
pub(crate) fn no_bom(span: Span, name: &str) -> syn::Error {
    error(
        span,
        &format!("{name} has no byte-order mark"),
        "`bom` is for UTF-8, UTF-16 and UTF-32 only; remove it",
    )
}

/// `word` (`cstr` or `pcstr`) for native units (`utf16!`, `utf32!`,
/// `wide!`) of the form `name`, `size` bytes each, in an array of `array`.
pub(crate) fn cstr_on_units(
    span: Span,
    word: &str,
    name: &str,
    size: usize,
    array: &str,
) -> syn::Error {
    error(
        span,
        &format!(
            "`{word}` needs a byte encoding, and {name} has {size}-byte units that hold zero bytes"
        ),
        &format!("use `nul` for a NUL-terminated `{array}`, as wide-string APIs take"),
    )
}

/// `word` (`cstr` or `pcstr`) for `name`, a UTF-16 or UTF-32 byte order
/// of `size`-byte units.
pub(crate) fn cstr_not_bytes(span: Span, word: &str, name: &str, size: usize) -> syn::Error {
    let form = if size == 2 { "UTF-16" } else { "UTF-32" };
    error(
        span,
        &format!(
            "`{word}` needs a byte encoding, and {name} has {size}-byte units that hold zero bytes"
        ),
        &format!(
            "use `nul` for NUL-terminated {form} bytes; `{word}` is for the byte encodings: \
             UTF-8, MUTF-8, CESU-8 and every single-byte code page"
        ),
    )
}

/// An excerpt of `text` around character `index`, that character in
/// brackets, control characters escaped.
fn excerpt(text: &str, index: usize) -> String {
    let start = index.saturating_sub(CONTEXT);
    let end = index + CONTEXT;
    let mut out = String::from("\"");
    if start > 0 {
        out.push('…');
    }
    let mut chars = text.chars().enumerate().skip(start);
    for (i, ch) in chars.by_ref().take(end - start + 1) {
        if i == index {
            out.push('[');
        }
        out.extend(ch.escape_debug());
        if i == index {
            out.push(']');
        }
    }
    if chars.next().is_some() {
        out.push('…');
    }
    out.push('"');
    out
}

/// One line per offending character of `text` (at most [`SHOWN`]).
fn describe(out: &mut String, text: &str, offenders: &[(usize, char)]) {
    for &(index, ch) in offenders.iter().take(SHOWN) {
        let _ = write!(
            out,
            "\n  {:?} (U+{:04X}) at character index {index}: {}",
            ch,
            ch as u32,
            excerpt(text, index)
        );
    }
    if offenders.len() > SHOWN {
        let _ = write!(
            out,
            "\n  and {} more ({} in all)",
            offenders.len() - SHOWN,
            offenders.len()
        );
    }
}

/// How many characters a single-byte encoding holds: the bytes it defines,
/// as its decoder accepts them.
fn repertoire(encoding: Encoding) -> usize {
    let single = (0..=u8::MAX)
        .filter(|&byte| encoding.validate(&[byte]).is_ok())
        .count();
    // GSM 03.38's extension table: an escape and a second byte.
    let escaped = if encoding == Encoding::Gsm0338 {
        (0..=u8::MAX)
            .filter(|&byte| encoding.validate(&[0x1B, byte]).is_ok())
            .count()
    } else {
        0
    };
    single + escaped
}

/// The characters of `text` that `encoding`, a single-byte encoding, cannot
/// hold, all of them (`offenders` is not empty), as one error at `span`, the
/// literal that holds the first one.
pub(crate) fn unencodable(
    text: &str,
    span: Span,
    encoding: Encoding,
    offenders: &[(usize, char)],
) -> syn::Error {
    let name = encoding.name();
    let count = offenders.len();
    let mut message = if count == 1 {
        format!("{name} cannot encode this character of the text:")
    } else {
        format!("{name} cannot encode {count} characters of the text:")
    };
    describe(&mut message, text, offenders);
    let help = if encoding.is_cjk() {
        let ascii = if encoding == Encoding::Iso2022Jp {
            "ASCII without ESC, SO and SI (which would switch its character set)"
        } else {
            "ASCII"
        };
        format!(
            "{name} holds only {ascii} and the characters of its WHATWG index: replace these, \
             or choose an encoding that holds all of Unicode, e.g. `utf8!` or \
             `encode!(\"gb18030\", ...)`"
        )
    } else {
        format!(
            "{name} ({}) holds only its {} characters: replace these, or choose an encoding \
             that holds all of Unicode, e.g. `utf8!`",
            encoding.__about(),
            repertoire(encoding)
        )
    };
    error(span, &message, &help)
}

/// U+0000 inside `text`, which `option` terminates, in the encoding `name`;
/// `span` is the literal that holds the first one. `zero` is the character
/// the encoding writes as a zero unit: U+0000, or on an HD44780 LCD CGRAM 0,
/// U+E000.
pub(crate) fn interior_nul(
    text: &str,
    span: Span,
    name: &str,
    option: &str,
    offenders: &[(usize, char)],
    zero: char,
) -> syn::Error {
    let cp = u32::from(zero);
    let mut message = format!(
        "interior U+{cp:04X} in text that `{option}` terminates: {name} writes it as a zero \
         unit, so the string would end there:"
    );
    describe(&mut message, text, offenders);
    let help = if zero == '\0' {
        "remove the U+0000, or drop the terminator; MUTF-8 (`mutf8!`) writes U+0000 as C0 80 \
         and may hold it"
            .to_owned()
    } else {
        format!(
            "remove the U+{cp:04X}, or drop the terminator; U+{:04X}, its mirror, shows the same \
             glyph and is not a zero byte",
            cp + 8
        )
    };
    error(span, &message, &help)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_page_says_what_it_is_and_what_it_holds() {
        for &encoding in Encoding::ALL.iter().filter(|e| e.is_single_byte()) {
            let message = unencodable("a😀", Span::call_site(), encoding, &[(1, '😀')]).to_string();
            let help = format!(
                "= help: {} ({}) holds only its {} characters: ",
                encoding.name(),
                encoding.__about(),
                repertoire(encoding)
            );
            assert!(message.contains(&help), "{message}");
            assert!(message.starts_with(&format!(
                "{} cannot encode this character of the text:\n  '😀' (U+1F600) at character \
                 index 1: \"a[😀]\"",
                encoding.name()
            )));
        }
    }

    #[test]
    fn repertoire_counts_the_defined_bytes() {
        // Strict ASCII: 0x00..=0x7F. True ISO-8859-1: every byte. ISO-8859-7
        // leaves 0xAE, 0xD2 and 0xFF undefined (WHATWG's index, and Python's
        // `iso8859_7` codec).
        assert_eq!(repertoire(Encoding::Ascii), 128);
        assert_eq!(repertoire(Encoding::Latin1), 256);
        assert_eq!(repertoire(Encoding::Iso8859_7), 253);
        assert_eq!(repertoire(Encoding::Koi8R), 256);
        // GSM 03.38: 127 in the default table, 10 in the extension table.
        assert_eq!(repertoire(Encoding::Gsm0338), 137);
    }

    #[test]
    fn cstr_help_names_no_single_page() {
        let message = cstr_not_bytes(Span::call_site(), "cstr", "UTF-16LE", 2).to_string();
        assert!(message.contains("every single-byte code page"), "{message}");
        assert!(!message.contains("1251"), "{message}");
    }
}
