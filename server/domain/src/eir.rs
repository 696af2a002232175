//! The effective interest rate as SEC MC 14 s.2025 defines it (D4, decision
//! 056): interest plus every fee and charge except penalties, expressed as
//! the rate that discounts the loan's scheduled cash flows to its net
//! proceeds. The day count: a cash flow `t` days after the money was
//! received is discounted by `(1 + r)^(t/30)`, `r` being the rate for a
//! 30-day month, the month both circulars state their ceilings in.
//!
//! Every figure is computed with proven bounds. The arithmetic is IEEE
//! doubles, each result widened outward by one unit in the last place (a
//! correctly rounded operation is within half a unit of the true value),
//! and the 30th root is found by checking candidate roots raised to the
//! 30th power, so no library function's accuracy is taken on trust. A
//! comparison whose bounds do not decide it says so (`TooCloseToCall`), and
//! the cap checks count that as over the ceiling.

use crate::money::Centavos;

/// A payment of the loan: `amount` paid `day` days after the money was
/// received (day 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Flow {
    pub day: i64,
    pub amount: Centavos,
}

/// A closed interval of positive reals that holds the true value.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    lo: f64,
    hi: f64,
}

impl Bounds {
    fn exact(value: f64) -> Bounds {
        Bounds { lo: value, hi: value }
    }

    fn mul(self, other: Bounds) -> Bounds {
        Bounds { lo: (self.lo * other.lo).next_down(), hi: (self.hi * other.hi).next_up() }
    }

    fn div(self, other: Bounds) -> Bounds {
        Bounds { lo: (self.lo / other.hi).next_down(), hi: (self.hi / other.lo).next_up() }
    }

    fn add(self, other: Bounds) -> Bounds {
        Bounds { lo: (self.lo + other.lo).next_down(), hi: (self.hi + other.hi).next_up() }
    }

    /// `self^power` by repeated squaring.
    fn pow(self, mut power: u64) -> Bounds {
        let (mut result, mut base) = (Bounds::exact(1.0), self);
        while power > 0 {
            if power & 1 == 1 {
                result = result.mul(base);
            }
            base = base.mul(base);
            power >>= 1;
        }
        result
    }
}

/// The 30th root of `x` (x ≥ 1), bounded: a candidate is a lower bound when
/// its 30th power, rounded up, is at most x's lower end.
fn thirtieth_root(x: Bounds) -> Bounds {
    let is_below = |candidate: f64| Bounds::exact(candidate).pow(30).hi <= x.lo;
    let is_above = |candidate: f64| Bounds::exact(candidate).pow(30).lo >= x.hi;
    let guess = ((x.lo + x.hi) / 2.0).powf(1.0 / 30.0);
    let mut lo = guess * (1.0 - 1e-12);
    while !is_below(lo) {
        lo = lo * (1.0 - 1e-12) - f64::MIN_POSITIVE;
    }
    let mut hi = guess * (1.0 + 1e-12);
    while !is_above(hi) {
        hi = hi * (1.0 + 1e-12) + f64::MIN_POSITIVE;
    }
    // Narrow each end towards the guess while it stays provable: the ends
    // finish a few units in the last place apart.
    let (mut unproven, mut proven) = (guess, lo);
    for _ in 0..60 {
        let middle = (unproven + proven) / 2.0;
        if middle <= proven.min(unproven) || middle >= proven.max(unproven) {
            break;
        }
        if is_below(middle) { proven = middle } else { unproven = middle }
    }
    lo = proven;
    let (mut unproven, mut proven) = (guess, hi);
    for _ in 0..60 {
        let middle = (unproven + proven) / 2.0;
        if middle <= proven.min(unproven) || middle >= proven.max(unproven) {
            break;
        }
        if is_above(middle) { proven = middle } else { unproven = middle }
    }
    hi = proven;
    Bounds { lo: lo.max(1.0), hi }
}

/// The present value of the flows at a monthly rate of `rate` (bounded).
fn present_value(flows: &[Flow], rate: Bounds) -> Bounds {
    let daily = thirtieth_root(Bounds::exact(1.0).add(rate));
    flows.iter().fold(Bounds::exact(0.0), |sum, flow| {
        let amount = Bounds::exact(flow.amount.get() as f64);
        let growth = daily.pow(flow.day.max(0).unsigned_abs());
        sum.add(amount.div(growth))
    })
}

