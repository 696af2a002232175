//! Repaying by pay code (spec §7 `generate-vcode`), the installment page's
//! data with the loan's standing code (`loan-play-detail`), the pictures of
//! a code (`pictures`) and the collection providers' notifications
//! (`callbacks`), all through the configured collection provider
//! (`services::pay_codes`, decision 024).

use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::extract::{Currency, CurrentBorrower, Params, optional_id};
use crate::i18n::{Lang, Msg};
use crate::services::pay_codes::{self, ExtensionCode, IssueError};
use crate::state::AppState;
use crate::views::DetailRow;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, header};
use hiram_domain::collection_provider::CollectionError;
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::payment::{self, Channel, ChannelKind, PAY_CODE_LIFETIME, PayCode};
use hiram_domain::servicing::{NoExtension, PlanLine};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub mod callbacks;
pub mod extension;
pub mod pictures;
pub mod reported;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(repayment_info))
        .routes(routes!(extension::extension_info))
        .routes(routes!(extension::plan_info))
        .routes(routes!(extension::money_trail))
        .routes(routes!(reported::pay_types))
        .routes(routes!(reported::report_payment))
        .routes(routes!(generate_pay_code))
        .routes(routes!(pictures::pay_code_qr))
        .routes(routes!(pictures::pay_code_barcode))
        .routes(routes!(callbacks::sandbox_callback))
        .routes(routes!(callbacks::xendit_callback))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PayCodeParams {
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub product_id: Option<i64>,
    pub order_id: i64,
    /// Centavos: at most what is owed.
    pub amount: i64,
    /// 90011 GCash, 90012 Maya, 90013 7-Eleven, 90014 Cebuana, 90015 QR Ph,
    /// 90017 ECPay: one of `repayList`'s.
    pub channel_number: i64,
    /// 1 pays for an extension: `amount` and `delayAmount` must both be
    /// the extension page's `delayAmount`.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub is_delay: Option<i64>,
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub delay_amount: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayCodeIssued {
    /// Where the borrower goes next. E-wallets: the provider's checkout page,
    /// an absolute address (Xendit's; in the demo the sandbox's pay page on
    /// the host the caller reached). Stores and QR Ph: the borrower
    /// app's `/repaymentOfCode` with `showType`, `payCode`, `repayAmount`,
    /// `channel` and the picture below (`payCodeImg` or `barcodeImg`) in its
    /// query.
    pub pay_url: String,
    /// What the borrower gives the cashier or types (stores: the provider's
    /// code, which may hold letters; else our 12 digits).
    pub pay_code: String,
    /// RFC 3339.
    pub expires_at: String,
    /// 1: a code to copy; 2: a QR to scan (QR Ph).
    pub show_type: i64,
    /// QR Ph: the address of a PNG of the QR
    /// (`/pany/pay-codes/{code}/qr.png?until=…&sig=…`), which works as given,
    /// with no session, for about a day; "" otherwise.
    pub pay_code_img: String,
    /// Store channels: the address of a PNG Code 128 barcode of `payCode`
    /// (`/pany/pay-codes/{code}/barcode.png?until=…&sig=…`, as `payCodeImg`);
    /// "" otherwise.
    pub barcode_img: String,
    /// The sandbox's test page that pays this code, when the sandbox is on
    /// (a demo, D8); "" otherwise.
    pub sandbox_url: String,
}

/// How long a picture address works: a day, ending on the hour, so that
/// the pages' loads within one hour share one address (and the picture in
/// the browser's cache).
fn picture_address_end(now: time::OffsetDateTime) -> time::OffsetDateTime {
    let in_a_day = now + time::Duration::hours(25);
    in_a_day
        .replace_minute(0)
        .and_then(|at| at.replace_second(0))
        .and_then(|at| at.replace_nanosecond(0))
        .unwrap_or(in_a_day)
}

/// The signed address of the PNG of a code's QR (QR Ph), or "": it works
/// as given, with no session, for about a day (decision 059).
pub async fn qr_image(state: &AppState, code: &PayCode) -> ApiResult<String> {
    match code.instruction.as_ref().and_then(|instruction| instruction.qr_string.as_ref()) {
        Some(_) => {
            let path = format!("/pany/pay-codes/{}/qr.png", code.code);
            crate::signed_addresses::sign(state, &path, picture_address_end(state.now())).await
        }
        None => Ok(String::new()),
    }
}

/// The signed address of the PNG barcode of a store code, or "".
pub async fn barcode_image(state: &AppState, code: &PayCode) -> ApiResult<String> {
    if code.channel.kind() == ChannelKind::OverTheCounter && code.instruction.is_some() {
        let path = format!("/pany/pay-codes/{}/barcode.png", code.code);
        crate::signed_addresses::sign(state, &path, picture_address_end(state.now())).await
    } else {
        Ok(String::new())
    }
}

/// The sandbox's page for a code when the sandbox is on, or "".
fn sandbox_page(state: &AppState, code: &PayCode) -> String {
    if state.settings.payments.sandbox_on() && code.provider == "sandbox" {
        crate::adapters::collection::sandbox_page(&code.code)
    } else {
        String::new()
    }
}

/// `path` on the host the caller reached (the sandbox's page, in the demo):
/// `Host`, and `X-Forwarded-Proto` behind a proxy. The path alone when the
/// host is missing or not a plain host name.
fn on_this_host(headers: &HeaderMap, path: &str) -> String {
    let header = |name: header::HeaderName| headers.get(name).and_then(|value| value.to_str().ok());
    let host = header(header::HOST).filter(|host| {
        !host.is_empty()
            && host.len() <= 255
            && host.bytes().all(|byte| byte.is_ascii_alphanumeric() || b".-:[]".contains(&byte))
    });
    let scheme = match header(header::HeaderName::from_static("x-forwarded-proto")) {
        Some("https") => "https",
        _ => "http",
    };
    match host {
        Some(host) => format!("{scheme}://{host}{path}"),
        None => path.to_owned(),
    }
}

fn issue_error(error: IssueError) -> ApiError {
    match error {
        IssueError::ChannelOff => ApiError::rejected(Msg::UnknownChannel),
        IssueError::TooMany => ApiError::TooManyRequests { retry_after_seconds: 3600, message: Msg::TooManyPayCodes },
        IssueError::Provider(CollectionError::Refused(detail)) => {
            tracing::warn!(error.detail = %detail, "the collection provider refused a pay code");
            ApiError::rejected(Msg::ChannelRefused)
        }
        IssueError::Provider(CollectionError::Unavailable(detail)) => {
            tracing::warn!(error.detail = %detail, "the collection provider is unavailable");
            ApiError::Conflict { message: Msg::PayCodeUnavailable, data: serde_json::Value::Null }
        }
        IssueError::Service(error) => error.into(),
    }
}

/// Why an extension is refused, in the borrower's words: 409 either way,
/// with its own message once the agreement's extensions are used up.
pub fn not_extendable(reason: NoExtension) -> ApiError {
    let message = match reason {
        NoExtension::UsedUp { .. } => Msg::ExtensionsUsedUp,
        NoExtension::TooLate => Msg::ExtensionTooLate,
        NoExtension::BreaksCeiling => Msg::ExtensionBreaksCeiling,
        _ => Msg::NotExtendable,
    };
    ApiError::Conflict { message, data: serde_json::Value::Null }
}

/// The caller's own loan with money owed (174 or 180). Another borrower's
/// order, or a product id that is not the order's, is simply not found.
pub async fn open_loan(
    state: &AppState,
    borrower: hiram_domain::borrower::BorrowerId,
    order_id: i64,
    product_id: Option<i64>,
) -> ApiResult<hiram_domain::order::Order> {
    let order = state.store.order_of(borrower, OrderId(order_id)).await?.ok_or(ApiError::NotFound)?;
    if product_id.is_some_and(|product| product != order.product_id.0) {
        return Err(ApiError::NotFound);
    }
    if !order.status.is_repayable() {
        return Err(ApiError::Conflict { message: Msg::NothingToRepay, data: serde_json::Value::Null });
    }
    Ok(order)
}

/// Issues a pay code for paying part or all of what an open loan owes; a
/// loan is given at most `payments.pay_codes_per_order_per_day` (10) in any
/// 24 hours, each being a payment request at the provider (429 after).
#[utoipa::path(post, path = "/v3/loan-details/generate-vcode", tag = "payments", params(PayCodeParams),
    responses((status = 200, body = Envelope<PayCodeIssued>), (status = 400), (status = 404), (status = 409),
        (status = 429, description = "The loan has had its pay codes for the day")), security(("borrower_session" = [])))]
