//! The pictures of a pay code: a QR code of a QR Ph payload for phones to
//! scan, and a Code 128 barcode of a store pay code for cashiers' scanners,
//! both drawn as black-on-white PNGs with the quiet zones their standards
//! ask for. The console draws a new staff member's TOTP enrolment address
//! with the same QR code.

use image::{GrayImage, ImageFormat, Luma};
use qrcode::{Color, EcLevel, QrCode};
use std::io::Cursor;

/// Pixels per QR module: a version-10 code (a typical QR Ph payload) comes
/// out near 400 px, sharp on any phone screen.
const QR_MODULE: u32 = 6;
/// The QR code's quiet zone, in modules (ISO/IEC 18004 asks for 4).
const QR_QUIET: u32 = 4;
/// Pixels per narrowest bar of the barcode.
const BAR_MODULE: u32 = 3;
/// The barcode's quiet zone on each side, in modules (Code 128 asks for 10).
const BAR_QUIET: u32 = 10;
const BAR_HEIGHT: u32 = 120;

#[derive(Debug, thiserror::Error)]
pub enum DrawError {
    #[error("cannot encode: {0}")]
    Encode(String),
    #[error("cannot write the PNG: {0}")]
    Png(String),
}

fn png(picture: &GrayImage) -> Result<Vec<u8>, DrawError> {
    let mut bytes = Vec::new();
    picture
        .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
        .map_err(|error| DrawError::Png(error.to_string()))?;
    Ok(bytes)
}

/// A PNG of the QR code of `payload` (error correction M, as QR Ph codes
/// are printed).
pub fn qr_png(payload: &str) -> Result<Vec<u8>, DrawError> {
    let code = QrCode::with_error_correction_level(payload.as_bytes(), EcLevel::M)
        .map_err(|error| DrawError::Encode(error.to_string()))?;
    let modules = u32::try_from(code.width()).map_err(|error| DrawError::Encode(error.to_string()))?;
    let colors = code.to_colors();
    let side = (modules + 2 * QR_QUIET) * QR_MODULE;
    let picture = GrayImage::from_fn(side, side, |x, y| {
        let (column, row) = (x / QR_MODULE, y / QR_MODULE);
        let inside = (QR_QUIET..QR_QUIET + modules).contains(&column) && (QR_QUIET..QR_QUIET + modules).contains(&row);
        let dark = inside && {
            let index = ((row - QR_QUIET) * modules + (column - QR_QUIET)) as usize;
            colors.get(index) == Some(&Color::Dark)
        };
        Luma([if dark { 0 } else { 255 }])
    });
    png(&picture)
}

/// The Code 128 text for `code`: character set C (two digits a symbol)
/// for an even run of digits, else set B (printable ASCII).
fn code128_data(code: &str) -> Result<String, DrawError> {
    if code.is_empty() || code.len() > 40 || !code.bytes().all(|byte| (b' '..=b'~').contains(&byte)) {
        return Err(DrawError::Encode("a pay code is 1 to 40 printable characters".to_owned()));
    }
    let digits = code.bytes().all(|byte| byte.is_ascii_digit());
    Ok(if digits && code.len().is_multiple_of(2) { format!("\u{0106}{code}") } else { format!("\u{0181}{code}") })
}

/// A PNG of the Code 128 barcode of `code`.
pub fn barcode_png(code: &str) -> Result<Vec<u8>, DrawError> {
    let bars = barcoders::sym::code128::Code128::new(code128_data(code)?)
        .map_err(|error| DrawError::Encode(error.to_string()))?
        .encode();
    let modules = u32::try_from(bars.len()).map_err(|error| DrawError::Encode(error.to_string()))?;
    let width = (modules + 2 * BAR_QUIET) * BAR_MODULE;
    let height = BAR_HEIGHT + 2 * BAR_QUIET * BAR_MODULE;
    let picture = GrayImage::from_fn(width, height, |x, y| {
        let module = x / BAR_MODULE;
        let in_bars = (BAR_QUIET..BAR_QUIET + modules).contains(&module);
        let in_height = (BAR_QUIET * BAR_MODULE..BAR_QUIET * BAR_MODULE + BAR_HEIGHT).contains(&y);
        let dark = in_bars && in_height && bars.get((module - BAR_QUIET) as usize) == Some(&1);
        Luma([if dark { 0 } else { 255 }])
    });
    png(&picture)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_use_the_compact_set_and_anything_else_set_b() {
        assert_eq!(code128_data("123456789012").unwrap(), "\u{0106}123456789012");
        assert_eq!(code128_data("12345").unwrap(), "\u{0181}12345");
        assert_eq!(code128_data("HIRAM-77A").unwrap(), "\u{0181}HIRAM-77A");
        assert!(code128_data("").is_err());
        assert!(code128_data("ñ").is_err());
    }

    #[test]
    fn both_pictures_are_pngs() {
        let signature = [0x89, b'P', b'N', b'G'];
        assert_eq!(qr_png("000201010212").unwrap()[..4], signature);
        assert_eq!(barcode_png("123456789012").unwrap()[..4], signature);
    }
}
