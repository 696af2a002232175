//! The names of the book's categories (`hiram_domain::book_keeping::CATEGORIES`)
//! in English and Filipino, as a household in the Philippines says them.

use crate::i18n::Lang;

pub fn category_title(key: &str, lang: Lang) -> &'static str {
    match (key, lang) {
        ("food", Lang::En) => "Food and groceries",
        ("food", Lang::Fil) => "Pagkain at grocery",
        ("transport", Lang::En) => "Fare and transport",
        ("transport", Lang::Fil) => "Pamasahe",
        ("load", Lang::En) => "Mobile load and data",
        ("load", Lang::Fil) => "Load at data",
        ("bills", Lang::En) => "Bills: power, water, internet",
        ("bills", Lang::Fil) => "Bayarin: kuryente, tubig, internet",
        ("rent", Lang::En) => "Rent",
        ("rent", Lang::Fil) => "Upa",
        ("school", Lang::En) => "School",
        ("school", Lang::Fil) => "Pag-aaral",
        ("health", Lang::En) => "Health and medicine",
        ("health", Lang::Fil) => "Kalusugan at gamot",
        ("family", Lang::En) => "Family and padala",
        ("family", Lang::Fil) => "Pamilya at padala",
        ("loan", Lang::En) => "Loan payments",
        ("loan", Lang::Fil) => "Hulog sa utang",
        ("shopping", Lang::En) => "Shopping",
        ("shopping", Lang::Fil) => "Pamimili",
        ("other_expense", Lang::En) => "Other expenses",
        ("other_expense", Lang::Fil) => "Iba pang gastos",
        ("salary", Lang::En) => "Salary and wages",
        ("salary", Lang::Fil) => "Sahod",
        ("business", Lang::En) => "Business and sideline",
        ("business", Lang::Fil) => "Negosyo at raket",
        ("remittance", Lang::En) => "Remittance received",
        ("remittance", Lang::Fil) => "Natanggap na padala",
        ("other_income", Lang::En) => "Other income",
        ("other_income", Lang::Fil) => "Iba pang kita",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hiram_domain::book_keeping::CATEGORIES;

    #[test]
    fn every_category_has_a_title_in_both_languages() {
        for category in CATEGORIES {
            for lang in [Lang::En, Lang::Fil] {
                assert!(!category_title(category.key, lang).is_empty(), "{} in {lang:?}", category.key);
            }
        }
    }
}
