//! The loan agreement, the Truth in Lending Act (RA 3765) disclosure
//! statement, the schedule a payout fixes and a renewal's disclosure, each
//! rendered from the loan's own terms and the rule set that governs it
//! (D4, decision 056). What they say is what the engine charges: every
//! figure comes from the same `Quote`, `LoanAccount` or `RenewalOffer` the
//! engine charges by, and no ceiling is written here that is not the rule
//! set's. When the borrower accepts, the rendered documents are stored
//! unchanged with the order.

mod helvetica;
pub mod pdf;

use crate::i18n::{Lang, day};
use crate::views::percent;
use hiram_domain::caps::CapRuleSet;
use hiram_domain::money::{Centavos, CurrencySymbol, format_amount};
use hiram_domain::pricing::{Allocation, LoanTerms, PenaltySchedule, Quote};
use hiram_domain::product::{Lender, Product};
use hiram_domain::servicing::{LoanAccount, RenewalOffer};
use serde::{Deserialize, Serialize};
use time::Date;
use utoipa::ToSchema;

/// The kinds of document an order keeps.
pub const AGREEMENT: &str = "agreement";
pub const DISCLOSURE: &str = "disclosure";
/// The schedule the payout fixed: the dates the engine charges by.
pub const SCHEDULE: &str = "schedule";
/// The languages every accepted agreement and disclosure is also stored in,
/// beside the copy the borrower read, for the copy to keep.
pub const LANGUAGES: [Lang; 2] = [Lang::En, Lang::Fil];

/// The kind a document's copy in `lang` is stored under: `agreement/fil`.
pub fn in_language(kind: &str, lang: Lang) -> String {
    format!("{kind}/{}", lang.tag())
}

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
    /// Centavos of principal the instalment repays.
    #[serde(default)]
    pub principal: i64,
    /// Centavos of interest it carries when paid on its day.
    #[serde(default)]
    pub interest: i64,
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

/// The rule set that governs a loan and whether it covers it.
pub struct Governing<'a> {
    pub rule_set: &'a CapRuleSet,
    pub covered: bool,
}

/// A share as a percent without decimals it does not need: "100%", "62.50%".
fn whole_percent(bp: i64) -> String {
    if bp % 100 == 0 { format!("{}%", bp / 100) } else { percent(bp) }
}

fn money(amount: Centavos) -> String {
    format_amount(amount, CurrencySymbol::Peso)
}

/// A rate a month with its daily thirtieth, rounded half up to four
/// places: "3.50% a month (0.1167% a day)".
fn monthly_and_daily(bp: i64, lang: Lang) -> String {
    // bp ÷ 30 basis points a day is bp ÷ 3,000 percent, so bp × 10 ÷ 3
    // ten-thousandths of a percent, rounded half up.
    let ten_thousandths = (bp * 20 + 3) / 6;
    let daily = format!("{}.{:04}%", ten_thousandths / 10_000, ten_thousandths % 10_000);
    match lang {
        Lang::En => format!("{} a month ({daily} a day)", percent(bp)),
        Lang::Fil => format!("{} kada buwan ({daily} kada araw)", percent(bp)),
    }
}

pub fn due_dates(quote: &Quote, start: Date) -> Vec<Date> {
    quote.schedule.iter().map(|instalment| start + time::Duration::days(instalment.due_after_days)).collect()
}

fn penalty_text(schedule: &PenaltySchedule, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "a one-time {} (first loan) or {} (repeat borrower) on the first day any instalment is late, once in the loan's life, then each day a rate of the overdue instalments' unpaid principal and interest: {} for days 1–30 late, {} for days 31–90 and {} from day 91",
            money(schedule.one_time_new),
            money(schedule.one_time_repeat),
            percent(schedule.daily_bp_days_1_30),
            percent(schedule.daily_bp_days_31_90),
            percent(schedule.daily_bp_from_day_91),
        ),
        Lang::Fil => format!(
            "isang beses na {} (unang loan) o {} (umuulit na humiram) sa unang araw na nahuli ang anumang hulog, minsan lang sa buong loan, at araw-araw na porsiyento ng hindi pa bayad na prinsipal at interes ng mga nahuling hulog: {} para sa araw 1–30 ng pagkahuli, {} para sa araw 31–90, at {} mula araw 91",
            money(schedule.one_time_new),
            money(schedule.one_time_repeat),
            percent(schedule.daily_bp_days_1_30),
            percent(schedule.daily_bp_days_31_90),
            percent(schedule.daily_bp_from_day_91),
        ),
    }
}

