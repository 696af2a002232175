//! Know-your-customer answers: the fields of each certification section,
//! how each answer is checked, and the eligibility rules of the loan terms
//! (Filipino, at least 18, permanent address in the Philippines).

pub mod cities;
pub mod identity_review;

use crate::decision::Applicant;
use crate::money::Centavos;
use crate::order::{Order, OrderStatus};
use std::collections::HashMap;
use time::Date;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Section {
    Basic,
    Personal,
    Job,
    Extra,
}

impl Section {
    pub const ALL: [Section; 4] = [Section::Basic, Section::Personal, Section::Job, Section::Extra];

    pub fn key(self) -> &'static str {
        match self {
            Section::Basic => "basic",
            Section::Personal => "personal",
            Section::Job => "job",
            Section::Extra => "ext",
        }
    }

    pub fn parse(key: &str) -> Option<Section> {
        Section::ALL.into_iter().find(|section| section.key() == key)
    }
}

/// How an answer is typed and checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    Text {
        min_chars: usize,
        max_chars: usize,
    },
    /// Whole number within bounds.
    Number {
        min: i64,
        max: i64,
    },
    Email,
    /// A calendar date, `YYYY-MM-DD`.
    Day,
    /// One of the listed option codes.
    Choice(&'static [&'static str]),
    /// A Philippine city or municipality code from the city list.
    City,
    /// A photo the borrower took and uploaded for identity (`/credit-info/
    /// upload-image`): the address the upload answered, of a picture of
    /// their own.
    Photo,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldSpec {
    pub code: &'static str,
    pub section: Section,
    pub kind: FieldKind,
    pub required: bool,
}

pub const CITIZENSHIP_FILIPINO: &str = "PH";

pub const FIELDS: &[FieldSpec] = &[
    FieldSpec {
        code: "full_name",
        section: Section::Basic,
        kind: FieldKind::Text { min_chars: 2, max_chars: 100 },
        required: true,
    },
    FieldSpec { code: "birth_date", section: Section::Basic, kind: FieldKind::Day, required: true },
    FieldSpec { code: "gender", section: Section::Basic, kind: FieldKind::Choice(&["F", "M", "X"]), required: true },
    FieldSpec {
        code: "citizenship",
        section: Section::Basic,
        kind: FieldKind::Choice(&[CITIZENSHIP_FILIPINO, "OTHER"]),
        required: true,
    },
    FieldSpec {
        code: "id_type",
        section: Section::Basic,
        kind: FieldKind::Choice(&["PHILSYS", "UMID", "DRIVERS_LICENSE", "PASSPORT", "PRC", "POSTAL"]),
        required: true,
    },
    FieldSpec {
        code: "id_number",
        section: Section::Basic,
        kind: FieldKind::Text { min_chars: 4, max_chars: 30 },
        required: true,
    },
    // The ID itself and the borrower's face beside it, as the privacy policy
    // promises (issue 33): staff hold one against the other in review.
    FieldSpec { code: "id_photo", section: Section::Basic, kind: FieldKind::Photo, required: true },
    FieldSpec { code: "selfie", section: Section::Basic, kind: FieldKind::Photo, required: true },
    FieldSpec { code: "permanent_city", section: Section::Personal, kind: FieldKind::City, required: true },
    FieldSpec {
        code: "street_address",
        section: Section::Personal,
        kind: FieldKind::Text { min_chars: 5, max_chars: 200 },
        required: true,
    },
    FieldSpec {
        code: "residence_years",
        section: Section::Personal,
        kind: FieldKind::Number { min: 0, max: 99 },
        required: true,
    },
    FieldSpec {
        code: "civil_status",
        section: Section::Personal,
        kind: FieldKind::Choice(&["SINGLE", "MARRIED", "WIDOWED", "SEPARATED"]),
        required: true,
    },
    FieldSpec { code: "email", section: Section::Personal, kind: FieldKind::Email, required: false },
    FieldSpec {
        code: "employment_type",
        section: Section::Job,
        kind: FieldKind::Choice(&["EMPLOYED", "SELF_EMPLOYED", "BUSINESS", "OFW", "UNEMPLOYED", "STUDENT", "RETIRED"]),
        required: true,
    },
    FieldSpec {
        code: "employer_name",
        section: Section::Job,
        kind: FieldKind::Text { min_chars: 2, max_chars: 120 },
        required: false,
    },
    FieldSpec {
        code: "monthly_income",
        section: Section::Job,
        kind: FieldKind::Number { min: 0, max: 10_000_000 },
        required: true,
    },
    FieldSpec {
        code: "pay_schedule",
        section: Section::Job,
        kind: FieldKind::Choice(&["MONTHLY", "SEMI_MONTHLY", "WEEKLY", "DAILY", "IRREGULAR"]),
        required: true,
    },
    FieldSpec { code: "job_city", section: Section::Job, kind: FieldKind::City, required: false },
    FieldSpec {
        code: "loan_purpose",
        section: Section::Extra,
        kind: FieldKind::Choice(&["BILLS", "EDUCATION", "MEDICAL", "BUSINESS", "EMERGENCY", "PERSONAL"]),
        required: true,
    },
    FieldSpec {
        code: "education",
        section: Section::Extra,
        kind: FieldKind::Choice(&["ELEMENTARY", "HIGH_SCHOOL", "VOCATIONAL", "COLLEGE", "POSTGRADUATE"]),
        required: true,
    },
    FieldSpec {
        code: "dependents",
        section: Section::Extra,
        kind: FieldKind::Number { min: 0, max: 20 },
        required: true,
    },
];

