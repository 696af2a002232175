//! Repaying by pay code (spec §7 `generate-vcode`), the installment page's
//! data with the loan's standing code (`loan-play-detail`), the pictures of
//! a code (`pictures`) and the collection providers' notifications
//! (`callbacks`), all through the configured collection provider
//! (`services::pay_codes`, decision 024).

use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::extract::{Currency, CurrentBorrower, Params, optional_id};
use crate::i18n::{Lang, Msg};
use crate::pay_code_view::{self, PayCodeIssued};
use crate::services::loans;
use crate::services::pay_codes::{self, ExtensionCode};
use crate::state::AppState;
use crate::views::DetailRow;
use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::payment::Channel;
use hiram_domain::product::ProductId;
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
    let order = loans::open_loan(&state, borrower, OrderId(params.order_id), params.product_id.map(ProductId)).await?;
    let channel = Channel::from_number(params.channel_number).ok_or(ApiError::rejected(Msg::UnknownChannel))?;
    let amount = Centavos::new(params.amount);
    let code = match params.is_delay {
        None | Some(0) => pay_codes::offer(&state, &order, channel, amount, None).await?,
        Some(1) => {
            let renewal = extension::renewal(&state, borrower, &order, lang).await?;
            if params.delay_amount != Some(renewal.offer.amount.get()) || params.amount != renewal.offer.amount.get() {
                return Err(ApiError::rejected(Msg::ExtensionAmountChanged));
            }
            let disclosure =
                serde_json::to_string(&renewal.disclosure).map_err(|error| ApiError::Internal(error.to_string()))?;
            let extension =
                ExtensionCode { fee: renewal.offer.fee, offered_on: state.today(), disclosure: &disclosure };
            pay_codes::offer(&state, &order, channel, amount, Some(extension)).await?
        }
        Some(_) => return Err(ApiError::InvalidParameters),
    };
    Ok(ok(lang, PayCodeIssued::of(&state, &code, &headers).await?))
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
    /// The next payment as it stands on `repayDate`; more than `repayAmount`
    /// when paying today closes the loan for less, which the page then says.
    pub next_payment: i64,
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
    let order = loans::open_loan(&state, borrower, OrderId(params.order_id), params.product_id.map(ProductId)).await?;
    let product = state.store.product(order.product_id).await?.ok_or(ApiError::NotFound)?;
    let standing = crate::services::loans::standing(&state, order.id).await?.ok_or(ApiError::NotFound)?;
    let balances = crate::services::money_in::balances(&state, order.id).await?;
    let running = standing.running_balance();
    let due = running.payable_today();
    let paid = standing.account.paid_in(&balances);
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
        row(Msg::RowOwedToday, money(running.owed_today)),
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
                    NoticeItem { name: "ECPay".to_owned(), steps: steps(Msg::StepsStore) },
                ],
            },
        ])
    };
    // A standing code is paid at its own channel: its steps are that
    // channel's only, so no one takes a Cebuana code to 7-Eleven.
    let notice_of = |channel: Channel| {
        let PayNotice(groups) = pay_notice();
        PayNotice(
            groups
                .into_iter()
                .map(|group| NoticeGroup {
                    items: group.items.into_iter().filter(|item| item.name == channel.name()).collect(),
                    ..group
                })
                .filter(|group| !group.items.is_empty())
                .collect(),
        )
    };
    let def_detail = match pay_codes::standing(&state, &order).await {
        Ok(Some(code)) => DefaultPayCode {
            pay_code: code.shown_code().to_owned(),
            logo: channel_logo(code.channel),
            title: Msg::StandingCodeTitle.text(lang).replace("{n}", code.channel.name()),
            pay_notice: notice_of(code.channel),
            barcode_img: pay_code_view::barcode_image(&state, &code).await?,
            sandbox_url: pay_code_view::sandbox_page(&state, &code),
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
            next_payment: running.next_due.map_or(0, |next| next.amount.get()),
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