/// What the ceilings of the governing rule set say, with its source.
pub fn ceilings_text(governing: &Governing<'_>, lang: Lang) -> String {
    let set = governing.rule_set;
    let (nominal, effective, penalty, total) = (
        percent(set.nominal_monthly_bp),
        percent(set.eir_monthly_bp),
        percent(set.penalty_monthly_bp),
        whole_percent(set.total_cost_bp),
    );
    let (limit, months) = (money(set.max_principal), set.max_term_months);
    match (lang, governing.covered) {
        (Lang::En, true) => format!(
            "This is a covered loan ({limit} or less, payable within {months} calendar months) under {}. It is never charged more than: nominal interest of {nominal} a month; an effective interest rate, counting interest and every fee and charge except late penalties, of {effective} a month; late penalties of {penalty} of the overdue amount in any 30 days; and interest, fees and penalties together of {total} of the amount borrowed over the loan's whole life, extensions included. Where a charge would pass a ceiling, only what the ceiling allows is charged.",
            set.source
        ),
        (Lang::Fil, true) => format!(
            "Ito ay covered loan ({limit} pababa, babayaran sa loob ng {months} buwan) ayon sa {}. Hindi ito kailanman sisingilin nang higit sa: nominal na interes na {nominal} kada buwan; effective interest rate, kasama ang interes at lahat ng fee at singil maliban sa multa, na {effective} kada buwan; multa na {penalty} ng halagang nahuli sa anumang 30 araw; at {total} ng hiniram para sa interes, fee at multa nang magkakasama sa buong buhay ng loan, kasama ang mga extension. Kung lalampas ang isang singil sa hangganan, ang pinapayagan lang ng hangganan ang sisingilin.",
            set.source
        ),
        (Lang::En, false) => format!(
            "This loan is above {limit} or longer than {months} calendar months, so the ceilings of {} for covered loans do not apply to it; it is charged exactly what these terms state.",
            set.source
        ),
        (Lang::Fil, false) => format!(
            "Higit sa {limit} o mas mahaba sa {months} buwan ang loan na ito, kaya hindi ito sakop ng mga hangganan ng {} para sa covered loan; eksaktong ang nakasaad sa mga tuntuning ito ang sisingilin.",
            set.source
        ),
    }
}

