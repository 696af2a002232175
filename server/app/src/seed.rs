//! Demo data, so that a fresh install shows something real at once: lenders
//! and their products, a demo borrower, and one order of that borrower in
//! every status of decisions.md D3, each reached through the state machine
//! with its history recorded.

use crate::features::media::logo_url;
use crate::state::AppState;
use hiram_domain::clock::{manila_date, start_of_manila_day};
use hiram_domain::ledger;
use hiram_domain::money::Centavos;
use hiram_domain::order::{NewOrder, OrderId, OrderStatus, Transition};
use hiram_domain::phone::Phone;
use hiram_domain::pricing::{PenaltySchedule, ProductTerms};
use hiram_domain::product::{LenderId, NewLender, NewProduct, Product};
use hiram_domain::promotion::PromotionTemplate;
use hiram_domain::store::{IdempotencyKey, START_UP_LOCK, StoreError, StoreResult};
use serde::Serialize;
use time::{Duration, OffsetDateTime};

/// The demo borrower's number, 0917 555 0100.
pub const DEMO_PHONE: &str = "+639175550100";
const DEMO_NAME: &str = "Maria Clara Santos";

/// Fills the demo data unless the database is marked seeded; says whether
/// it did. Under the start-up lock and in one transaction (decision 041):
/// processes started together seed once between them, and a seed that
/// fails midway leaves nothing, so the next start seeds.
pub async fn seed_once(state: &AppState) -> StoreResult<bool> {
    let unit = state.store.unit_of_work(START_UP_LOCK).await?;
    let store = unit.store();
    if store.seeded().await? {
        return Ok(false);
    }
    seed(&state.changed(|shared| shared.store = store.clone())).await?;
    store.mark_seeded(state.now()).await?;
    unit.commit().await?;
    tracing::info!("filled demo data into an empty database");
    Ok(true)
}

struct LenderSeed {
    name: &'static str,
    corporate_name: &'static str,
    sec_registration_no: &'static str,
    certificate_of_authority_no: &'static str,
    logo: &'static str,
}

const LENDERS: [LenderSeed; 4] = [
    LenderSeed {
        name: "Bayanihan Cash",
        corporate_name: "Bayanihan Cash Lending Corp. (demo)",
        sec_registration_no: "CS2019-11802",
        certificate_of_authority_no: "2871",
        logo: "bayanihan.svg",
    },
    LenderSeed {
        name: "Sampaguita Finance",
        corporate_name: "Sampaguita Finance Inc. (demo)",
        sec_registration_no: "CS2017-04455",
        certificate_of_authority_no: "1964",
        logo: "sampaguita.svg",
    },
    LenderSeed {
        name: "Kalesa Credit",
        corporate_name: "Kalesa Credit Lending Co. (demo)",
        sec_registration_no: "CS2021-30917",
        certificate_of_authority_no: "3302",
        logo: "kalesa.svg",
    },
    LenderSeed {
        name: "Bangka Negosyo",
        corporate_name: "Bangka Negosyo Finance Corp. (demo)",
        sec_registration_no: "CS2016-02231",
        certificate_of_authority_no: "1588",
        logo: "bangka.svg",
    },
];

struct ProductSeed {
    lender: usize,
    name: &'static str,
    terms: ProductTerms,
    tags: &'static [&'static str],
    allows_extension: bool,
    available: bool,
}

const fn pesos(amount: i64) -> Centavos {
    Centavos::from_pesos(amount)
}

/// A late-penalty schedule that keeps 5% a month on the product's smallest
/// amount (D4): a one-time charge and a daily rate that steps down.
const fn penalty(one_time_new: i64, one_time_repeat: i64, daily_bp: i64) -> PenaltySchedule {
    PenaltySchedule {
        one_time_new: pesos(one_time_new),
        one_time_repeat: pesos(one_time_repeat),
        daily_bp_days_1_30: daily_bp,
        daily_bp_days_31_90: daily_bp * 4 / 5,
        daily_bp_from_day_91: daily_bp * 2 / 5,
    }
}

