//! TLS to PostgreSQL, asked for in the database URL as libpq asks for it,
//! so an operator pastes the URL a managed service gives them:
//!
//! | `sslmode`           | encrypted            | certificate checked                    |
//! |---------------------|----------------------|----------------------------------------|
//! | `disable`           | never                | -                                      |
//! | `prefer` (default)  | if the server can    | chain, only when `sslrootcert` is set  |
//! | `require`           | always               | chain, only when `sslrootcert` is set  |
//! | `verify-ca`         | always               | chain                                  |
//! | `verify-full`       | always               | chain and host name                    |
//!
//! `sslrootcert` names a PEM file of the authorities to trust, or `system`
//! for the public web authorities built in; without it, `verify-ca` and
//! `verify-full` trust the public authorities (decision 039).
//!
//! tokio-postgres knows only the first three modes and no `sslrootcert`,
//! so both are taken out of the URL here and become a rustls configuration.

use hiram_domain::store::{StoreError, StoreResult};
use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme};
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio_postgres::config::SslMode;
use tokio_postgres::tls::{ChannelBinding, MakeTlsConnect, TlsConnect, TlsStream};

/// What the certificate the server shows must prove.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Check {
    /// Nothing: the link is encrypted against listeners, not against a
    /// server in the middle (libpq's `require` without a root file).
    Nothing,
    /// Signed by a trusted authority, for any host name.
    Chain,
    /// Signed by a trusted authority, for the host connected to.
    ChainAndName,
}

/// The URL tokio-postgres reads, and the TLS connector for it.
pub(crate) struct Connection {
    pub(crate) config: tokio_postgres::Config,
    pub(crate) tls: MakeRustlsConnect,
}

/// Reads the URL's TLS options (see the module's table).
pub(crate) fn connection(url: &str) -> StoreResult<Connection> {
    let (base, query) = url.split_once('?').unwrap_or((url, ""));
    let mut mode = "prefer".to_owned();
    let mut root_file = None;
    let mut passed_on = Vec::new();
    for pair in query.split('&').filter(|pair| !pair.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = percent_encoding::percent_decode_str(value).decode_utf8_lossy().into_owned();
        match key {
            "sslmode" => mode = value,
            "sslrootcert" => root_file = Some(value),
            _ => passed_on.push(pair),
        }
    }
    let (ssl_mode, check) = match (mode.as_str(), &root_file) {
        ("disable", _) => (SslMode::Disable, Check::Nothing),
        ("prefer", None) => (SslMode::Prefer, Check::Nothing),
        ("prefer", Some(_)) => (SslMode::Prefer, Check::Chain),
        ("require", None) => (SslMode::Require, Check::Nothing),
        ("require", Some(_)) | ("verify-ca", _) => (SslMode::Require, Check::Chain),
        ("verify-full", _) => (SslMode::Require, Check::ChainAndName),
        (other, _) => {
            return Err(StoreError::Backend(format!(
                "the database URL's sslmode `{other}` is none of disable, prefer, require, verify-ca, verify-full"
            )));
        }
    };
    let url = if passed_on.is_empty() { base.to_owned() } else { format!("{base}?{}", passed_on.join("&")) };
    let mut config: tokio_postgres::Config = url.parse().map_err(|error| StoreError::Backend(format!("{error}")))?;
    config.ssl_mode(ssl_mode);
    let roots = match root_file.as_deref() {
        Some(path) if path != "system" => file_roots(path)?,
        _ => public_roots(),
    };
    Ok(Connection { config, tls: MakeRustlsConnect::new(check, roots)? })
}

fn public_roots() -> RootCertStore {
    RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() }
}

fn file_roots(path: &str) -> StoreResult<RootCertStore> {
    let unreadable = |error: &dyn std::fmt::Display| StoreError::Backend(format!("sslrootcert {path}: {error}"));
    let mut roots = RootCertStore::empty();
    for certificate in CertificateDer::pem_file_iter(path).map_err(|error| unreadable(&error))? {
        roots.add(certificate.map_err(|error| unreadable(&error))?).map_err(|error| unreadable(&error))?;
    }
    if roots.is_empty() {
        return Err(unreadable(&"holds no certificate"));
    }
    Ok(roots)
}

fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// Makes a TLS connector per connection, for the host it connects to.
#[derive(Clone)]
pub(crate) struct MakeRustlsConnect {
    config: Arc<ClientConfig>,
}