/// How the effective rate of a loan stands against a monthly rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgainstRate {
    /// The effective rate is at most the rate.
    AtOrBelow,
    /// It is above.
    Above,
    /// The two differ by less than the bounds can tell (about one part in
    /// 10^12); a ceiling check counts this as above.
    TooCloseToCall,
}

/// Compares the effective rate of a loan paying `flows` for `net_proceeds`
/// with `monthly_bp` basis points a month, without computing the rate: the
/// rate is at most `monthly_bp` exactly when the flows discounted at it are
/// worth at most the net proceeds.
pub fn against(net_proceeds: Centavos, flows: &[Flow], monthly_bp: i64) -> AgainstRate {
    let rate = Bounds::exact(monthly_bp as f64).div(Bounds::exact(10_000.0));
    let value = present_value(flows, rate);
    let net = net_proceeds.get() as f64;
    if value.hi <= net {
        AgainstRate::AtOrBelow
    } else if value.lo > net {
        AgainstRate::Above
    } else {
        AgainstRate::TooCloseToCall
    }
}

/// An effective monthly rate, as bounds that hold it: `lower ≤ r ≤ upper`,
/// at most about 10^-12 apart.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Eir {
    pub lower: f64,
    pub upper: f64,
}

impl Eir {
    /// The rate in basis points a month, rounded half up: what a page
    /// shows as a percent with two decimals.
    pub fn basis_points(&self) -> i64 {
        ((self.lower + self.upper) / 2.0 * 10_000.0 + 0.5).floor() as i64
    }

    /// The rate as a percent with six decimals, for a proof.
    pub fn percent_text(&self) -> String {
        format!("{:.6}%", (self.lower + self.upper) / 2.0 * 100.0)
    }
}

