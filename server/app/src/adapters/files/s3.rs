//! Pictures kept in a bucket of an S3-compatible service, which every
//! server of a fleet shares. Four requests are all the store needs (put,
//! get, delete, and a HEAD on the bucket for readiness), signed with AWS
//! Signature Version 4 over the reqwest client the server already has
//! (decision 043 says why not a crate).

use crate::config::{S3Settings, Secret};
use async_trait::async_trait;
use hiram_domain::files::{FileError, FileStore, is_server_name};
use hmac::{Hmac, Mac};
use reqwest::{Method, Response, StatusCode};
use sha2::{Digest, Sha256};
use std::time::Duration;
use time::OffsetDateTime;

pub struct S3Bucket {
    client: reqwest::Client,
    /// `https://host[:port]`, no trailing slash.
    endpoint: String,
    /// The `Host` header the service sees, which the signature covers.
    host: String,
    bucket: String,
    region: String,
    access_key_id: String,
    secret_access_key: Secret,
}

impl S3Bucket {
    /// From settings the configuration has checked (an address with a host,
    /// a valid bucket name).
    pub fn new(settings: &S3Settings) -> Result<S3Bucket, FileError> {
        let endpoint = reqwest::Url::parse(settings.endpoint.trim())
            .map_err(|error| FileError::Backend(format!("uploads.s3.endpoint: {error}")))?;
        let host = endpoint.host_str().ok_or_else(|| FileError::Backend("uploads.s3.endpoint has no host".into()))?;
        // The URL leaves out a port that is the scheme's default, and so
        // does the Host header reqwest sends.
        let host = match endpoint.port() {
            Some(port) => format!("{host}:{port}"),
            None => host.to_owned(),
        };
        let client = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .timeout(Duration::from_secs(30))
            // A redirect (another region's endpoint) is a configuration
            // error to report, not a request to repeat elsewhere.
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|error| FileError::Backend(format!("no HTTP client: {error}")))?;
        Ok(S3Bucket {
            client,
            endpoint: format!("{}://{host}", endpoint.scheme()),
            host,
            bucket: settings.bucket.clone(),
            region: settings.region.trim().to_owned(),
            access_key_id: settings.access_key_id.trim().to_owned(),
            secret_access_key: settings.secret_access_key.clone(),
        })
    }

    /// Sends a signed request for the bucket (`name` None) or one object.
    /// Bucket names and server-made names are URL-safe as they are, so the
    /// path needs no escaping (S3's canonical path is the escaped one).
    async fn send(&self, method: Method, name: Option<&str>, body: Vec<u8>) -> Result<Response, FileError> {
        let path = match name {
            Some(name) if is_server_name(name) => format!("/{}/{name}", self.bucket),
            Some(_) => return Err(FileError::Backend("not a server-made name".into())),
            None => format!("/{}", self.bucket),
        };
        let payload_hash = hiram_domain::hex::encode(&Sha256::digest(&body));
        // The service's clock, not the server's injectable one: a request
        // signed more than 15 minutes off the real time is refused.
        let stamp = Stamp::of(OffsetDateTime::now_utc());
        let headers = [
            ("host", self.host.as_str()),
            ("x-amz-content-sha256", payload_hash.as_str()),
            ("x-amz-date", stamp.moment.as_str()),
        ];
        let request =
            CanonicalRequest { method: method.as_str(), path: &path, headers: &headers, payload_hash: &payload_hash };
        let authorization = authorization(&request, &stamp, &self.region, &self.access_key_id, &self.secret_access_key);
        self.client
            .request(method, format!("{}{path}", self.endpoint))
            .header("x-amz-content-sha256", &payload_hash)
            .header("x-amz-date", &stamp.moment)
            .header(reqwest::header::AUTHORIZATION, authorization)
            .body(body)
            .send()
            .await
            .map_err(|error| {
                FileError::Backend(format!(
                    "the bucket service at {} did not answer: {}",
                    self.endpoint,
                    error.without_url()
                ))
            })
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
            self.bucket,
            self.endpoint,
            status.as_u16()
        ))
    }
}

#[async_trait]
impl FileStore for S3Bucket {
    async fn put(&self, name: &str, bytes: &[u8]) -> Result<(), FileError> {
        // S3 keeps an object whole or not at all: a reader never sees half.
        let response = self.send(Method::PUT, Some(name), bytes.to_vec()).await?;
        if response.status().is_success() { Ok(()) } else { Err(self.failure("storing a picture", response).await) }
    }