pub async fn generate_pay_code(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    headers: HeaderMap,
    Params(params): Params<PayCodeParams>,
) -> ApiResult<Json<Envelope<PayCodeIssued>>> {
    let order = open_loan(&state, borrower, params.order_id, params.product_id).await?;
    let channel = Channel::from_number(params.channel_number).ok_or(ApiError::rejected(Msg::UnknownChannel))?;
    let mut expires_at = state.now() + PAY_CODE_LIFETIME;
    let today = state.today();
    let renewal = match params.is_delay {
        None | Some(0) => None,
        Some(1) => {
            let renewal = extension::renewal(&state, borrower, &order, lang).await?;
            if params.delay_amount != Some(renewal.offer.amount.get()) || params.amount != renewal.offer.amount.get() {
                return Err(ApiError::rejected(Msg::ExtensionAmountChanged));
            }
            // The price is interest to the day: it holds for today only.
            expires_at = expires_at.min(hiram_domain::clock::end_of_manila_day(today));
            Some(renewal)
        }
        Some(_) => return Err(ApiError::InvalidParameters),
    };
    if renewal.is_none() {
        let owed = crate::services::loans::owed_today(&state, order.id).await?;
        if !payment::payable(Centavos::new(params.amount), owed) {
            return Err(ApiError::rejected(Msg::PayAmountInvalid));
        }
    }
    let amount = Centavos::new(params.amount);
    let disclosure = renewal
        .as_ref()
        .map(|renewal| serde_json::to_string(&renewal.disclosure))
        .transpose()
        .map_err(|error| ApiError::Internal(error.to_string()))?;
    let extension_code = renewal.as_ref().zip(disclosure.as_deref()).map(|(renewal, disclosure)| ExtensionCode {
        fee: renewal.offer.fee,
        offered_on: today,
        disclosure,
    });
    let code =
        pay_codes::issue(&state, &order, channel, amount, expires_at, extension_code).await.map_err(issue_error)?;
    let show_type = channel.shown_as().code();
    let (pay_code_img, barcode_img) = (qr_image(&state, &code).await?, barcode_image(&state, &code).await?);
    let checkout = code.instruction.as_ref().and_then(|instruction| instruction.checkout_url.clone());
    let pay_url = match checkout {
        // The sandbox's page is this server's, not the app's: an absolute
        // address, so the pages leave the app for it as for a provider's.
        Some(url) if url.starts_with('/') => on_this_host(&headers, &url),
        Some(url) => url,
        None => {
            let mut query = vec![
                ("showType", show_type.to_string()),
                ("payCode", code.shown_code().to_owned()),
                ("repayAmount", amount.get().to_string()),
                ("channel", channel.key().to_owned()),
            ];
            if !pay_code_img.is_empty() {
                query.push(("payCodeImg", pay_code_img.clone()));
            }
            if !barcode_img.is_empty() {
                query.push(("barcodeImg", barcode_img.clone()));
            }
            let query = serde_urlencoded::to_string(&query).map_err(|error| ApiError::Internal(error.to_string()))?;
            format!("/repaymentOfCode?{query}")
        }
    };
    Ok(ok(
        lang,
        PayCodeIssued {
            pay_url,
            pay_code: code.shown_code().to_owned(),
            expires_at: crate::views::timestamp(expires_at),
            show_type,
            pay_code_img,
            barcode_img,
            sandbox_url: sandbox_page(&state, &code),
        },
    ))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RepaymentParams {
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub product_id: Option<i64>,
    pub order_id: i64,
}

#[derive(Serialize, ToSchema)]
pub struct PlanItem {
    /// Paid, due or overdue.
    pub remark: String,
    pub title: String,
    /// Centavos.
    pub amount: i64,
    pub time: String,
}

#[derive(Serialize, ToSchema)]
pub struct ChannelItem {
    pub name: String,
    pub logo: String,
    pub channel_number: i64,
}

#[derive(Serialize, ToSchema)]
pub struct NoticeItem {
    pub name: String,
    pub steps: Vec<String>,
}

pub struct NoticeGroup {
    pub title: String,
    pub items: Vec<NoticeItem>,
}

/// How to pay, by channel group: an object keyed by the group's title, each
/// a list of channels with their steps (§3: "groups keyed by title"),
/// written in the order the groups are given.
pub struct PayNotice(pub Vec<NoticeGroup>);

impl Serialize for PayNotice {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for group in &self.0 {
            map.serialize_entry(&group.title, &group.items)?;
        }
        map.end()
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DefaultPayCode {
    /// The loan's standing code (made on the first load, kept for the
    /// loan): any amount up to what is owed, any number of times, at the
    /// channel of `logo` and `title`. Digits with the sandbox; a store's
    /// code with Xendit. "" when no standing channel is live.
    pub pay_code: String,
    pub logo: String,
    pub title: String,
    /// Groups keyed by title, each a list of channels and their steps.
    #[schema(value_type = std::collections::BTreeMap<String, Vec<NoticeItem>>)]
    pub pay_notice: PayNotice,
    /// The address of a PNG Code 128 barcode of `payCode`
    /// (`/pany/pay-codes/{code}/barcode.png`; the borrower's `sessionId`
    /// goes in its query); "" with no standing code.
    pub barcode_img: String,
    /// The sandbox's test page that pays the standing code (any amount up to
    /// what is owed), when the sandbox is on (D8); "" otherwise.
    pub sandbox_url: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DelayInfo {
    pub title: String,
    /// Centavos; 0 when the loan cannot be extended now.
    pub delay_amount: i64,
}

/// What the repayment page shows (spec §3 "Repayment info").
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RepaymentInfo {
    /// Centavos due now: what has fallen due (with its penalties and the
    /// interest accrued on it since), or when nothing has, the next
    /// instalment (`repayDate`) as it stands on its day, never more than
    /// paying the whole loan off today (`payoff.amount`).
    pub repay_amount: i64,
    pub repay_date: String,
    pub product_name: String,
    pub product_logo: String,
    pub detail: Vec<DetailRow>,
    pub repay_plan: Vec<PlanItem>,
    pub repay_list: Vec<ChannelItem>,
    pub notice_msg: String,
    pub def_detail: DefaultPayCode,
    pub delay_info: DelayInfo,
    pub is_show_rey_top: i64,
    /// Paying the whole loan off today; always sent (optional in the
    /// document only so that older pages' fixtures stay valid).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payoff: Option<crate::views::PayoffView>,
    /// For a loan past its due date: days late, penalties so far, the
    /// balance today and what another day adds; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overdue: Option<crate::views::OverdueView>,
}

fn channel_logo(channel: Channel) -> String {
    format!("/media/logos/channel-{}.svg", channel.key().replace('_', "-"))
}

/// The channels borrowers can pay at now (configuration), for the Payment
/// Method picker.
fn channel_list(state: &AppState) -> Vec<ChannelItem> {
    let live = state.settings.payments.live_channels();
    channel_items(live.into_iter().filter(|channel| pay_codes::is_live(state, *channel)))
}

fn channel_items(channels: impl IntoIterator<Item = Channel>) -> Vec<ChannelItem> {
    channels
        .into_iter()
        .map(|channel| ChannelItem {
            name: channel.name().to_owned(),
            logo: channel_logo(channel),
            channel_number: channel.number(),
        })
        .collect()
}

/// The plan as the pages list it: each payment with its date and whether
/// it is paid, due or overdue.
/// A paid payment shows what it was; an unpaid one what is left of it.
fn plan_items(plan: &[PlanLine], today: time::Date, lang: Lang) -> Vec<PlanItem> {
    plan.iter()
        .map(|line| {
            let remark = if line.settled {
                Msg::PlanPaid
            } else if line.due_date < today {
                Msg::PlanOverdue
            } else {
                Msg::PlanDue
            };
            PlanItem {
                remark: remark.text(lang).to_owned(),
                title: Msg::PaymentOf.text(lang).replace("{n}", &line.number.to_string()),
                amount: if line.settled { line.amount.get() } else { line.remaining.get() },
                time: line.due_date.to_string(),
            }
        })
        .collect()
}

/// How much is owed on an open loan, its plan, and where to pay.
#[utoipa::path(post, path = "/v3/installment/loan-play-detail", tag = "payments", params(RepaymentParams),
    responses((status = 200, body = Envelope<RepaymentInfo>), (status = 404), (status = 409)), security(("borrower_session" = [])))]
pub async fn repayment_info(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Currency(symbol): Currency,
    Params(params): Params<RepaymentParams>,
) -> ApiResult<Json<Envelope<RepaymentInfo>>> {
    use hiram_domain::money::format_amount;
    let order = open_loan(&state, borrower, params.order_id, params.product_id).await?;
    let product = state.store.product(order.product_id).await?.ok_or(ApiError::NotFound)?;
    let standing = crate::services::loans::standing(&state, order.id).await?.ok_or(ApiError::NotFound)?;
    let balances = crate::services::money_in::balances(&state, order.id).await?;
    let due = standing.amount_due();
    let paid = crate::services::loans::paid_in(&balances, &standing.account);
    let money = |amount: Centavos| format_amount(amount, symbol);
    let today = standing.today;
    let plan = standing.plan();
    let next_due = standing.next_due().or(order.due_date);
    let repay_plan = plan_items(&plan, today, lang);
    let rule_sets = crate::services::loans::rule_sets(&state).await?;
    let delay_info = match standing.account.extension_offer(today, &rule_sets) {
        Ok(offer) if order.status.is_repayable() => DelayInfo {
            title: Msg::ExtensionTitle.text(lang).replace("{n}", &offer.added_days.to_string()),
            delay_amount: offer.amount.get(),
        },
        _ => DelayInfo { title: String::new(), delay_amount: 0 },
    };
    let overdue =
        standing.account.overdue_standing(today).map(|overdue| crate::views::overdue_view(&overdue, lang, symbol));
    let payoff = Some(crate::views::payoff_view(&standing.payoff));
    let row = |text: Msg, value: String| DetailRow { text: text.text(lang).to_owned(), value };
    let detail = vec![
        row(Msg::RowOrderNumber, order.order_no.clone()),
        row(Msg::RowLoanAmount, money(order.principal)),
        row(Msg::RowInterest, money(standing.account.interest_to(today))),
        row(Msg::RowPenalties, money(standing.payoff.penalties)),
        row(Msg::RowPaidSoFar, money(paid)),
        row(Msg::RowOwedNow, money(due)),
    ];
    let steps = |msg: Msg| msg.text(lang).split(" → ").map(str::to_owned).collect::<Vec<_>>();
    let pay_notice = || {
        PayNotice(vec![
            NoticeGroup {
                title: Msg::NoticeEwallets.text(lang).to_owned(),
                items: vec![
                    NoticeItem { name: "GCash".to_owned(), steps: steps(Msg::StepsGcash) },
                    NoticeItem { name: "Maya".to_owned(), steps: steps(Msg::StepsMaya) },
                ],
            },
            NoticeGroup {
                title: Msg::NoticeStores.text(lang).to_owned(),
                items: vec![
                    NoticeItem { name: "7-Eleven".to_owned(), steps: steps(Msg::StepsStore) },
                    NoticeItem { name: "Cebuana Lhuillier".to_owned(), steps: steps(Msg::StepsStore) },
                ],
            },
        ])
    };
    let def_detail = match pay_codes::standing(&state, &order).await {
        Ok(Some(code)) => DefaultPayCode {
            pay_code: code.shown_code().to_owned(),
            logo: channel_logo(code.channel),
            title: Msg::StandingCodeTitle.text(lang).replace("{n}", code.channel.name()),
            pay_notice: pay_notice(),
            barcode_img: barcode_image(&state, &code).await?,
            sandbox_url: sandbox_page(&state, &code),
        },
        unavailable => {
            if let Err(error) = unavailable {
                // The page still shows; the code comes on a later load.
                tracing::warn!(order.id = order.id.0, error.detail = %error, "no standing pay code this time");
            }
            DefaultPayCode {
                pay_code: String::new(),
                logo: channel_logo(Channel::GCash),
                title: Msg::PickChannel.text(lang).to_owned(),
                pay_notice: pay_notice(),
                barcode_img: String::new(),
                sandbox_url: String::new(),
            }
        }
    };
    Ok(ok(
        lang,
        RepaymentInfo {
            repay_amount: due.get(),
            repay_date: next_due.map(|date| date.to_string()).unwrap_or_default(),
            product_name: product.name.clone(),
            product_logo: product.logo_url.clone(),
            detail,
            repay_plan,
            repay_list: channel_list(&state),
            notice_msg: Msg::KindTips.text(lang).to_owned(),
            def_detail,
            delay_info,
            is_show_rey_top: 1,
            payoff,
            overdue,
        },
    ))
}