pub fn fields_of(section: Section) -> impl Iterator<Item = &'static FieldSpec> {
    FIELDS.iter().filter(move |field| field.section == section)
}

/// An answer as staff see it until they reveal it with a reason: choices
/// (gender, civil status …) as they are, anything a person typed or that
/// identifies them (ID number, birthday, address, income) hidden but for
/// its last two characters when it is long enough for that to say little.
pub fn masked_answer(code: &str, value: &str) -> String {
    let choice =
        FIELDS.iter().any(|field| field.code == code && matches!(field.kind, FieldKind::Choice(_) | FieldKind::Photo));
    if choice {
        return value.to_owned();
    }
    let chars: Vec<char> = value.chars().collect();
    let shown = if chars.len() >= 6 { 2 } else { 0 };
    let hidden = "•".repeat((chars.len() - shown).min(8));
    format!("{hidden}{}", chars[chars.len() - shown..].iter().collect::<String>())
}

/// Why an answer is refused; `code` names the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub code: &'static str,
    pub reason: FieldProblem,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldProblem {
    Missing,
    Invalid,
    /// Younger than 18 (the loan terms' eligibility rule).
    Underage,
    /// Not a Filipino citizen.
    NotFilipino,
    /// An ID number that is not of the shape its ID type has (`id_shape`).
    IdNumberShape,
}

/// The shapes of the ID numbers the form accepts, by ID type (decision
/// 088), once spaces and dashes are taken out: a check of form only, that
/// catches a number typed into the wrong type or not typed at all ("Sample
/// answer"); review holds the number against the photo of the ID.
pub fn id_number_fits(id_type: &str, number: &str) -> bool {
    let plain: String = number.chars().filter(|c| !matches!(c, ' ' | '-')).collect::<String>().to_ascii_uppercase();
    let digits = |text: &str, count: usize| text.len() == count && text.bytes().all(|b| b.is_ascii_digit());
    let letters = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_uppercase());
    match id_type {
        // PhilSys: the PhilSys Card Number (16 digits) or the PSN (12).
        "PHILSYS" => digits(&plain, 16) || digits(&plain, 12),
        // UMID: the Common Reference Number, 12 digits.
        "UMID" => digits(&plain, 12),
        // LTO licence: a letter, then 10 digits (A01-23-456789).
        "DRIVERS_LICENSE" => plain.len() == 11 && letters(&plain[..1]) && digits(&plain[1..], 10),
        // Passport: a letter, 7 digits, a letter (since 2016); or two
        // letters and 7 digits (older passports still valid).
        "PASSPORT" => {
            plain.len() == 9
                && ((letters(&plain[..1]) && digits(&plain[1..8], 7) && letters(&plain[8..]))
                    || (letters(&plain[..2]) && digits(&plain[2..], 7)))
        }
        // PRC: the registration number, 7 digits.
        "PRC" => digits(&plain, 7),
        // Postal ID: the PRN, 12 letters and digits.
        "POSTAL" => plain.len() == 12 && plain.bytes().all(|b| b.is_ascii_alphanumeric()),
        _ => false,
    }
}

