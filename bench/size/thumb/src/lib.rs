//! What the size programs share: an input the optimizer cannot see through,
//! a sink for the output, and the panic handler. Each program is one entry
//! point, `_start`, that converts the input once and stops.
#![no_std]

/// The text every program converts: Russian with ASCII between the words,
/// so that both the ASCII runs and the table look-ups of a kernel are used.
static TEXT: &str = "Съешь же ещё этих мягких французских булок, да выпей чаю.";

/// The same text in windows-1251.
static BYTES: [u8; 57] = *b"\xd1\xfa\xe5\xf8\xfc \xe6\xe5 \xe5\xf9\xb8 \xfd\xf2\xe8\xf5 \xec\xff\xe3\xea\xe8\xf5 \xf4\xf0\xe0\xed\xf6\xf3\xe7\xf1\xea\xe8\xf5 \xe1\xf3\xeb\xee\xea, \xe4\xe0 \xe2\xfb\xef\xe5\xe9 \xf7\xe0\xfe.";

/// [`TEXT`], through [`core::hint::black_box`]: the optimizer knows neither
/// its length nor its content, so the conversion is compiled, not folded.
#[inline(never)]
#[must_use]
pub fn text() -> &'static str {
    core::hint::black_box(TEXT)
}

/// [`BYTES`], as [`text`] gives its text.
#[inline(never)]
#[must_use]
pub fn bytes() -> &'static [u8] {
    core::hint::black_box(&BYTES)
}

/// Keeps `result` (and so the code that made it) in the program.
#[inline(never)]
pub fn sink<T>(result: &T) {
    core::hint::black_box(result);
}

/// Stops: the programs are measured, never run.
#[inline(never)]
pub fn stop() -> ! {
    loop {
        core::hint::spin_loop();
    }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    stop()
}
