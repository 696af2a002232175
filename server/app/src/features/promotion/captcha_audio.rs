//! The captcha's non-visual form (WCAG 1.1.1, decision 047): the same four
//! digits as tones a visitor counts. A digit d from 1 to 9 is d short high
//! beeps, 0 is one long low tone, and a second of silence parts the digits.
//! Tones rather than a voice: no recordings of anyone's voice and no speech
//! engine in the server, and beeps are understood whatever the visitor's
//! language. Written out as an 8 kHz, 8-bit mono WAV by hand, as the image
//! is a PNG by hand.

const RATE: u32 = 8_000;
/// Milliseconds of each part of the sound.
const LEAD_IN_MS: u32 = 600;
const BEEP_MS: u32 = 160;
const BETWEEN_BEEPS_MS: u32 = 220;
const ZERO_MS: u32 = 900;
const BETWEEN_DIGITS_MS: u32 = 1_100;
/// Peak distance from the 8-bit midpoint (128) of a tone.
const LOUDNESS: f32 = 90.0;
/// Fade in and out of each tone, so it starts and stops without a click.
const FADE_MS: u32 = 15;

/// Renders `digits` (ASCII digits); the random bytes vary each tone's pitch a
/// little so that no two sounds are the same file.
pub fn render(digits: &str, random: &[u8; 64]) -> Vec<u8> {
    let mut samples = Vec::new();
    silence(&mut samples, LEAD_IN_MS);
    for (index, digit) in digits.bytes().enumerate() {
        if index > 0 {
            silence(&mut samples, BETWEEN_DIGITS_MS);
        }
        let wobble = f32::from(random[index + 12] % 40);
        match digit.saturating_sub(b'0') {
            0 => tone(&mut samples, 330.0 + wobble, ZERO_MS),
            beeps => {
                for beep in 0..beeps {
                    if beep > 0 {
                        silence(&mut samples, BETWEEN_BEEPS_MS);
                    }
                    tone(&mut samples, 740.0 + wobble, BEEP_MS);
                }
            }
        }
    }
    silence(&mut samples, LEAD_IN_MS);
    wav(&samples)
}

fn sample_count(ms: u32) -> usize {
    (RATE * ms / 1_000) as usize
}

fn silence(samples: &mut Vec<u8>, ms: u32) {
    samples.extend(std::iter::repeat_n(128u8, sample_count(ms)));
}

fn tone(samples: &mut Vec<u8>, hertz: f32, ms: u32) {
    let count = sample_count(ms);
    let fade = sample_count(FADE_MS) as f32;
    for n in 0..count {
        let envelope = (n as f32 / fade).min((count - n) as f32 / fade).min(1.0);
        let phase = std::f32::consts::TAU * hertz * n as f32 / RATE as f32;
        samples.push((128.0 + LOUDNESS * envelope * phase.sin()).round() as u8);
    }
}

/// A RIFF WAVE file of unsigned 8-bit mono PCM.
fn wav(samples: &[u8]) -> Vec<u8> {
    let data_len = samples.len() as u32;
    let mut out = Vec::with_capacity(44 + samples.len());
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&RATE.to_le_bytes()); // bytes a second: one byte a sample
    out.extend_from_slice(&1u16.to_le_bytes()); // block align
    out.extend_from_slice(&8u16.to_le_bytes()); // bits a sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    out.extend_from_slice(samples);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tones as a listener hears them: runs of loud 10 ms windows, and their lengths.
    fn tones(wav: &[u8]) -> Vec<(usize, usize)> {
        let window = sample_count(10);
        let loud: Vec<bool> = wav[44..]
            .chunks(window)
            .map(|chunk| chunk.iter().map(|s| (i32::from(*s) - 128).abs()).max().unwrap_or(0) > 40)
            .collect();
        let mut runs = Vec::new();
        let mut start = None;
        for (index, is_loud) in loud.iter().chain([&false]).enumerate() {
            match (start, is_loud) {
                (None, true) => start = Some(index),
                (Some(from), false) => {
                    runs.push((from, index - from));
                    start = None;
                }
                _ => {}
            }
        }
        runs
    }

    #[test]
    fn the_file_is_an_8_bit_mono_wav_whose_header_counts_its_samples() {
        let wav = render("0429", &[7; 64]);
        assert_eq!(&wav[..4], b"RIFF");
        assert_eq!(&wav[8..16], b"WAVEfmt ");
        assert_eq!(u32::from_le_bytes(wav[4..8].try_into().unwrap()) as usize, wav.len() - 8);
        assert_eq!(u32::from_le_bytes(wav[40..44].try_into().unwrap()) as usize, wav.len() - 44);
    }

    #[test]
    fn each_digit_is_as_many_beeps_and_zero_is_one_long_tone() {
        let runs = tones(&render("3010", &[1; 64]));
        let lengths: Vec<usize> = runs.iter().map(|(_, length)| *length).collect();
        // 3 beeps, the long zero, 1 beep, the long zero.
        assert_eq!(lengths.len(), 6, "{lengths:?}");
        assert!(lengths[..3].iter().chain([&lengths[4]]).all(|l| (14..=17).contains(l)), "{lengths:?}");
        assert!([lengths[3], lengths[5]].iter().all(|l| (88..=91).contains(l)), "{lengths:?}");
    }

    #[test]
    fn different_digits_sound_different() {
        assert_ne!(render("1111", &[3; 64]), render("1112", &[3; 64]));
    }
}
