//! The lender's own details: its names and registrations (SEC MC 19
//! s.2019 wants them on every public page, D4), where it is, and how
//! borrowers reach customer service. Configuration gives the first values;
//! staff may change them in the console.

use crate::fields::{self, FieldResult, InvalidField};
use crate::phone::Phone;
use serde::Deserialize;

/// Read from the configuration's `[company]` as it is written there.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct CompanyDetails {
    pub corporate_name: String,
    pub trade_name: String,
    pub sec_registration_no: String,
    pub certificate_of_authority_no: String,
    pub address: String,
    /// Customer service's telephone: a landline, a toll-free or a mobile
    /// number, as the lender writes it.
    pub phone: String,
    pub email: String,
    pub service_hours: String,
    /// Customer service's WhatsApp, a Philippine mobile number.
    pub whatsapp: String,
}

impl CompanyDetails {
    /// The details as staff typed them, checked and trimmed; the first
    /// field that does not fit is named.
    pub fn checked(&self) -> FieldResult<CompanyDetails> {
        Ok(CompanyDetails {
            corporate_name: fields::text("corporateName", &self.corporate_name, 2, 120)?,
            trade_name: fields::text("tradeName", &self.trade_name, 1, 40)?,
            sec_registration_no: fields::text("secRegistrationNo", &self.sec_registration_no, 2, 40)?,
            certificate_of_authority_no: authority_number(
                "certificateOfAuthorityNo",
                &self.certificate_of_authority_no,
            )?,
            address: fields::text("address", &self.address, 5, 200)?,
            phone: contact_number("phone", &self.phone)?,
            email: fields::email("email", &self.email)?,
            service_hours: fields::text("serviceHours", &self.service_hours, 3, 80)?,
            whatsapp: mobile_number("whatsapp", &self.whatsapp)?,
        })
    }
}

/// A number borrowers can call: a Philippine mobile (`0917 555 0199`), a
/// landline with its area code (`(02) 8123 4567`, `(032) 234 5678`), or a
/// toll-free number (`1800 1 888 8888`). Kept as written, for people to
/// read; spaces, dashes, dots and brackets are allowed around the digits.
pub fn contact_number(field: &'static str, value: &str) -> FieldResult<String> {
    let value = value.trim();
    if value.chars().count() > 30 || !value.chars().all(|c| c.is_ascii_digit() || " -.()+".contains(c)) {
        return Err(InvalidField(field));
    }
    if Phone::parse(value).is_ok() {
        return Ok(value.to_owned());
    }
    let digits: String = value.chars().filter(char::is_ascii_digit).collect();
    let national = match value.trim_start_matches('(').strip_prefix("+63") {
        Some(_) => format!("0{}", &digits[2..]),
        None if value.contains('+') => return Err(InvalidField(field)),
        None => digits,
    };
    // Area codes are one or two digits after the 0 and subscriber numbers
    // seven or eight digits (Metro Manila's 02 has eight).
    let landline = national.starts_with('0') && !national.starts_with("09") && (9..=11).contains(&national.len());
    let toll_free = national.starts_with("1800") && (10..=13).contains(&national.len());
    if landline || toll_free { Ok(value.to_owned()) } else { Err(InvalidField(field)) }
}

/// A Certificate of Authority number without its label (`3519`, from
/// `3519` or `CA No. 3519`): every page and document labels it itself, so a
/// value typed with its label would read "CA No. CA No. 3519".
pub fn authority_number(field: &'static str, value: &str) -> FieldResult<String> {
    let value = value.trim();
    let unlabelled = ["certificate of authority no.", "certificate of authority no", "ca no.", "ca no", "c.a. no."]
        .iter()
        .find_map(|label| {
            value.get(..label.len()).filter(|start| start.eq_ignore_ascii_case(label)).map(|_| &value[label.len()..])
        })
        .unwrap_or(value)
        .trim();
    fields::text(field, unlabelled, 1, 30)
}

/// A number saved or configured before the rule above, without its label;
/// one the rule refuses is shown as it is.
pub fn unlabelled_authority_number(stored: String) -> String {
    authority_number("certificateOfAuthorityNo", &stored).unwrap_or(stored)
}

/// A Philippine mobile number, kept as written.
pub fn mobile_number(field: &'static str, value: &str) -> FieldResult<String> {
    let value = value.trim();
    Phone::parse(value).map(|_| value.to_owned()).map_err(|_| InvalidField(field))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn details() -> CompanyDetails {
        CompanyDetails {
            corporate_name: "Hiram Lending Corporation".to_owned(),
            trade_name: "Hiram".to_owned(),
            sec_registration_no: "CS2026-00417".to_owned(),
            certificate_of_authority_no: "3519".to_owned(),
            address: "Unit 12B, 88 Ayala Avenue, Makati City".to_owned(),
            phone: "(02) 8123 4567".to_owned(),
            email: "care@hiram.example".to_owned(),
            service_hours: "Mon–Sat, 8:00 AM – 8:00 PM".to_owned(),
            whatsapp: "+63 917 555 0199".to_owned(),
        }
    }

    #[test]
    fn the_configured_defaults_pass_and_are_trimmed() {
        let mut typed = details();
        typed.corporate_name = "  Hiram Lending Corporation ".to_owned();
        assert_eq!(typed.checked(), Ok(details()));
    }

    #[test]
    fn the_first_field_that_does_not_fit_is_named() {
        let mut bad = details();
        bad.email = "care-at-hiram".to_owned();
        bad.whatsapp = "(02) 8123 4567".to_owned();
        assert_eq!(bad.checked(), Err(InvalidField("email")));
        bad.email = "care@hiram.example".to_owned();
        assert_eq!(bad.checked(), Err(InvalidField("whatsapp")), "WhatsApp needs a mobile");
        let mut long = details();
        long.trade_name = "x".repeat(41);
        assert_eq!(long.checked(), Err(InvalidField("tradeName")));
    }

    #[test]
    fn the_certificate_of_authority_number_is_kept_without_its_label() {
        for typed in ["3519", " CA No. 3519", "ca no 3519", "Certificate of Authority No. 3519", "C.A. No. 3519"] {
            assert_eq!(authority_number("coa", typed), Ok("3519".to_owned()), "{typed}");
        }
        assert_eq!(authority_number("coa", "3519 (demo)"), Ok("3519 (demo)".to_owned()));
        assert_eq!(authority_number("coa", "CA No. "), Err(InvalidField("coa")), "a label alone is no number");
        assert_eq!(
            authority_number("coa", "CA Nó 1"),
            Ok("CA Nó 1".to_owned()),
            "no panic on a label-length cut inside a character"
        );
    }

    #[test]
    fn landlines_toll_free_and_mobiles_are_contact_numbers() {
        for good in
            ["(02) 8123 4567", "02-8123-4567", "(032) 234 5678", "+63 2 8123 4567", "1800 1 888 8888", "0917 555 0199"]
        {
            assert_eq!(contact_number("phone", good), Ok(good.to_owned()), "{good}");
        }
        for bad in
            ["123", "8123 4567", "09171234", "(02) 8123 4567 ext. 5", "+1 212 555 0100", "0917 555 0199 0000", ""]
        {
            assert_eq!(contact_number("phone", bad), Err(InvalidField("phone")), "{bad}");
        }
    }
}
