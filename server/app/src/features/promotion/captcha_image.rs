//! Draws a captcha as a small grayscale PNG: four digits from a 5×7 bitmap
//! font, scaled, each nudged at random, over speckle noise and crossing
//! lines, encoded by `image` as the pay codes' pictures are.

use image::codecs::png::PngEncoder;
use image::{ExtendedColorType, ImageEncoder, ImageError};

const WIDTH: usize = 120;
const HEIGHT: usize = 44;
const SCALE: usize = 4;

/// Rows of each digit, five bits a row, most significant bit on the left.
const GLYPHS: [[u8; 7]; 10] = [
    [0b01110, 0b10001, 0b10011, 0b10101, 0b11001, 0b10001, 0b01110],
    [0b00100, 0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110],
    [0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b01000, 0b11111],
    [0b11111, 0b00010, 0b00100, 0b00010, 0b00001, 0b10001, 0b01110],
    [0b00010, 0b00110, 0b01010, 0b10010, 0b11111, 0b00010, 0b00010],
    [0b11111, 0b10000, 0b11110, 0b00001, 0b00001, 0b10001, 0b01110],
    [0b00110, 0b01000, 0b10000, 0b11110, 0b10001, 0b10001, 0b01110],
    [0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b01000, 0b01000],
    [0b01110, 0b10001, 0b10001, 0b01110, 0b10001, 0b10001, 0b01110],
    [0b01110, 0b10001, 0b10001, 0b01111, 0b00001, 0b00010, 0b01100],
];

/// Renders `digits` (ASCII digits) with the given random bytes deciding the
/// jitter and the noise; the same bytes give the same picture.
pub fn render(digits: &str, random: &[u8; 64]) -> Result<Vec<u8>, ImageError> {
    let mut pixels = vec![0u8; WIDTH * HEIGHT];
    for (y, row) in pixels.chunks_mut(WIDTH).enumerate() {
        for (x, pixel) in row.iter_mut().enumerate() {
            *pixel = 236 - ((x + y) % 24) as u8;
        }
    }
    let mut noise = random.iter().cycle().skip(16);
    for (index, digit) in digits.bytes().enumerate() {
        let glyph = GLYPHS[usize::from(digit.saturating_sub(b'0')).min(9)];
        let left = 6 + index * 28 + usize::from(random[index] % 6);
        let top = 4 + usize::from(random[index + 4] % 10);
        let ink = 20 + random[index + 8] % 60;
        for (row, bits) in glyph.iter().enumerate() {
            for column in 0..5 {
                if bits & (0b10000 >> column) != 0 {
                    for dy in 0..SCALE {
                        for dx in 0..SCALE - 1 {
                            let (x, y) = (left + column * SCALE + dx, top + row * SCALE + dy);
                            if x < WIDTH && y < HEIGHT {
                                pixels[y * WIDTH + x] = ink;
                            }
                        }
                    }
                }
            }
        }
    }
    for _ in 0..3 {
        let from_y = i64::from(*noise.next().unwrap_or(&0)) % HEIGHT as i64;
        let to_y = i64::from(*noise.next().unwrap_or(&0)) % HEIGHT as i64;
        for x in 0..WIDTH {
            let y = from_y + (to_y - from_y) * x as i64 / WIDTH as i64;
            pixels[y.clamp(0, HEIGHT as i64 - 1) as usize * WIDTH + x] = 90;
        }
    }
    for (index, pixel) in pixels.iter_mut().enumerate() {
        let speck = random[(index * 7 + index / WIDTH) % 64].wrapping_mul(index as u8 | 1);
        if speck < 18 {
            *pixel = pixel.wrapping_sub(90);
        }
    }
    let mut png = Vec::new();
    PngEncoder::new(&mut png).write_image(&pixels, WIDTH as u32, HEIGHT as u32, ExtendedColorType::L8)?;
    Ok(png)
}

#[cfg(test)]
mod tests {
    use super::{HEIGHT, WIDTH, render};

    #[test]
    fn the_image_is_a_png_of_the_stated_size_that_reads_back() {
        let png = render("0429", &[7; 64]).expect("a PNG");
        let picture = image::load_from_memory_with_format(&png, image::ImageFormat::Png).expect("a readable PNG");
        assert_eq!((picture.width(), picture.height()), (WIDTH as u32, HEIGHT as u32));
        assert_eq!(picture.color(), image::ColorType::L8);
    }

    #[test]
    fn different_digits_draw_different_pictures() {
        assert_ne!(render("1111", &[3; 64]).expect("a PNG"), render("7777", &[3; 64]).expect("a PNG"));
    }
}
