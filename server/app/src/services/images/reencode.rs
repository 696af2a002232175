//! Turning whatever a phone sends into a picture we are willing to keep: the
//! format is read from the bytes (never the name or the declared type), the
//! size is bounded before any pixel is allocated, the photo is turned upright
//! by its EXIF orientation, shrunk to what a screen needs, and written out
//! afresh as a JPEG. Only pixels survive, so EXIF (location, device, time)
//! and anything hidden after or inside the original never reach storage.

use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits, RgbImage};
use std::io::Cursor;

/// Longest side kept: sharp on any phone, a fraction of a camera's file.
const LONG_SIDE: u32 = 1600;
/// The most pixels we decode (a 48-megapixel phone camera is 8000×6000).
const MAX_PIXELS: u64 = 50_000_000;
const MAX_SIDE: u32 = 16_000;
const QUALITY: u8 = 82;

#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not a JPEG, PNG or WebP by its bytes, or broken.
    WrongType,
    /// Declares more pixels than we decode.
    TooManyPixels,
}

pub struct CleanImage {
    pub jpeg: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// The format by its magic bytes; everything else (SVG, HTML, PDF, GIF,
/// HEIC) is refused.
fn sniff(bytes: &[u8]) -> Option<ImageFormat> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(ImageFormat::Jpeg)
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(ImageFormat::Png)
    } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
        Some(ImageFormat::WebP)
    } else {
        None
    }
}

fn refusal(error: ImageError) -> Refusal {
    match error {
        ImageError::Limits(_) => Refusal::TooManyPixels,
        _ => Refusal::WrongType,
    }
}

/// CPU-bound; callers run it off the async runtime.
pub fn reencode(bytes: &[u8]) -> Result<CleanImage, Refusal> {
    let format = sniff(bytes).ok_or(Refusal::WrongType)?;
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    // RGBA at the pixel cap, and room for the decoder's own buffers.
    limits.max_alloc = Some(MAX_PIXELS * 4 + 64 * 1024 * 1024);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(refusal)?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(Refusal::TooManyPixels);
    }
    // A broken orientation tag is no reason to refuse the photo.
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let mut picture = DynamicImage::from_decoder(decoder).map_err(refusal)?;
    picture.apply_orientation(orientation);
    if picture.width().max(picture.height()) > LONG_SIDE {
        picture = picture.resize(LONG_SIDE, LONG_SIDE, FilterType::Triangle);
    }
    let flat = on_white(&picture);
    let mut jpeg = Vec::new();
    JpegEncoder::new_with_quality(&mut jpeg, QUALITY).encode_image(&flat).map_err(refusal)?;
    Ok(CleanImage { jpeg, width: flat.width(), height: flat.height() })
}

/// JPEG has no transparency: transparent pixels of a screenshot become
/// white, as they look on the borrower's screen.
fn on_white(picture: &DynamicImage) -> RgbImage {
    let rgba = picture.to_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [red, green, blue, alpha] = rgba.get_pixel(x, y).0;
        let blend = |channel: u8| {
            let alpha = u16::from(alpha);
            let value = (u16::from(channel) * alpha + 255 * (255 - alpha) + 127) / 255;
            u8::try_from(value).unwrap_or(u8::MAX)
        };
        image::Rgb([blend(red), blend(green), blend(blue)])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageEncoder, Rgba, RgbaImage};

    fn png(width: u32, height: u32, pixel: Rgba<u8>) -> Vec<u8> {
        let picture = RgbaImage::from_pixel(width, height, pixel);
        let mut bytes = Vec::new();
        image::codecs::png::PngEncoder::new(&mut bytes)
            .write_image(picture.as_raw(), width, height, image::ExtendedColorType::Rgba8)
            .unwrap();
        bytes
    }

    #[test]
    fn a_png_comes_back_as_a_jpeg_of_the_same_size() {
        let clean = reencode(&png(40, 30, Rgba([10, 200, 30, 255]))).unwrap();
        assert_eq!(sniff(&clean.jpeg), Some(ImageFormat::Jpeg));
        assert_eq!((clean.width, clean.height), (40, 30));
    }

    #[test]
    fn transparent_pixels_turn_white() {
        let clean = reencode(&png(8, 8, Rgba([0, 0, 0, 0]))).unwrap();
        let decoded = image::load_from_memory(&clean.jpeg).unwrap().to_rgb8();
        assert!(decoded.pixels().all(|pixel| pixel.0.iter().all(|&channel| channel > 245)));
    }

    #[test]
    fn a_large_photo_is_shrunk_to_the_long_side() {
        let clean = reencode(&png(3200, 1000, Rgba([1, 2, 3, 255]))).unwrap();
        assert_eq!((clean.width, clean.height), (1600, 500));
    }

    #[test]
    fn names_and_declared_types_do_not_matter_only_bytes() {
        for bytes in [
            &b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"[..],
            b"<!DOCTYPE html><html><body>hi</body></html>",
            b"%PDF-1.7",
            b"GIF89a\x01\x00\x01\x00",
            b"",
            b"\xFF\xD8\xFF\xE0 not really a jpeg",
        ] {
            assert_eq!(reencode(bytes).err(), Some(Refusal::WrongType), "{bytes:?}");
        }
    }
}
