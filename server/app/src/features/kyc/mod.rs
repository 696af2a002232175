//! Know-your-customer certification (spec §7 Certification family): the
//! list of sections with progress, one server-driven form per section, the
//! saves that check every answer on the server, and the city list.

mod labels;

use crate::error::{ApiError, ApiResult, Envelope, FieldRefused, NoData, ok};
use crate::extract::{CurrentBorrower, Params};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use crate::views::FormOption;
use axum::Json;
use axum::extract::State;
use hiram_domain::files::ImagePurpose;
use hiram_domain::kyc::identity_review::IdentityOutcome;
use hiram_domain::kyc::{FieldKind, FieldProblem, Profile, Section, check_section, cities, fields_of};
use hiram_domain::store::BorrowerEvent;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(certify_list))
        .routes(routes!(basic_form))
        .routes(routes!(personal_form))
        .routes(routes!(job_form))
        .routes(routes!(extra_form))
        .routes(routes!(save_basic))
        .routes(routes!(save_personal))
        .routes(routes!(save_job))
        .routes(routes!(save_extra))
        .routes(routes!(city_init))
        .routes(routes!(advance_log))
}

#[derive(Serialize, ToSchema)]
pub struct SectionStatus {
    pub key: String,
    pub title: String,
    pub done: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertifyList {
    pub sections: Vec<SectionStatus>,
    /// Share of required answers given, 0–100.
    pub progress: i64,
    pub complete: bool,
    /// Why staff could not confirm the borrower's identity from their
    /// photos, until they take new ones (decision 092); empty otherwise.
    pub identity_notice: String,
}

async fn profile(state: &AppState, borrower: hiram_domain::borrower::BorrowerId) -> ApiResult<Profile> {
    let answers = state.store.kyc_answers(borrower).await?;
    Ok(Profile::new(answers.into_iter().map(|answer| (answer.section, answer.code, answer.value))))
}

/// The sections and how far the borrower is.
#[utoipa::path(post, path = "/v3/certify/certify-list", tag = "certification",
    responses((status = 200, body = Envelope<CertifyList>), (status = 401)), security(("borrower_session" = [])))]
pub async fn certify_list(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
) -> ApiResult<Json<Envelope<CertifyList>>> {
    let profile = profile(&state, borrower).await?;
    let sections = Section::ALL
        .into_iter()
        .map(|section| SectionStatus {
            key: section.key().to_owned(),
            title: labels::section_title(section.key(), lang).to_owned(),
            done: profile.section_done(section),
        })
        .collect();
    let retake = hiram_domain::kyc::identity_review::REVIEWED_PHOTOS.iter().any(|code| profile.value(code).is_none());
    let identity_notice = match state.store.identity_review(borrower).await? {
        Some(review) if review.outcome == IdentityOutcome::Rejected && retake => {
            Msg::IdentityRejected.text(lang).replace("{reason}", &review.reason)
        }
        _ => String::new(),
    };
    Ok(ok(lang, CertifyList { sections, progress: profile.progress(), complete: profile.complete(), identity_notice }))
}

/// One field of a server-driven form (the shape of spec §3's form items).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FormItem {
    pub code: String,
    pub title: String,
    pub subtitle: String,
    /// `text`, `city`, `day`, `enum` or `photo` (the address an upload
    /// to `/credit-info/upload-image` answered).
    pub cate: String,
    /// `text`, `number` or `email` for text fields.
    pub input_type: String,
    /// The current answer.
    pub value: String,
    /// The options of an `enum` field.
    pub note: Vec<FormOption>,
    pub required: bool,
    pub max_length: usize,
}

#[derive(Serialize, ToSchema)]
pub struct Form {
    pub title: String,
    pub items: Vec<FormItem>,
}