/// The effective monthly rate of a loan paying `flows` for `net_proceeds`:
/// the root of "present value = net proceeds", enclosed by bisection. Zero
/// when the flows are worth no more than the net proceeds undiscounted (a
/// loan that costs nothing); `None` without net proceeds or flows.
pub fn effective_monthly_rate(net_proceeds: Centavos, flows: &[Flow]) -> Option<Eir> {
    if net_proceeds.get() <= 0 || flows.is_empty() || flows.iter().any(|flow| flow.amount.get() < 0) {
        return None;
    }
    let net = net_proceeds.get() as f64;
    let above = |rate: f64| present_value(flows, Bounds::exact(rate)).lo > net;
    let below = |rate: f64| present_value(flows, Bounds::exact(rate)).hi < net;
    if !above(0.0) {
        return Some(Eir { lower: 0.0, upper: 0.0 });
    }
    // PV falls as the rate rises: find a rate it is below the net proceeds at.
    let mut high = 1.0;
    while !below(high) {
        high *= 2.0;
        if high > 1e12 {
            return None;
        }
    }
    let mut low = 0.0;
    for _ in 0..200 {
        let middle = (low + high) / 2.0;
        if middle <= low || middle >= high {
            break;
        }
        if above(middle) {
            low = middle;
        } else if below(middle) {
            high = middle;
        } else {
            // Undecided at the middle: the root is within the bounds' width
            // of it. Each end still moves towards it while it stays provable.
            let mut inner = middle;
            for _ in 0..100 {
                let step = (low + inner) / 2.0;
                if step <= low || step >= inner {
                    break;
                }
                if above(step) { low = step } else { inner = step }
            }
            let mut inner = middle;
            for _ in 0..100 {
                let step = (inner + high) / 2.0;
                if step <= inner || step >= high {
                    break;
                }
                if below(step) { high = step } else { inner = step }
            }
            break;
        }
        if high - low <= 1e-13 * high.max(1e-9) {
            break;
        }
    }
    Some(Eir { lower: low, upper: high })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn flow(day: i64, pesos: f64) -> Flow {
        Flow { day, amount: Centavos::new((pesos * 100.0).round() as i64) }
    }

    #[test]
    fn one_payment_a_month_later_is_its_simple_ratio() {
        // ₱4,750 received, ₱5,300 paid on day 30: 5300/4750 − 1 = 11.578947…%.
        let eir = effective_monthly_rate(Centavos::from_pesos(4_750), &[flow(30, 5_300.0)]).unwrap();
        let exact = 5_300.0 / 4_750.0 - 1.0;
        assert!(eir.lower <= exact && exact <= eir.upper, "{eir:?}");
        assert_eq!(eir.basis_points(), 1_158);
    }

    #[test]
    fn two_monthly_payments_solve_the_quadratic() {
        // N = A/(1+r) + B/(1+r)²; with v = 1/(1+r): B v² + A v − N = 0.
        let (net, a, b) = (5_700.0_f64, 3_200.0_f64, 3_100.0_f64);
        let v = (-a + (a * a + 4.0 * b * net).sqrt()) / (2.0 * b);
        let exact = 1.0 / v - 1.0;
        let eir = effective_monthly_rate(Centavos::from_pesos(5_700), &[flow(30, 3_200.0), flow(60, 3_100.0)]).unwrap();
        assert!((eir.lower - exact).abs() < 1e-9 && (eir.upper - exact).abs() < 1e-9, "{eir:?} vs {exact}");
    }

    #[test]
    fn the_issues_product_of_six_percent_and_a_nine_percent_fee_is_above_twelve() {
        // ₱5,000 for 30 days at 6% (₱300) with ₱450 deducted: 16.48% a month.
        let flows = [flow(30, 5_300.0)];
        let net = Centavos::from_pesos(4_550);
        assert_eq!(effective_monthly_rate(net, &flows).unwrap().basis_points(), 1_648);
        assert_eq!(against(net, &flows, 1_200), AgainstRate::Above);
        assert_eq!(against(net, &flows, 1_700), AgainstRate::AtOrBelow);
    }

    #[test]
    fn a_rate_met_exactly_is_at_or_below_or_too_close_never_above() {
        // ₱1,000 received, ₱1,120 paid on day 30: exactly 12%.
        let verdict = against(Centavos::from_pesos(1_000), &[flow(30, 1_120.0)], 1_200);
        assert_ne!(verdict, AgainstRate::Above);
    }

    #[test]
    fn a_loan_that_costs_nothing_has_no_rate() {
        let eir = effective_monthly_rate(Centavos::from_pesos(1_000), &[flow(15, 500.0), flow(30, 500.0)]).unwrap();
        assert_eq!(eir.basis_points(), 0);
    }

    #[test]
    fn days_that_are_not_whole_months_compound_to_the_thirty_day_month() {
        // ₱1,000 for 15 days paying ₱1,050: (1.05)^2 − 1 = 10.25% a month.
        let eir = effective_monthly_rate(Centavos::from_pesos(1_000), &[flow(15, 1_050.0)]).unwrap();
        assert_eq!(eir.basis_points(), 1_025);
    }

    /// An independent root: Newton's method in plain floating point.
    fn newton(net: f64, flows: &[(i64, f64)]) -> f64 {
        let mut rate: f64 = 0.05;
        for _ in 0..100 {
            let (mut value, mut slope) = (-net, 0.0);
            for (day, amount) in flows {
                let periods = *day as f64 / 30.0;
                value += amount * (1.0 + rate).powf(-periods);
                slope -= periods * amount * (1.0 + rate).powf(-periods - 1.0);
            }
            rate -= value / slope;
        }
        rate
    }

    proptest! {
        #[test]
        fn the_bounds_hold_an_independent_root(
            net in 1_000i64..1_000_000,
            periods in 1i64..6,
            period_days in 1i64..61,
            markup_bp in 1i64..4_000,
        ) {
            let total = net + net * markup_bp / 10_000;
            let part = total / periods;
            let flows: Vec<Flow> = (1..=periods)
                .map(|n| Flow { day: n * period_days, amount: Centavos::new(if n == periods { total - part * (periods - 1) } else { part }) })
                .collect();
            let eir = effective_monthly_rate(Centavos::new(net), &flows).unwrap();
            let plain: Vec<(i64, f64)> = flows.iter().map(|flow| (flow.day, flow.amount.get() as f64)).collect();
            let independent = newton(net as f64, &plain);
            let tolerance = 1e-9 * independent.abs().max(1.0);
            prop_assert!(eir.lower - tolerance <= independent && independent <= eir.upper + tolerance,
                "{eir:?} vs Newton's {independent}");
            // Narrow: a billionth of the rate, or for rates under 1% a month
            // a hundred-billionth absolute (a basis point is 1e-4).
            prop_assert!(eir.upper - eir.lower <= 1e-9 * eir.upper.max(1e-2), "{eir:?}");
            // The comparison agrees with the enclosure wherever it decides.
            let bp = eir.basis_points();
            prop_assert_ne!(against(Centavos::new(net), &flows, bp + 1), AgainstRate::Above);
            if bp > 1 {
                prop_assert_ne!(against(Centavos::new(net), &flows, bp - 1), AgainstRate::AtOrBelow);
            }
        }
    }
}
