//! Demo data, so that a fresh install shows something real at once: lenders
//! and their products, a demo borrower, and one order of that borrower in
//! every status of decisions.md D3, each reached through the state machine
//! with its history recorded.

use crate::features::confirmation;
use crate::features::media::logo_url;
use crate::i18n::Lang;
use crate::services::daily::report::DailyReport;
use crate::services::{disbursements, loans};
use crate::state::AppState;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::cap_proof::prove_product;
use hiram_domain::clock::{manila_date, start_of_manila_day};
use hiram_domain::money::Centavos;
use hiram_domain::order::{NewOrder, OrderId, OrderStatus, Transition};
use hiram_domain::payment::{Channel, ReceivedPayment};
use hiram_domain::phone::Phone;
use hiram_domain::pricing::{ClauseTerms, PenaltySchedule, ProductTerms};
use hiram_domain::product::{LenderId, NewLender, NewProduct, Product};
use hiram_domain::promotion::PromotionTemplate;
use hiram_domain::store::{HeldOrder, IdempotencyKey, OrderPosting, START_UP_LOCK, StoreError, StoreResult};
use serde::Serialize;
use time::{Date, Duration, OffsetDateTime};

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
    seed(&state.changed(|shared| shared.store = store.clone())).await.map_err(StoreError::Backend)?;
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

/// A late-penalty schedule: a one-time charge and a daily rate that steps
/// down. With the one-time charge, a month late stays within 5% of the
/// product's smallest instalment (SEC MC 14 s.2025; checked when seeded).
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
        clauses: ClauseTerms::standard(period_days),
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
        terms: terms(3_000, 10_000, 4, 30, 350, 250, penalty(15, 10, 10)),
        tags: &["4 monthly payments"],
        allows_extension: true,
        available: true,
    },
    ProductSeed {
        lender: 1,
        name: "Sampaguita Salary Loan",
        terms: terms(2_000, 10_000, 2, 60, 500, 200, penalty(20, 15, 10)),
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
        terms: terms(10_000, 50_000, 6, 30, 250, 200, penalty(30, 20, 10)),
        tags: &["For small businesses"],
        allows_extension: false,
        available: true,
    },
    ProductSeed {
        lender: 2,
        name: "Kalesa Biyahe Loan",
        terms: terms(5_000, 20_000, 3, 60, 300, 300, penalty(35, 25, 10)),
        tags: &["Coming soon"],
        allows_extension: false,
        available: false,
    },
];

/// One demo order: which product, how much, and how long ago it was applied
/// for; the path through the state machine follows from the status. Every
/// amount is within the limit the demo borrower had when they applied, as
/// the application form allows (₱5,000 at first, ₱2,000 more for each loan
/// repaid: ₱11,000 after the three), so My account shows the limit beside
/// loans that fit it. They are in the order they were applied for, so the
/// lists that show the newest first (by id) show them by date too.
struct OrderSeed {
    product: usize,
    principal_pesos: i64,
    status: OrderStatus,
    applied_days_ago: i64,
}

const ORDERS: [OrderSeed; 9] = [
    OrderSeed { product: 3, principal_pesos: 2_000, status: OrderStatus::Repaid, applied_days_ago: 190 },
    OrderSeed { product: 1, principal_pesos: 4_000, status: OrderStatus::Repaid, applied_days_ago: 160 },
    OrderSeed { product: 0, principal_pesos: 2_000, status: OrderStatus::Repaid, applied_days_ago: 130 },
    OrderSeed { product: 3, principal_pesos: 3_000, status: OrderStatus::Overdue, applied_days_ago: 100 },
    OrderSeed { product: 0, principal_pesos: 5_000, status: OrderStatus::RepaymentOpen, applied_days_ago: 11 },
    OrderSeed { product: 2, principal_pesos: 4_000, status: OrderStatus::Rejected, applied_days_ago: 5 },
    OrderSeed { product: 2, principal_pesos: 6_000, status: OrderStatus::Disbursing, applied_days_ago: 1 },
    OrderSeed { product: 1, principal_pesos: 8_000, status: OrderStatus::AwaitingConfirmation, applied_days_ago: 0 },
    OrderSeed { product: 4, principal_pesos: 10_000, status: OrderStatus::UnderReview, applied_days_ago: 0 },
];

