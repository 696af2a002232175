//! The names of the question types and collection sub-types, in English and
//! Filipino. Type 1 is collection (spec §9); its sub-types follow what SEC
//! MC 18 s.2019 forbids collectors to do.

use crate::i18n::Lang;

pub fn type_title(value: i64, lang: Lang) -> &'static str {
    match (value, lang) {
        (1, Lang::En) => "Collection",
        (1, Lang::Fil) => "Paniningil",
        (2, Lang::En) => "Repayment and payments",
        (2, Lang::Fil) => "Pagbabayad",
        (3, Lang::En) => "Interest, fees and charges",
        (3, Lang::Fil) => "Interes, bayarin at singil",
        (4, Lang::En) => "Receiving my loan",
        (4, Lang::Fil) => "Pagtanggap ng loan",
        (5, Lang::En) => "My account and personal data",
        (5, Lang::Fil) => "Account at personal na datos",
        (6, Lang::En) => "The app and other concerns",
        (6, Lang::Fil) => "App at iba pang alalahanin",
        _ => "",
    }
}

pub fn sub_type_title(value: i64, lang: Lang) -> &'static str {
    match (value, lang) {
        (11, Lang::En) => "They contacted people other than me",
        (11, Lang::Fil) => "Kinontak nila ang ibang tao",
        (12, Lang::En) => "They called before 6 AM or after 10 PM",
        (12, Lang::Fil) => "Tumawag sila bago mag-6 AM o pagkalipas ng 10 PM",
        (13, Lang::En) => "Rude, threatening or shaming words",
        (13, Lang::Fil) => "Bastos, nananakot o nanghihiya",
        (14, Lang::En) => "They asked me to pay a personal account",
        (14, Lang::Fil) => "Pinabayad ako sa personal na account",
        (15, Lang::En) => "Another collection concern",
        (15, Lang::Fil) => "Iba pang alalahanin sa paniningil",
        _ => "",
    }
}
