//! The company's details as every page shows them: what staff saved in the
//! console, or the configured values until they first save. Every reader
//! goes through [`details`].
//!
//! The details change a few times a year but are read by busy calls (order
//! details, the marketplace), so each process keeps them for a few seconds
//! before reading them again; a process that saves them keeps the new ones
//! at once, and every other process has them within [`FRESH_FOR`].

use crate::error::ApiResult;
use crate::state::AppState;
use hiram_domain::company::CompanyDetails;
use std::sync::Arc;
use std::time::Duration;

/// How long a process trusts the details it read.
pub const FRESH_FOR: Duration = Duration::from_secs(30);

/// The configured details, which hold until staff save their own.
pub fn configured(settings: &CompanyDetails) -> CompanyDetails {
    CompanyDetails {
        certificate_of_authority_no: hiram_domain::company::unlabelled_authority_number(
            settings.certificate_of_authority_no.clone(),
        ),
        ..settings.clone()
    }
}

/// The details in effect now.
pub async fn details(state: &AppState) -> ApiResult<Arc<CompanyDetails>> {
    if let Some(details) = state.company.fresh(FRESH_FOR) {
        return Ok(details);
    }
    let details = Arc::new(state.store.company_details().await?.unwrap_or_else(|| configured(&state.settings.company)));
    state.company.keep(Arc::clone(&details));
    Ok(details)
}

/// Stores details staff checked, in the caller's transaction (`keep` then
/// makes them current in this process).
pub async fn save(state: &AppState, details: &CompanyDetails) -> ApiResult<()> {
    state.store.save_company_details(details, state.now()).await?;
    Ok(())
}

/// Makes saved details the ones every page shows; called once the save
/// has committed.
pub fn keep(state: &AppState, details: CompanyDetails) {
    state.company.keep(Arc::new(details));
}