pub const MIN_AGE: i64 = 18;

/// Whole years between `birth` and `today`.
pub fn age_on(birth: Date, today: Date) -> i64 {
    let mut years = i64::from(today.year() - birth.year());
    if (today.month() as u8, today.day()) < (birth.month() as u8, birth.day()) {
        years -= 1;
    }
    years
}

const DAY_FORMAT: &[time::format_description::BorrowedFormatItem<'static>] =
    time::macros::format_description!("[year]-[month]-[day]");

pub fn parse_day(text: &str) -> Option<Date> {
    Date::parse(text, DAY_FORMAT).ok()
}

/// Checks the answers of one section. `answer(code)` gives the submitted
/// text (trimmed, possibly empty); `is_city` says whether a code is on the
/// Philippine city list. Returns the answers to store, in field order.
pub fn check_section(
    section: Section,
    answer: impl Fn(&str) -> String,
    is_city: impl Fn(&str) -> bool,
    is_own_photo: impl Fn(&str) -> bool,
    today: Date,
) -> Result<Vec<(&'static str, String)>, FieldError> {
    let mut checked = Vec::new();
    for field in fields_of(section) {
        let value = answer(field.code).trim().to_owned();
        if value.is_empty() {
            if field.required {
                return Err(FieldError { code: field.code, reason: FieldProblem::Missing });
            }
            checked.push((field.code, value));
            continue;
        }
        let valid = match field.kind {
            FieldKind::Text { min_chars, max_chars } => {
                let length = value.chars().count();
                (min_chars..=max_chars).contains(&length) && !value.chars().any(char::is_control)
            }
            FieldKind::Number { min, max } => value.parse::<i64>().is_ok_and(|number| (min..=max).contains(&number)),
            FieldKind::Email => {
                let mut parts = value.split('@');
                let (local, domain) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
                parts.next().is_none()
                    && !local.is_empty()
                    && domain.contains('.')
                    && value.len() <= 254
                    && !value.contains(char::is_whitespace)
            }
            FieldKind::Day => parse_day(&value).is_some(),
            FieldKind::Choice(options) => options.contains(&value.as_str()),
            FieldKind::City => is_city(&value),
            FieldKind::Photo => is_own_photo(&value),
        };
        if !valid {
            return Err(FieldError { code: field.code, reason: FieldProblem::Invalid });
        }
        if field.code == "birth_date" {
            let birth = parse_day(&value).ok_or(FieldError { code: field.code, reason: FieldProblem::Invalid })?;
            let age = age_on(birth, today);
            if age > 120 || birth > today {
                return Err(FieldError { code: field.code, reason: FieldProblem::Invalid });
            }
            if age < MIN_AGE {
                return Err(FieldError { code: field.code, reason: FieldProblem::Underage });
            }
        }
        if field.code == "citizenship" && value != CITIZENSHIP_FILIPINO {
            return Err(FieldError { code: field.code, reason: FieldProblem::NotFilipino });
        }
        if field.code == "id_number" && !id_number_fits(&answer("id_type"), &value) {
            return Err(FieldError { code: field.code, reason: FieldProblem::IdNumberShape });
        }
        checked.push((field.code, value));
    }
    Ok(checked)
}

/// A borrower's stored answers, by field code.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Profile {
    answers: HashMap<String, (Section, String)>,
}

impl Profile {
    pub fn new(answers: impl IntoIterator<Item = (Section, String, String)>) -> Profile {
        Profile { answers: answers.into_iter().map(|(section, code, value)| (code, (section, value))).collect() }
    }

    pub fn value(&self, code: &str) -> Option<&str> {
        self.answers.get(code).map(|(_, value)| value.as_str()).filter(|value| !value.is_empty())
    }

