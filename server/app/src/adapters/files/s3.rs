//! Pictures kept in a bucket of an S3-compatible service, which every
//! server of a fleet shares. Four requests are all the store needs (put,
//! get, delete, and a HEAD on the bucket for readiness), signed by
//! rusty-s3 (AWS Signature Version 4, into the address, with a session
//! token when the credentials are temporary) and sent over the reqwest
//! client the server already has (decisions 043, 067).

use crate::config::S3Settings;
use async_trait::async_trait;
use hiram_domain::files::{FileError, FileStore, is_server_name};
use reqwest::{Method, Response, StatusCode, Url};
use rusty_s3::{Bucket, Credentials, S3Action, UrlStyle};
use std::time::Duration;

/// How long a request may take, and so how long its signed address works.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// A signed address works for twice the time a request may take: long
/// enough for a slow upload, too short to be of use to anyone who sees it.
const SIGNATURE_LIFETIME: Duration = Duration::from_secs(60);

pub struct S3Bucket {
    client: reqwest::Client,
    bucket: Bucket,
    credentials: Credentials,
    /// `https://host[:port]`, for messages.
    endpoint: String,
}

impl S3Bucket {
    /// From settings the configuration has checked (an address with a host,
    /// a valid bucket name).
    pub fn new(settings: &S3Settings) -> Result<S3Bucket, FileError> {
        let endpoint = Url::parse(settings.endpoint.trim())
            .map_err(|error| FileError::Backend(format!("uploads.s3.endpoint: {error}")))?;
        let bucket = Bucket::new(endpoint, UrlStyle::Path, settings.bucket.clone(), settings.region.trim().to_owned())
            .map_err(|error| FileError::Backend(format!("uploads.s3: {error}")))?;
        let (key, secret) = (settings.access_key_id.trim(), settings.secret_access_key.expose());
        let credentials = match settings.session_token.expose().trim() {
            "" => Credentials::new(key, secret),
            token => Credentials::new_with_token(key, secret, token),
        };
        let client = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .timeout(REQUEST_TIMEOUT)
            // A redirect (another region's endpoint) is a configuration
            // error to report, not a request to repeat elsewhere.
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|error| FileError::Backend(format!("no HTTP client: {error}")))?;
        let endpoint = bucket.base_url().origin().ascii_serialization();
        Ok(S3Bucket { client, bucket, credentials, endpoint })
    }

    /// Sends a request signed into its address, which works for
    /// `SIGNATURE_LIFETIME` only. The address is never logged: it names the
    /// access key and carries a signature.
    async fn send(&self, method: Method, address: Url, body: Vec<u8>) -> Result<Response, FileError> {
        self.client.request(method, address).body(body).send().await.map_err(|error| {
            FileError::Backend(format!(
                "the bucket service at {} did not answer: {}",
                self.endpoint,
                error.without_url()
            ))
        })
    }

    /// A picture's key: only server-made names reach the bucket, and they
    /// are URL-safe as they are.
    fn key<'a>(&self, name: &'a str) -> Result<&'a str, FileError> {
        if is_server_name(name) { Ok(name) } else { Err(FileError::Backend("not a server-made name".into())) }
    }

    /// What went wrong, told by the service's error code; never the secret,
    /// which no answer holds.
    async fn failure(&self, doing: &str, response: Response) -> FileError {
        let status = response.status();
        let code = error_code(&response.text().await.unwrap_or_default());
        let code = code.as_deref().unwrap_or(match status {
            StatusCode::FORBIDDEN => "Forbidden",
            StatusCode::NOT_FOUND => "NoSuchBucket",
            StatusCode::MOVED_PERMANENTLY => "PermanentRedirect",
            _ => "no error code",
        });
        let meaning = match code {
            "SignatureDoesNotMatch" | "InvalidAccessKeyId" | "AccessDenied" | "Forbidden" => {
                "the bucket service refused the credentials of uploads.s3 (access key id or secret access key)"
            }
            "NoSuchBucket" => "the bucket of uploads.s3.bucket does not exist",
            "PermanentRedirect" | "AuthorizationHeaderMalformed" => {
                "the bucket is in another region than uploads.s3.region, or uploads.s3.endpoint is another region's"
            }
            "RequestTimeTooSkewed" => "this machine's clock is too far from the bucket service's",
            _ => "the bucket service failed",
        };
        FileError::Backend(format!(
            "{doing} in bucket {:?} at {}: {meaning} (HTTP {}, {code})",
            self.bucket.name(),
            self.endpoint,
            status.as_u16()
        ))
    }
}

