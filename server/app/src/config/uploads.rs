//! Where borrowers' pictures are kept: the database or an S3-compatible bucket.

use super::Secret;
use serde::Deserialize;
use std::path::PathBuf;

#[derive(Clone, Debug, Deserialize)]
pub struct UploadSettings {
    /// Where pictures are kept (decision 043).
    pub store: UploadStore,
    /// The folder of the local store.
    pub dir: PathBuf,
    /// The bucket of the S3 store.
    pub s3: S3Settings,
    /// The largest picture accepted, as sent.
    pub max_megabytes: usize,
    /// Pictures one borrower may send in 24 hours.
    pub per_borrower_day: i64,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum UploadStore {
    /// A folder on this machine's disk: one server only.
    Local,
    /// A bucket of an S3-compatible service, which every server of a fleet
    /// reads and writes.
    S3,
}

/// A bucket of an S3-compatible service, addressed by path
/// (`{endpoint}/{bucket}/{name}`), which AWS, SeaweedFS, MinIO and the
/// like all serve.
#[derive(Clone, Debug, Deserialize)]
pub struct S3Settings {
    /// The service's address, scheme and host (and port) only:
    /// `https://s3.ap-southeast-1.amazonaws.com`.
    pub endpoint: String,
    pub bucket: String,
    /// The region requests are signed for (any for most non-AWS services).
    pub region: String,
    pub access_key_id: String,
    pub secret_access_key: Secret,
    /// Temporary credentials' session token (AWS STS, an instance role's);
    /// empty for long-lived keys.
    pub session_token: Secret,
    /// Whether an `http://` endpoint is accepted: pictures and signed
    /// requests then cross the network in the clear, so only for a service
    /// on the same machine or a private network (tests, a fleet on one host).
    pub allow_http: bool,
}

impl S3Settings {
    /// What stops a server from using this bucket, if anything.
    pub(super) fn refusal(&self) -> Option<String> {
        let endpoint = match reqwest::Url::parse(self.endpoint.trim()) {
            Ok(endpoint) => endpoint,
            Err(_) => return Some(format!("uploads.s3.endpoint {:?} is not an address", self.endpoint)),
        };
        match endpoint.scheme() {
            "https" => {}
            "http" if self.allow_http => {}
            "http" => {
                return Some(
                    "uploads.s3.endpoint is http://: pictures and signed requests would cross the network in the \
                     clear; use https://, or set uploads.s3.allow_http = true for a service on this machine or a \
                     private network"
                        .to_owned(),
                );
            }
            other => return Some(format!("uploads.s3.endpoint: {other}:// is neither https:// nor http://")),
        }
        if endpoint.host_str().is_none()
            || endpoint.path() != "/"
            || endpoint.query().is_some()
            || !endpoint.username().is_empty()
        {
            return Some(format!(
                "uploads.s3.endpoint {:?}: give the scheme and host (and port) only; the bucket is uploads.s3.bucket",
                self.endpoint
            ));
        }
        if !is_bucket_name(&self.bucket) {
            return Some(format!(
                "uploads.s3.bucket {:?} is not a bucket name (3 to 63 lowercase letters, digits, dots and hyphens, \
                 starting and ending with a letter or digit)",
                self.bucket
            ));
        }
        if self.region.trim().is_empty() {
            return Some("uploads.s3.region is empty (us-east-1 suits most services other than AWS)".to_owned());
        }
        if self.access_key_id.trim().is_empty() || self.secret_access_key.expose().is_empty() {
            return Some(
                "uploads.store = \"s3\" needs uploads.s3.access_key_id and uploads.s3.secret_access_key".to_owned(),
            );
        }
        None
    }
}

/// S3's rule for bucket names, which also makes them safe in a URL path
/// and a signed request unescaped.
fn is_bucket_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    let edge = |byte: &u8| byte.is_ascii_lowercase() || byte.is_ascii_digit();
    (3..=63).contains(&bytes.len())
        && bytes.first().is_some_and(edge)
        && bytes.last().is_some_and(edge)
        && bytes.iter().all(|byte| edge(byte) || *byte == b'.' || *byte == b'-')
}