fn allocation_text(allocation: Allocation, lang: Lang) -> String {
    match (allocation, lang) {
        (Allocation::PenaltyInterestPrincipal, Lang::En) => "A payment settles the oldest instalment first, its late penalty, then its interest, then its principal, then the next instalment the same way; money paid ahead reduces the principal of the next instalments, and so the interest still to come. Anything paid beyond everything owed is held for the borrower and returned on request.".to_owned(),
        (Allocation::PenaltyInterestPrincipal, Lang::Fil) => "Unang binabayaran ng anumang bayad ang pinakalumang hulog: ang multa nito, saka ang interes, saka ang prinsipal, at ganoon din ang susunod na hulog; ang perang ibinayad nang maaga ay nagbabawas sa prinsipal ng mga susunod na hulog, kaya bumababa rin ang interes na darating. Ang sobra sa lahat ng utang ay itatabi para sa nanghihiram at ibabalik kapag hiniling.".to_owned(),
        (Allocation::InterestPrincipalPenalty, Lang::En) => "A payment settles the oldest instalment first, its interest, then its principal, then its late penalty, then the next instalment the same way; money paid ahead reduces the principal of the next instalments, and so the interest still to come. Anything paid beyond everything owed is held for the borrower and returned on request.".to_owned(),
        (Allocation::InterestPrincipalPenalty, Lang::Fil) => "Unang binabayaran ng anumang bayad ang pinakalumang hulog: ang interes nito, saka ang prinsipal, saka ang multa, at ganoon din ang susunod na hulog; ang perang ibinayad nang maaga ay nagbabawas sa prinsipal ng mga susunod na hulog, kaya bumababa rin ang interes na darating. Ang sobra sa lahat ng utang ay itatabi para sa nanghihiram at ibabalik kapag hiniling.".to_owned(),
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

/// What paying the loan off on `day` costs once every instalment due before
/// it was paid on its day, as the engine works it out for this loan sent on
/// `start`.
fn payoff_on_day(quote: &Quote, governing: &Governing<'_>, start: Date, day: i64) -> Centavos {
    let Ok(mut account) = LoanAccount::open(quote.terms.clone(), start, governing.rule_set.clone(), governing.covered)
    else {
        return Centavos::ZERO;
    };
    let payoff_on = start + time::Duration::days(day);
    let due_before: Vec<Date> =
        account.instalments.iter().map(|instalment| instalment.due_date).filter(|due| *due < payoff_on).collect();
    for due in due_before {
        let owed = account.due_now(due);
        account.pay(due, owed);
    }
    account.payoff(payoff_on).total
}

/// Clause 4, from the loan's clause terms: early repayment, with the
/// payoff on the early-repayment day worked out for this loan.
fn early_repayment_text(quote: &Quote, governing: &Governing<'_>, start: Date, lang: Lang) -> String {
    let terms = &quote.terms;
    let clauses = &terms.clauses;
    let from_day = clauses.early_from_day(terms.term_days());
    let payoff_then = money(payoff_on_day(quote, governing, start, from_day));
    let (share, term, min_days) = (percent(clauses.early_after_term_bp), terms.term_days(), clauses.early_min_days);
    let minimum = clauses.early_min_interest_days;
    match lang {
        Lang::En => {
            let minimum = if minimum > 0 {
                format!(" A payoff pays at least {minimum} days of interest.")
            } else {
                String::new()
            };
            format!(
                "The borrower may repay the whole loan at any time. From day {from_day} after the money was sent (once {share} of the term of {term} days has passed, and no sooner than day {min_days}), the borrower pays the principal still owed, the interest accrued to the day of payment and any penalties and fees owed, and nothing more. Before day {from_day}, repaying the whole loan costs the interest up to day {from_day} on the principal still owed, never more than the interest of the schedule. Paid off on day {from_day}, with every instalment due before it paid on its day, what is left of this loan costs {payoff_then}.{minimum} The service fee is not refunded."
            )
        }
        Lang::Fil => {
            let minimum = if minimum > 0 {
                format!(" Hindi bababa sa {minimum} araw ng interes ang babayaran sa pagtatapos ng loan.")
            } else {
                String::new()
            };
            format!(
                "Maaaring bayaran ng nanghihiram ang buong loan anumang oras. Mula sa ika-{from_day} araw matapos maipadala ang pera (kapag lumipas na ang {share} ng terminong {term} araw, at hindi bago ang ika-{min_days} araw), ang babayaran ay ang natitirang prinsipal, ang interes hanggang sa araw ng pagbayad at ang anumang multa at fee na dapat bayaran, at wala nang iba. Bago ang ika-{from_day} araw, ang pagbabayad ng buong loan ay may interes hanggang sa ika-{from_day} araw sa natitirang prinsipal, hindi kailanman higit sa interes ng iskedyul. Kung tatapusin sa ika-{from_day} araw, at bayad sa oras ang bawat hulog bago nito, {payoff_then} ang natitirang halaga ng loan na ito.{minimum} Hindi ibinabalik ang service fee."
            )
        }
    }
}

/// Clause 6, from the loan's clause terms: how many extensions, for how
/// long and what each costs.
pub fn extension_text(terms: &LoanTerms, lang: Lang) -> String {
    let clauses = &terms.clauses;
    if clauses.extensions_allowed == 0 {
        return match lang {
            Lang::En => "The due dates of this loan cannot be extended.".to_owned(),
            Lang::Fil => "Hindi maaaring i-extend ang mga takdang petsa ng loan na ito.".to_owned(),
        };
    }
    let (count, days, fee) =
        (times(clauses.extensions_allowed, lang), clauses.extension_days, percent(clauses.extension_fee_bp));
    match lang {
        Lang::En => format!(
            "The borrower may extend the due dates {count} over the life of the loan. Each extension moves every unpaid due date {days} days later. To extend, the borrower pays the interest accrued to that day, any penalties and fees then due and an extension fee of {fee} of the principal still owed; the principal stays owed and interest goes on accruing on it. A loan past a due date may be extended the same way (a rollover) as long as its oldest unpaid due date moved {days} days later has not passed. An extension is a renewal: before the borrower pays, a new disclosure statement shows its cost and its effective interest rate under the rule set then in force, and an extension that would pass a ceiling is not offered."
        ),
        Lang::Fil => format!(
            "Maaaring i-extend ng nanghihiram ang mga takdang petsa nang {count} sa buong loan. Bawat extension ay naglilipat ng lahat ng hindi pa bayad na takdang petsa nang {days} araw. Para mag-extend, babayaran ang interes hanggang sa araw na iyon, ang anumang multa at fee na dapat bayaran, at extension fee na {fee} ng natitirang prinsipal; mananatiling utang ang prinsipal at patuloy itong magkakaroon ng interes. Maaari ring i-extend sa parehong paraan ang loan na lampas na sa takdang petsa (rollover) basta hindi pa lumilipas ang pinakalumang takdang petsa na inilipat nang {days} araw. Ang extension ay renewal: bago magbayad, ipapakita ng bagong disclosure statement ang halaga at effective interest rate nito ayon sa umiiral na rule set, at hindi iaalok ang extension na lalampas sa hangganan."
        ),
    }
}

/// The lender's SEC registration and Certificate of Authority, as every
/// disclosure names them.
fn registration(parties: &Parties<'_>) -> String {
    format!("{} / CA No. {}", parties.lender.sec_registration_no, parties.lender.certificate_of_authority_no)
}

fn schedule_rows(quote: &Quote, start: Date) -> Vec<ScheduleRow> {
    quote
        .schedule
        .iter()
        .zip(due_dates(quote, start))
        .map(|(instalment, date)| ScheduleRow {
            number: instalment.number,
            due_date: date.to_string(),
            amount: instalment.amount().get(),
            principal: instalment.principal.get(),
            interest: instalment.interest.get(),
        })
        .collect()
}

/// The Truth in Lending disclosure statement.
pub fn disclosure(quote: &Quote, governing: &Governing<'_>, parties: &Parties<'_>, lang: Lang) -> Document {
    let fil = lang == Lang::Fil;
    let label = |en: &str, tl: &str| if fil { tl.to_owned() } else { en.to_owned() };
    let row = |en: &str, tl: &str, value: String| LabelledValue { label: label(en, tl), value };
    let terms = &quote.terms;
    let rows = vec![
        row("Lender", "Nagpapahiram", parties.lender.corporate_name.clone()),
        row(
            "SEC registration / Certificate of Authority",
            "SEC registration / Certificate of Authority",
            registration(parties),
        ),
        row("Borrower", "Nanghihiram", parties.borrower_name.to_owned()),
        row("Loan number", "Numero ng loan", parties.order_no.to_owned()),
        row("Amount of the loan", "Halaga ng loan", money(quote.principal())),
        row("Less: service fee deducted", "Bawas: service fee", money(quote.fee())),
        row("Net proceeds (what you receive)", "Net proceeds (matatanggap mo)", money(quote.net_proceeds())),
        row(
            "Nominal interest, on the principal still owed",
            "Nominal na interes, sa natitirang prinsipal",
            monthly_and_daily(terms.monthly_interest_bp, lang),
        ),
        row(
            "Interest if every instalment is paid on its day",
            "Interes kung bayad sa oras ang bawat hulog",
            money(quote.interest),
        ),
        row(
            "Total finance charge (interest + fees)",
            "Kabuuang finance charge (interes + fee)",
            money(quote.finance_charge),
        ),
        row("Total repayment", "Kabuuang babayaran", money(quote.total_repayable)),
        row(
            "Number and frequency of payments",
            "Bilang at dalas ng bayad",
            format!("{} × {} {}", terms.periods, terms.period_days, if fil { "araw" } else { "days" }),
        ),
        row(
            "Effective interest rate (monthly, on the net proceeds)",
            "Effective interest rate (buwanan, sa net proceeds)",
            percent(quote.eir_monthly_bp()),
        ),
        row("Ceilings of the law", "Mga hangganan ng batas", ceilings_text(governing, lang)),
        row("Late payment penalties", "Multa sa pagkahuli", penalty_text(&terms.penalty, lang)),
        row("How payments are applied", "Paano inilalapat ang bayad", allocation_text(terms.clauses.allocation, lang)),
        row("Early repayment", "Maagang pagbabayad", early_repayment_text(quote, governing, parties.start, lang)),
        row("Extensions", "Extension", extension_text(terms, lang)),
    ];
    Document {
        title: label("Disclosure Statement on Loan Transaction", "Disclosure Statement ng Loan"),
        sections: vec![DocumentSection {
            heading: label("Before you accept", "Bago ka pumayag"),
            paragraphs: vec![
                label(
                    "This statement is given under the Truth in Lending Act (Republic Act 3765). It shows the full cost of this loan before you accept it.",
                    "Ibinibigay ang statement na ito ayon sa Truth in Lending Act (Republic Act 3765). Ipinapakita nito ang buong halaga ng loan bago ka pumayag.",
                ),
                match lang {
                    Lang::En => format!(
                        "Due dates count from the day the money is sent; the dates in the schedule are for money sent on {}. The schedule sent with the money fixes them.",
                        crate::i18n::day(parties.start, lang)
                    ),
                    Lang::Fil => format!(
                        "Binibilang ang mga takdang petsa mula sa araw na maipadala ang pera; ang mga petsa sa iskedyul ay para sa perang maipapadala sa {}. Ang iskedyul na kasama ng pera ang magtatakda sa mga ito.",
                        crate::i18n::day(parties.start, lang)
                    ),
                },
            ],
        }],
        disclosure: Some(Disclosure { rows, schedule: schedule_rows(quote, parties.start) }),
    }
}

/// The loan agreement.
pub fn agreement(quote: &Quote, governing: &Governing<'_>, parties: &Parties<'_>, lang: Lang) -> Document {
    let lender = parties.lender;
    let terms = &quote.terms;
    let section = |heading: &str, paragraphs: Vec<String>| DocumentSection { heading: heading.to_owned(), paragraphs };
    let penalty = penalty_text(&terms.penalty, lang);
    let ceilings = ceilings_text(governing, lang);
    let (rate, first) = (
        monthly_and_daily(terms.monthly_interest_bp, lang),
        quote.schedule.first().map(|first| first.amount()).unwrap_or_default(),
    );
    let count = terms.periods;
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
                    money(quote.principal()), money(quote.fee()), money(quote.net_proceeds())
                )]),
                section("3. Interest and repayment", vec![
                    format!(
                        "Interest accrues each day on the principal still owed at {rate}, a month being 30 days, counted from the day the money is sent and rounded down to the centavo. The borrower repays in {} of about {} every {} days, the first {} days after the money is sent; paid on their days, they come to {} in all, {} of it interest. The schedule sent with the money fixes each due date.",
                        crate::i18n::with_detail("{n} {instalment|instalments}", &count.to_string()), money(first), terms.period_days, terms.period_days, money(quote.total_repayable), money(quote.interest)
                    ),
                    allocation_text(terms.clauses.allocation, lang),
                ]),
                section("4. Early repayment", vec![early_repayment_text(quote, governing, parties.start, lang)]),
                section("5. Late payment", vec![format!("If an instalment is late, the lender charges: {penalty}. {ceilings}")]),
                section("6. Extension", vec![extension_text(terms, lang)]),
                section("7. Fair collection", vec!["The lender collects fairly, as SEC Memorandum Circular 18, series of 2019 requires: no threats, insults or public shaming; contact only between 6:00 AM and 10:00 PM unless the borrower agreed or the loan is more than 15 days past due; and never any person other than the borrower.".to_owned()]),
                section("8. The borrower's information", vec!["The borrower's information is handled under the Data Privacy Act of 2012 and Hiram's Privacy Policy. The borrower tells the lender within 3 days of any change of name, birth date or address.".to_owned()]),
                section("9. Assignment and default", vec!["The lender may assign this loan with 7 business days' written notice to the borrower. The loan is in default if the borrower does not pay an amount when it is due, gave false information to get it, or leaves a court judgment against them unpaid for 10 days. In default the lender may ask for the whole balance at once, with only the charges this agreement and Hiram's loan terms allow.".to_owned()]),
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
                    money(quote.principal()), money(quote.fee()), money(quote.net_proceeds())
                )]),
                section("3. Interes at pagbabayad", vec![
                    format!(
                        "Araw-araw na nagkakaroon ng interes ang natitirang prinsipal sa {rate}, ang isang buwan ay 30 araw, binibilang mula sa araw na maipadala ang pera at ibinababa sa sentimo. Babayaran ito sa {count} na hulog na humigit-kumulang {} bawat {} araw, ang una ay {} araw matapos maipadala ang pera; kung bayad sa oras, {} lahat, {} dito ang interes. Ang iskedyul na kasama ng pera ang magtatakda sa bawat takdang petsa.",
                        money(first), terms.period_days, terms.period_days, money(quote.total_repayable), money(quote.interest)
                    ),
                    allocation_text(terms.clauses.allocation, lang),
                ]),
                section("4. Maagang pagbabayad", vec![early_repayment_text(quote, governing, parties.start, lang)]),
                section("5. Huling pagbabayad", vec![format!("Kapag nahuli ang isang hulog, sisingilin ang: {penalty}. {ceilings}")]),
                section("6. Extension", vec![extension_text(terms, lang)]),
                section("7. Patas na paniningil", vec!["Patas ang paniningil ayon sa SEC Memorandum Circular 18, serye ng 2019: walang pagbabanta, pang-iinsulto o pagpapahiya; kontak lamang mula 6:00 AM hanggang 10:00 PM maliban kung pumayag ang nanghihiram o lampas 15 araw nang huli; at hindi kailanman ang ibang tao maliban sa nanghihiram.".to_owned()]),
                section("8. Impormasyon ng nanghihiram", vec!["Pinangangalagaan ang impormasyon ayon sa Data Privacy Act of 2012 at sa Privacy Policy ng Hiram. Ipaaalam ng nanghihiram sa loob ng 3 araw ang anumang pagbabago ng pangalan, petsa ng kapanganakan o tirahan.".to_owned()]),
                section("9. Paglilipat at default", vec!["Maaaring ilipat ng nagpapahiram ang loan na ito matapos ang 7 araw ng negosyo na nakasulat na abiso. Default ang loan kung hindi nabayaran ng nanghihiram ang halagang dapat bayaran sa takdang araw nito, kung nagbigay siya ng maling impormasyon para makuha ito, o kung hindi niya nabayaran sa loob ng 10 araw ang hatol ng korte laban sa kanya. Kapag default, maaaring hingin ng nagpapahiram ang buong balanse nang minsanan, kasama lamang ang mga singil na pinapayagan ng kasunduang ito at ng mga tuntunin ng loan ng Hiram.".to_owned()]),
                section("10. Tanong at reklamo", vec!["Ipadala ang mga tanong at reklamo sa customer service ng Hiram, na sasagot sa loob ng 3 araw ng trabaho. Maaari ring magreklamo sa Securities and Exchange Commission.".to_owned()]),
            ],
        ),
    };
    Document { title, sections, disclosure: None }
}

