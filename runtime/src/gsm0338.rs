//! GSM 03.38 (3GPP TS 23.038 §6.2.1), the 7-bit default alphabet of SMS,
//! one septet per byte, with its extension table (§6.2.1.1): `€ { } [ ] ~
//! \ ^ |` and form feed as the escape `1B` and a second septet. Labels:
//! `gsm0338` (Perl's `Encode` name), `gsm-7`, `gsm7`, `gsm03.38`.
//!
//! The functions of every encoding work on one septet per byte (`00..=7F`).
//! A modem or an SMSC wants the septets packed, eight into seven octets:
//! [`pack_into`] and [`unpack_into`] do that (§6.1.2.1.1), and the
//! macros' option `packed` does it at compile time.
//!
//! # The escape
//!
//! - `1B` and a code of the extension table: one character, two bytes.
//! - `1B` and a code the extension table leaves empty (`1B 1B` too): strict
//!   decoding reports one ill-formed byte, the escape, and reads the code
//!   after it again as a character of its own. Lossy decoding does what
//!   TS 23.038 §6.2.1.1 tells a receiver to: it shows the default table's
//!   character for the code (no U+FFFD), and a space for `1B 1B`.
//! - `1B` at the end of the input: truncated (`error_len() == None`); a
//!   [`stream::Decoder`](crate::stream::Decoder) waits for the next piece.
//! - A byte `80..=FF` is not a septet: one ill-formed byte.
//!
//! ```
//! use litenc_runtime::gsm0338;
//!
//! assert_eq!(gsm0338::encode("Price: 5€ {ok}").unwrap(),
//!            b"Price: 5\x1B\x65 \x1B\x28ok\x1B\x29");
//! let e = gsm0338::validate(b"ab\x1B\x41").unwrap_err();
//! assert_eq!((e.valid_up_to(), e.error_len()), (2, Some(1)));
//! assert_eq!(gsm0338::decode_lossy(b"ab\x1B\x41"), "abA");
//!
//! // "hellohello", packed as TS 23.038 §6.1.2.1.1 says.
//! let septets = gsm0338::encode("hellohello").unwrap();
//! let mut octets = [0u8; 9];
//! assert_eq!(gsm0338::pack_into(&septets, &mut octets), Ok(9));
//! assert_eq!(octets, [0xE8, 0x32, 0x9B, 0xFD, 0x46, 0x97, 0xD9, 0xEC, 0x37]);
//! ```

crate::api::byte_codec_api!(
    crate::rules::Family::Gsm,
    gsm0338,
    "Grüße @ 5€ {Δ}",
    b"Gr\x7E\x1Ee \x00 5\x1B\x65 \x1B\x28\x10\x1B\x29"
);

/// What went wrong in [`pack_into`] or [`unpack_into`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PackError {
    /// The byte at `offset` of the septets is above `7F`.
    NotASeptet {
        /// Where it is.
        offset: usize,
    },
    /// `out` holds `available` bytes, `needed` are needed.
    OutputTooSmall {
        /// The bytes needed.
        needed: usize,
        /// The length of `out`.
        available: usize,
    },
    /// [`unpack_into`] was asked for more septets than `octets` hold.
    TooFewOctets {
        /// The septets asked for.
        septets: usize,
        /// The octets given.
        octets: usize,
    },
}

impl core::fmt::Display for PackError {
    #[inline]
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            PackError::NotASeptet { offset } => {
                write!(
                    f,
                    "the byte at offset {offset} is not a GSM 03.38 septet (above 0x7F)"
                )
            }
            PackError::OutputTooSmall { needed, available } => {
                write!(
                    f,
                    "output too small: {needed} bytes needed, {available} available"
                )
            }
            PackError::TooFewOctets { septets, octets } => {
                write!(f, "{octets} octets cannot hold {septets} septets")
            }
        }
    }
}

impl core::error::Error for PackError {}

/// The number of octets `septets` septets pack into: `ceil(7 × septets / 8)`.
///
/// ```
/// assert_eq!(litenc_runtime::gsm0338::packed_len(160), 140); // one SMS
/// assert_eq!(litenc_runtime::gsm0338::packed_len(7), 7);
/// ```
#[must_use]
#[inline]
pub const fn packed_len(septets: usize) -> usize {
    septets / 8 * 7 + (septets % 8 * 7).div_ceil(8)
}