async fn form(
    state: &AppState,
    borrower: hiram_domain::borrower::BorrowerId,
    section: Section,
    lang: Lang,
) -> ApiResult<Json<Envelope<Form>>> {
    let profile = profile(state, borrower).await?;
    let items = fields_of(section)
        .map(|field| {
            let (cate, input_type, note, max_length) = match field.kind {
                FieldKind::Text { max_chars, .. } => ("text", "text", Vec::new(), max_chars),
                FieldKind::Number { max, .. } => ("text", "number", Vec::new(), max.to_string().len()),
                FieldKind::Email => ("text", "email", Vec::new(), 254),
                FieldKind::Day => ("day", "text", Vec::new(), 10),
                FieldKind::City => ("city", "text", Vec::new(), 8),
                FieldKind::Photo => ("photo", "text", Vec::new(), PHOTO_ADDRESS_CHARS),
                FieldKind::Choice(options) => (
                    "enum",
                    "text",
                    options
                        .iter()
                        .map(|option| FormOption {
                            name: labels::option(field.code, option, lang).to_owned(),
                            value: (*option).to_owned(),
                        })
                        .collect(),
                    16,
                ),
            };
            FormItem {
                code: field.code.to_owned(),
                title: labels::title(field.code, lang).to_owned(),
                subtitle: labels::hint(field.code, lang).to_owned(),
                cate: cate.to_owned(),
                input_type: input_type.to_owned(),
                value: profile.value(field.code).unwrap_or("").to_owned(),
                note,
                required: field.required,
                max_length,
            }
        })
        .collect();
    Ok(ok(lang, Form { title: labels::section_title(section.key(), lang).to_owned(), items }))
}

/// A section's answers: each field code of its form (`items[].code`) to the
/// value given, as text.
#[derive(Deserialize, ToSchema)]
#[serde(transparent)]
pub struct KycAnswers(pub HashMap<String, String>);

async fn save(
    state: &AppState,
    borrower: hiram_domain::borrower::BorrowerId,
    section: Section,
    lang: Lang,
    KycAnswers(answers): KycAnswers,
) -> ApiResult<Json<Envelope<NoData>>> {
    let own_photos = own_identity_photos(state, borrower, section, &answers).await?;
    let answer = |code: &str| answers.get(code).cloned().unwrap_or_default();
    let checked = check_section(
        section,
        answer,
        cities::is_city,
        |photo| own_photos.iter().any(|own| own == photo),
        state.today(),
    )
    .map_err(|error| {
        let label = labels::title(error.code, lang).to_owned();
        let (message, detail) = match error.reason {
            FieldProblem::Missing => (Msg::FieldMissing, Some(label)),
            FieldProblem::Invalid => invalid_answer(section, error.code, label),
            FieldProblem::Underage => (Msg::Underage, None),
            FieldProblem::NotFilipino => (Msg::NotFilipino, None),
            FieldProblem::IdNumberShape => {
                (Msg::IdNumberShape, Some(labels::id_shape(&answer("id_type"), lang).to_owned()))
            }
        };
        ApiError::Rejected { message, detail, data: FieldRefused::data(error.code) }
    })?;
    if let Some((_, name)) = checked.iter().find(|(code, _)| *code == "full_name") {
        state.store.set_full_name(borrower, name).await?;
    }
    state.store.save_kyc_section(borrower, section, &checked, state.now()).await?;
    Ok(ok(lang, NoData))
}

/// No upload address is longer: `/pany/uploads/` and 32 hex digits.
const PHOTO_ADDRESS_CHARS: usize = 64;

/// Of the section's photo answers, the addresses of identity photos the
/// borrower uploaded (`/credit-info/upload-image`); another borrower's
/// picture, a complaint's, or a made-up address is not among them.
async fn own_identity_photos(
    state: &AppState,
    borrower: hiram_domain::borrower::BorrowerId,
    section: Section,
    answers: &HashMap<String, String>,
) -> ApiResult<Vec<String>> {
    let mut own = Vec::new();
    for field in fields_of(section).filter(|field| field.kind == FieldKind::Photo) {
        let Some(address) = answers.get(field.code).map(|value| value.trim()) else { continue };
        let Some(name) = address.strip_prefix(crate::services::images::UPLOADS_PATH) else { continue };
        let record = crate::services::images::stored(state, name).await?;
        if record.is_some_and(|record| record.owner == borrower && record.purpose == ImagePurpose::Identity) {
            own.push(address.to_owned());
        }
    }
    Ok(own)
}

