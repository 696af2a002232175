//! What every handler can reach.

use crate::config::Settings;
use crate::services::ServiceResult;
use hiram_domain::decision::DecisionRules;
use hiram_domain::money::Centavos;
use hiram_domain::otp::OtpPolicy;
use hiram_domain::session::SessionPolicy;
use hiram_domain::sms::SmsSender;
use hiram_domain::store::Store;
use std::sync::Arc;
use time::{Duration, OffsetDateTime};

/// What every handler can reach, behind one reference count: the router
/// clones the state for every layer of every request, and one count to
/// change costs less than a dozen.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

/// The parts of [`AppState`].
#[derive(Clone)]
pub struct Shared {
    pub store: Arc<dyn Store>,
    pub settings: Arc<Settings>,
    pub sms: Arc<dyn SmsSender>,
    /// Sends loans to borrowers' accounts.
    pub gateway: Arc<dyn hiram_domain::payout::PaymentGateway>,
    /// Who issues pay codes and reports payments; `None` when nobody
    /// collects (`payments.collections = "off"`).
    pub collector: Option<Arc<dyn hiram_domain::collection_provider::CollectionProvider>>,
    /// Where uploaded pictures are kept.
    pub files: Arc<dyn hiram_domain::files::FileStore>,
    pub clock: Arc<dyn crate::clock::Clock>,
    /// Where this process answers on the loopback interface, for the
    /// sandbox gateway that calls back into it.
    pub local_url: Arc<String>,
    /// The company's details this process read last (`crate::company`).
    pub company: Arc<crate::caches::CompanyCache>,
    /// This process's counters, scraped at `/metrics`.
    pub metrics: Arc<crate::metrics::Metrics>,
    /// "Last seen" writes under way, off the request path.
    pub last_seen: Arc<crate::last_seen::LastSeen>,
    /// Which products keep the ceilings of the law, worked out once each.
    pub compliance: Arc<crate::caches::ComplianceCache>,
    /// The key of `signed_addresses`, read from the database once.
    pub address_key: Arc<tokio::sync::OnceCell<Vec<u8>>>,
}

impl AppState {
    pub fn new(shared: Shared) -> AppState {
        AppState(Arc::new(shared))
    }

    /// The state over a store that reads in one read transaction (one
    /// snapshot, one connection), for a page that only reads: what it shows
    /// comes from one moment, and its statements share one connection.
    pub async fn reading(&self) -> hiram_domain::store::StoreResult<AppState> {
        let store = self.store.reading().await?;
        Ok(self.changed(|shared| shared.store = store))
    }

    /// A copy of the state with some parts changed (a unit of work's
    /// store, a test's gateway).
    pub fn changed(&self, change: impl FnOnce(&mut Shared)) -> AppState {
        let mut shared = Shared::clone(&self.0);
        change(&mut shared);
        AppState::new(shared)
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl AppState {
    /// The one clock of the server.
    pub fn now(&self) -> OffsetDateTime {
        self.clock.now()
    }

    pub fn otp_policy(&self) -> OtpPolicy {
        let otp = &self.settings.otp;
        OtpPolicy {
            validity: Duration::seconds(otp.validity_seconds),
            max_wrong_tries: otp.max_wrong_tries,
            resend_after: Duration::seconds(otp.resend_after_seconds),
            per_phone_hour: otp.per_phone_hour,
            per_phone_day: otp.per_phone_day,
            per_address_hour: otp.per_address_hour,
            per_address_day: otp.per_address_day,
        }
    }

    pub fn decision_rules(&self) -> DecisionRules {
        let rules = &self.settings.decision;
        DecisionRules {
            min_age: rules.min_age,
            max_age: rules.max_age,
            min_monthly_income: Centavos::from_pesos(rules.min_monthly_income_pesos),
            first_limit: Centavos::from_pesos(rules.first_limit_pesos),
            limit_step: Centavos::from_pesos(rules.limit_step_pesos),
            max_limit: Centavos::from_pesos(rules.max_limit_pesos),
        }
    }

    /// Today in Manila, the business date (D1).
    pub fn today(&self) -> time::Date {
        hiram_domain::clock::manila_date(self.now())
    }

    /// Customer care's working-day calendar.
    pub fn care_calendar(&self) -> hiram_domain::complaint::CareCalendar {
        let care = &self.settings.care;
        hiram_domain::complaint::CareCalendar {
            holidays: care.holidays.iter().map(|date| date.0).collect(),
            cutoff_hour: care.cutoff_hour,
            reply_days: care.reply_working_days,
        }
    }

    pub fn session_policy(&self) -> SessionPolicy {
        SessionPolicy {
            idle: Duration::minutes(self.settings.session.idle_minutes),
            absolute: Duration::days(self.settings.session.absolute_days),
        }
    }
}

impl AppState {
    /// The one way the application moves an order: a `Transition` exists
    /// only for a move the state machine (D3) allows, and the store applies
    /// it only while the order is still where it was. When it is not, that
    /// is [`ServiceError::Stale`]: someone else moved it first.
    pub async fn move_order(&self, transition: &hiram_domain::order::Transition) -> ServiceResult<()> {
        Ok(self.store.apply_transition(transition).await?)
    }
}
