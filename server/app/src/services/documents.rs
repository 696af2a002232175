//! The loan agreement and the Truth in Lending Act (RA 3765) disclosure
//! statement, rendered from the order's own terms. What they say is what
//! the engine charges: both come from the same `Quote`. When the borrower
//! accepts, the rendered documents are stored unchanged with the order.

use crate::i18n::Lang;
use crate::views::percent;
use hiram_domain::money::{CurrencySymbol, format_amount};
use hiram_domain::pricing::{PenaltySchedule, Quote, actuarial_monthly_bp};
use hiram_domain::product::{Lender, Product};
use hiram_domain::repayment::interest_to_day;
use serde::{Deserialize, Serialize};
use time::Date;
use utoipa::ToSchema;

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct DocumentSection {
    pub heading: String,
    pub paragraphs: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct LabelledValue {
    pub label: String,
    pub value: String,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleRow {
    pub number: i64,
    pub due_date: String,
    /// Centavos.
    pub amount: i64,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct Disclosure {
    pub rows: Vec<LabelledValue>,
    pub schedule: Vec<ScheduleRow>,
}

/// A document as stored and shown.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct Document {
    pub title: String,
    pub sections: Vec<DocumentSection>,
    pub disclosure: Option<Disclosure>,
}

/// Everything a document names.
pub struct Parties<'a> {
    pub lender: &'a Lender,
    pub product: &'a Product,
    pub borrower_name: &'a str,
    pub borrower_phone: &'a str,
    pub order_no: &'a str,
    /// The date the money is expected to go out; due dates count from it.
    pub start: Date,
}

fn money(amount: hiram_domain::money::Centavos) -> String {
    format_amount(amount, CurrencySymbol::Peso)
}

pub fn due_dates(quote: &Quote, start: Date) -> Vec<Date> {
    quote.plan.iter().map(|instalment| start + time::Duration::days(instalment.due_after_days)).collect()
}

fn penalty_text(schedule: &PenaltySchedule, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "one-time {} (first loan) or {} (repeat borrower) on the first day late, then a daily {} of the unpaid amount for days 1–30, {} for days 31–90 and {} from day 91",
            money(schedule.one_time_new),
            money(schedule.one_time_repeat),
            percent(schedule.daily_bp_days_1_30),
            percent(schedule.daily_bp_days_31_90),
            percent(schedule.daily_bp_from_day_91),
        ),
        Lang::Fil => format!(
            "isang beses na {} (unang loan) o {} (umuulit na humiram) sa unang araw ng pagkahuli, at araw-araw na {} ng hindi pa bayad para sa araw 1–30, {} para sa araw 31–90, at {} mula araw 91",
            money(schedule.one_time_new),
            money(schedule.one_time_repeat),
            percent(schedule.daily_bp_days_1_30),
            percent(schedule.daily_bp_days_31_90),
            percent(schedule.daily_bp_from_day_91),
        ),
    }
}

/// "once", "twice", "3 times" (en); "isang beses", "2 beses" (fil).
fn times(count: i64, lang: Lang) -> String {
    match (lang, count) {
        (Lang::En, 1) => "once".to_owned(),
        (Lang::En, 2) => "twice".to_owned(),
        (Lang::En, n) => format!("{n} times"),
        (Lang::Fil, 1) => "isang beses".to_owned(),
        (Lang::Fil, n) => format!("{n} beses"),
    }
}

