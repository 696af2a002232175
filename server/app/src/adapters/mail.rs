//! Mail to staff, through the host's mail submission program (`sendmail`,
//! which postfix, exim and msmtp all install) or, for a developer or a demo,
//! as files in a folder. The host's mail system holds the relay's address,
//! credentials and TLS, and queues and retries; this process only hands the
//! message over (decision 058).

use crate::config::MailSettings;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::AsyncWriteExt;

/// How long the submission program may take to accept a message: it
/// queues, so it answers at once unless the host is in trouble.
const SUBMIT_WITHIN: Duration = Duration::from_secs(30);

/// A plain-text message to one address.
pub struct Mail<'a> {
    pub to: &'a str,
    pub subject: &'a str,
    pub body: &'a str,
}

#[derive(Debug, thiserror::Error)]
#[error("the mail was not handed over: {0}")]
pub struct MailError(String);

/// Hands the message over: to `mail.sendmail`, or written to
/// `mail.drop_dir` when that is empty.
pub async fn send(settings: &MailSettings, mail: &Mail<'_>, at: time::OffsetDateTime) -> Result<(), MailError> {
    let message = rfc5322(settings, mail, at)?;
    let mut program = settings.sendmail.split_whitespace();
    match program.next() {
        Some(command) => submit(command, program.collect(), message).await,
        None => drop_file(settings, message).await,
    }
}

/// The message with its headers. The addresses and subject are one line
/// each (a line break in them would add headers); the subject is
/// RFC 2047-encoded, so it may hold more than ASCII.
fn rfc5322(settings: &MailSettings, mail: &Mail<'_>, at: time::OffsetDateTime) -> Result<String, MailError> {
    let one_line = |text: &str| !text.contains(['\r', '\n']);
    if !one_line(mail.to) || !one_line(&settings.from) || !one_line(mail.subject) {
        return Err(MailError("a header holds a line break".into()));
    }
    let date =
        at.format(&time::format_description::well_known::Rfc2822).map_err(|error| MailError(error.to_string()))?;
    let subject = base64::Engine::encode(&base64::engine::general_purpose::STANDARD, mail.subject);
    let body = mail.body.replace("\r\n", "\n").replace('\n', "\r\n");
    Ok(format!(
        "From: {from}\r\nTo: {to}\r\nSubject: =?UTF-8?B?{subject}?=\r\nDate: {date}\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n",
        from = settings.from,
        to = mail.to,
    ))
}

async fn submit(command: &str, arguments: Vec<&str>, message: String) -> Result<(), MailError> {
    let mut child = tokio::process::Command::new(command)
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|error| MailError(format!("{command}: {error}")))?;
    let mut stdin = child.stdin.take().ok_or_else(|| MailError("no standard input".into()))?;
    let handed_over = async {
        stdin.write_all(message.as_bytes()).await?;
        drop(stdin);
        child.wait_with_output().await
    };
    let output = tokio::time::timeout(SUBMIT_WITHIN, handed_over)
        .await
        .map_err(|_| MailError(format!("{command} did not finish in {SUBMIT_WITHIN:?}")))?
        .map_err(|error| MailError(format!("{command}: {error}")))?;
    match output.status.success() {
        true => Ok(()),
        false => Err(MailError(format!(
            "{command} answered {}: {}",
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ))),
    }
}

/// Writes the message as `<time>-<random>.eml`, whole or not at all (a
/// reader never sees half a file).
async fn drop_file(settings: &MailSettings, message: String) -> Result<(), MailError> {
    let folder = settings.drop_dir.clone();
    tokio::task::spawn_blocking(move || {
        std::fs::create_dir_all(&folder)?;
        let mut random = [0u8; 6];
        getrandom::fill(&mut random).map_err(|error| std::io::Error::other(error.to_string()))?;
        let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_micros();
        let name = format!("{stamp}-{}.eml", hiram_domain::hex::encode(&random));
        let partial = folder.join(format!(".{name}.part"));
        std::fs::write(&partial, message)?;
        std::fs::rename(&partial, folder.join(name))
    })
    .await
    .map_err(|error| MailError(error.to_string()))?
    .map_err(|error| MailError(format!("{}: {error}", settings.drop_dir.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> MailSettings {
        MailSettings {
            sendmail: String::new(),
            drop_dir: std::env::temp_dir(),
            from: "Hiram console <no-reply@hiram.example>".to_owned(),
        }
    }

    #[test]
    fn a_line_break_in_an_address_or_the_subject_adds_no_header() {
        let at = time::macros::datetime!(2026-11-27 08:00 UTC);
        let smuggled = Mail { to: "ana@hiram.example\r\nBcc: eve@evil.example", subject: "Hi", body: "x" };
        assert!(rfc5322(&settings(), &smuggled, at).is_err());
        let smuggled = Mail { to: "ana@hiram.example", subject: "Hi\nBcc: eve@evil.example", body: "x" };
        assert!(rfc5322(&settings(), &smuggled, at).is_err());
    }

    #[test]
    fn the_message_has_its_headers_an_encoded_subject_and_crlf_lines() {
        let at = time::macros::datetime!(2026-11-27 08:00 UTC);
        let mail = Mail { to: "ana@hiram.example", subject: "Mag-enrol sa console", body: "one\ntwo" };
        let message = rfc5322(&settings(), &mail, at).unwrap();
        assert!(message.starts_with("From: Hiram console <no-reply@hiram.example>\r\nTo: ana@hiram.example\r\n"));
        assert!(message.contains("Subject: =?UTF-8?B?TWFnLWVucm9sIHNhIGNvbnNvbGU=?=\r\n"), "{message}");
        assert!(message.contains("Date: Fri, 27 Nov 2026 08:00:00 +0000\r\n"), "{message}");
        assert!(message.ends_with("\r\n\r\none\r\ntwo\r\n"), "{message}");
    }
}