/// The schedule a payout fixed, stored with the order: the due dates the
/// engine charges by, and each instalment's amount if every one before it
/// is paid on its day.
pub fn schedule(account: &LoanAccount, order_no: &str, lang: Lang) -> Document {
    let fil = lang == Lang::Fil;
    let label = |en: &str, tl: &str| if fil { tl.to_owned() } else { en.to_owned() };
    let plan = account.plan(account.start);
    let rows = plan
        .iter()
        .zip(&account.instalments)
        .map(|(line, instalment)| ScheduleRow {
            number: line.number,
            due_date: line.due_date.to_string(),
            amount: line.amount.get(),
            principal: instalment.principal.get(),
            interest: line.amount.get() - instalment.principal.get(),
        })
        .collect();
    Document {
        title: label("Repayment schedule", "Iskedyul ng pagbabayad"),
        sections: vec![DocumentSection {
            heading: label("The money was sent", "Naipadala na ang pera"),
            paragraphs: vec![match lang {
                Lang::En => format!(
                    "The money of loan {order_no} was sent on {}. These are its due dates from that day, as the agreement says; each amount is what the instalment comes to if every one before it is paid on its day.",
                    account.start
                ),
                Lang::Fil => format!(
                    "Naipadala ang pera ng loan {order_no} noong {}. Ito ang mga takdang petsa nito mula sa araw na iyon, ayon sa kasunduan; ang bawat halaga ay ang hulog kung bayad sa oras ang bawat nauna rito.",
                    account.start
                ),
            }],
        }],
        disclosure: Some(Disclosure { rows: Vec::new(), schedule: rows }),
    }
}

