//! `hiram <command>`: the server and the commands an operator runs beside it (`USAGE`).

use hiram::config::Settings;
use hiram::staff_access::StaffAction;
use hiram::startup::{Application, state_for_command};
use std::io::Write;
use std::process::ExitCode;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str =
    "usage: hiram [serve | check-config | migrate | backup | restore | seed | demo-history | demo-session | sms-outbox | captcha-answer | daily | staff-add | staff-token | portfolio | bench-portfolio | openapi]
  serve         run the server (the default)
  check-config  read the settings (defaults, APP_CONFIG_FILE, APP_* variables) as serve
                does, refusing unknown keys and ill-typed values by name, and print
                the effective settings, secrets masked
  migrate       create or update the database schema, then exit
  seed          fill demo data once (a database marked seeded is left), then exit
  demo-history [--days N]
                give the demo lenders N days of past loans (210 by default): paid on
                time, late, early, beyond what was due, never (written off, some
                recovered), with the daily run's books of each day; once, then exit
  demo-session  print a new session for the demo borrower, as JSON
  sms-outbox [--phone 09171234567] [--limit 20]
                print the newest outbox messages, one JSON line each
  backup --to FILE
                copy the database into FILE, a new file, while the server runs:
                SQLite's online backup API, or pg_dump's custom format for
                PostgreSQL; prints the backup's point (every payment acknowledged
                before it is in the copy) as JSON
  restore --from FILE
                put a backup into the configured database, which must be new or
                empty, bring its schema up to this release's and check that every
                ledger balances; fails, naming what is wrong, when one does not
  daily         run the day: overdue orders and late penalties (safe to repeat)
  captcha-answer --sid SID
                print the answer of the captcha image last drawn for SID (a test hook)
  staff-add --email EMAIL --name NAME --role ROLE
                create a console account (the first admin); prints its one-time
                password and TOTP secret as JSON, once
  staff-token --name NAME --role ROLE --valid-days DAYS
                make a staff API token for a script (test suites, tools) acting in the
                role for 1-365 days; prints it as JSON with its secret, once
  portfolio --loans N [--history M] [--first K]
                for the benchmarks: N open loans of as many borrowers (numbered from K,
                phone 0918 and the number), each with its standing code (collections
                on), the first with M more ledger entries; prints them as JSON
  bench-portfolio --loans N
                for the daily-run benchmark: about N loans across the products, most
                current, some due yesterday, a tenth overdue (penalties charged up to
                yesterday), some repaid; prints the counts as JSON
  openapi       print the OpenAPI document of the API";