const fn terms(
    min: i64,
    max: i64,
    periods: i64,
    period_days: i64,
    interest_bp: i64,
    fee_bp: i64,
    penalty: PenaltySchedule,
) -> ProductTerms {
    ProductTerms {
        min_amount: pesos(min),
        max_amount: pesos(max),
        amount_step: pesos(100),
        periods,
        period_days,
        monthly_interest_bp: interest_bp,
        service_fee_bp: fee_bp,
        clauses: hiram_domain::pricing::ClauseTerms::STANDARD,
        penalty,
    }
}

const PRODUCTS: [ProductSeed; 6] = [
    ProductSeed {
        lender: 0,
        name: "Bayanihan Cash Express",
        terms: terms(1_000, 10_000, 1, 91, 400, 300, penalty(20, 15, 10)),
        tags: &["Fast approval", "First loan OK"],
        allows_extension: true,
        available: true,
    },
    ProductSeed {
        lender: 0,
        name: "Bayanihan Cash Plus",
        terms: terms(3_000, 10_000, 4, 30, 350, 250, penalty(50, 40, 10)),
        tags: &["4 monthly payments"],
        allows_extension: true,
        available: true,
    },
    ProductSeed {
        lender: 1,
        name: "Sampaguita Salary Loan",
        terms: terms(2_000, 10_000, 2, 60, 500, 200, penalty(40, 30, 10)),
        tags: &["For employees", "Low fee"],
        allows_extension: false,
        available: true,
    },
    ProductSeed {
        lender: 2,
        name: "Kalesa Quick Pera",
        terms: terms(500, 5_000, 1, 91, 300, 500, penalty(10, 5, 10)),
        tags: &["Small amounts", "Low interest"],
        allows_extension: true,
        available: true,
    },
    ProductSeed {
        lender: 3,
        name: "Bangka Negosyo Loan",
        terms: terms(10_000, 50_000, 6, 30, 250, 200, penalty(300, 200, 15)),
        tags: &["For small businesses"],
        allows_extension: false,
        available: true,
    },
    ProductSeed {
        lender: 2,
        name: "Kalesa Biyahe Loan",
        terms: terms(5_000, 20_000, 3, 60, 300, 300, penalty(200, 150, 10)),
        tags: &["Coming soon"],
        allows_extension: false,
        available: false,
    },
];

/// One demo order: which product, how much, and how long ago it was applied
/// for; the path through the state machine follows from the status.
struct OrderSeed {
    product: usize,
    principal_pesos: i64,
    status: OrderStatus,
    applied_days_ago: i64,
}

const ORDERS: [OrderSeed; 7] = [
    OrderSeed { product: 0, principal_pesos: 2_000, status: OrderStatus::Repaid, applied_days_ago: 130 },
    OrderSeed { product: 3, principal_pesos: 3_000, status: OrderStatus::Overdue, applied_days_ago: 100 },
    OrderSeed { product: 4, principal_pesos: 20_000, status: OrderStatus::Rejected, applied_days_ago: 5 },
    OrderSeed { product: 0, principal_pesos: 5_000, status: OrderStatus::RepaymentOpen, applied_days_ago: 11 },
    OrderSeed { product: 2, principal_pesos: 6_000, status: OrderStatus::Disbursing, applied_days_ago: 1 },
    OrderSeed { product: 1, principal_pesos: 8_000, status: OrderStatus::AwaitingConfirmation, applied_days_ago: 0 },
    OrderSeed { product: 4, principal_pesos: 15_000, status: OrderStatus::UnderReview, applied_days_ago: 0 },
];

