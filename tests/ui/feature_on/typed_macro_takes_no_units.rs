// The facade's macro behind `u16cstr` takes the finished `&U16CStr`, not
// units it would trust: called from safe code with units of its own, it
// does not compile.
#![forbid(unsafe_code)]

static UNITS: [u16; 4] = [0x61, 0, 0x62, 0];

fn main() {
    let _ = litenc::__litenc_u16cstr!(&UNITS);
}