#[tokio::main]
async fn main() -> ExitCode {
    let command = std::env::args().nth(1).unwrap_or_else(|| "serve".to_owned());
    // The command's own flags: everything after the program and the command.
    let arguments: Vec<String> = std::env::args().skip(2).collect();
    if command == "openapi" {
        let document = serde_json::to_string_pretty(&hiram::openapi::document()).expect("the API document serialises");
        return write_stdout(&format!("{document}\n"));
    }
    let settings = match Settings::load() {
        Ok(settings) => settings,
        Err(error) => {
            eprintln!("hiram: {error}");
            return ExitCode::FAILURE;
        }
    };
    if command == "check-config" {
        // Secrets print as `[secret]`: what an operator may paste in a ticket.
        return write_stdout(&format!("{settings:#?}\n"));
    }
    hiram::telemetry::init(&settings.log);
    let outcome = match command.as_str() {
        "serve" => serve(settings).await,
        "migrate" => state_for_command(settings).await.map(|_| ()).map_err(|error| error.to_string()),
        "seed" => seed(settings).await,
        "demo-history" => demo_history(settings, arguments).await,
        "demo-session" => demo_session(settings).await,
        "sms-outbox" => sms_outbox(settings, arguments).await,
        "captcha-answer" => captcha_answer(settings, arguments).await,
        "backup" => backup(settings, arguments).await,
        "restore" => restore(settings, arguments).await,
        "daily" => daily(settings).await,
        "staff-add" => staff_add(settings, arguments).await,
        "staff-token" => staff_token(settings, arguments).await,
        "portfolio" => portfolio(settings, arguments).await,
        "bench-portfolio" => bench_portfolio(settings, arguments).await,
        "-h" | "--help" | "help" => return write_stdout(&format!("{USAGE}\n")),
        other => Err(format!("unknown command {other:?}\n{USAGE}")),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(error.detail = %error, "hiram stopped with an error");
            eprintln!("hiram: {error}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(settings: Settings) -> Result<(), String> {
    let application = Application::build(settings).await.map_err(|error| error.to_string())?;
    tracing::info!(port = application.port(), "listening");
    application.run_until_stopped().await.map_err(|error| error.to_string())
}

async fn seed(settings: Settings) -> Result<(), String> {
    let state = state_for_command(settings).await.map_err(|error| error.to_string())?;
    let seeded = hiram::seed::seed_once(&state).await.map_err(|error| error.to_string())?;
    tracing::info!(seeded, "seed finished");
    Ok(())
}

async fn demo_session(settings: Settings) -> Result<(), String> {
    let state = state_for_command(settings).await.map_err(|error| error.to_string())?;
    let session = hiram::seed::demo_session(&state).await.map_err(|error| error.to_string())?;
    print_line(&serde_json::to_string(&session).map_err(|error| error.to_string())?)
}

async fn captcha_answer(settings: Settings, arguments: Vec<String>) -> Result<(), String> {
    let sid = match arguments.as_slice() {
        [flag, sid] if flag == "--sid" => sid.clone(),
        _ => return Err(format!("captcha-answer needs --sid SID\n{USAGE}")),
    };
    let state = state_for_command(settings).await.map_err(|error| error.to_string())?;
    let answer = hiram::features::promotion::captcha_answer(&state, &sid)
        .await
        .map_err(|error| error.to_string())?
        .ok_or_else(|| "no captcha image has been drawn for that sid".to_owned())?;
    print_line(&serde_json::json!({ "answer": answer }).to_string())
}

async fn staff_add(settings: Settings, arguments: Vec<String>) -> Result<(), String> {
    let value = |flag: &str| {
        arguments.iter().position(|argument| argument == flag).and_then(|index| arguments.get(index + 1)).cloned()
    };
    let (Some(email), Some(name), Some(role)) = (value("--email"), value("--name"), value("--role")) else {
        return Err(format!("staff-add needs --email, --name and --role\n{USAGE}"));
    };
    let state = state_for_command(settings).await.map_err(|error| error.to_string())?;
    let action = StaffAction::open(&state).await.map_err(|error| error.to_string())?;
    let created = hiram::features::console::staff_accounts::add_staff(&action.state, &email, &name, &role)
        .await
        .map_err(|error| error.to_string())?;
    let entry = hiram_domain::staff::AuditEntry {
        id: 0,
        staff_id: None,
        api_token_id: None,
        action: "staff.create".to_owned(),
        subject: format!("staff:{}", created.id),
        before: "null".to_owned(),
        after: serde_json::json!({ "email": email.trim().to_lowercase(), "name": name.trim(), "role": role, "by": "hiram staff-add" })
            .to_string(),
        at: state.now(),
    };
    action.record(&entry).await.map_err(|error| error.to_string())?;
    action.commit().await.map_err(|error| error.to_string())?;
    print_line(&serde_json::to_string(&created).map_err(|error| error.to_string())?)
}

async fn staff_token(settings: Settings, arguments: Vec<String>) -> Result<(), String> {
    let value = |flag: &str| {
        arguments.iter().position(|argument| argument == flag).and_then(|index| arguments.get(index + 1)).cloned()
    };
    let (Some(name), Some(role), Some(valid_days)) = (value("--name"), value("--role"), value("--valid-days")) else {
        return Err(format!("staff-token needs --name, --role and --valid-days\n{USAGE}"));
    };
    let state = state_for_command(settings).await.map_err(|error| error.to_string())?;
    let action = StaffAction::open(&state).await.map_err(|error| error.to_string())?;
    let issued = hiram::features::console::api_tokens::issue(&action.state, &name, &role, &valid_days, None)
        .await
        .map_err(|error| match error {
            hiram::error::ApiError::Rejected { detail: Some(field), .. } => format!(
                "staff-token: {field} does not fit (--name 1-60 characters; --role admin, credit_officer, \
                     finance, customer_care, marketing or auditor; --valid-days 1-365)"
            ),
            other => other.to_string(),
        })?;
    let mut after = hiram::features::console::api_tokens::audited(&issued);
    after["by"] = serde_json::json!("hiram staff-token");
    let entry = hiram_domain::staff::AuditEntry {
        id: 0,
        staff_id: None,
        api_token_id: None,
        action: "api_token.create".to_owned(),
        subject: format!("api_token:{}", issued.id),
        before: "null".to_owned(),
        after: after.to_string(),
        at: state.now(),
    };
    action.record(&entry).await.map_err(|error| error.to_string())?;
    action.commit().await.map_err(|error| error.to_string())?;
    print_line(&serde_json::to_string(&issued).map_err(|error| error.to_string())?)
}

async fn daily(settings: Settings) -> Result<(), String> {
    let state = state_for_command(settings).await.map_err(|error| error.to_string())?;
    let report = hiram::services::daily::run(&state).await.map_err(|error| error.to_string())?;
    report.log();
    // Orders another process moved on are its to finish; a failed order is
    // an operator's business, so the command says so in its exit status.
    match report.orders_failed {
        0 => Ok(()),
        failed => Err(format!("the daily run could not finish {failed} orders; see the log")),
    }
}

/// The database the settings name, for the commands that copy it whole.
fn database_location(settings: &Settings) -> Result<hiram_store::Location, String> {
    hiram_store::Location::parse(settings.database.url.expose())
        .ok_or_else(|| "database.url must start with sqlite:// or postgres://".to_owned())
}

/// The value of a command's one flag, which it needs.
fn only_flag<'a>(arguments: &'a [String], command: &str, flag: &str) -> Result<&'a str, String> {
    match arguments {
        [given, value] if given == flag => Ok(value),
        _ => Err(format!("{command} needs {flag} FILE\n{USAGE}")),
    }
}