async fn seed(state: &AppState) -> StoreResult<()> {
    let store = &state.store;
    let mut lender_ids: Vec<LenderId> = Vec::with_capacity(LENDERS.len());
    for lender in &LENDERS {
        let id = store
            .insert_lender(&NewLender {
                name: lender.name.to_owned(),
                corporate_name: lender.corporate_name.to_owned(),
                sec_registration_no: lender.sec_registration_no.to_owned(),
                certificate_of_authority_no: lender.certificate_of_authority_no.to_owned(),
            })
            .await?;
        lender_ids.push(id);
    }
    for product in &PRODUCTS {
        product
            .terms
            .validate()
            .map_err(|error| StoreError::Backend(format!("demo product {}: {error}", product.name)))?;
        store
            .insert_product(
                &NewProduct {
                    lender_id: lender_ids[product.lender],
                    name: product.name.to_owned(),
                    logo_url: logo_url(LENDERS[product.lender].logo),
                    terms: product.terms.clone(),
                    rate_description: rate_description(product.terms.monthly_interest_bp),
                    tags: product.tags.iter().map(|tag| (*tag).to_owned()).collect(),
                    allows_extension: product.allows_extension,
                    requires_review: false,
                    available: product.available,
                },
                state.now(),
                None,
            )
            .await?;
    }
    store
        .upsert_promotion_template(&PromotionTemplate {
            id: 1,
            app_name: "Hiram".to_owned(),
            headline: "Cash up to ₱10,000, straight to your GCash or bank".to_owned(),
            subheadline: "Register with your mobile number. See every fee before you accept.".to_owned(),
            button_text: "Register now".to_owned(),
            headline_fil: "Hanggang ₱10,000 na cash, diretso sa GCash o bangko mo".to_owned(),
            subheadline_fil:
                "Magrehistro gamit ang mobile number mo. Makikita mo muna ang lahat ng bayarin bago ka pumayag."
                    .to_owned(),
            button_text_fil: "Magrehistro na".to_owned(),
            theme_color: "#A94AFF".to_owned(),
            download_android_url: String::new(),
            download_ios_url: String::new(),
            active: true,
        })
        .await?;
    let products = store.products().await?;
    let phone = Phone::parse(DEMO_PHONE).map_err(|error| StoreError::Backend(error.to_string()))?;
    let now = state.now();
    let borrower = store.ensure_borrower(&phone, Some(DEMO_NAME), now - Duration::days(200)).await?;
    for (index, seed) in ORDERS.iter().enumerate() {
        let product = &products[seed.product];
        let principal = Centavos::from_pesos(seed.principal_pesos);
        let quote = product.terms.quote(principal).map_err(|error| StoreError::Backend(error.to_string()))?;
        // A few hours before, but on the same Manila day: an order seeded as
        // today's stays today's just after midnight in Manila too.
        let day = now - Duration::days(seed.applied_days_ago);
        let applied_at = (day - Duration::hours(3)).max(start_of_manila_day(day));
        let order_no = format!("HR{}{:04}", manila_date(applied_at).to_string().replace('-', ""), index + 1);
        let order = NewOrder {
            order_no,
            borrower_id: borrower.id,
            product_id: product.id,
            principal,
            interest: quote.interest,
            fees: quote.fees,
            term_days: quote.term_days,
            applied_at,
        };
        let id = store.insert_order(&order, "application submitted").await?;
        for transition in demo_path(product, seed.status, applied_at, now) {
            store.apply_transition(&Transition { order_id: id, ..transition }).await?;
        }
        if matches!(seed.status, OrderStatus::RepaymentOpen | OrderStatus::Overdue | OrderStatus::Repaid) {
            post_demo_ledger(state, id, &order, seed.status == OrderStatus::Repaid).await?;
        }
    }
    Ok(())
}

