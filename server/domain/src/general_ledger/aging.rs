//! A lender's portfolio by days past due (decision 070): the buckets the
//! daily run keeps per lender and day, portfolio at risk, and the roll
//! rates from one month to the next. The figures are principal still owed
//! (loans receivable), as portfolio at risk is commonly defined.

use crate::money::Centavos;
use time::Date;

/// The same day of the month before (its last day when the month before is
/// shorter): where a roll rate starts from.
pub fn month_before(day: Date) -> Date {
    let (year, month) =
        (if day.month() == time::Month::January { day.year() - 1 } else { day.year() }, day.month().previous());
    let last = month.length(year);
    Date::from_calendar_date(year, month, day.day().min(last)).unwrap_or(day)
}

/// How far past its first unpaid due date a loan is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AgingBucket {
    Current,
    Days1To30,
    Days31To60,
    Days61To90,
    Days91To180,
    Over180,
}

impl AgingBucket {
    pub const ALL: [AgingBucket; 6] = [
        AgingBucket::Current,
        AgingBucket::Days1To30,
        AgingBucket::Days31To60,
        AgingBucket::Days61To90,
        AgingBucket::Days91To180,
        AgingBucket::Over180,
    ];

    pub fn key(self) -> &'static str {
        match self {
            AgingBucket::Current => "current",
            AgingBucket::Days1To30 => "1-30",
            AgingBucket::Days31To60 => "31-60",
            AgingBucket::Days61To90 => "61-90",
            AgingBucket::Days91To180 => "91-180",
            AgingBucket::Over180 => "181+",
        }
    }

    pub fn parse(key: &str) -> Option<AgingBucket> {
        AgingBucket::ALL.into_iter().find(|bucket| bucket.key() == key)
    }

    /// The fewest days past due a loan of this bucket has.
    pub fn first_day(self) -> i64 {
        match self {
            AgingBucket::Current => 0,
            AgingBucket::Days1To30 => 1,
            AgingBucket::Days31To60 => 31,
            AgingBucket::Days61To90 => 61,
            AgingBucket::Days91To180 => 91,
            AgingBucket::Over180 => 181,
        }
    }

    pub fn of(days_past_due: i64) -> AgingBucket {
        AgingBucket::ALL
            .into_iter()
            .rev()
            .find(|bucket| days_past_due >= bucket.first_day())
            .unwrap_or(AgingBucket::Current)
    }

    /// The bucket a loan of this one moves to when another month passes
    /// unpaid; `None` for the last.
    pub fn next(self) -> Option<AgingBucket> {
        AgingBucket::ALL.into_iter().find(|bucket| *bucket > self)
    }
}

/// The open loans of one bucket and the principal they still owe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AgingLine {
    pub bucket: AgingBucket,
    pub loans: i64,
    pub principal: Centavos,
}

/// A lender's open loans by bucket on a day: every bucket, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortfolioAging {
    pub lines: Vec<AgingLine>,
}

/// A share as an exact fraction, with its percentage to two places rounded
/// half up for people to read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    pub part: Centavos,
    pub whole: Centavos,
}

impl Share {
    /// Hundredths of a percent, rounded half up; `None` of nothing.
    pub fn basis_points(self) -> Option<i64> {
        let (part, whole) = (i128::from(self.part.get()), i128::from(self.whole.get()));
        (whole > 0).then(|| i64::try_from((part * 20_000 + whole) / (2 * whole)).unwrap_or(i64::MAX))
    }
}

impl PortfolioAging {
    /// Every bucket, those `lines` leave out at zero.
    pub fn of(lines: &[AgingLine]) -> PortfolioAging {
        PortfolioAging {
            lines: AgingBucket::ALL
                .into_iter()
                .map(|bucket| {
                    let of_bucket = lines.iter().filter(|line| line.bucket == bucket);
                    AgingLine {
                        bucket,
                        loans: of_bucket.clone().map(|line| line.loans).sum(),
                        principal: Centavos::new(of_bucket.map(|line| line.principal.get()).sum()),
                    }
                })
                .collect(),
        }
    }

    pub fn principal(&self) -> Centavos {
        Centavos::new(self.lines.iter().map(|line| line.principal.get()).sum())
    }

    pub fn line(&self, bucket: AgingBucket) -> AgingLine {
        self.lines.iter().copied().find(|line| line.bucket == bucket).unwrap_or(AgingLine {
            bucket,
            loans: 0,
            principal: Centavos::ZERO,
        })
    }

    /// Portfolio at risk over `days`: the principal of loans more than
    /// `days` past due, of all the principal owed (PAR30, PAR90).
    pub fn at_risk(&self, days: i64) -> Share {
        let part =
            self.lines.iter().filter(|line| line.bucket.first_day() > days).map(|line| line.principal.get()).sum();
        Share { part: Centavos::new(part), whole: self.principal() }
    }