/// A renewal's disclosure: what extending costs on its day, the new due
/// dates, the effective rate of the renewal and the rule set it is held to;
/// shown before the borrower pays and stored with the pay code that pays it.
pub fn renewal_disclosure(offer: &RenewalOffer, parties: &Parties<'_>, lang: Lang) -> Document {
    let fil = lang == Lang::Fil;
    let label = |en: &str, tl: &str| if fil { tl.to_owned() } else { en.to_owned() };
    let row = |en: &str, tl: &str, value: String| LabelledValue { label: label(en, tl), value };
    let governing = Governing { rule_set: &offer.proof.rule_set, covered: offer.proof.covered };
    let interest = Centavos::new(offer.schedule.iter().map(|instalment| instalment.interest.get()).sum());
    let rows = vec![
        row("Lender", "Nagpapahiram", parties.lender.corporate_name.clone()),
        // The renewal is new credit: its lender named as fully as the loan's.
        row(
            "SEC registration / Certificate of Authority",
            "SEC registration / Certificate of Authority",
            registration(parties),
        ),
        row("Borrower", "Nanghihiram", parties.borrower_name.to_owned()),
        row("Loan number", "Numero ng loan", parties.order_no.to_owned()),
        row("Extension on", "Extension sa", crate::i18n::day(offer.on, lang)),
        row(
            "Interest, penalties and fees due now",
            "Interes, multa at fee na dapat bayaran ngayon",
            money(offer.charges_due),
        ),
        row("Extension fee", "Extension fee", money(offer.fee)),
        row("You pay now", "Babayaran mo ngayon", money(offer.amount)),
        row("Principal rolled over", "Prinsipal na iuurong", money(offer.principal)),
        row(
            "Due dates move",
            "Lilipat ang mga takdang petsa",
            format!("{} {}", offer.added_days, if fil { "araw" } else { "days" }),
        ),
        row(
            "Interest to the new dates if paid on time",
            "Interes hanggang sa mga bagong petsa kung bayad sa oras",
            money(interest),
        ),
        row(
            "Effective interest rate of the renewal (monthly)",
            "Effective interest rate ng renewal (buwanan)",
            percent(offer.proof.eir.basis_points()),
        ),
        row("Ceilings of the law", "Mga hangganan ng batas", ceilings_text(&governing, lang)),
    ];
    let schedule = offer
        .schedule
        .iter()
        .zip(&offer.new_due_dates)
        .map(|(instalment, (number, date))| ScheduleRow {
            number: *number,
            due_date: date.to_string(),
            amount: instalment.amount().get(),
            principal: instalment.principal.get(),
            interest: instalment.interest.get(),
        })
        .collect();
    Document {
        title: label("Disclosure Statement on the Extension", "Disclosure Statement ng Extension"),
        sections: vec![DocumentSection {
            heading: label("Before you pay", "Bago ka magbayad"),
            paragraphs: vec![label(
                "An extension renews your loan. This statement, given under the Truth in Lending Act (Republic Act 3765), shows what it costs before you pay. Paying the extension's amount to pay now is your acceptance of it.",
                "Ang extension ay renewal ng loan mo. Ipinapakita ng statement na ito, ayon sa Truth in Lending Act (Republic Act 3765), ang halaga nito bago ka magbayad. Ang pagbabayad ng halagang babayaran ngayon para sa extension ay ang pagpayag mo rito.",
            )],
        }],
        disclosure: Some(Disclosure { rows, schedule }),
    }
}