/// The ledger of a disbursed demo order: the money sent and the interest
/// charged; for a repaid one, the payment that settled it.
async fn post_demo_ledger(state: &AppState, order: OrderId, terms: &NewOrder, repaid: bool) -> StoreResult<()> {
    let at = terms.applied_at;
    let key = |what: &str| IdempotencyKey { key: format!("demo-{what}-{}", order.0), fingerprint: [0; 32] };
    let failed = |error: ledger::LedgerError| StoreError::Backend(error.to_string());
    state
        .store
        .post_entry(order, &ledger::disbursement(terms.principal, terms.fees).map_err(failed)?, &key("disburse"), at)
        .await?;
    if let Some(interest) = ledger::interest(terms.interest).map_err(failed)? {
        state.store.post_entry(order, &interest, &key("interest"), at).await?;
    }
    if repaid {
        let owed = Centavos::new(terms.principal.get() + terms.interest.get());
        state.store.post_payment(order, owed, &ledger::DEFAULT_ALLOCATION, &key("repayment"), at).await?;
    }
    Ok(())
}

fn rate_description(monthly_interest_bp: i64) -> String {
    let whole = monthly_interest_bp / 100;
    match monthly_interest_bp % 100 {
        0 => format!("{whole}% interest a month"),
        fraction => format!("{whole}.{:02}% interest a month", fraction).replace("0%", "%"),
    }
}