impl MakeRustlsConnect {
    fn new(check: Check, roots: RootCertStore) -> StoreResult<MakeRustlsConnect> {
        let provider = provider();
        let backend = |error: &dyn std::fmt::Display| StoreError::Backend(format!("TLS setup: {error}"));
        let builder = ClientConfig::builder_with_provider(provider.clone())
            .with_safe_default_protocol_versions()
            .map_err(|error| backend(&error))?;
        let chain = WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider.clone())
            .build()
            .map_err(|error| backend(&error))?;
        let config = match check {
            Check::ChainAndName => builder.with_webpki_verifier(chain).with_no_client_auth(),
            Check::Chain | Check::Nothing => builder
                .dangerous()
                .with_custom_certificate_verifier(Arc::new(Lenient {
                    chain,
                    check,
                    algorithms: provider.signature_verification_algorithms,
                }))
                .with_no_client_auth(),
        };
        Ok(MakeRustlsConnect { config: Arc::new(config) })
    }
}

/// The verifier for `verify-ca` (the chain without the name) and for
/// `require` without a root file (no certificate check): the handshake's
/// signatures are still verified, so the key exchange is sound.
#[derive(Debug)]
struct Lenient {
    chain: Arc<WebPkiServerVerifier>,
    check: Check,
    algorithms: WebPkiSupportedAlgorithms,
}

impl ServerCertVerifier for Lenient {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        if self.check == Check::Nothing {
            return Ok(ServerCertVerified::assertion());
        }
        // The chain is checked before the name, so a name error means the
        // chain passed.
        match self.chain.verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now) {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            checked => checked,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        certificate: &CertificateDer<'_>,
        signature: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, certificate, signature, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        certificate: &CertificateDer<'_>,
        signature: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, certificate, signature, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

impl<S> MakeTlsConnect<S> for MakeRustlsConnect
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    type Stream = RustlsStream<S>;
    type TlsConnect = RustlsConnect;
    type Error = io::Error;

    fn make_tls_connect(&mut self, host: &str) -> io::Result<RustlsConnect> {
        let name = ServerName::try_from(host.to_owned())
            .map_err(|error| io::Error::new(io::ErrorKind::InvalidInput, format!("host {host}: {error}")))?;
        Ok(RustlsConnect { connector: tokio_rustls::TlsConnector::from(self.config.clone()), name })
    }
}

pub(crate) struct RustlsConnect {
    connector: tokio_rustls::TlsConnector,
    name: ServerName<'static>,
}

impl<S> TlsConnect<S> for RustlsConnect
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    type Stream = RustlsStream<S>;
    type Error = io::Error;
    type Future = Pin<Box<dyn Future<Output = io::Result<RustlsStream<S>>> + Send>>;

    fn connect(self, stream: S) -> Self::Future {
        Box::pin(async move { self.connector.connect(self.name, stream).await.map(RustlsStream) })
    }
}

pub(crate) struct RustlsStream<S>(tokio_rustls::client::TlsStream<S>);

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncRead for RustlsStream<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffer: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_read(context, buffer)
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncWrite for RustlsStream<S> {
    fn poll_write(mut self: Pin<&mut Self>, context: &mut Context<'_>, buffer: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.0).poll_write(context, buffer)
    }

    fn poll_flush(mut self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_flush(context)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_shutdown(context)
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> TlsStream for RustlsStream<S> {
    /// SCRAM runs without channel binding (its `-PLUS` form needs the
    /// certificate's hash algorithm parsed from it); the verified
    /// certificate already ties the session to the server.
    fn channel_binding(&self) -> ChannelBinding {
        ChannelBinding::none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tls_options_are_taken_out_and_the_rest_passed_on() {
        let read = connection("postgres://u@db.example:5432/hiram?sslmode=verify-full&application_name=hiram").unwrap();
        assert_eq!(read.config.get_ssl_mode(), SslMode::Require);
        assert_eq!(read.config.get_application_name(), Some("hiram"));
        let plain = connection("postgres://u@db.example/hiram?sslmode=disable").unwrap();
        assert_eq!(plain.config.get_ssl_mode(), SslMode::Disable);
        assert_eq!(connection("postgres://u@db.example/hiram").unwrap().config.get_ssl_mode(), SslMode::Prefer);
    }

    #[test]
    fn an_unknown_mode_or_a_missing_root_file_is_refused_with_its_name() {
        let Err(StoreError::Backend(message)) = connection("postgres://u@h/d?sslmode=allowish") else {
            panic!("an unknown mode is refused");
        };
        assert!(message.contains("allowish"), "{message}");
        let Err(StoreError::Backend(message)) =
            connection("postgres://u@h/d?sslmode=verify-ca&sslrootcert=/no/such.crt")
        else {
            panic!("a missing root file is refused");
        };
        assert!(message.contains("/no/such.crt"), "{message}");
    }
}
