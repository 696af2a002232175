//! QR Ph payloads: the EMVCo merchant-presented QR that every Philippine
//! bank and e-wallet app scans. A payload is a run of `ID LENGTH VALUE`
//! fields (two digits each for the id and the length) ending with a
//! CRC-16/CCITT-FALSE of everything before it.

use crate::money::Centavos;

/// The QR Ph network's identifier for a person-to-merchant payment.
pub const P2M_GUID: &str = "ph.ppmi.p2m";
/// ISO 4217 numeric code of the peso.
const PESO: &str = "608";

/// A dynamic (single-payment) QR for one amount and one reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MerchantQr {
    /// The acquirer's code (a BIC, for a bank).
    pub acquirer: String,
    pub merchant_id: String,
    /// ISO 18245 merchant category; 6012 is a financial institution.
    pub category: String,
    pub merchant_name: String,
    pub merchant_city: String,
    /// `None` lets the payer type the amount (a standing code).
    pub amount: Option<Centavos>,
    /// What the payment is for; it comes back with the notification.
    pub reference: String,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum QrError {
    #[error("field {0} is longer than 99 characters")]
    TooLong(&'static str),
    #[error("the payload is cut short")]
    Truncated,
    #[error("the payload's CRC does not match")]
    Checksum,
}

impl MerchantQr {
    /// The payload, CRC included.
    pub fn payload(&self) -> Result<String, QrError> {
        let account = [
            field("00", P2M_GUID, "guid")?,
            field("01", &self.acquirer, "acquirer")?,
            field("03", &self.merchant_id, "merchant id")?,
        ]
        .concat();
        let mut payload = [
            field("00", "01", "format")?,
            // 12: dynamic, for one payment; 11: static, for many.
            field("01", if self.amount.is_some() { "12" } else { "11" }, "initiation")?,
            field("28", &account, "merchant account")?,
            field("52", &self.category, "category")?,
            field("53", PESO, "currency")?,
        ]
        .concat();
        if let Some(amount) = self.amount {
            payload += &field("54", &amount.to_decimal_string(), "amount")?;
        }
        payload += &[
            field("58", "PH", "country")?,
            field("59", &self.merchant_name, "merchant name")?,
            field("60", &self.merchant_city, "merchant city")?,
            field("62", &field("05", &self.reference, "reference")?, "additional data")?,
        ]
        .concat();
        payload += "6304";
        let checksum = crc16(payload.as_bytes());
        Ok(format!("{payload}{checksum:04X}"))
    }
}

fn field(id: &str, value: &str, name: &'static str) -> Result<String, QrError> {
    let length = value.chars().count();
    if length > 99 {
        return Err(QrError::TooLong(name));
    }
    Ok(format!("{id}{length:02}{value}"))
}

/// The top-level fields of a payload whose CRC is right, in order.
pub fn fields(payload: &str) -> Result<Vec<(String, String)>, QrError> {
    let crc_at = payload.len().checked_sub(4).filter(|at| payload.is_char_boundary(*at)).ok_or(QrError::Truncated)?;
    let (signed, checksum) = payload.split_at(crc_at);
    if !signed.ends_with("6304") || u16::from_str_radix(checksum, 16).ok() != Some(crc16(signed.as_bytes())) {
        return Err(QrError::Checksum);
    }
    tlv(&signed[..signed.len() - 4])
}

/// Splits `ID LENGTH VALUE` fields.
pub fn tlv(text: &str) -> Result<Vec<(String, String)>, QrError> {
    let characters: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut at = 0;
    while at < characters.len() {
        let header: String = characters.get(at..at + 4).ok_or(QrError::Truncated)?.iter().collect();
        let length: usize = header[2..].parse().map_err(|_| QrError::Truncated)?;
        let value: String = characters.get(at + 4..at + 4 + length).ok_or(QrError::Truncated)?.iter().collect();
        found.push((header[..2].to_owned(), value));
        at += 4 + length;
    }
    Ok(found)
}

/// CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF), as EMVCo asks.
pub fn crc16(bytes: &[u8]) -> u16 {
    bytes.iter().fold(0xFFFF_u16, |crc, byte| {
        (0..8).fold(
            crc ^ (u16::from(*byte) << 8),
            |crc, _| if crc & 0x8000 != 0 { (crc << 1) ^ 0x1021 } else { crc << 1 },
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(amount: Option<Centavos>) -> MerchantQr {
        MerchantQr {
            acquirer: "HIRAMPH2XXX".into(),
            merchant_id: "M0001".into(),
            category: "6012".into(),
            merchant_name: "Hiram Lending Corp".into(),
            merchant_city: "Makati".into(),
            amount,
            reference: "123456789012".into(),
        }
    }

    #[test]
    fn the_checksum_is_crc_16_ccitt_false() {
        // The standard check value of the algorithm.
        assert_eq!(crc16(b"123456789"), 0x29B1);
    }

    #[test]
    fn a_payload_reads_back_field_by_field_with_its_amount_and_reference() {
        let payload = sample(Some(Centavos::new(123_450))).payload().unwrap();
        let fields = fields(&payload).unwrap();
        let get = |id: &str| fields.iter().find(|(key, _)| key == id).map(|(_, value)| value.clone());
        assert_eq!(get("00").as_deref(), Some("01"));
        assert_eq!(get("01").as_deref(), Some("12"));
        assert_eq!(get("53").as_deref(), Some("608"));
        assert_eq!(get("54").as_deref(), Some("1234.50"));
        assert_eq!(get("58").as_deref(), Some("PH"));
        let account = tlv(&get("28").unwrap()).unwrap();
        assert_eq!(account[0], ("00".to_owned(), P2M_GUID.to_owned()));
        assert_eq!(tlv(&get("62").unwrap()).unwrap(), vec![("05".to_owned(), "123456789012".to_owned())]);
    }

    #[test]
    fn a_code_without_an_amount_is_static() {
        let payload = sample(None).payload().unwrap();
        let fields = fields(&payload).unwrap();
        assert!(fields.contains(&("01".to_owned(), "11".to_owned())));
        assert!(fields.iter().all(|(id, _)| id != "54"));
    }

    #[test]
    fn a_changed_character_fails_the_checksum() {
        let payload = sample(Some(Centavos::new(100))).payload().unwrap();
        let tampered = payload.replacen("1.00", "9.00", 1);
        assert_eq!(fields(&tampered), Err(QrError::Checksum));
    }

    #[test]
    fn a_field_over_99_characters_is_refused() {
        let mut qr = sample(None);
        qr.merchant_name = "x".repeat(100);
        assert_eq!(qr.payload(), Err(QrError::TooLong("merchant name")));
    }
}