    /// The roll rates from `earlier` (a month before) to this day: of the
    /// principal in each past-due-or-current bucket then, the share that
    /// stands in the next bucket now (a bucket's loans a month older).
    pub fn rolled_from(&self, earlier: &PortfolioAging) -> Vec<(AgingBucket, AgingBucket, Share)> {
        AgingBucket::ALL
            .into_iter()
            .filter_map(|from| {
                let to = from.next()?;
                Some((from, to, Share { part: self.line(to).principal, whole: earlier.line(from).principal }))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(bucket: AgingBucket, loans: i64, pesos: i64) -> AgingLine {
        AgingLine { bucket, loans, principal: Centavos::from_pesos(pesos) }
    }

    #[test]
    fn a_month_before_is_the_same_day_or_the_shorter_months_last() {
        use time::macros::date;
        assert_eq!(month_before(date!(2026 - 11 - 27)), date!(2026 - 10 - 27));
        assert_eq!(month_before(date!(2026 - 03 - 31)), date!(2026 - 02 - 28));
        assert_eq!(month_before(date!(2026 - 01 - 15)), date!(2025 - 12 - 15));
    }

    #[test]
    fn days_past_due_fall_in_their_buckets() {
        let cases = [
            (0, "current"),
            (1, "1-30"),
            (30, "1-30"),
            (31, "31-60"),
            (60, "31-60"),
            (61, "61-90"),
            (90, "61-90"),
            (91, "91-180"),
            (180, "91-180"),
            (181, "181+"),
            (500, "181+"),
        ];
        for (days, key) in cases {
            assert_eq!(AgingBucket::of(days).key(), key, "{days}");
        }
        for bucket in AgingBucket::ALL {
            assert_eq!(AgingBucket::parse(bucket.key()), Some(bucket));
            assert_eq!(AgingBucket::of(bucket.first_day()), bucket);
        }
        assert_eq!(AgingBucket::Over180.next(), None);
        assert_eq!(AgingBucket::Current.next(), Some(AgingBucket::Days1To30));
    }

    #[test]
    fn portfolio_at_risk_counts_only_loans_past_the_days_named() {
        let aging = PortfolioAging::of(&[
            line(AgingBucket::Current, 80, 400_000),
            line(AgingBucket::Days1To30, 10, 50_000),
            line(AgingBucket::Days31To60, 5, 25_000),
            line(AgingBucket::Days91To180, 4, 20_000),
            line(AgingBucket::Over180, 1, 5_000),
        ]);
        assert_eq!(aging.lines.len(), 6, "every bucket, 61-90 at zero");
        assert_eq!(aging.principal(), Centavos::from_pesos(500_000));
        assert_eq!(
            aging.at_risk(30),
            Share { part: Centavos::from_pesos(50_000), whole: Centavos::from_pesos(500_000) }
        );
        assert_eq!(aging.at_risk(30).basis_points(), Some(1_000), "PAR30 10.00%");
        assert_eq!(aging.at_risk(90).basis_points(), Some(500), "PAR90 5.00%");
        assert_eq!(PortfolioAging::of(&[]).at_risk(30).basis_points(), None, "no loans, no share");
        // 1 of 3: 33.333…% → 33.33%; 2 of 3 → 66.67%.
        assert_eq!(Share { part: Centavos::new(1), whole: Centavos::new(3) }.basis_points(), Some(3_333));
        assert_eq!(Share { part: Centavos::new(2), whole: Centavos::new(3) }.basis_points(), Some(6_667));
    }

    #[test]
    fn a_roll_rate_is_the_next_buckets_principal_now_of_the_buckets_a_month_before() {
        let before =
            PortfolioAging::of(&[line(AgingBucket::Current, 100, 500_000), line(AgingBucket::Days1To30, 10, 40_000)]);
        let now = PortfolioAging::of(&[
            line(AgingBucket::Current, 90, 450_000),
            line(AgingBucket::Days1To30, 5, 25_000),
            line(AgingBucket::Days31To60, 3, 10_000),
        ]);
        let rolled = now.rolled_from(&before);
        assert_eq!(rolled.len(), 5);
        assert_eq!(
            rolled[0],
            (
                AgingBucket::Current,
                AgingBucket::Days1To30,
                Share { part: Centavos::from_pesos(25_000), whole: Centavos::from_pesos(500_000) }
            )
        );
        assert_eq!(rolled[0].2.basis_points(), Some(500));
        assert_eq!(rolled[1].2.basis_points(), Some(2_500), "10,000 of the 40,000 a month late rolled on");
        assert_eq!(rolled[2].2.basis_points(), None, "nothing stood 31-60 a month before");
    }
}
