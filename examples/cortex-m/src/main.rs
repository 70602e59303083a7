//! litenc on a Cortex-M3: string literals encoded by the compiler into
//! flash, `const fn` results, and the run-time codec (`litenc::fast`, its
//! portable kernels) on the target itself, each compared with bytes worked
//! out without litenc (`expected.py`: Python's codecs and the standards'
//! tables). Runs under QEMU (`run.sh`); the verdict is the exit code that
//! semihosting hands to QEMU: 0 if every check passed, 1 otherwise.

#![no_std]
#![no_main]

use core::hint::black_box;

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};
use litenc::{encode, fast, fat_name, usb_string, utf16, windows1251};

#[rustfmt::skip]
mod expected;

/// Where `memory.x` puts the flash of the LM3S6965: `0x0000_0000` to here.
const FLASH_END: usize = 0x0004_0000;

// The literals, encoded at compile time into `static`s, which the linker
// keeps in flash.
static UTF16_HELLO: [u16; 16] = utf16!("Привет, мир! 👋", nul);
static CP1251_LABEL: [u8; 23] = windows1251!("Температура: 25 °C, № 7");
static USB_PRODUCT: [u8; 20] = usb_string!("Термометр");
static HD44780_LINE: [u8; 22] = encode!("hd44780-a00", "25ﾟC ｶﾀｶﾅ α→β ¥100 Ω÷π");
static GSM_HELLO: [u8; 9] = encode!("gsm0338", "hellohello", packed);
static GSM_PRICE: [u8; 15] = encode!("gsm0338", "Grüße @ 5€ {Δ}", packed);
static FAT_README: [u8; 11] = fat_name!("readme.txt");
static FAT_MENU: [u8; 11] = fat_name!("cp850", "menú.cfg");
static FAT_E5: [u8; 11] = fat_name!("cp850", "õ.txt");

// The `const fn` codec, evaluated by the compiler in `const` items.
const CONST_UTF16: [u16; 11] = litenc::utf16::encode_units_array("Ошибка №5 ✓");
const CONST_KOI8_R: [u8; 6] = litenc::koi8_r::encode_array("Привет");
const GREETING: &str = "Добрый день";
static CONST_CP1251: [u8; 11] = litenc::const_encode!(windows1251, GREETING);

/// The tally of the checks.
struct Checks {
    passed: u32,
    failed: u32,
}

impl Checks {
    /// Records one check, and prints its outcome.
    fn record(&mut self, name: &str, ok: bool) {
        if ok {
            self.passed += 1;
            hprintln!("ok   {}", name);
        } else {
            self.failed += 1;
            hprintln!("FAIL {}", name);
        }
    }

    /// `got` must equal `want`; on a difference, prints the first one.
    fn same<T: PartialEq + core::fmt::LowerHex + Copy>(
        &mut self,
        name: &str,
        got: &[T],
        want: &[T],
    ) {
        let ok = got == want;
        if !ok {
            match got.iter().zip(want).position(|(g, w)| g != w) {
                Some(i) => hprintln!("     at {}: got {:#x}, want {:#x}", i, got[i], want[i]),
                None => hprintln!("     length {}, want {}", got.len(), want.len()),
            }
        }
        self.record(name, ok);
    }

    /// The run-time call must have succeeded, and written `want`.
    fn same_ok<T: PartialEq + core::fmt::LowerHex + Copy>(
        &mut self,
        name: &str,
        got: Option<&[T]>,
        want: &[T],
    ) {
        if let Some(got) = got {
            self.same(name, got, want);
        } else {
            hprintln!("     the call returned an error");
            self.record(name, false);
        }
    }

    /// `item` must lie in flash, not in RAM.
    fn in_flash<T>(&mut self, name: &str, item: &T) {
        let address = core::ptr::from_ref(item).addr();
        self.record(name, address < FLASH_END);
    }
}