/// Days after its payout a seeded repaid loan was paid off.
const REPAID_AFTER_DAYS: i64 = 80;

async fn seed(state: &AppState) -> Result<(), String> {
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
            .await
            .map_err(text)?;
        lender_ids.push(id);
    }
    // Demo products keep the law in force today: one that did not would be
    // hidden from borrowers, and its demo loans could not be made.
    let rule_set = loans::in_force_on(state, state.today()).await.map_err(text)?;
    for product in &PRODUCTS {
        product.terms.validate().map_err(|error| format!("demo product {}: {error}", product.name))?;
        let breaches = prove_product(&product.terms, product.allows_extension, &rule_set).map_err(text)?;
        if let Some(breach) = breaches.first() {
            return Err(format!(
                "demo product {} breaks {} of {}: {breach:?}",
                product.name,
                breach.ceiling.key(),
                rule_set.code
            ));
        }
        store
            .insert_product(
                &NewProduct {
                    lender_id: lender_ids[product.lender],
                    name: product.name.to_owned(),
                    logo_url: logo_url(LENDERS[product.lender].logo),
                    terms: product.terms.clone(),
                    tags: product.tags.iter().map(|tag| (*tag).to_owned()).collect(),
                    allows_extension: product.allows_extension,
                    requires_review: false,
                    available: product.available,
                },
                state.now(),
                None,
            )
            .await
            .map_err(text)?;
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
        .await
        .map_err(text)?;
    let products = store.products().await.map_err(text)?;
    let phone = Phone::parse(DEMO_PHONE).map_err(text)?;
    let now = state.now();
    let borrower = store.ensure_borrower(&phone, Some(DEMO_NAME), now - Duration::days(200)).await.map_err(text)?;
    for (index, seed) in ORDERS.iter().enumerate() {
        // A few hours before, but on the same Manila day: an order seeded as
        // today's stays today's just after midnight in Manila too.
        let day = now - Duration::days(seed.applied_days_ago);
        let applied_at = (day - Duration::hours(3)).max(start_of_manila_day(day));
        let order_no = format!("HR{}{:04}", manila_date(applied_at).to_string().replace('-', ""), index + 1);
        let principal = Centavos::from_pesos(seed.principal_pesos);
        make_order(state, borrower.id, &products[seed.product], principal, order_no, seed.status, applied_at).await?;
    }
    // The overdue loan's days so far, as the daily run charges them.
    crate::services::daily::bring_loans_to(state, state.today(), &mut DailyReport::default()).await.map_err(text)?;
    Ok(())
}

