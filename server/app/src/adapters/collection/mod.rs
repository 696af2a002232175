//! Collection providers: who issues pay codes and reports payments
//! (decision 024). The sandbox is a demo built in (D8); Xendit is a real
//! aggregator. Which one, and which channels are live, is configuration.

mod sandbox;
mod xendit;

use crate::config::{Collector, PaymentSettings};
use hiram_domain::collection_provider::CollectionProvider;
use hiram_domain::store::Store;
use std::sync::Arc;

pub use sandbox::{SandboxCollector, page_url as sandbox_page};
pub use xendit::XenditCollections;

/// The configured provider; `None` when nobody collects.
pub fn collector(settings: &PaymentSettings, store: Arc<dyn Store>) -> Option<Arc<dyn CollectionProvider>> {
    match settings.collections {
        Collector::Off => None,
        Collector::Sandbox => Some(Arc::new(SandboxCollector::new(store, settings.sandbox_secret.clone()))),
        Collector::Xendit => Some(Arc::new(XenditCollections::new(
            settings.xendit_base_url.clone(),
            settings.xendit_secret_key.clone(),
            settings.xendit_callback_token.clone(),
            settings.xendit_return_url.clone(),
        ))),
    }
}

/// Whether two secrets are equal, in time that does not depend on where
/// they differ (nor on their lengths: both are hashed first).
pub fn same_secret(presented: &str, expected: &str) -> bool {
    use sha2::{Digest, Sha256};
    use subtle::ConstantTimeEq;
    let (left, right) = (Sha256::digest(presented.as_bytes()), Sha256::digest(expected.as_bytes()));
    bool::from(left.as_slice().ct_eq(right.as_slice()))
}

#[cfg(test)]
mod tests {
    use super::same_secret;

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("token-1", "token-1"));
        assert!(!same_secret("token-1", "token-2"));
        assert!(!same_secret("token", "token-1"));
        assert!(!same_secret("", "token"));
    }
}
