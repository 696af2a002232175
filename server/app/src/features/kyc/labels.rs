//! What the certification forms say: field titles, hints and option names,
//! in English and Filipino (the form's part of the message catalogue).

use crate::i18n::Lang;

/// (code, English title, Filipino title, English hint, Filipino hint)
const FIELDS: &[(&str, &str, &str, &str, &str)] = &[
    ("full_name", "Full name", "Buong pangalan", "As written on your ID", "Gaya ng nakasulat sa iyong ID"),
    (
        "birth_date",
        "Date of birth",
        "Petsa ng kapanganakan",
        "You must be at least 18",
        "Dapat ay 18 taong gulang ka man lang",
    ),
    ("gender", "Sex", "Kasarian", "", ""),
    (
        "citizenship",
        "Citizenship",
        "Pagkamamamayan",
        "Our loans are for Filipino citizens",
        "Para sa mga mamamayang Pilipino ang aming loan",
    ),
    ("id_type", "Valid ID", "Valid ID", "The ID you will show if asked", "Ang ID na ipapakita mo kung hingin"),
    (
        "id_number",
        "ID number",
        "Numero ng ID",
        "As printed on the ID you chose",
        "Gaya ng nakalimbag sa ID na pinili mo",
    ),
    (
        "id_photo",
        "Photo of your ID",
        "Litrato ng iyong ID",
        "The front, flat, every corner in view and the words readable",
        "Ang harap, nakalapag, kita ang bawat sulok at nababasa ang mga titik",
    ),
    (
        "selfie",
        "Selfie holding your ID",
        "Selfie na hawak ang iyong ID",
        "Your face and the ID beside it, in good light",
        "Ang mukha mo at ang ID sa tabi nito, sa maliwanag na lugar",
    ),
    (
        "permanent_city",
        "City of permanent address",
        "Lungsod ng permanenteng tirahan",
        "In the Philippines",
        "Sa Pilipinas",
    ),
    ("street_address", "House no., street, barangay", "Bahay blg., kalye, barangay", "", ""),
    ("residence_years", "Years at this address", "Ilang taon na sa tirahang ito", "", ""),
    ("civil_status", "Civil status", "Katayuang sibil", "", ""),
    ("email", "E-mail (optional)", "E-mail (opsiyonal)", "For your statements", "Para sa iyong mga statement"),
    ("employment_type", "Work", "Trabaho", "", ""),
    ("employer_name", "Employer or business name (optional)", "Pangalan ng employer o negosyo (opsiyonal)", "", ""),
    ("monthly_income", "Monthly income (₱)", "Buwanang kita (₱)", "Before deductions", "Bago ang mga kaltas"),
    ("pay_schedule", "How often you are paid", "Gaano kadalas ang sahod", "", ""),
    ("job_city", "City of work (optional)", "Lungsod ng trabaho (opsiyonal)", "", ""),
    ("loan_purpose", "What the loan is for", "Para saan ang loan", "", ""),
    ("education", "Highest education", "Pinakamataas na pinag-aralan", "", ""),
    ("dependents", "People who depend on you", "Mga umaasa sa iyo", "", ""),
];

/// (option code, English, Filipino)
const OPTIONS: &[(&str, &str, &str)] = &[
    ("F", "Female", "Babae"),
    ("M", "Male", "Lalaki"),
    ("X", "Prefer not to say", "Ayaw sabihin"),
    ("PH", "Filipino", "Pilipino"),
    ("OTHER", "Other", "Iba"),
    ("PHILSYS", "PhilSys National ID", "PhilSys National ID"),
    ("UMID", "UMID", "UMID"),
    ("DRIVERS_LICENSE", "Driver's license", "Lisensya sa pagmamaneho"),
    ("PASSPORT", "Passport", "Pasaporte"),
    ("PRC", "PRC ID", "PRC ID"),
    ("POSTAL", "Postal ID", "Postal ID"),
    ("SINGLE", "Single", "Walang asawa"),
    ("MARRIED", "Married", "May asawa"),
    ("WIDOWED", "Widowed", "Balo"),
    ("SEPARATED", "Separated", "Hiwalay"),
    ("EMPLOYED", "Employed", "May trabaho"),
    ("SELF_EMPLOYED", "Self-employed", "Sariling hanapbuhay"),
    ("BUSINESS", "Business owner", "May-ari ng negosyo"),
    ("OFW", "Overseas Filipino worker", "OFW"),
    ("UNEMPLOYED", "Not working now", "Walang trabaho ngayon"),
    ("STUDENT", "Student", "Estudyante"),
    ("RETIRED", "Retired", "Retirado"),
    ("MONTHLY", "Monthly", "Buwanan"),
    ("SEMI_MONTHLY", "Twice a month", "Kinsenas"),
    ("WEEKLY", "Weekly", "Lingguhan"),
    ("DAILY", "Daily", "Araw-araw"),
    ("IRREGULAR", "Not regular", "Hindi regular"),
    ("BILLS", "Bills and utilities", "Mga bayarin"),
    ("EDUCATION", "School fees", "Matrikula"),
    ("MEDICAL", "Medical needs", "Pangangailangang medikal"),
    ("EMERGENCY", "Emergency", "Emergency"),
    ("PERSONAL", "Personal needs", "Personal na pangangailangan"),
    ("ELEMENTARY", "Elementary", "Elementarya"),
    ("HIGH_SCHOOL", "High school", "High school"),
    ("VOCATIONAL", "Vocational", "Bokasyonal"),
    ("COLLEGE", "College", "Kolehiyo"),
    ("POSTGRADUATE", "Postgraduate", "Postgraduate"),
];