/// Clause 4, from the order's clause terms: when the whole loan may be
/// repaid early and what that costs, with the payoff on the first allowed
/// day worked out for this loan.
pub fn early_repayment_text(quote: &Quote, lang: Lang) -> String {
    let clauses = &quote.clauses;
    let from_day = clauses.early_from_day(quote.term_days);
    let interest_days = from_day.max(clauses.early_min_interest_days);
    let payoff_then = quote.principal.get()
        + interest_to_day(quote.principal, quote.monthly_interest_bp, interest_days).min(quote.interest).get();
    let payoff_then = money(hiram_domain::money::Centavos::new(payoff_then));
    let (share, rate) = (percent(clauses.early_after_term_bp), percent(quote.monthly_interest_bp));
    let (term, min_days, min_interest) = (quote.term_days, clauses.early_min_days, clauses.early_min_interest_days);
    let total = money(quote.total_repayable);
    match lang {
        Lang::En => {
            let minimum =
                if min_interest > 0 { format!(", and at least {min_interest} days of it") } else { String::new() };
            format!(
                "The borrower may repay the whole loan early from day {from_day} after the money was sent: once {share} of the term of {term} days has passed and at least {min_days} days after the money was sent. The borrower then pays the principal still owed, any fees and penalties owed, and the interest up to the day of payment: {rate} a month of the principal for each day from the day the money was sent to the day of payment, rounded down to the centavo{minimum}, less interest already paid. Paid off on day {from_day} with nothing paid before, this loan costs {payoff_then}. Before day {from_day}, repaying the whole loan costs the full amount of section 3 ({total}). The service fee is not refunded."
            )
        }
        Lang::Fil => {
            let minimum =
                if min_interest > 0 { format!(", at hindi bababa sa {min_interest} araw nito") } else { String::new() };
            format!(
                "Maaaring bayaran nang maaga ang buong loan mula sa ika-{from_day} araw matapos maipadala ang pera: kapag lumipas na ang {share} ng terminong {term} araw at hindi bababa sa {min_days} araw mula nang maipadala ang pera. Babayaran ang natitirang prinsipal, ang anumang fee at multang dapat bayaran, at ang interes hanggang sa araw ng pagbayad: {rate} kada buwan ng prinsipal para sa bawat araw mula nang maipadala ang pera hanggang sa araw ng pagbayad, ibinaba sa sentimo{minimum}, bawas ang interes na nabayaran na. Kung babayaran sa ika-{from_day} araw nang walang naunang bayad, {payoff_then} ang halaga ng loan na ito. Bago ang ika-{from_day} araw, ang buong halaga sa seksyon 3 ({total}) ang babayaran para tapusin ang loan. Hindi ibinabalik ang service fee."
            )
        }
    }
}

/// Clause 6, from the order's clause terms and the extension price rule
/// (decision 012): how many extensions, for how long, and what each costs.
pub fn extension_text(quote: &Quote, allows_extension: bool, lang: Lang) -> String {
    let allowed = if allows_extension { quote.clauses.extensions_allowed } else { 0 };
    if allowed == 0 {
        return match lang {
            Lang::En => "The due dates of this loan cannot be extended.".to_owned(),
            Lang::Fil => "Hindi maaaring i-extend ang mga takdang petsa ng loan na ito.".to_owned(),
        };
    }
    let (count, days, rate) = (times(allowed, lang), quote.period_days, percent(quote.monthly_interest_bp));
    let fee = money(interest_to_day(quote.principal, quote.monthly_interest_bp, days));
    match lang {
        Lang::En => format!(
            "The borrower may extend the due dates {count} over the life of the loan, each time by {days} days, by paying the interest, fees and penalties then due plus an extension fee of one more period's interest: {rate} a month for {days} days on the principal still owed ({fee} on the whole principal of this loan), which for a covered loan stops where the total cost would pass the amount borrowed. A loan past its due date may be extended the same way (a rollover) as long as its due date moved {days} days later has not passed; paying the extension brings the loan back to current."
        ),
        Lang::Fil => format!(
            "Maaaring i-extend ng nanghihiram ang mga takdang petsa nang {count} sa buong loan, {days} araw bawat isa, sa pagbayad ng interes, fee at multang dapat bayaran at ng extension fee na interes ng isa pang period: {rate} kada buwan para sa {days} araw ng natitirang prinsipal ({fee} sa buong prinsipal ng loan na ito), na para sa covered loan ay humihinto kung saan lalampas ang kabuuang gastos sa halagang hiniram. Maaari ring i-extend sa parehong paraan ang loan na lampas na sa due date (rollover) basta hindi pa lumilipas ang due date na inilipat nang {days} araw; sa pagbayad ng extension, babalik sa kasalukuyan ang loan."
        ),
    }
}

const CAP_NOTE_EN: &str = "For a covered loan (₱10,000 or less, 4 months or less), late penalties never exceed 5% a month of the amount due, and interest, fees and penalties together never exceed the amount you borrowed (BSP Circular 1133).";
const CAP_NOTE_FIL: &str = "Para sa covered loan (₱10,000 pababa, 4 na buwan pababa), hindi lalampas ang multa sa 5% kada buwan ng halagang dapat bayaran, at hindi lalampas ang kabuuang interes, fee at multa sa halagang hiniram mo (BSP Circular 1133).";

