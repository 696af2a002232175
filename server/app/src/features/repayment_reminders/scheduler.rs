//! Sends the repayment reminders that are due, every few seconds, in every
//! server process (decision 020).
//!
//! Nothing lives in memory: each reminder's next look (`next_check_at`) and
//! the texts already sent are in the database, so a restart loses nothing
//! and any number of processes can run this at once. What to send is the
//! domain's rule (`hiram_domain::reminder::next_step`); sending is a claim
//! that stores the outbox message and its record in one transaction, at
//! most once per reminder and due date, so two processes that find the same
//! reminder due send one text between them. The text waits in the outbox,
//! queued, until the provider took it: a crash after the claim delays it
//! until another round sends it (`adapters::sms::send_queued_forever`).
//! A round claims its due reminders first (`FOR UPDATE SKIP LOCKED` and a
//! lease on their next look), so processes split the due reminders between
//! them instead of each reading the same ones every round.

use super::{LoanDues, lang_of, loan_dues};
use crate::i18n::{Lang, Msg};
use crate::services::ServiceResult;
use crate::state::AppState;
use hiram_domain::clock::manila_date;
use hiram_domain::money::{CurrencySymbol, format_amount};
use hiram_domain::reminder::{Dues, Reminder, ReminderClaim, ReminderHistory, ReminderTarget, Step, next_step};
use std::time::Duration;
use time::OffsetDateTime;

/// Reminders looked at in one round; more wait for the next one.
const BATCH: i64 = 500;

/// A loan's due dates can move later (an extension) after everything was
/// sent; while it is open, look again this often.
const OPEN_LOAN_RECHECK: time::Duration = time::Duration::hours(12);

/// After a reminder could not be handled (the database failed), look again
/// this much later so it does not hold up the others.
const RETRY_AFTER: time::Duration = time::Duration::minutes(5);

#[derive(Debug, Default, PartialEq, Eq)]
pub struct ReminderRound {
    /// Reminders whose next look was due.
    pub looked_at: usize,
    /// Texts this process stored and handed to the provider.
    pub sent: usize,
}

/// Runs a round every `period`, for as long as the server runs.
pub async fn run_forever(state: AppState, period: Duration) {
    let mut ticks = tokio::time::interval(period);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match run_due(&state).await {
            Ok(round) if round.looked_at > 0 => {
                tracing::info!(reminders.sent = round.sent, reminders.looked_at = round.looked_at, "reminder round")
            }
            Ok(_) => {}
            Err(error) => tracing::warn!(error.detail = %error, "reminder round stopped early"),
        }
    }
}

/// One round: every reminder due for a look at the server's clock now.
pub async fn run_due(state: &AppState) -> ServiceResult<ReminderRound> {
    let now = state.now();
    // Claimed for as long as a failed one waits: a process that stops
    // mid-round leaves its claims to another round after that.
    let due = state.store.claim_due_reminders(now, now + RETRY_AFTER, BATCH).await?;
    let mut round = ReminderRound { looked_at: due.len(), sent: 0 };
    for reminder in &due {
        match handle(state, reminder, now).await {
            Ok(sent) => round.sent += usize::from(sent),
            Err(error) => {
                tracing::warn!(reminder.id = reminder.id, error.detail = %error, "reminder not handled");
                state.store.reschedule_reminder(reminder.id, reminder.revision, Some(now + RETRY_AFTER)).await?;
            }
        }
    }
    Ok(round)
}

/// What a reminder is about, as its text names it.
enum Subject {
    Bill { name: String, amount: hiram_domain::money::Centavos },
    Loan(LoanDues),
}

/// Decides one reminder and acts: sends it, or sets its next look. True
/// when this process sent a text.
async fn handle(state: &AppState, reminder: &Reminder, now: OffsetDateTime) -> ServiceResult<bool> {
    let today = manila_date(now);
    let (dues, subject) = match reminder.target {
        ReminderTarget::Bill(id) => match state.store.bill_of(reminder.borrower_id, id).await? {
            Some(bill) => (
                Dues::Series { first: bill.form.due_date, repeat: bill.form.repeat },
                Subject::Bill { name: bill.form.name, amount: bill.form.amount },
            ),
            None => return reschedule(state, reminder, None).await,
        },
        ReminderTarget::Order(id) => {
            let order = state.store.order_of(reminder.borrower_id, id).await?;
            match order {
                Some(order) => match loan_dues(state, order, today).await? {
                    Some(loan) => (loan.dues(), Subject::Loan(loan)),
                    // Repaid: nothing more to remind.
                    None => return reschedule(state, reminder, None).await,
                },
                None => return reschedule(state, reminder, None).await,
            }
        }
    };
    let after_done = match subject {
        Subject::Loan(_) => Some(now + OPEN_LOAN_RECHECK),
        Subject::Bill { .. } => None,
    };
    let due = match next_step(&dues, reminder.rule, reminder.history, now) {
        Step::Send(due) => due,
        Step::WaitUntil(at) => return reschedule(state, reminder, Some(at)).await,
        Step::Done => return reschedule(state, reminder, after_done).await,
    };
    let sent = ReminderHistory { last_sent: Some(due), ..reminder.history };
    let next_check_at = match next_step(&dues, reminder.rule, sent, now) {
        Step::WaitUntil(at) => Some(at),
        Step::Send(_) => Some(now),
        Step::Done => after_done,
    };
    let Some(borrower) = state.store.borrower(reminder.borrower_id).await? else {
        return reschedule(state, reminder, None).await;
    };
    // The language the borrower chose wins over the one the reminder was
    // set in (decision 046).
    let lang = borrower.language.map(Lang::from).unwrap_or_else(|| lang_of(&reminder.lang));
    let (template, name, amount) = match &subject {
        Subject::Bill { name, amount } => (Msg::ReminderBillSms, name.as_str(), *amount),
        Subject::Loan(loan) => (Msg::ReminderLoanSms, loan.product_name.as_str(), loan.amount_due(due, today)),
    };
    // The borrower's own text goes in last, so braces in a bill's name are
    // never read as placeholders.
    let body = template
        .text(lang)
        .replace("{amount}", &format_amount(amount, CurrencySymbol::Peso))
        .replace("{date}", &crate::i18n::day(due, lang))
        .replace("{name}", name);
    let claim = ReminderClaim {
        reminder_id: reminder.id,
        revision: reminder.revision,
        due,
        message: crate::adapters::sms::queued(state, &borrower.phone, body, now),
        next_check_at,
    };
    let Some(outbox_id) = state.store.claim_reminder(&claim).await? else { return Ok(false) };
    crate::adapters::sms::dispatch(state, [(outbox_id, &claim.message)]).await;
    tracing::info!(reminder.id = reminder.id, reminder.due = %due, "reminder sent");
    Ok(true)
}

async fn reschedule(state: &AppState, reminder: &Reminder, next: Option<OffsetDateTime>) -> ServiceResult<bool> {
    state.store.reschedule_reminder(reminder.id, reminder.revision, next).await?;
    Ok(false)
}
