//! Payment gateways. The sandbox is built in and works offline: it pays
//! out at once, except to its documented failing account. Xendit is a real
//! aggregator, chosen by configuration.

mod sandbox;
mod xendit;

use crate::config::{GatewayProvider, PaymentSettings};
use hiram_domain::payout::PaymentGateway;
use std::sync::Arc;

pub use sandbox::SandboxGateway;
pub use xendit::Xendit;

pub fn gateway(settings: &PaymentSettings) -> Arc<dyn PaymentGateway> {
    match settings.gateway {
        GatewayProvider::Sandbox => Arc::new(SandboxGateway::default()),
        GatewayProvider::Xendit => {
            Arc::new(Xendit::new(settings.xendit_base_url.clone(), settings.xendit_secret_key.clone()))
        }
    }
}