/// The Truth in Lending disclosure statement.
pub fn disclosure(quote: &Quote, parties: &Parties<'_>, lang: Lang) -> Document {
    let fil = lang == Lang::Fil;
    let label = |en: &str, tl: &str| if fil { tl.to_owned() } else { en.to_owned() };
    let row = |en: &str, tl: &str, value: String| LabelledValue { label: label(en, tl), value };
    let dates = due_dates(quote, parties.start);
    let rows = vec![
        row("Lender", "Nagpapahiram", parties.lender.corporate_name.clone()),
        row(
            "SEC registration / Certificate of Authority",
            "SEC registration / Certificate of Authority",
            format!("{} / CA No. {}", parties.lender.sec_registration_no, parties.lender.certificate_of_authority_no),
        ),
        row("Borrower", "Nanghihiram", parties.borrower_name.to_owned()),
        row("Loan number", "Numero ng loan", parties.order_no.to_owned()),
        row("Amount of the loan", "Halaga ng loan", money(quote.principal)),
        row("Less: service fee deducted", "Bawas: service fee", money(quote.fees)),
        row("Net proceeds (what you receive)", "Net proceeds (matatanggap mo)", money(quote.net_proceeds)),
        row("Interest", "Interes", money(quote.interest)),
        row(
            "Total finance charge (interest + fees)",
            "Kabuuang finance charge (interes + fee)",
            money(quote.finance_charge),
        ),
        row("Total amount to repay", "Kabuuang babayaran", money(quote.total_repayable)),
        row(
            "Number and frequency of payments",
            "Bilang at dalas ng bayad",
            format!(
                "{} × {} {}",
                quote.plan.len(),
                quote.plan.first().map_or(0, |first| first.due_after_days),
                if fil { "araw" } else { "days" }
            ),
        ),
        row(
            "Effective interest rate (monthly)",
            "Effective interest rate (buwanan)",
            percent(actuarial_monthly_bp(quote)),
        ),
        row(
            "Finance charge as a monthly rate of the loan",
            "Finance charge bilang buwanang rate ng loan",
            percent(quote.charges_monthly_bp),
        ),
        row("Late payment penalties", "Multa sa pagkahuli", penalty_text(&quote.penalty, lang)),
        row("Early repayment", "Maagang pagbabayad", early_repayment_text(quote, lang)),
        row("Extensions", "Extension", extension_text(quote, parties.product.allows_extension, lang)),
    ];
    let schedule = quote
        .plan
        .iter()
        .zip(&dates)
        .map(|(instalment, date)| ScheduleRow {
            number: instalment.number,
            due_date: date.to_string(),
            amount: instalment.amount().get(),
        })
        .collect();
    Document {
        title: label("Disclosure Statement on Loan Transaction", "Disclosure Statement ng Loan"),
        sections: vec![DocumentSection {
            heading: label("Before you accept", "Bago ka pumayag"),
            paragraphs: vec![
                label(
                    "This statement is given under the Truth in Lending Act (Republic Act 3765). It shows the full cost of this loan before you accept it.",
                    "Ibinibigay ang statement na ito ayon sa Truth in Lending Act (Republic Act 3765). Ipinapakita nito ang buong halaga ng loan bago ka pumayag.",
                ),
                label(CAP_NOTE_EN, CAP_NOTE_FIL),
            ],
        }],
        disclosure: Some(Disclosure { rows, schedule }),
    }
}