/// The transitions that lead a new order to `target`, at plausible times.
fn demo_path(
    product: &Product,
    target: OrderStatus,
    applied_at: OffsetDateTime,
    now: OffsetDateTime,
) -> Vec<Transition> {
    use OrderStatus::*;
    let step = |from, to, cause: &str, at| Transition {
        order_id: hiram_domain::order::OrderId(0),
        from,
        to,
        cause: cause.to_owned(),
        at,
        due_date: None,
    };
    // Never later than now: an order applied for just after midnight moves on
    // at once rather than in the future.
    let approved_at = (applied_at + Duration::hours(1)).min(now);
    let confirmed_at = (approved_at + Duration::minutes(30)).min(now);
    let disbursed_at = (confirmed_at + Duration::minutes(5)).min(now);
    let due_date = manila_date(disbursed_at) + Duration::days(product.terms.term_days());
    let disbursed = Transition {
        due_date: Some(due_date),
        ..step(Disbursing, RepaymentOpen, "payout confirmed by the bank", disbursed_at)
    };
    match target {
        UnderReview => vec![],
        Rejected => {
            vec![step(UnderReview, Rejected, "decision: monthly income below the product minimum", approved_at)]
        }
        AwaitingConfirmation => {
            vec![step(UnderReview, AwaitingConfirmation, "decision: all rules passed", approved_at)]
        }
        Disbursing => vec![
            step(UnderReview, AwaitingConfirmation, "decision: all rules passed", approved_at),
            step(AwaitingConfirmation, Disbursing, "borrower confirmed the loan", confirmed_at),
        ],
        RepaymentOpen | Overdue | Repaid => {
            let mut path = vec![
                step(UnderReview, AwaitingConfirmation, "decision: all rules passed", approved_at),
                step(AwaitingConfirmation, Disbursing, "borrower confirmed the loan", confirmed_at),
                disbursed,
            ];
            if target == Overdue {
                let overdue_at = (now - Duration::days(7)).min(now);
                path.push(step(RepaymentOpen, Overdue, "due date passed with an amount unpaid", overdue_at));
            }
            if target == Repaid {
                path.push(step(RepaymentOpen, Repaid, "paid in full", disbursed_at + Duration::days(80)));
            }
            path
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DemoSession {
    pub session_id: String,
    pub orders: Vec<DemoOrder>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DemoOrder {
    pub order_id: i64,
    pub product_id: i64,
    pub status: i64,
    pub product_name: String,
}

/// A new session for the demo borrower, so a tester needs no phone.
pub async fn demo_session(state: &AppState) -> StoreResult<DemoSession> {
    seed_once(state).await?;
    let phone = Phone::parse(DEMO_PHONE).map_err(|error| StoreError::Backend(error.to_string()))?;
    let borrower = state.store.borrower_by_phone(&phone).await?.ok_or(StoreError::Stale)?;
    let session_id = crate::session::start(state, borrower.id).await?;
    let products = state.store.products().await?;
    let orders = state
        .store
        .orders_of(borrower.id)
        .await?
        .into_iter()
        .map(|order| DemoOrder {
            order_id: order.id.0,
            product_id: order.product_id.0,
            status: order.status.code(),
            product_name: products
                .iter()
                .find(|p| p.id == order.product_id)
                .map(|p| p.name.clone())
                .unwrap_or_default(),
        })
        .collect();
    Ok(DemoSession { session_id, orders })
}

fn text(error: impl std::fmt::Display) -> String {
    error.to_string()
}

/// A loan of a benchmark portfolio: open (174), with the standing code it
/// can be paid with and what it owes.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PortfolioLoan {
    pub order_id: i64,
    pub pay_code: String,
    pub owed: i64,
}

/// Fills `loans` open loans of as many borrowers, disbursed today across the
/// demo products, each with its standing code (collections must be on);
/// the first loan's ledger is given `history` more one-centavo payments, a
/// loan with a long past. For the benchmarks (`hiram portfolio`).
pub async fn portfolio(state: &AppState, loans: usize, history: usize) -> Result<Vec<PortfolioLoan>, String> {
    seed_once(state).await.map_err(text)?;
    let products: Vec<Product> =
        state.store.products().await.map_err(text)?.into_iter().filter(|p| p.available).collect();
    let now = state.now();
    let mut made = Vec::with_capacity(loans);
    for index in 0..loans {
        let product = &products[index % products.len()];
        let phone = Phone::parse(&format!("0918{:07}", index)).map_err(text)?;
        let borrower = state.store.ensure_borrower(&phone, Some("Portfolio borrower"), now).await.map_err(text)?;
        let principal = product.terms.min_amount;
        let quote = product.terms.quote(principal).map_err(text)?;
        let order = NewOrder {
            order_no: format!("PF{}{index:07}", manila_date(now).to_string().replace('-', "")),
            borrower_id: borrower.id,
            product_id: product.id,
            principal,
            interest: quote.interest,
            fees: quote.fees,
            term_days: quote.term_days,
            applied_at: now,
        };
        let id = state.store.insert_order(&order, "portfolio loan").await.map_err(text)?;
        for transition in demo_path(product, OrderStatus::RepaymentOpen, now, now) {
            state.store.apply_transition(&Transition { order_id: id, ..transition }).await.map_err(text)?;
        }
        post_demo_ledger(state, id, &order, false).await.map_err(text)?;
        let held = state.store.order(id).await.map_err(text)?.ok_or("the loan just made is missing")?;
        let code = crate::services::pay_codes::standing(state, &held)
            .await
            .map_err(text)?
            .ok_or("no standing code: turn collections on (APP_PAYMENTS__COLLECTIONS=sandbox)")?;
        made.push(PortfolioLoan { order_id: id.0, pay_code: code.code, owed: principal.get() + quote.interest.get() });
    }
    if let Some(first) = made.first_mut() {
        let order = OrderId(first.order_id);
        for n in 0..history {
            let key = IdempotencyKey { key: format!("portfolio-history-{}-{n}", order.0), fingerprint: [0; 32] };
            state
                .store
                .post_payment(order, Centavos::new(1), &ledger::DEFAULT_ALLOCATION, &key, now)
                .await
                .map_err(text)?;
        }
        first.owed -= history as i64;
    }
    Ok(made)
}

/// One kind of loan in the benchmark's book and its share of it, in
/// percent.
struct BookShare {
    status: OrderStatus,
    /// Days late on the benchmark's day (0: not late).
    days_late: i64,
    percent: usize,
}

/// The benchmark book: most loans current, some falling due today, a tenth
/// overdue at spread lengths of lateness (windows 1, 2 and 3 of the penalty
/// schedule), some repaid.
const BOOK: [BookShare; 8] = [
    BookShare { status: OrderStatus::RepaymentOpen, days_late: 0, percent: 80 },
    BookShare { status: OrderStatus::RepaymentOpen, days_late: 1, percent: 2 },
    BookShare { status: OrderStatus::Overdue, days_late: 3, percent: 2 },
    BookShare { status: OrderStatus::Overdue, days_late: 9, percent: 2 },
    BookShare { status: OrderStatus::Overdue, days_late: 24, percent: 2 },
    BookShare { status: OrderStatus::Overdue, days_late: 40, percent: 2 },
    BookShare { status: OrderStatus::Overdue, days_late: 75, percent: 2 },
    BookShare { status: OrderStatus::Repaid, days_late: 0, percent: 8 },
];

/// What `bench-portfolio` made.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BenchBook {
    pub loans: usize,
    /// Loans the next daily run finds late (174 due before today and 180).
    pub late: usize,
}

/// Fills a book of about `loans` loans for the daily run's benchmark. One
/// loan of each kind in [`BOOK`] per product is made the way the product
/// makes it (order, status history, disbursement and interest entries; for
/// the late ones the daily run itself, run as of yesterday, moves them to
/// 180 and charges their days so far), then copied in bulk to its share.
pub async fn bench_book(state: &AppState, loans: usize) -> Result<BenchBook, String> {
    seed_once(state).await.map_err(text)?;
    let products: Vec<Product> =
        state.store.products().await.map_err(text)?.into_iter().filter(|p| p.available).collect();
    let now = state.now();
    let mut templates = Vec::new();
    for (index, (product, share)) in products.iter().flat_map(|p| BOOK.iter().map(move |s| (p, s))).enumerate() {
        let phone = Phone::parse(&format!("0919{index:07}")).map_err(text)?;
        let borrower = state.store.ensure_borrower(&phone, Some("Benchmark borrower"), now).await.map_err(text)?;
        let principal = product.terms.min_amount;
        let quote = product.terms.quote(principal).map_err(text)?;
        // First due (the whole loan, or its first instalment) `days_late`
        // days ago; current loans were applied for today,
        // repaid ones a term and ten days ago. Past loans were applied for
        // early in their (Manila) day, so that they were disbursed the same
        // day and fall due on the day meant.
        let days_ago = |days: i64| start_of_manila_day(now - Duration::days(days)) + Duration::hours(1);
        let applied_at = match (share.status, share.days_late) {
            (OrderStatus::Repaid, _) => days_ago(quote.term_days + 10),
            (_, 0) => now,
            (_, late) => days_ago(product.terms.period_days + late),
        };
        let order = NewOrder {
            order_no: format!("BK{}{index:04}", manila_date(now).to_string().replace('-', "")),
            borrower_id: borrower.id,
            product_id: product.id,
            principal,
            interest: quote.interest,
            fees: quote.fees,
            term_days: quote.term_days,
            applied_at,
        };
        let id = state.store.insert_order(&order, "benchmark loan").await.map_err(text)?;
        let target = if share.status == OrderStatus::Repaid { OrderStatus::Repaid } else { OrderStatus::RepaymentOpen };
        for transition in demo_path(product, target, applied_at, now) {
            state.store.apply_transition(&Transition { order_id: id, ..transition }).await.map_err(text)?;
        }
        post_demo_ledger(state, id, &order, target == OrderStatus::Repaid).await.map_err(text)?;
        templates.push((id, share));
    }
    let yesterday = state.today() - Duration::days(1);
    let caught_up = crate::services::daily::run_as_of(state, yesterday).await.map_err(text)?;
    if caught_up.orders_failed + caught_up.orders_skipped > 0 {
        return Err(format!("the benchmark loans could not be brought up to yesterday: {caught_up:?}"));
    }
    let mut book = BenchBook { loans: 0, late: 0 };
    for (template, share) in templates {
        let wanted = (loans * share.percent / 100 / products.len()).max(1);
        let made = 1 + state.store.copy_order(template, wanted - 1).await.map_err(text)?;
        book.loans += made;
        if share.days_late > 0 {
            book.late += made;
        }
    }
    Ok(book)
}