    /// A section is done when every required field has an answer.
    pub fn section_done(&self, section: Section) -> bool {
        fields_of(section).filter(|field| field.required).all(|field| self.value(field.code).is_some())
    }

    pub fn complete(&self) -> bool {
        Section::ALL.into_iter().all(|section| self.section_done(section))
    }

    /// Share of required fields answered, 0–100.
    pub fn progress(&self) -> i64 {
        let required: Vec<&FieldSpec> = FIELDS.iter().filter(|field| field.required).collect();
        let answered = required.iter().filter(|field| self.value(field.code).is_some()).count();
        i64::try_from(answered * 100 / required.len().max(1)).unwrap_or(0)
    }

    /// What the decision rules look at, from the answers and the borrower's
    /// orders.
    pub fn applicant(&self, orders: &[Order], today: Date) -> Applicant {
        let age = self.value("birth_date").and_then(parse_day).map_or(0, |birth| age_on(birth, today));
        let income_pesos = self.value("monthly_income").and_then(|text| text.parse::<i64>().ok()).unwrap_or(0);
        Applicant {
            age,
            filipino: self.value("citizenship") == Some(CITIZENSHIP_FILIPINO),
            philippine_address: self.value("permanent_city").is_some_and(cities::is_city),
            monthly_income: Centavos::from_pesos(income_pesos),
            repaid_loans: i64::try_from(orders.iter().filter(|order| order.status == OrderStatus::Repaid).count())
                .unwrap_or(i64::MAX),
            has_overdue_loan: orders.iter().any(|order| order.status == OrderStatus::Overdue),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn staff_see_typed_answers_masked_and_choices_plain() {
        assert_eq!(super::masked_answer("id_number", "PSN-1234-5678"), "••••••••78");
        assert_eq!(super::masked_answer("birth_date", "1990-04-12"), "••••••••12");
        assert_eq!(super::masked_answer("dependents", "3"), "•");
        assert_eq!(super::masked_answer("civil_status", "MARRIED"), "MARRIED");
        assert_eq!(
            super::masked_answer("selfie", "/pany/uploads/0123456789abcdef"),
            "/pany/uploads/0123456789abcdef",
            "a photo is shown to staff in review"
        );
    }

    use super::*;
    use std::collections::HashMap;
    use time::macros::date;

    fn answers(pairs: &[(&str, &str)]) -> impl Fn(&str) -> String {
        let map: HashMap<String, String> = pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        move |code| map.get(code).cloned().unwrap_or_default()
    }

    const TODAY: Date = date!(2026 - 11 - 22);

    fn basic(birth: &str, citizenship: &str) -> Result<Vec<(&'static str, String)>, FieldError> {
        identity("PHILSYS", "1234-5678-9012", birth, citizenship)
    }

    fn identity(
        id_type: &str,
        id_number: &str,
        birth: &str,
        citizenship: &str,
    ) -> Result<Vec<(&'static str, String)>, FieldError> {
        check_section(
            Section::Basic,
            answers(&[
                ("full_name", "Juan dela Cruz"),
                ("birth_date", birth),
                ("gender", "M"),
                ("citizenship", citizenship),
                ("id_type", id_type),
                ("id_number", id_number),
                ("id_photo", "/pany/uploads/id"),
                ("selfie", "/pany/uploads/face"),
            ]),
            |_| true,
            |photo| photo.starts_with("/pany/uploads/"),
            TODAY,
        )
    }

    #[test]
    fn an_adult_filipino_passes_the_basic_section() {
        assert_eq!(basic("2008-11-22", "PH").unwrap().len(), 8);
    }

    #[test]
    fn an_id_number_must_have_its_types_shape() {
        let refused = |id_type: &str, number: &str| identity(id_type, number, "1990-01-01", "PH").err();
        let shape = Some(FieldError { code: "id_number", reason: FieldProblem::IdNumberShape });
        // PhilSys: the PSN (12 digits) or the card number (16), spaced or not.
        assert_eq!(refused("PHILSYS", "1234 5678 9012"), None);
        assert_eq!(refused("PHILSYS", "1234-5678-9012-3456"), None);
        assert_eq!(refused("PHILSYS", "Sample answer"), shape, "the answer the issue found accepted");
        assert_eq!(refused("PHILSYS", "1234-5678-901"), shape, "11 digits");
        assert_eq!(refused("PHILSYS", "1234-5678-9012-345"), shape, "15 digits");
        assert_eq!(refused("UMID", "0028-1234567-8"), None);
        assert_eq!(refused("DRIVERS_LICENSE", "N01-12-345678"), None);
        assert_eq!(refused("DRIVERS_LICENSE", "012-12-345678"), shape);
        assert_eq!(refused("PASSPORT", "P1234567A"), None);
        assert_eq!(refused("PASSPORT", "EB1234567"), None);
        assert_eq!(refused("PASSPORT", "P12345678"), shape);
        assert_eq!(refused("PRC", "0123456"), None);
        assert_eq!(refused("POSTAL", "ABC123456789"), None);
    }

    #[test]
    fn the_id_photo_and_the_selfie_are_required_and_must_be_the_borrowers_own() {
        let with = |photo: &str, selfie: &str| {
            check_section(
                Section::Basic,
                answers(&[
                    ("full_name", "Juan dela Cruz"),
                    ("birth_date", "1990-01-01"),
                    ("gender", "M"),
                    ("citizenship", "PH"),
                    ("id_type", "PHILSYS"),
                    ("id_number", "123456789012"),
                    ("id_photo", photo),
                    ("selfie", selfie),
                ]),
                |_| true,
                |photo| photo == "/pany/uploads/mine",
                TODAY,
            )
        };
        assert!(with("/pany/uploads/mine", "/pany/uploads/mine").is_ok());
        assert_eq!(
            with("", "/pany/uploads/mine").unwrap_err(),
            FieldError { code: "id_photo", reason: FieldProblem::Missing }
        );
        assert_eq!(
            with("/pany/uploads/mine", "").unwrap_err(),
            FieldError { code: "selfie", reason: FieldProblem::Missing }
        );
        assert_eq!(
            with("/pany/uploads/someone-elses", "/pany/uploads/mine").unwrap_err(),
            FieldError { code: "id_photo", reason: FieldProblem::Invalid }
        );
    }

    #[test]
    fn a_borrower_one_day_short_of_eighteen_is_refused() {
        assert_eq!(
            basic("2008-11-23", "PH").unwrap_err(),
            FieldError { code: "birth_date", reason: FieldProblem::Underage }
        );
    }

    #[test]
    fn a_foreign_citizen_is_refused() {
        assert_eq!(basic("1990-01-01", "OTHER").unwrap_err().reason, FieldProblem::NotFilipino);
    }

    #[test]
    fn impossible_dates_and_unknown_options_are_invalid() {
        assert_eq!(basic("1990-02-30", "PH").unwrap_err().reason, FieldProblem::Invalid);
        assert_eq!(basic("2030-01-01", "PH").unwrap_err().reason, FieldProblem::Invalid);
        assert_eq!(basic("1990-01-01", "JP").unwrap_err().code, "citizenship");
    }

    #[test]
    fn a_missing_required_answer_names_its_field() {
        let result = check_section(Section::Extra, answers(&[("loan_purpose", "BILLS")]), |_| true, |_| false, TODAY);
        assert_eq!(result.unwrap_err(), FieldError { code: "education", reason: FieldProblem::Missing });
    }

    #[test]
    fn a_city_must_be_on_the_philippine_list() {
        let personal = |city: &str| {
            check_section(
                Section::Personal,
                answers(&[
                    ("permanent_city", city),
                    ("street_address", "12 Mabini St."),
                    ("residence_years", "3"),
                    ("civil_status", "SINGLE"),
                ]),
                |code| code == "MNL",
                |_| false,
                TODAY,
            )
        };
        assert!(personal("MNL").is_ok());
        assert_eq!(personal("NYC").unwrap_err().code, "permanent_city");
    }

    #[test]
    fn ages_count_whole_years() {
        assert_eq!(age_on(date!(2000 - 02 - 29), date!(2018 - 02 - 28)), 17);
        assert_eq!(age_on(date!(2000 - 02 - 29), date!(2018 - 03 - 01)), 18);
    }
}