pub fn title(code: &str, lang: Lang) -> &'static str {
    FIELDS.iter().find(|field| field.0 == code).map_or("", |field| if lang == Lang::Fil { field.2 } else { field.1 })
}

pub fn hint(code: &str, lang: Lang) -> &'static str {
    FIELDS.iter().find(|field| field.0 == code).map_or("", |field| if lang == Lang::Fil { field.4 } else { field.3 })
}

/// The option's name; BUSINESS means "business owner" as employment and
/// "business" as a purpose, so purposes are looked up first by context.
pub fn option(field: &str, code: &str, lang: Lang) -> &'static str {
    if field == "loan_purpose" && code == "BUSINESS" {
        return if lang == Lang::Fil { "Puhunan sa negosyo" } else { "Business capital" };
    }
    OPTIONS
        .iter()
        .find(|option| option.0 == code)
        .map_or("", |option| if lang == Lang::Fil { option.2 } else { option.1 })
}

pub fn section_title(key: &str, lang: Lang) -> &'static str {
    match (key, lang) {
        ("basic", Lang::En) => "Basic information",
        ("basic", Lang::Fil) => "Pangunahing impormasyon",
        ("personal", Lang::En) => "Address and contact",
        ("personal", Lang::Fil) => "Tirahan at contact",
        ("job", Lang::En) => "Work and income",
        ("job", Lang::Fil) => "Trabaho at kita",
        (_, Lang::En) => "Other details",
        (_, Lang::Fil) => "Iba pang detalye",
    }
}

/// The shape an ID type's number has (decision 088), said to a borrower
/// whose number does not have it.
pub fn id_shape(id_type: &str, lang: Lang) -> &'static str {
    let (en, fil) = match id_type {
        "PHILSYS" => (
            "the 16-digit card number or the 12-digit PSN",
            "ang 16 na digit na numero ng card o ang 12 na digit na PSN",
        ),
        "UMID" => ("the 12-digit CRN", "ang 12 na digit na CRN"),
        "DRIVERS_LICENSE" => {
            ("a letter and 10 digits, like N01-23-456789", "isang titik at 10 digit, gaya ng N01-23-456789")
        }
        "PASSPORT" => ("9 letters and digits, like P1234567A", "9 na titik at digit, gaya ng P1234567A"),
        "PRC" => ("the 7-digit registration number", "ang 7 na digit na numero ng rehistro"),
        "POSTAL" => ("the 12-character PRN", "ang 12 na karakter na PRN"),
        _ => ("the number printed on the ID", "ang numerong nakalimbag sa ID"),
    };
    match lang {
        Lang::En => en,
        Lang::Fil => fil,
    }
}

#[cfg(test)]
mod tests {
    use hiram_domain::kyc::{FIELDS, FieldKind};

    #[test]
    fn every_field_and_option_has_words_in_both_languages() {
        for field in FIELDS {
            for lang in [crate::i18n::Lang::En, crate::i18n::Lang::Fil] {
                assert!(!super::title(field.code, lang).is_empty(), "{}", field.code);
                if let FieldKind::Choice(options) = field.kind {
                    for option in options {
                        assert!(!super::option(field.code, option, lang).is_empty(), "{} {option}", field.code);
                    }
                }
            }
        }
    }
}