/// Packs septets (one per byte, as [`encode_into`] writes them) into
/// octets as TS 23.038 §6.1.2.1.1 says: septet `n` takes the 7 bits from
/// bit `7n` of the output, least significant bit first; returns
/// [`packed_len`]. The bits after the last septet are zero.
///
/// When 7 septets of a group of 8 are written, the last octet has 7 spare
/// bits, which read as one more septet `00` (`@`). In an SMS that is no
/// ambiguity, because the user-data length counts septets; USSD and cell
/// broadcast (§6.1.2.3.1) carry no count and put a carriage return
/// (`0D`) there instead: for them, append `0D` to the septets before packing
/// when `septets.len() % 8 == 7`.
///
/// # Errors
/// [`PackError::NotASeptet`] for a byte above `7F`,
/// [`PackError::OutputTooSmall`] if `out` is shorter than [`packed_len`];
/// `out` is untouched then.
///
/// ```
/// use litenc_runtime::gsm0338;
/// let mut out = [0u8; 7];
/// assert_eq!(gsm0338::pack_into(b"1234567", &mut out), Ok(7));
/// assert_eq!(out, [0x31, 0xD9, 0x8C, 0x56, 0xB3, 0xDD, 0x00]);
/// ```
#[inline]
pub const fn pack_into(septets: &[u8], out: &mut [u8]) -> Result<usize, PackError> {
    let mut i = 0;
    while i < septets.len() {
        if septets[i] > 0x7F {
            return Err(PackError::NotASeptet { offset: i });
        }
        i += 1;
    }
    let needed = packed_len(septets.len());
    if needed > out.len() {
        return Err(PackError::OutputTooSmall {
            needed,
            available: out.len(),
        });
    }
    let mut at = 0;
    // Bits waiting to be written (fewer than 8 after each septet).
    let mut acc: u16 = 0;
    let mut bits = 0;
    i = 0;
    while i < septets.len() {
        acc |= (septets[i] as u16) << bits;
        bits += 7;
        if bits >= 8 {
            out[at] = acc as u8;
            at += 1;
            acc >>= 8;
            bits -= 8;
        }
        i += 1;
    }
    if bits > 0 {
        out[at] = acc as u8;
        at += 1;
    }
    Ok(at)
}

/// Unpacks the first `septets` septets of `octets` (packed as
/// [`pack_into`] packs them) into `out`, one per byte; returns `septets`.
/// The count says where the text ends (an SMS's user-data length); if
/// all you have is octets, `octets.len() * 8 / 7` septets are there, of
/// which the last may be padding (see [`pack_into`]).
///
/// # Errors
/// [`PackError::TooFewOctets`] if `octets` is shorter than
/// [`packed_len(septets)`](packed_len), [`PackError::OutputTooSmall`] if
/// `out` is shorter than `septets`.
///
/// ```
/// use litenc_runtime::gsm0338;
/// let packed = [0xE8, 0x32, 0x9B, 0xFD, 0x46, 0x97, 0xD9, 0xEC, 0x37];
/// let mut septets = [0u8; 10];
/// assert_eq!(gsm0338::unpack_into(&packed, 10, &mut septets), Ok(10));
/// assert_eq!(&septets, b"hellohello");
/// ```
#[inline]
pub const fn unpack_into(
    octets: &[u8],
    septets: usize,
    out: &mut [u8],
) -> Result<usize, PackError> {
    if packed_len(septets) > octets.len() {
        return Err(PackError::TooFewOctets {
            septets,
            octets: octets.len(),
        });
    }
    if septets > out.len() {
        return Err(PackError::OutputTooSmall {
            needed: septets,
            available: out.len(),
        });
    }
    let mut n = 0;
    while n < septets {
        let bit = n * 7;
        let byte = bit / 8;
        let shift = bit % 8;
        let mut w = (octets[byte] as u16) >> shift;
        if shift > 1 {
            w |= (octets[byte + 1] as u16) << (8 - shift);
        }
        out[n] = (w & 0x7F) as u8;
        n += 1;
    }
    Ok(septets)
}

/// The septets of `text`, packed: [`encode`] then [`pack_into`].
///
/// # Errors
/// As [`encode`].
///
/// ```
/// use litenc_runtime::gsm0338;
/// assert_eq!(gsm0338::encode_packed("hellohello").unwrap(),
///            [0xE8, 0x32, 0x9B, 0xFD, 0x46, 0x97, 0xD9, 0xEC, 0x37]);
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn encode_packed(text: &str) -> Result<alloc::vec::Vec<u8>, crate::error::EncodeError> {
    let septets = encode(text)?;
    let mut out = alloc::vec![0u8; packed_len(septets.len())];
    match pack_into(&septets, &mut out) {
        Ok(_) => Ok(out),
        // Unreachable: the encoder writes septets, and `out` has the length.
        Err(_) => Ok(alloc::vec::Vec::new()),
    }
}