#[async_trait]
impl FileStore for S3Bucket {
    async fn put(&self, name: &str, bytes: &[u8]) -> Result<(), FileError> {
        // S3 keeps an object whole or not at all: a reader never sees half.
        let address = self.bucket.put_object(Some(&self.credentials), self.key(name)?).sign(SIGNATURE_LIFETIME);
        let response = self.send(Method::PUT, address, bytes.to_vec()).await?;
        if response.status().is_success() { Ok(()) } else { Err(self.failure("storing a picture", response).await) }
    }

    async fn get(&self, name: &str) -> Result<Option<Vec<u8>>, FileError> {
        let address = self.bucket.get_object(Some(&self.credentials), self.key(name)?).sign(SIGNATURE_LIFETIME);
        let response = self.send(Method::GET, address, Vec::new()).await?;
        if response.status().is_success() {
            let bytes = response
                .bytes()
                .await
                .map_err(|error| FileError::Backend(format!("reading a picture: {}", error.without_url())))?;
            return Ok(Some(bytes.to_vec()));
        }
        let status = response.status();
        let body = response.text().await.unwrap_or_default();
        // A missing bucket is an outage, not a missing picture.
        match error_code(&body).as_deref() {
            Some("NoSuchKey") if status == StatusCode::NOT_FOUND => Ok(None),
            code => Err(FileError::Backend(format!(
                "reading a picture in bucket {:?} at {}: HTTP {} ({})",
                self.bucket,
                self.endpoint,
                status.as_u16(),
                code.unwrap_or("no error code")
            ))),
        }
    }

    async fn delete(&self, name: &str) -> Result<(), FileError> {
        // S3 answers 204 for a name already gone too.
        let address = self.bucket.delete_object(Some(&self.credentials), self.key(name)?).sign(SIGNATURE_LIFETIME);
        let response = self.send(Method::DELETE, address, Vec::new()).await?;
        if response.status().is_success() { Ok(()) } else { Err(self.failure("deleting a picture", response).await) }
    }

    async fn ready(&self) -> Result<(), FileError> {
        // A HEAD answer has no body, so its status alone tells what failed.
        let address = self.bucket.head_bucket(Some(&self.credentials)).sign(SIGNATURE_LIFETIME);
        let response = self.send(Method::HEAD, address, Vec::new()).await?;
        if response.status().is_success() { Ok(()) } else { Err(self.failure("checking", response).await) }
    }
}

/// The `<Code>` of an S3 error document.
fn error_code(body: &str) -> Option<String> {
    let start = body.find("<Code>")? + "<Code>".len();
    let length = body[start..].find("</Code>")?;
    Some(body[start..start + length].to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Secret;

    fn settings(session_token: &str) -> S3Settings {
        S3Settings {
            endpoint: "https://s3.ap-southeast-1.amazonaws.com".to_owned(),
            bucket: "hiram-pictures".to_owned(),
            region: "ap-southeast-1".to_owned(),
            access_key_id: "AKIAIOSFODNN7EXAMPLE".to_owned(),
            secret_access_key: Secret::new("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
            session_token: Secret::new(session_token),
            allow_http: false,
        }
    }

    /// The address of a request names the bucket by path and carries a
    /// signature and, with temporary credentials, their session token;
    /// never the secret.
    #[test]
    fn a_signed_address_carries_the_session_token_and_never_the_secret() {
        let name = "0".repeat(32);
        for token in ["", "FwoGZXIvYXdzEXAMPLETOKEN"] {
            let bucket = S3Bucket::new(&settings(token)).expect("valid settings");
            let address = bucket.bucket.get_object(Some(&bucket.credentials), &name).sign(SIGNATURE_LIFETIME);
            assert_eq!(address.path(), format!("/hiram-pictures/{name}"));
            let query: Vec<(String, String)> = address.query_pairs().into_owned().collect();
            let value = |wanted: &str| query.iter().find(|(key, _)| key == wanted).map(|(_, value)| value.as_str());
            assert_eq!(value("X-Amz-Expires"), Some("60"));
            assert!(
                value("X-Amz-Credential").is_some_and(|credential| credential.starts_with("AKIAIOSFODNN7EXAMPLE/"))
            );
            assert_eq!(value("X-Amz-Signature").map(str::len), Some(64));
            assert_eq!(value("X-Amz-Security-Token"), (!token.is_empty()).then_some(token));
            assert!(!address.as_str().contains("wJalrXUtnFEMI"));
        }
        assert_eq!(
            S3Bucket::new(&settings("")).expect("valid settings").endpoint,
            "https://s3.ap-southeast-1.amazonaws.com"
        );
    }

    #[test]
    fn reads_the_code_of_an_error_document() {
        let body = "<?xml version=\"1.0\"?><Error><Code>NoSuchKey</Code><Message>gone</Message></Error>";
        assert_eq!(error_code(body).as_deref(), Some("NoSuchKey"));
        assert_eq!(error_code(""), None);
    }
}