/// `want` as the standards have it; with the feature `self-test-failure`,
/// one byte flipped, which the run must report as a failure.
const fn expectation<const N: usize>(mut want: [u8; N]) -> [u8; N] {
    if cfg!(feature = "self-test-failure") {
        want[0] ^= 1;
    }
    want
}

#[entry]
fn main() -> ! {
    let mut c = Checks {
        passed: 0,
        failed: 0,
    };

    // Literals, from flash.
    c.same("utf16! (nul)", &UTF16_HELLO, &expected::UTF16_HELLO_NUL);
    c.same(
        "windows1251!",
        &CP1251_LABEL,
        &expectation(expected::CP1251_LABEL),
    );
    c.same("usb_string!", &USB_PRODUCT, &expected::USB_PRODUCT);
    c.same(
        "encode!(\"hd44780-a00\")",
        &HD44780_LINE,
        &expected::HD44780_LINE,
    );
    c.same(
        "encode!(\"gsm0338\", packed): hellohello",
        &GSM_HELLO,
        &expected::GSM_HELLO_PACKED,
    );
    c.same(
        "encode!(\"gsm0338\", packed): escapes",
        &GSM_PRICE,
        &expected::GSM_PRICE_PACKED,
    );
    c.same("fat_name! (cp437)", &FAT_README, &expected::FAT_README);
    c.same("fat_name! (cp850)", &FAT_MENU, &expected::FAT_MENU_850);
    c.same("fat_name! (E5 as 05)", &FAT_E5, &expected::FAT_E5_850);
    c.in_flash("utf16! static in flash", &UTF16_HELLO);
    c.in_flash("windows1251! static in flash", &CP1251_LABEL);
    c.in_flash("encode! static in flash", &GSM_PRICE);

    // `const fn` results.
    c.same(
        "const utf16::encode_units_array",
        &CONST_UTF16,
        &expected::CONST_UTF16,
    );
    c.same(
        "const koi8_r::encode_array",
        &CONST_KOI8_R,
        &expected::CONST_KOI8_R,
    );
    c.same(
        "const_encode!(windows1251)",
        &CONST_CP1251,
        &expected::CONST_CP1251,
    );

    // The run-time codec, on text the compiler cannot see through.
    if cfg!(not(feature = "literals-only")) {
        c.record(
            "fast::implementation() == \"portable\"",
            fast::implementation() == "portable",
        );
        run_time(&mut c);
    }

    hprintln!("{} passed, {} failed", c.passed, c.failed);
    debug::exit(if c.failed == 0 {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    loop {
        cortex_m::asm::wfi();
    }
}

/// The firmware's calls into the run-time codec, one function each, kept
/// out of line so that the size of each (the codec's code inlined into it)
/// shows in the symbol table: `run.sh` counts them as the codec's share.
mod codec {
    use litenc::{fast, DecodeError, EncodeError};

    #[inline(never)]
    pub(crate) fn utf8_validate(bytes: &[u8]) -> Result<(), DecodeError> {
        fast::utf8::validate(bytes)
    }

    #[inline(never)]
    pub(crate) fn utf8_to_utf16(text: &str, out: &mut [u16]) -> Result<usize, EncodeError> {
        fast::utf16::encode_units_into(text, out)
    }

    #[inline(never)]
    pub(crate) fn utf16_to_utf8(units: &[u16], out: &mut [u8]) -> Result<usize, DecodeError> {
        fast::utf16::decode_units_into(units, out)
    }

    #[inline(never)]
    pub(crate) fn windows1251_encode(text: &str, out: &mut [u8]) -> Result<usize, EncodeError> {
        fast::windows1251::encode_into(text, out)
    }

    #[inline(never)]
    pub(crate) fn windows1251_decode(bytes: &[u8], out: &mut [u8]) -> Result<usize, DecodeError> {
        fast::windows1251::decode_into(bytes, out)
    }

    #[inline(never)]
    pub(crate) fn hd44780_encode(text: &str, out: &mut [u8]) -> Result<usize, EncodeError> {
        fast::hd44780_a00::encode_into(text, out)
    }

    /// GSM 03.38 septets, packed into `out`; `None` on any error.
    #[inline(never)]
    pub(crate) fn gsm_encode_packed(text: &str, out: &mut [u8]) -> Option<usize> {
        let mut septets = [0u8; 160];
        let n = fast::gsm0338::encode_into(text, &mut septets).ok()?;
        litenc::gsm0338::pack_into(&septets[..n], out).ok()
    }

    #[inline(never)]
    pub(crate) fn usb_string_encode(text: &str, out: &mut [u8]) -> Result<usize, EncodeError> {
        litenc::usb_string::encode_into(text, out)
    }
}

/// The checks of `litenc::fast` and the run-time encoders.
fn run_time(c: &mut Checks) {
    let mixed = black_box(expected::LONG_MIXED);
    c.record(
        "fast::utf8::validate, long text",
        codec::utf8_validate(mixed.as_bytes()).is_ok(),
    );

    let mut broken = [0u8; expected::LONG_MIXED.len()];
    broken.copy_from_slice(mixed.as_bytes());
    broken[expected::BREAK_AT] = expected::BREAK_BYTE;
    let error = codec::utf8_validate(black_box(&broken)).err();
    c.record(
        "fast::utf8::validate, broken text: the error's place",
        error.is_some_and(|e| {
            e.valid_up_to() == expected::BROKEN_VALID_UP_TO
                && e.error_len() == Some(expected::BROKEN_ERROR_LEN)
        }),
    );

    let mut units = [0u16; 256];
    let n = codec::utf8_to_utf16(mixed, &mut units);
    c.same_ok(
        "fast::utf16::encode_units_into, long text",
        n.ok().map(|n| &units[..n]),
        &expected::LONG_MIXED_UTF16,
    );

    let mut bytes = [0u8; 512];
    let n = codec::utf16_to_utf8(black_box(&expected::LONG_MIXED_UTF16), &mut bytes);
    c.same_ok(
        "fast::utf16::decode_units_into, long text",
        n.ok().map(|n| &bytes[..n]),
        expected::LONG_MIXED.as_bytes(),
    );

    let n = codec::windows1251_encode(black_box(expected::LONG_CYRILLIC), &mut bytes);
    c.same_ok(
        "fast::windows1251::encode_into, long text",
        n.ok().map(|n| &bytes[..n]),
        &expected::LONG_CYRILLIC_1251,
    );
    let n = codec::windows1251_decode(black_box(&expected::LONG_CYRILLIC_1251), &mut bytes);
    c.same_ok(
        "fast::windows1251::decode_into, long text",
        n.ok().map(|n| &bytes[..n]),
        expected::LONG_CYRILLIC.as_bytes(),
    );

    // What firmware formats at run time: an LCD line, an SMS, a USB serial.
    let n = codec::hd44780_encode(black_box("25ﾟC ｶﾀｶﾅ α→β ¥100 Ω÷π"), &mut bytes);
    c.same_ok(
        "fast::hd44780_a00::encode_into",
        n.ok().map(|n| &bytes[..n]),
        &expected::HD44780_LINE,
    );
    let n = codec::gsm_encode_packed(black_box("Grüße @ 5€ {Δ}"), &mut bytes);
    c.same_ok(
        "fast::gsm0338::encode_into + gsm0338::pack_into",
        n.map(|n| &bytes[..n]),
        &expected::GSM_PRICE_PACKED,
    );
    let n = codec::usb_string_encode(black_box("Термометр"), &mut bytes);
    c.same_ok(
        "usb_string::encode_into",
        n.ok().map(|n| &bytes[..n]),
        &expected::USB_PRODUCT,
    );
}

/// A panic is a failed run: say where, and exit with failure.
#[panic_handler]
fn panic(info: &core::panic::PanicInfo<'_>) -> ! {
    hprintln!("panic: {}", info);
    debug::exit(debug::EXIT_FAILURE);
    loop {
        cortex_m::asm::wfi();
    }
}
