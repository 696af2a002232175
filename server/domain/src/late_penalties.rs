//! Late penalties for the days a loan has been late (D4), worked out in one
//! step from what the daily run reads once: the loan's balances and the
//! penalties its current lateness was charged, day by day.
//!
//! Each day late is charged once, under the key `penalty:ORDER:DAY`
//! (`penalty:ORDER:rN:DAY` for a lateness after N rollovers, which counts
//! from day 1 again). A day that charged nothing has no key and is looked at
//! again by the next run, as before.

use crate::ledger::{self, Balances, Entry, LedgerError};
use crate::money::Centavos;
use crate::order::OrderId;
use crate::pricing::{PenaltyDay, PenaltySchedule, penalty_for_day};
use std::collections::BTreeMap;

/// Where the keys of the current lateness start: `penalty:ORDER:` for a loan
/// never rolled over, `penalty:ORDER:rN:` after N rollovers (180 → 174).
pub fn key_prefix(order: OrderId, rollovers: usize) -> String {
    match rollovers {
        0 => format!("penalty:{}:", order.0),
        n => format!("penalty:{}:r{n}:", order.0),
    }
}

/// The penalties of the current lateness by day late, from the keys and
/// amounts of an order's penalty entries; keys of another lateness (another
/// prefix) are left out.
pub fn days_charged<'a>(
    prefix: &str,
    entries: impl IntoIterator<Item = (&'a str, Centavos)>,
) -> BTreeMap<i64, Centavos> {
    entries
        .into_iter()
        .filter_map(|(key, amount)| key.strip_prefix(prefix)?.parse::<i64>().ok().map(|day| (day, amount)))
        .collect()
}

/// Penalties charged for the days of `day`'s 30-day window before it.
pub fn accrued_in_window(charged: &BTreeMap<i64, Centavos>, day: i64) -> Centavos {
    let window_start = (day - 1) / 30 * 30 + 1;
    Centavos::new(charged.range(window_start..day).map(|(_, amount)| amount.get()).sum())
}

/// A late loan as the daily run reads it.
#[derive(Clone, Debug)]
pub struct LateLoan<'a> {
    pub schedule: &'a PenaltySchedule,
    pub principal: Centavos,
    pub repeat_borrower: bool,
    pub covered: bool,
    /// What the ledger says now.
    pub balances: Balances,
    /// Penalties of the current lateness, by day late.
    pub charged: BTreeMap<i64, Centavos>,
    /// Days late up to this one the loan stood repaid until a payment
    /// reversal reopened it (decision 029): never charged. 0 for none.
    pub stood_repaid_through_day: i64,
}

/// The penalty entries for every day from 1 to `days_late` not charged yet,
/// oldest first: each day sees the penalties of the days before it, as if
/// the run had come by every day. Days that charge nothing get no entry.
pub fn uncharged_days(loan: &LateLoan<'_>, days_late: i64) -> Result<Vec<(i64, Entry)>, LedgerError> {
    let mut balances = loan.balances.clone();
    let mut charged = loan.charged.clone();
    let mut entries = Vec::new();
    for day in 1..=days_late {
        if charged.contains_key(&day) || day <= loan.stood_repaid_through_day {
            continue;
        }
        let dues = balances.dues();
        let charge = penalty_for_day(
            loan.schedule,
            &PenaltyDay {
                day_late: day,
                amount_due: Centavos::new(dues.principal.get() + dues.interest.get() + dues.fees.get()),
                accrued_this_window: accrued_in_window(&charged, day),
                total_cost_so_far: Centavos::new(balances.cost_charged()),
                principal: loan.principal,
                repeat_borrower: loan.repeat_borrower,
                covered: loan.covered,
            },
        );
        if let Some(entry) = ledger::penalty(charge)? {
            balances.apply(&entry);
            charged.insert(day, charge);
            entries.push((day, entry));
        }
    }
    Ok(entries)
}

#[cfg(test)]
mod tests;
