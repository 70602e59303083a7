//! Every error the macros report, in words.
//!
//! On stable Rust a span cannot point inside a literal, so a message about
//! a character says which one itself: the encoding, the character and its
//! U+XXXX, its index among the characters of the text, and an excerpt of the
//! text around it. Each message ends with a `= help:` line saying what to do.

use std::fmt::Write as _;
use std::path::Path;

use litenc_runtime::Encoding;
use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use syn::parse::ParseStream;
use syn::LitStr;

use crate::options::NAMES;
use crate::parse::{Caller, ItemType, Target, Text};

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

pub(crate) fn duplicate_option(word: &Ident) -> syn::Error {
    error(
        word.span(),
        &format!("option `{word}` is given twice"),
        "remove one of them",
    )
}

pub(crate) fn nul_with_cstr(span: Span) -> syn::Error {
    error(
        span,
        "`nul` with `cstr`: a `&CStr` already ends with its NUL terminator",
        "remove `nul`; the result has exactly one terminator",
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
        "expected an option (`nul`, `cstr` or `bom`) here",
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

pub(crate) fn unsupported_macro(name: &str, span: Span, caller: Caller) -> syn::Error {
    error(
        span,
        &format!(
            "{} cannot expand `{name}!`: a procedural macro sees only tokens",
            bang(caller.macro_name)
        ),
        &format!(
            "only `concat!`, `env!` and `include_str!` are evaluated in the text; for any \
             other `const` &str use `litenc::const_encode!({}, EXPR)`",
            caller.target.module()
        ),
    )
}

pub(crate) fn non_literal(input: ParseStream<'_>, caller: Caller) -> syn::Error {
    let mut written = TokenStream::new();
    let mut cursor = input.cursor();
    while let Some((tree, next)) = cursor.token_tree() {
        if matches!(&tree, TokenTree::Punct(p) if p.as_char() == ',') {
            break;
        }
        written.extend([tree]);
        cursor = next;
    }
    let written = written.to_string();
    error(
        input.span(),
        &format!(
            "{} needs literal text, and `{written}` is not a literal",
            bang(caller.macro_name)
        ),
        &format!(
            "for a `const` &str use `litenc::const_encode!({}, {written})`, which encodes \
             any `const` expression",
            caller.target.module()
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
        "the type must be one of `[u8; _]`, `[u16; _]`, `&[u8]`, `&[u16]`, `&CStr`",
    )
}

pub(crate) fn units_need_utf16(span: Span, encoding: Encoding, ty: ItemType) -> syn::Error {
    let ty = if ty == ItemType::UnitArray {
        "[u16; _]"
    } else {
        "&[u16]"
    };
    error(
        span,
        &format!(
            "`{ty}` holds UTF-16 code units, but {} is a byte encoding",
            encoding.name()
        ),
        "use `[u8; _]` or `&[u8]` for its bytes, or a UTF-16 label such as \"utf-16\"",
    )
}

pub(crate) fn cstr_needs_type(span: Span) -> syn::Error {
    error(
        span,
        "option `cstr` on an item whose type is not `&CStr`",
        "declare the item as `&CStr` (the terminator comes with it), or use `nul` for arrays",
    )
}

pub(crate) fn wrong_length(span: Span, written: &str, actual: usize) -> syn::Error {
    error(
        span,
        &format!("the encoded text is {actual} units long, not {written}"),
        &format!("write `_` and let #[litenc::encoded] fill it in, or {actual}"),
    )
}

pub(crate) fn no_bom(span: Span, target: Target) -> syn::Error {
    error(
        span,
        &format!("{} has no byte-order mark", target.name()),
        "`bom` is for UTF-8 and UTF-16 only; remove it",
    )
}

pub(crate) fn cstr_not_bytes(span: Span, target: Target) -> syn::Error {
    let fix = if target == Target::Units {
        "use `nul` for a NUL-terminated `[u16; N]`, as wide-string APIs take"
    } else {
        "use `nul` for NUL-terminated UTF-16 bytes; `cstr` is for UTF-8, MUTF-8, CESU-8 and \
         Windows-1251"
    };
    error(
        span,
        &format!(
            "`cstr` needs a byte encoding, and {} has 2-byte units that hold zero bytes",
            target.name()
        ),
        fix,
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

fn describe(out: &mut String, text: &Text, offenders: &[(usize, char)]) {
    for &(index, ch) in offenders.iter().take(SHOWN) {
        let _ = write!(
            out,
            "\n  {:?} (U+{:04X}) at character index {index}: {}",
            ch,
            ch as u32,
            excerpt(&text.value, index)
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

/// The characters of `text` that the encoding cannot hold, all of them
/// (`offenders` is not empty), as one error at the first one's literal.
pub(crate) fn unencodable(text: &Text, target: Target, offenders: &[(usize, char)]) -> syn::Error {
    let count = offenders.len();
    let mut message = if count == 1 {
        format!(
            "{} cannot encode this character of the text:",
            target.name()
        )
    } else {
        format!(
            "{} cannot encode {count} characters of the text:",
            target.name()
        )
    };
    describe(&mut message, text, offenders);
    let encoding = target.encoding();
    let help = if encoding.is_cjk() {
        let ascii = if encoding == Encoding::Iso2022Jp {
            "ASCII without ESC, SO and SI (which would switch its character set)"
        } else {
            "ASCII"
        };
        format!(
            "{} holds only {ascii} and the characters of its WHATWG index: replace these, \
             or choose an encoding that holds all of Unicode, e.g. `utf8!` or \
             `encode!(\"gb18030\", ...)`",
            target.name()
        )
    } else {
        format!(
            "{} holds only its 256 characters (ASCII, Cyrillic and some punctuation): \
             replace these, or choose an encoding that holds all of Unicode, e.g. `utf8!`",
            target.name()
        )
    };
    error(text.span_of(offenders[0].0), &message, &help)
}

/// U+0000 inside text that is to be NUL-terminated.
pub(crate) fn interior_nul(
    text: &Text,
    target: Target,
    option: &str,
    offenders: &[(usize, char)],
) -> syn::Error {
    let mut message = format!(
        "interior U+0000 in text that `{option}` terminates: {} writes it as a zero unit, so the \
         string would end there:",
        target.name()
    );
    describe(&mut message, text, offenders);
    error(
        text.span_of(offenders[0].0),
        &message,
        "remove the U+0000, or drop the terminator; MUTF-8 (`mutf8!`) writes U+0000 as C0 80 \
         and may hold it",
    )
}