/// A stored document of the copy to keep, and the language it is in when
/// that is known (copies stored before decision 089 kept one language).
pub struct KeptDocument {
    pub document: Document,
    pub lang: Option<Lang>,
}

/// The copy to keep of an accepted loan (decision 089): the documents as
/// stored when the borrower accepted (and the schedule the payout fixed),
/// laid out as a PDF with its words in `lang`. Every figure is the stored
/// text's; nothing is worked out again.
pub fn copy_to_keep(order_no: &str, accepted_on: Date, kept: &[KeptDocument], lang: Lang) -> Vec<u8> {
    let fil = lang == Lang::Fil;
    let mut sheet = pdf::Sheet::default();
    let title = if fil { format!("Ang kopya mo ng loan {order_no}") } else { format!("Your copy of loan {order_no}") };
    sheet.title(&title);
    sheet.note(&if fil {
        format!(
            "Pumayag ka sa loan na ito noong {}. Narito ang mga dokumento nang eksakto gaya ng pagkakatago nang pumayag ka, sa Ingles at sa Filipino; pareho ang mga tuntunin at halaga ng dalawa.",
            day(accepted_on, lang)
        )
    } else {
        format!(
            "You accepted this loan on {}. These are its documents exactly as stored when you accepted, in English and in Filipino; both carry the same terms and figures.",
            day(accepted_on, lang)
        )
    });
    sheet.note(if fil {
        "Isinusulat ang piso bilang PHP sa kopyang ito."
    } else {
        "Amounts in pesos are written PHP in this copy."
    });
    for (index, kept) in kept.iter().enumerate() {
        if index > 0 {
            sheet.page_break();
        }
        write_document(&mut sheet, &kept.document, kept.lang.unwrap_or(lang));
    }
    let footer = format!("Hiram · {order_no}");
    sheet.finish(&title, if fil { "fil-PH" } else { "en-PH" }, &footer, |page, of| {
        if fil { format!("Pahina {page} ng {of}") } else { format!("Page {page} of {of}") }
    })
}