async fn backup(settings: Settings, arguments: Vec<String>) -> Result<(), String> {
    let file = only_flag(&arguments, "backup", "--to")?;
    let started = std::time::Instant::now();
    let made = hiram_store::backup(&database_location(&settings)?, std::path::Path::new(file))
        .await
        .map_err(|error| format!("backup: {error}"))?;
    let point = made.point.format(&time::format_description::well_known::Rfc3339).map_err(|error| error.to_string())?;
    print_line(
        &serde_json::json!({
            "file": made.file,
            "point": point,
            "bytes": made.bytes,
            "seconds": started.elapsed().as_secs_f64(),
        })
        .to_string(),
    )
}

async fn restore(settings: Settings, arguments: Vec<String>) -> Result<(), String> {
    let file = only_flag(&arguments, "restore", "--from")?;
    let started = std::time::Instant::now();
    let restored = hiram_store::restore(&database_location(&settings)?, std::path::Path::new(file))
        .await
        .map_err(|error| format!("restore: {error}"))?;
    let mut report = serde_json::to_value(&restored.check).map_err(|error| error.to_string())?;
    report["from"] = serde_json::json!(file);
    report["migrated"] = serde_json::json!(restored.migrated);
    report["seconds"] = serde_json::json!(started.elapsed().as_secs_f64());
    print_line(&report.to_string())?;
    if restored.check.holds() {
        Ok(())
    } else {
        Err("restore: the restored database fails its check (above): do not serve from it".to_owned())
    }
}

fn print_line(line: &str) -> Result<(), String> {
    match write_stdout(&format!("{line}\n")) {
        code if code == ExitCode::SUCCESS => Ok(()),
        _ => Err("cannot write to standard output".to_owned()),
    }
}

async fn sms_outbox(settings: Settings, arguments: Vec<String>) -> Result<(), String> {
    let mut phone = None;
    let mut limit = 20;
    let mut rest = arguments.iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--phone" => {
                phone = Some(hiram_domain::phone::Phone::parse(value).map_err(|error| format!("--phone: {error}"))?)
            }
            "--limit" => limit = value.parse().map_err(|_| "--limit takes a number".to_owned())?,
            other => return Err(format!("unknown option {other}\n{USAGE}")),
        }
    }
    let state = state_for_command(settings).await.map_err(|error| error.to_string())?;
    let lines = hiram::features::console::sms_outbox::outbox_lines(&state, phone.as_ref(), limit)
        .await
        .map_err(|error| error.to_string())?;
    if lines.is_empty() {
        return Ok(());
    }
    let text: Vec<String> = lines.iter().map(ToString::to_string).collect();
    print_line(&text.join("\n"))
}

async fn portfolio(settings: Settings, arguments: Vec<String>) -> Result<(), String> {
    let (mut loans, mut history, mut first) = (None, 0, 0);
    let mut rest = arguments.iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || value.parse::<usize>().map_err(|_| format!("{flag} takes a number"));
        match flag.as_str() {
            "--loans" => loans = Some(number()?),
            "--history" => history = number()?,
            "--first" => first = number()?,
            other => return Err(format!("unknown option {other}\n{USAGE}")),
        }
    }
    let loans = loans.ok_or_else(|| format!("portfolio needs --loans\n{USAGE}"))?;
    let state = state_for_command(settings).await.map_err(|error| error.to_string())?;
    let made = hiram::seed::portfolio(&state, first..first + loans, history).await?;
    print_line(&serde_json::to_string(&made).map_err(|error| error.to_string())?)
}

/// Seven months: long enough for a loan never paid to be written off
/// and recovered, and for last month's books to be whole.
const DEMO_HISTORY_DAYS: i64 = 210;

async fn demo_history(settings: Settings, arguments: Vec<String>) -> Result<(), String> {
    let days = match arguments.as_slice() {
        [] => DEMO_HISTORY_DAYS,
        [flag, value] if flag == "--days" => value
            .parse::<i64>()
            .ok()
            .filter(|days| (1..=400).contains(days))
            .ok_or_else(|| "--days takes a number of days from 1 to 400".to_owned())?,
        _ => return Err(format!("demo-history takes only --days\n{USAGE}")),
    };
    let state = state_for_command(settings).await.map_err(|error| error.to_string())?;
    let made = hiram::seed::demo_history(&state, days).await?;
    print_line(&serde_json::to_string(&made).map_err(|error| error.to_string())?)
}

async fn bench_portfolio(settings: Settings, arguments: Vec<String>) -> Result<(), String> {
    let loans = match arguments.as_slice() {
        [flag, value] if flag == "--loans" => {
            value.parse::<usize>().map_err(|_| "--loans takes a number".to_owned())?
        }
        _ => return Err(format!("bench-portfolio needs --loans\n{USAGE}")),
    };
    let state = state_for_command(settings).await.map_err(|error| error.to_string())?;
    let book = hiram::seed::bench_book(&state, loans).await?;
    print_line(&serde_json::to_string(&book).map_err(|error| error.to_string())?)
}

/// The one place this program writes to standard output (logs go to stderr).
fn write_stdout(text: &str) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