/// The loan agreement.
pub fn agreement(quote: &Quote, parties: &Parties<'_>, lang: Lang) -> Document {
    let lender = parties.lender;
    let dates = due_dates(quote, parties.start);
    let last_due = dates.last().map(ToString::to_string).unwrap_or_default();
    let section = |heading: &str, paragraphs: Vec<String>| DocumentSection { heading: heading.to_owned(), paragraphs };
    let penalty = penalty_text(&quote.penalty, lang);
    let (title, sections) = match lang {
        Lang::En => (
            "Loan Agreement".to_owned(),
            vec![
                section("1. The parties", vec![format!(
                    "This agreement is between {} (SEC Registration No. {}, Certificate of Authority No. {}), the lender, and {} (mobile {}), the borrower, for loan {} under the product {}, offered through Hiram.",
                    lender.corporate_name, lender.sec_registration_no, lender.certificate_of_authority_no, parties.borrower_name, parties.borrower_phone, parties.order_no, parties.product.name
                )]),
                section("2. The loan", vec![format!(
                    "The lender lends {} to the borrower. A service fee of {} is deducted, so {} is sent to the borrower's account, usually within 1 to 3 calendar days of this acceptance.",
                    money(quote.principal), money(quote.fees), money(quote.net_proceeds)
                )]),
                section("3. Interest and repayment", vec![format!(
                    "Interest for the whole term of {} days is {}. The borrower repays {} in {} as set out in the Disclosure Statement, the last on {}.",
                    quote.term_days, money(quote.interest), money(quote.total_repayable), crate::i18n::with_detail("{n} {payment|payments}", &quote.plan.len().to_string()), last_due
                )]),
                section("4. Early repayment", vec![early_repayment_text(quote, lang)]),
                section("5. Late payment", vec![format!("If a payment is late, the lender charges: {penalty}. {CAP_NOTE_EN}")]),
                section("6. Extension", vec![extension_text(quote, parties.product.allows_extension, lang)]),
                section("7. Fair collection", vec!["The lender collects fairly, as SEC Memorandum Circular 18, series of 2019 requires: no threats, insults or public shaming; contact only between 6:00 AM and 10:00 PM unless the borrower agreed or the loan is more than 15 days past due; and never any person other than the borrower.".to_owned()]),
                section("8. The borrower's information", vec!["The borrower's information is handled under the Data Privacy Act of 2012 and Hiram's Privacy Policy. The borrower tells the lender within 3 days of any change of name, birth date or address.".to_owned()]),
                section("9. Assignment and default", vec!["The lender may assign this loan with 7 business days' written notice to the borrower. The loan is in default if a final court judgment on it stays unpaid for 10 days.".to_owned()]),
                section("10. Questions and complaints", vec!["Questions and complaints go to Hiram customer service, which answers within 3 working days. The borrower may also complain to the Securities and Exchange Commission.".to_owned()]),
            ],
        ),
        Lang::Fil => (
            "Kasunduan sa Loan".to_owned(),
            vec![
                section("1. Ang mga partido", vec![format!(
                    "Ang kasunduang ito ay sa pagitan ng {} (SEC Registration No. {}, Certificate of Authority No. {}), ang nagpapahiram, at ni {} (mobile {}), ang nanghihiram, para sa loan {} sa ilalim ng produktong {}, na inaalok sa pamamagitan ng Hiram.",
                    lender.corporate_name, lender.sec_registration_no, lender.certificate_of_authority_no, parties.borrower_name, parties.borrower_phone, parties.order_no, parties.product.name
                )]),
                section("2. Ang loan", vec![format!(
                    "Ipinahihiram ng nagpapahiram ang {}. Ibinabawas ang service fee na {}, kaya {} ang ipapadala sa account ng nanghihiram, karaniwan sa loob ng 1 hanggang 3 araw mula sa pagpayag na ito.",
                    money(quote.principal), money(quote.fees), money(quote.net_proceeds)
                )]),
                section("3. Interes at pagbabayad", vec![format!(
                    "Ang interes para sa buong {} na araw ay {}. Babayaran ng nanghihiram ang {} sa {} na hulog ayon sa Disclosure Statement, ang huli sa {}.",
                    quote.term_days, money(quote.interest), money(quote.total_repayable), quote.plan.len(), last_due
                )]),
                section("4. Maagang pagbabayad", vec![early_repayment_text(quote, lang)]),
                section("5. Huling pagbabayad", vec![format!("Kapag nahuli ang bayad, sisingilin ang: {penalty}. {CAP_NOTE_FIL}")]),
                section("6. Extension", vec![extension_text(quote, parties.product.allows_extension, lang)]),
                section("7. Patas na paniningil", vec!["Patas ang paniningil ayon sa SEC Memorandum Circular 18, serye ng 2019: walang pagbabanta, pang-iinsulto o pagpapahiya; kontak lamang mula 6:00 AM hanggang 10:00 PM maliban kung pumayag ang nanghihiram o lampas 15 araw nang huli; at hindi kailanman ang ibang tao maliban sa nanghihiram.".to_owned()]),
                section("8. Impormasyon ng nanghihiram", vec!["Pinangangalagaan ang impormasyon ayon sa Data Privacy Act of 2012 at sa Privacy Policy ng Hiram. Ipaaalam ng nanghihiram sa loob ng 3 araw ang anumang pagbabago ng pangalan, petsa ng kapanganakan o tirahan.".to_owned()]),
                section("9. Paglilipat at default", vec!["Maaaring ilipat ng nagpapahiram ang loan na ito matapos ang 7 araw ng negosyo na nakasulat na abiso. Default ang loan kung hindi nabayaran sa loob ng 10 araw ang pinal na hatol ng korte tungkol dito.".to_owned()]),
                section("10. Tanong at reklamo", vec!["Ipadala ang mga tanong at reklamo sa customer service ng Hiram, na sasagot sa loob ng 3 araw ng trabaho. Maaari ring magreklamo sa Securities and Exchange Commission.".to_owned()]),
            ],
        ),
    };
    Document { title, sections, disclosure: None }
}