    async fn get(&self, name: &str) -> Result<Option<Vec<u8>>, FileError> {
        let response = self.send(Method::GET, Some(name), Vec::new()).await?;
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
        let response = self.send(Method::DELETE, Some(name), Vec::new()).await?;
        if response.status().is_success() { Ok(()) } else { Err(self.failure("deleting a picture", response).await) }
    }

    async fn ready(&self) -> Result<(), FileError> {
        // A HEAD answer has no body, so its status alone tells what failed.
        let response = self.send(Method::HEAD, None, Vec::new()).await?;
        if response.status().is_success() { Ok(()) } else { Err(self.failure("checking", response).await) }
    }
}

/// The `<Code>` of an S3 error document.
fn error_code(body: &str) -> Option<String> {
    let start = body.find("<Code>")? + "<Code>".len();
    let length = body[start..].find("</Code>")?;
    Some(body[start..start + length].to_owned())
}

fn hmac_sha256(key: &[u8], data: &str) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(data.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

/// The moment a request is signed at, in the two forms SigV4 uses.
struct Stamp {
    /// `20261124T213000Z`
    moment: String,
    /// `20261124`
    day: String,
}

impl Stamp {
    fn of(now: OffsetDateTime) -> Stamp {
        let day = format!("{:04}{:02}{:02}", now.year(), u8::from(now.month()), now.day());
        let moment = format!("{day}T{:02}{:02}{:02}Z", now.hour(), now.minute(), now.second());
        Stamp { moment, day }
    }
}

/// A request as SigV4 reads it: headers named in lowercase, sorted, and
/// every one of them signed.
struct CanonicalRequest<'a> {
    method: &'a str,
    /// Already escaped; no query string.
    path: &'a str,
    headers: &'a [(&'a str, &'a str)],
    payload_hash: &'a str,
}

impl CanonicalRequest<'_> {
    fn signed_headers(&self) -> String {
        self.headers.iter().map(|(name, _)| *name).collect::<Vec<_>>().join(";")
    }

    fn text(&self) -> String {
        let headers: String = self.headers.iter().map(|(name, value)| format!("{name}:{}\n", value.trim())).collect();
        format!("{}\n{}\n\n{headers}\n{}\n{}", self.method, self.path, self.signed_headers(), self.payload_hash)
    }
}

/// The `Authorization` header of AWS Signature Version 4 for S3.
fn authorization(request: &CanonicalRequest, stamp: &Stamp, region: &str, key_id: &str, secret: &Secret) -> String {
    let scope = format!("{}/{region}/s3/aws4_request", stamp.day);
    let to_sign = format!(
        "AWS4-HMAC-SHA256\n{}\n{scope}\n{}",
        stamp.moment,
        hiram_domain::hex::encode(&Sha256::digest(request.text().as_bytes()))
    );
    let mut key = hmac_sha256(format!("AWS4{}", secret.expose()).as_bytes(), &stamp.day);
    for part in [region, "s3", "aws4_request"] {
        key = hmac_sha256(&key, part);
    }
    format!(
        "AWS4-HMAC-SHA256 Credential={key_id}/{scope}, SignedHeaders={}, Signature={}",
        request.signed_headers(),
        hiram_domain::hex::encode(&hmac_sha256(&key, &to_sign))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked example of AWS's SigV4 documentation for S3 (a GET of
    /// `/test.txt` with a `Range` header, 24 May 2013, us-east-1): a
    /// signature computed elsewhere, so a mistake here cannot hide.
    #[test]
    fn signs_as_aws_documents() {
        let empty = hiram_domain::hex::encode(&Sha256::digest(b""));
        let headers = [
            ("host", "examplebucket.s3.amazonaws.com"),
            ("range", "bytes=0-9"),
            ("x-amz-content-sha256", empty.as_str()),
            ("x-amz-date", "20130524T000000Z"),
        ];
        let request = CanonicalRequest { method: "GET", path: "/test.txt", headers: &headers, payload_hash: &empty };
        let moment = OffsetDateTime::from_unix_timestamp(1_369_353_600).unwrap();
        let stamp = Stamp::of(moment);
        assert_eq!(stamp.moment, "20130524T000000Z");
        let header = authorization(
            &request,
            &stamp,
            "us-east-1",
            "AKIAIOSFODNN7EXAMPLE",
            &Secret::new("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
        );
        assert_eq!(
            header,
            "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, \
             SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, \
             Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
        );
    }

    #[test]
    fn reads_the_code_of_an_error_document() {
        let body = "<?xml version=\"1.0\"?><Error><Code>NoSuchKey</Code><Message>gone</Message></Error>";
        assert_eq!(error_code(body).as_deref(), Some("NoSuchKey"));
        assert_eq!(error_code(""), None);
    }
}