/// Makes an order of `principal` on `product`, applied for at `applied_at`,
/// and takes it to `target` the way the product does: the review's
/// decision, the borrower's acceptance (its contract proved and its
/// documents stored, the act recorded as the seed's), the payout, and for a
/// repaid loan the payment that paid it off. An overdue target is left
/// open: the daily run finds it late. Steps are an hour or minutes apart,
/// never later than now. (The demo data, the benchmarks' books, and tests
/// that need a loan made in the past.)
pub async fn make_order(
    state: &AppState,
    borrower: BorrowerId,
    product: &Product,
    principal: Centavos,
    order_no: String,
    target: OrderStatus,
    applied_at: OffsetDateTime,
) -> Result<OrderId, String> {
    use OrderStatus::*;
    let now = state.now();
    let quote = loans::terms_for(product, principal, false).map_err(text)?.quote().map_err(text)?;
    let new_order = NewOrder {
        order_no,
        borrower_id: borrower,
        product_id: product.id,
        principal,
        interest: quote.interest,
        fees: quote.fee(),
        term_days: quote.term_days(),
        applied_at,
    };
    let id = state.store.insert_order(&new_order, "application submitted").await.map_err(text)?;
    let approved_at = (applied_at + Duration::hours(1)).min(now);
    let confirmed_at = (approved_at + Duration::minutes(30)).min(now);
    let disbursed_at = (confirmed_at + Duration::minutes(5)).min(now);
    let (decision, cause) = match target {
        UnderReview => return Ok(id),
        Rejected => (Rejected, "decision: monthly income below the product minimum"),
        _ => (AwaitingConfirmation, "decision: all rules passed"),
    };
    move_order(state, id, decision, cause, approved_at).await?;
    if decision == Rejected || target == AwaitingConfirmation {
        return Ok(id);
    }
    let context = confirmation::order_context(state, borrower, id.0, None).await.map_err(text)?;
    let accepted = confirmation::record_acceptance(
        state,
        context,
        SEED_ACT,
        Lang::En,
        manila_date(confirmed_at),
        confirmed_at,
        None,
    )
    .await
    .map_err(text)?;
    if !accepted {
        return Err(format!("demo order {} was accepted by someone else", id.0));
    }
    if target == Disbursing {
        return Ok(id);
    }
    let order = state.store.order(id).await.map_err(text)?.ok_or("the order just made is missing")?;
    let start = manila_date(disbursed_at);
    disbursements::money_out(state, &order, "payout confirmed by the bank".to_owned(), start, disbursed_at)
        .await
        .map_err(text)?
        .ok_or("the demo payout was not posted")?;
    if target == Repaid {
        let paid_on = (start + Duration::days(REPAID_AFTER_DAYS)).min(state.today());
        let paid_at = (disbursed_at + Duration::days(REPAID_AFTER_DAYS)).min(now);
        let account = loans::account(state, id).await.map_err(text)?.ok_or("the demo loan has no account")?;
        let total = account.payoff(paid_on).total;
        pay(state, id, total, &format!("demo-payoff-{}", id.0), paid_on, paid_at).await?;
    }
    Ok(id)
}

/// The act the seed's acceptances are recorded with (D9): no borrower
/// accepted them.
const SEED_ACT: &str = "demo_seed";

async fn move_order(
    state: &AppState,
    id: OrderId,
    to: OrderStatus,
    cause: &str,
    at: OffsetDateTime,
) -> Result<(), String> {
    let order = state.store.order(id).await.map_err(text)?.ok_or("the order just made is missing")?;
    let transition = Transition::new(&order, to, cause, at).map_err(text)?;
    state.store.apply_transition(&transition).await.map_err(text)
}

