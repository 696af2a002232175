//! The OpenAPI document of the API, served at `/openapi.json` and written to
//! `web/shared/src/api/openapi.json` by `hiram openapi`, from which the web's
//! TypeScript types are generated.

use crate::features::{
    bind_card, certification, complaints, confirmation, console, customer_service, device_data, health, legacy,
    loan_details, login, marketplace, payments, personal_center, promotion, public_info, staff, tracking, uploads,
};
use crate::state::AppState;
use axum::routing::get;
use axum::{Json, Router};
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Hiram API",
        description = "The borrower API under /pany (paths as the product specification names them) and the operations endpoints. \
            Every /pany reply is the envelope {code, message, data}: code \"00\" is success; otherwise code is the HTTP status. \
            Parameters may come in the query, a form-encoded body or a flat JSON body. \
            The borrower is identified by the sessionId query parameter only.",
        version = "1"
    ),
    paths(
        health::healthz,
        health::readyz,
        public_info::company_info,
        public_info::site_banners,
        loan_details::loan_details,
        loan_details::recommend_jump,
        login::login_init,
        login::send_sms_code,
        login::send_voice_code,
        login::sms_code_login,
        login::password_login,
        login::reset_password,
        login::logout,
        customer_service::contact_info,
        customer_service::service_init,
        staff::sms_outbox,
        staff::promotion_funnel,
        staff::products::catalogue,
        staff::products::create_product,
        staff::products::check,
        staff::products::update_listing,
        staff::orders::list,
        staff::orders::record,
        staff::orders::decide,
        staff::borrowers::search,
        staff::borrowers::profile,
        staff::borrowers::reveal,
        staff::money::failed_payouts,
        staff::money::reconciliation,
        staff::dashboard::dashboard,
        staff::staff_image,
        staff::unposted::queue,
        staff::adjustments::list,
        staff::adjustments::propose,
        staff::adjustments::approve,
        staff::adjustments::reject,
        staff::complaints::inbox,
        staff::complaints::answer,
        staff::complaints::close,
        staff::complaints::upload_image,
        staff::complaints::ratings,
        staff::collections::queue,
        staff::collections::contacts,
        staff::collections::log_contact,
        staff::unposted::match_payment,
        staff::unposted::reject_payment,
        staff::marketing::templates::list,
        staff::marketing::templates::read,
        staff::marketing::templates::save,
        staff::marketing::links::list,
        staff::marketing::links::save,
        staff::marketing::banners::list,
        staff::marketing::banners::save,
        staff::marketing::company::read,
        staff::marketing::company::save,
        promotion::channel_template,
        promotion::track_visit,
        promotion::track_click,
        promotion::get_sid,
        promotion::get_captcha,
        promotion::get_sms,
        promotion::register,
        marketplace::home,
        marketplace::detail,
        marketplace::quote,
        marketplace::apply,
        marketplace::push,
        certification::certify_list,
        certification::basic_form,
        certification::personal_form,
        certification::job_form,
        certification::extra_form,
        certification::save_basic,
        certification::save_personal,
        certification::save_job,
        certification::save_extra,
        certification::city_init,
        certification::advance_log,
        confirmation::confirm_data,
        confirmation::accept,
        confirmation::contract_list,
        confirmation::contract_jump,
        confirmation::document,
        confirmation::general_terms,
        personal_center::order_list,
        personal_center::user_info,
        personal_center::user_menu,
        tracking::save_event,
        tracking::app_rating,
        tracking::store_review_prompt,
        legacy::failure_page,
        legacy::repayment_store::repayment_way,
        legacy::repayment_store::repayment_commit,
        legacy::repayment_store::repayment_confirm,
        legacy::repayment_store::repayment_page,
        personal_center::user_delete,
        device_data::grant,
        device_data::list,
        device_data::upload_location,
        device_data::upload_device,
        device_data::upload_contacts,
        device_data::upload_usage,
        uploads::upload_identity_image,
        uploads::borrower_image,
        bind_card::form,
        bind_card::bind,
        complaints::init,
        complaints::upload_image,
        complaints::save,
        complaints::list,
        complaints::detail,
        complaints::save_score,
        complaints::whatsapp,
        console::login,
        console::logout,
        console::me,
        console::audit_log,
        console::create_account,
        payments::extension::extension_info,
        payments::reported::pay_types,
        payments::reported::report_payment,
        payments::extension::plan_info,
        payments::extension::money_trail,
        payments::repayment_info,
        payments::generate_pay_code,
        payments::sandbox_callback,
    ),
    modifiers(&StaffToken),
    tags(
        (name = "operations", description = "Health and readiness"),
        (name = "public", description = "Public facts shown on every page"),
        (name = "loans", description = "Orders and their details"),
        (name = "marketplace", description = "Products, quotes and applications"),
        (name = "certification", description = "Know-your-customer sections"),
        (name = "confirmation", description = "Agreement, disclosure and acceptance"),
        (name = "personal centre", description = "The borrower's own page"),
        (name = "tracking", description = "Taps and ratings"),
        (name = "legacy", description = "Obfuscated paths of older native shells (D6); most are aliases: /pany/gopia/goya/satire = loan-detail-confirm, cultures = contract, misunderstood = contract-jump, depush = loan-detail-push, because = service/event/save, define = loan-details/recommend-jump, /pany/orbital/fail = v3/loan-details/delay-detail"),
        (name = "consent", description = "Consents and the uploads they allow (D4); /pany/v3/upload-info/upload-android-tag and /pany/service/new/union-error-info answer like buried-point/upload"),
        (name = "payments", description = "Pay codes and the channels' signed callbacks"),
        (name = "login", description = "One-time codes, login, logout"),
        (name = "customer service", description = "How to reach a person"),
        (name = "promotion", description = "The promotion landing page; also served under /api/v2/youmi for native shells"),
        (name = "staff", description = "Staff API (bearer token until staff accounts arrive)"),
    )
)]
pub struct ApiDoc;

struct StaffToken;

impl utoipa::Modify for StaffToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "staff_token",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

pub fn router() -> Router<AppState> {
    Router::new().route("/openapi.json", get(|| async { Json(document()) }))
}