fn write_document(sheet: &mut pdf::Sheet, document: &Document, lang: Lang) {
    let fil = lang == Lang::Fil;
    sheet.title(&document.title);
    for section in &document.sections {
        sheet.heading(&section.heading);
        for paragraph in &section.paragraphs {
            sheet.paragraph(paragraph);
        }
    }
    let Some(disclosure) = &document.disclosure else { return };
    sheet.rows(disclosure.rows.iter().map(|row| (row.label.as_str(), row.value.as_str())));
    if disclosure.schedule.is_empty() {
        return;
    }
    let label = |en: &'static str, tl: &'static str| if fil { tl } else { en };
    let rows: Vec<Vec<String>> = disclosure
        .schedule
        .iter()
        .map(|row| {
            let due = Date::parse(&row.due_date, &time::format_description::well_known::Iso8601::DATE)
                .map_or_else(|_| row.due_date.clone(), |date| day(date, lang));
            vec![
                row.number.to_string(),
                due,
                money(Centavos::new(row.principal)),
                money(Centavos::new(row.interest)),
                money(Centavos::new(row.amount)),
            ]
        })
        .collect();
    sheet.table(
        label("Payment schedule", "Iskedyul ng bayad"),
        &[
            (label("No.", "Blg."), 0.6, pdf::Align::Left),
            (label("Due date", "Takdang petsa"), 1.6, pdf::Align::Left),
            (label("Principal", "Prinsipal"), 1.3, pdf::Align::Right),
            (label("Interest", "Interes"), 1.3, pdf::Align::Right),
            (label("Amount", "Halaga"), 1.3, pdf::Align::Right),
        ],
        &rows,
    );
}