/// What is wrong with an answer that does not fit its field, said so the
/// borrower can fix it beside the field (the form names the field there):
/// the length or range allowed, the shape expected, or the list to choose
/// from.
fn invalid_answer(section: Section, code: &str, label: String) -> (Msg, Option<String>) {
    match fields_of(section).find(|field| field.code == code).map(|field| field.kind) {
        Some(FieldKind::Text { min_chars, max_chars }) => {
            (Msg::FieldTextLength, Some(format!("{min_chars}–{max_chars}")))
        }
        Some(FieldKind::Number { min, max }) => (Msg::FieldWholeNumber, Some(format!("{min}–{max}"))),
        Some(FieldKind::Email) => (Msg::FieldEmail, None),
        Some(FieldKind::Day) => (Msg::FieldDate, None),
        Some(FieldKind::Choice(_) | FieldKind::City) => (Msg::FieldFromList, None),
        Some(FieldKind::Photo) => (Msg::PhotoNeeded, None),
        None => (Msg::FieldInvalid, Some(label)),
    }
}

macro_rules! section_endpoints {
    ($($form:ident, $save:ident, $section:expr, $form_path:literal, $save_path:literal;)*) => {$(
        /// The section's form with the borrower's current answers.
        #[utoipa::path(post, path = $form_path, tag = "certification",
            responses((status = 200, body = Envelope<Form>), (status = 401)))]
        pub async fn $form(
            State(state): State<AppState>,
            CurrentBorrower(borrower): CurrentBorrower,
            lang: Lang,
        ) -> ApiResult<Json<Envelope<Form>>> {
            form(&state, borrower, $section, lang).await
        }

        /// Saves the section: a map of field code to value. The first wrong
        /// answer is refused with its code in `data.field`.
        #[utoipa::path(post, path = $save_path, tag = "certification",
            request_body(description = "The form's own fields: each item's code to its value (form-encoded or flat JSON; \
                the fields may come in the query instead)",
                content((KycAnswers = "application/x-www-form-urlencoded"), (KycAnswers = "application/json"))),
            responses((status = 200, body = Envelope<NoData>),
                (status = 400, body = Envelope<FieldRefused>, description = "The first wrong answer; `data.field` is its code"),
                (status = 401)))]
        pub async fn $save(
            State(state): State<AppState>,
            CurrentBorrower(borrower): CurrentBorrower,
            lang: Lang,
            Params(answers): Params<KycAnswers>,
        ) -> ApiResult<Json<Envelope<NoData>>> {
            save(&state, borrower, $section, lang, answers).await
        }
    )*};
}

section_endpoints! {
    basic_form, save_basic, Section::Basic, "/v3/certify/basic-person-info", "/v3/certify/save-basic-info";
    personal_form, save_personal, Section::Personal, "/v3/certify/personal-info", "/v3/certify/save-personal-info";
    job_form, save_job, Section::Job, "/v3/certify/job-info", "/v3/certify/save-job-info";
    extra_form, save_extra, Section::Extra, "/v3/certify/ext-info-new", "/v3/certify/save-ext-info-new";
}

#[derive(Serialize, ToSchema)]
pub struct CityList {
    pub cities: Vec<FormOption>,
}

/// Philippine cities and municipalities for `city` fields.
#[utoipa::path(method(get, post), path = "/v3/certify/city-init", tag = "certification",
    responses((status = 200, body = Envelope<CityList>)))]
pub async fn city_init(lang: Lang) -> Json<Envelope<CityList>> {
    let cities = cities::CITIES
        .iter()
        .map(|(code, name)| FormOption { name: (*name).to_owned(), value: (*code).to_owned() })
        .collect();
    ok(lang, CityList { cities })
}

/// Records that the borrower moved on in the certification steps.
#[utoipa::path(post, path = "/v3/certify/advance-log", tag = "certification",
    responses((status = 200, body = Envelope<NoData>), (status = 401)), security(("borrower_session" = [])))]
pub async fn advance_log(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
) -> ApiResult<Json<Envelope<NoData>>> {
    let event = BorrowerEvent {
        borrower_id: Some(borrower),
        kind: "certify_advance",
        product_id: None,
        module_id: None,
        position_id: None,
        value: None,
        at: state.now(),
    };
    state.store.record_event(&event).await?;
    Ok(ok(lang, NoData))
}
