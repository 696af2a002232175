//! Draws a captcha as a small grayscale PNG: four digits from a 5×7 bitmap
//! font, scaled, each nudged at random, over speckle noise and crossing
//! lines. Written out by hand (stored deflate blocks, CRC-32, Adler-32) so
//! the server needs no image library for one small picture.

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
pub fn render(digits: &str, random: &[u8; 64]) -> Vec<u8> {
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
    encode_grayscale_png(&pixels, WIDTH, HEIGHT)
}

fn encode_grayscale_png(pixels: &[u8], width: usize, height: usize) -> Vec<u8> {
    let mut raw = Vec::with_capacity((width + 1) * height);
    for row in pixels.chunks(width) {
        raw.push(0); // filter: none
        raw.extend_from_slice(row);
    }
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&(width as u32).to_be_bytes());
    header.extend_from_slice(&(height as u32).to_be_bytes());
    header.extend_from_slice(&[8, 0, 0, 0, 0]); // 8-bit grayscale, no interlace
    chunk(&mut png, b"IHDR", &header);
    chunk(&mut png, b"IDAT", &zlib_stored(&raw));
    chunk(&mut png, b"IEND", &[]);
    png
}

fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    png.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = png.len();
    png.extend_from_slice(kind);
    png.extend_from_slice(data);
    let crc = crc32(&png[start..]);
    png.extend_from_slice(&crc.to_be_bytes());
}

/// A zlib stream of uncompressed deflate blocks.
fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = data.chunks(65_535).collect();
    for (index, block) in blocks.iter().enumerate() {
        out.push(u8::from(index + 1 == blocks.len()));
        let length = block.len() as u16;
        out.extend_from_slice(&length.to_le_bytes());
        out.extend_from_slice(&(!length).to_le_bytes());
        out.extend_from_slice(block);
    }
    let (mut a, mut b) = (1u32, 0u32);
    for byte in data {
        a = (a + u32::from(*byte)) % 65_521;
        b = (b + a) % 65_521;
    }
    out.extend_from_slice(&((b << 16) | a).to_be_bytes());
    out
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for byte in bytes {
        crc ^= u32::from(*byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xedb8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_image_is_a_png_of_the_stated_size() {
        let png = render("0429", &[7; 64]);
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(&png[12..16], b"IHDR");
        assert_eq!(u32::from_be_bytes(png[16..20].try_into().unwrap()), WIDTH as u32);
        assert_eq!(u32::from_be_bytes(png[20..24].try_into().unwrap()), HEIGHT as u32);
        assert_eq!(&png[png.len() - 8..png.len() - 4], b"IEND");
    }

    #[test]
    fn the_checksums_match_known_values() {
        assert_eq!(crc32(b"IEND"), 0xae42_6082);
        assert_eq!(zlib_stored(b"a"), [0x78, 0x01, 0x01, 0x01, 0x00, 0xfe, 0xff, b'a', 0x00, 0x62, 0x00, 0x62]);
    }

    #[test]
    fn different_digits_draw_different_pictures() {
        assert_ne!(render("1111", &[3; 64]), render("7777", &[3; 64]));
    }
}