/// Posts a payment as a channel's notification would, on the Manila day
/// `on` at `at`, without the SMS receipt: the seed's payments are history.
async fn pay(
    state: &AppState,
    order: OrderId,
    amount: Centavos,
    key: &str,
    on: Date,
    at: OffsetDateTime,
) -> Result<(), String> {
    let payment =
        ReceivedPayment { order_id: order, channel: Channel::GCash, amount, extension_fee: None, pay_code: None };
    let key = IdempotencyKey { key: key.to_owned(), fingerprint: [0; 32] };
    let rule_sets = loans::rule_sets(state).await.map_err(text)?;
    let decide = |held: &HeldOrder| {
        hiram_domain::posting::settle(held, &payment, &key, &rule_sets, on, at).map(|settled| settled.changes)
    };
    match state.store.post_to_order(order, &key, at, &decide).await.map_err(text)? {
        Ok(OrderPosting::Posted { .. }) => Ok(()),
        Ok(other) => Err(format!("demo payment on order {} not posted: {other:?}", order.0)),
        Err(refusal) => Err(format!("demo payment on order {} refused: {}", order.0, refusal.0)),
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

/// Fills open loans of the borrowers numbered `borrowers` (phone 0918 and
/// the number in seven digits), disbursed today across the demo products,
/// each with its standing code (collections must be on); the first loan is
/// given `history` more one-centavo payments, a loan with a long past. For
/// the benchmarks (`hiram portfolio`) and tests that need a loan of their
/// own (a borrower has one open loan of a product, so each test numbers
/// its own).
pub async fn portfolio(
    state: &AppState,
    borrowers: std::ops::Range<usize>,
    history: usize,
) -> Result<Vec<PortfolioLoan>, String> {
    seed_once(state).await.map_err(text)?;
    let products = crate::services::loans::offered_products(state).await.map_err(text)?;
    let now = state.now();
    let mut made = Vec::with_capacity(borrowers.len());
    for index in borrowers {
        let product = &products[index % products.len()];
        let phone = Phone::parse(&format!("0918{:07}", index)).map_err(text)?;
        let borrower = state.store.ensure_borrower(&phone, Some("Portfolio borrower"), now).await.map_err(text)?;
        let order_no = format!("PF{}{index:07}", manila_date(now).to_string().replace('-', ""));
        let id = make_order(
            state,
            borrower.id,
            product,
            product.terms.min_amount,
            order_no,
            OrderStatus::RepaymentOpen,
            now,
        )
        .await?;
        let held = state.store.order(id).await.map_err(text)?.ok_or("the loan just made is missing")?;
        let code = crate::services::pay_codes::standing(state, &held)
            .await
            .map_err(text)?
            .ok_or("no standing code: turn collections on (APP_PAYMENTS__COLLECTIONS=sandbox)")?;
        let account =
            crate::services::loans::account(state, id).await.map_err(text)?.ok_or("the loan has no account")?;
        made.push(PortfolioLoan { order_id: id.0, pay_code: code.code, owed: account.unpaid().get() });
    }
    if let Some(first) = made.first_mut() {
        let order = OrderId(first.order_id);
        let today = state.today();
        for n in 0..history {
            pay(state, order, Centavos::new(1), &format!("portfolio-history-{}-{n}", order.0), today, now).await?;
        }
        first.owed -= history as i64;
    }
    Ok(made)
}

/// One kind of loan in the benchmark's book and its share of it, in
/// percent.
struct BookShare {
    status: OrderStatus,
    /// Days since its first instalment fell due, on the benchmark's day
    /// (`None`: not yet; 0: it falls due that day; 1 or more: late).
    first_due_days_ago: Option<i64>,
    percent: usize,
}

/// The benchmark book: most loans current, some with an instalment falling
/// due on the day and some going late on it, a tenth overdue at spread
/// lengths of lateness (windows 1, 2 and 3 of the penalty schedule), some
/// repaid.
const BOOK: [BookShare; 9] = [
    BookShare { status: OrderStatus::RepaymentOpen, first_due_days_ago: None, percent: 77 },
    BookShare { status: OrderStatus::RepaymentOpen, first_due_days_ago: Some(0), percent: 3 },
    BookShare { status: OrderStatus::RepaymentOpen, first_due_days_ago: Some(1), percent: 2 },
    BookShare { status: OrderStatus::Overdue, first_due_days_ago: Some(3), percent: 2 },
    BookShare { status: OrderStatus::Overdue, first_due_days_ago: Some(9), percent: 2 },
    BookShare { status: OrderStatus::Overdue, first_due_days_ago: Some(24), percent: 2 },
    BookShare { status: OrderStatus::Overdue, first_due_days_ago: Some(40), percent: 2 },
    BookShare { status: OrderStatus::Overdue, first_due_days_ago: Some(75), percent: 2 },
    BookShare { status: OrderStatus::Repaid, first_due_days_ago: None, percent: 8 },
];

/// Gives the benchmark's lenders the provision matrices a finance team
/// would (decisions 072, 079), proposed by one bench member and approved
/// by another, so the daily run's allowance work is part of what the bench
/// measures.
async fn provision_the_book(state: &AppState, products: &[Product]) -> Result<(), String> {
    use crate::features::console::staff_accounts::add_staff;
    let tag = OffsetDateTime::now_utc().unix_timestamp_nanos();
    let maker = add_staff(state, &format!("bench-maker-{tag}@hiram.ph"), "Bench maker", "finance").await;
    let checker = add_staff(state, &format!("bench-checker-{tag}@hiram.ph"), "Bench checker", "finance").await;
    let (maker, checker) = (maker.map_err(|_| "no bench maker")?.id, checker.map_err(|_| "no bench checker")?.id);
    approve_matrices(state, products, (maker, checker)).await
}

/// One matrix for each lender's products and one of the first product's
/// own, proposed by `maker` and approved by `checker`: rates a finance team
/// might start from (1% of current loans to all of those over 180 days).
async fn approve_matrices(state: &AppState, products: &[Product], (maker, checker): (i64, i64)) -> Result<(), String> {
    use hiram_domain::general_ledger::provision::{ProvisionMatrix, ProvisionRates, RatesStatus};
    let mut lenders: Vec<LenderId> = products.iter().map(|product| product.lender_id).collect();
    lenders.sort_by_key(|lender| lender.0);
    lenders.dedup();
    let matrices = lenders.into_iter().map(|lender| (lender, None, [100, 500, 2_000, 5_000, 7_500, 10_000])).chain(
        products.first().map(|product| (product.lender_id, Some(product.id), [200, 800, 2_500, 6_000, 8_000, 10_000])),
    );
    for (lender, product, rates) in matrices {
        let matrix = ProvisionMatrix {
            id: 0,
            lender,
            product,
            rates: ProvisionRates::check(rates).map_err(text)?,
            status: RatesStatus::Proposed,
            proposed_by: Some(maker),
            proposed_by_token: None,
            proposed_at: state.now(),
            decided_by: None,
            decided_at: None,
        };
        let id = state.store.propose_provision_matrix(&matrix, None).await.map_err(text)?;
        state.store.decide_provision_matrix(id, true, Some(checker), state.now()).await.map_err(text)?;
    }
    Ok(())
}

/// What `bench-portfolio` made.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BenchBook {
    pub loans: usize,
    /// Loans the next daily run has work on: an instalment falling due, or
    /// going late.
    pub due: usize,
    /// Loans late on the day (174 due before today and 180).
    pub late: usize,
}

/// Fills a book of about `loans` loans for the daily run's benchmark. One
/// loan of each kind in [`BOOK`] per product is made the way the product
/// makes it (order, status history, disbursement and interest entries; for
/// the late ones the daily run itself, run as of yesterday, moves them to
/// 180 and charges their days so far), then copied in bulk to its share.
pub async fn bench_book(state: &AppState, loans: usize) -> Result<BenchBook, String> {
    seed_once(state).await.map_err(text)?;
    let products = crate::services::loans::offered_products(state).await.map_err(text)?;
    let now = state.now();
    let mut templates = Vec::new();
    for (index, (product, share)) in products.iter().flat_map(|p| BOOK.iter().map(move |s| (p, s))).enumerate() {
        let phone = Phone::parse(&format!("0919{index:07}")).map_err(text)?;
        let borrower = state.store.ensure_borrower(&phone, Some("Benchmark borrower"), now).await.map_err(text)?;
        // First due (the whole loan, or its first instalment) so many days
        // ago; current loans were applied for today, repaid ones a term and
        // ten days ago. Past loans were applied for early in their (Manila)
        // day, so that they were disbursed the same day and fall due on the
        // day meant.
        let days_ago = |days: i64| start_of_manila_day(now - Duration::days(days)) + Duration::hours(1);
        let applied_at = match (share.status, share.first_due_days_ago) {
            (OrderStatus::Repaid, _) => days_ago(product.terms.term_days() + 10),
            (_, None) => now,
            (_, Some(ago)) => days_ago(product.terms.period_days + ago),
        };
        let order_no = format!("BK{}{index:04}", manila_date(now).to_string().replace('-', ""));
        let target = if share.status == OrderStatus::Repaid { OrderStatus::Repaid } else { OrderStatus::RepaymentOpen };
        let id =
            make_order(state, borrower.id, product, product.terms.min_amount, order_no, target, applied_at).await?;
        templates.push((id, share));
    }
    let yesterday = state.today() - Duration::days(1);
    let caught_up = crate::services::daily::run_as_of(state, yesterday).await.map_err(text)?;
    if caught_up.orders_failed > 0 {
        return Err(format!("the benchmark loans could not be brought up to yesterday: {caught_up:?}"));
    }
    provision_the_book(state, &products).await?;
    let mut book = BenchBook { loans: 0, due: 0, late: 0 };
    for (template, share) in templates {
        let wanted = (loans * share.percent / 100 / products.len()).max(1);
        let made = 1 + state.store.copy_order(template, wanted - 1).await.map_err(text)?;
        book.loans += made;
        if matches!(share.first_due_days_ago, Some(0 | 1)) {
            book.due += made;
        }
        if share.first_due_days_ago.is_some_and(|ago| ago > 0) {
            book.late += made;
        }
    }
    Ok(book)
}

mod history;
pub use history::{DemoHistory, demo_history};
