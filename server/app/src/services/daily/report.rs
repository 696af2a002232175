//! What a daily run did, counted: read by the caller and by the metrics,
//! which import nothing of the run itself.

#[derive(Debug, Default, PartialEq, Eq)]
pub struct DailyReport {
    /// Waiting payouts (170) that went out or were refused.
    pub payouts_finished: usize,
    /// Loans brought to the day with something to store: an instalment's
    /// interest, penalties, a move to overdue.
    pub loans_posted: usize,
    pub became_overdue: usize,
    /// Loans another process (a second daily run, a payment) had already
    /// brought to the day: that process's postings stand.
    pub orders_skipped: usize,
    /// Loans whose step failed (logged); the rest of the batch still ran.
    pub orders_failed: usize,
    /// Pages of loans this run claimed and finished (decision 050).
    pub pages_finished: usize,
    /// Pages another run at once held: they are that run's work.
    pub pages_left_to_others: usize,
    /// Clients' request keys deleted as older than `jobs.request_key_days`.
    pub request_keys_purged: usize,
    /// Overdue loans an older release left without the day they are
    /// overdue since, worked out once (decision 070).
    pub accounts_aged: usize,
    /// Rows of the lenders' portfolios by days past due kept for the day.
    pub aging_rows: usize,
    /// Lenders whose allowance for credit losses was brought to their
    /// provision matrix (decision 072).
    pub provisions_posted: usize,
    /// Approved refunds the payout gateway sent (decision 075).
    pub refunds_sent: usize,
    /// Lenders whose income was brought to the effective interest method
    /// (decision 076).
    pub accruals_posted: usize,
}

impl DailyReport {
    /// One log line of what the run did.
    pub fn log(&self) {
        tracing::info!(
            payouts = self.payouts_finished,
            overdue = self.became_overdue,
            loans_posted = self.loans_posted,
            skipped = self.orders_skipped,
            failed = self.orders_failed,
            pages = self.pages_finished,
            left_to_others = self.pages_left_to_others,
            request_keys_purged = self.request_keys_purged,
            accounts_aged = self.accounts_aged,
            aging_rows = self.aging_rows,
            provisions_posted = self.provisions_posted,
            refunds_sent = self.refunds_sent,
            accruals_posted = self.accruals_posted,
            "daily run finished"
        );
    }

    /// Each count under its `item` label, as the metrics expose them.
    pub fn items(&self) -> [(&'static str, usize); 13] {
        [
            ("payouts_finished", self.payouts_finished),
            ("became_overdue", self.became_overdue),
            ("loans_posted", self.loans_posted),
            ("orders_skipped", self.orders_skipped),
            ("orders_failed", self.orders_failed),
            ("pages_finished", self.pages_finished),
            ("pages_left_to_others", self.pages_left_to_others),
            ("request_keys_purged", self.request_keys_purged),
            ("accounts_aged", self.accounts_aged),
            ("aging_rows", self.aging_rows),
            ("provisions_posted", self.provisions_posted),
            ("refunds_sent", self.refunds_sent),
            ("accruals_posted", self.accruals_posted),
        ]
    }
}
