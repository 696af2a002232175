//! The lender's staff: their roles, what each role may do, and the audit
//! log every staff action writes. The server checks a permission on every
//! console call; the audit log can be read by admins and auditors and
//! changed by nobody.

use time::{Duration, OffsetDateTime};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    Admin,
    CreditOfficer,
    Finance,
    CustomerCare,
    Marketing,
    Auditor,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Permission {
    /// Staff accounts: create, deactivate.
    ManageStaff,
    ReadAudit,
    ViewBorrowers,
    /// Unmask KYC data, with a logged reason.
    RevealPersonalData,
    ViewOrders,
    DecideApplications,
    ViewMoney,
    MatchPayments,
    ProposeAdjustments,
    ApproveAdjustments,
    ViewComplaints,
    AnswerComplaints,
    ManageProducts,
    ManageMarketing,
    ViewMessages,
    ViewCollections,
    LogCollectionContacts,
    ViewDashboard,
    /// Peso exchange rates for the borrower's calculator (reference data,
    /// never used to move money).
    SetExchangeRates,
    /// The dated rule sets of the law's ceilings (decision 056): correcting
    /// a date or adding the next circular.
    ManageRuleSets,
    /// Closing a lender's books through a day or a month (decision 069).
    CloseBooks,
    /// Proposing a journal in a lender's books (decision 071).
    ProposeJournals,
    /// Approving or rejecting another member's journal.
    ApproveJournals,
    /// Proposing a lender's provision matrix (decision 072).
    ProposeProvisionRates,
    /// Approving or rejecting another member's provision matrix.
    ApproveProvisionRates,
    /// Proposing that a loan be written off (decision 073).
    ProposeWriteOffs,
    /// Approving or rejecting another member's write-off.
    ApproveWriteOffs,
    /// Bringing in the providers' statements and resolving their
    /// unmatched lines (decision 074).
    ReconcileStatements,
    /// Proposing to pay a borrower's credit back (decision 075).
    ProposeRefunds,
    /// Approving or rejecting another member's refund.
    ApproveRefunds,
}

impl Role {
    pub const ALL: [Role; 6] =
        [Role::Admin, Role::CreditOfficer, Role::Finance, Role::CustomerCare, Role::Marketing, Role::Auditor];

    pub fn key(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::CreditOfficer => "credit_officer",
            Role::Finance => "finance",
            Role::CustomerCare => "customer_care",
            Role::Marketing => "marketing",
            Role::Auditor => "auditor",
        }
    }

    pub fn parse(key: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|role| role.key() == key)
    }

    /// What the role may do. Admins run the system but do not move money or
    /// answer borrowers; auditors read, and change nothing.
    pub fn permissions(self) -> &'static [Permission] {
        use Permission::*;
        match self {
            Role::Admin => &[
                ManageStaff,
                ReadAudit,
                ViewBorrowers,
                ViewOrders,
                ViewMoney,
                ViewComplaints,
                ManageProducts,
                ManageRuleSets,
                ManageMarketing,
                ViewMessages,
                ViewCollections,
                ViewDashboard,
            ],
            Role::CreditOfficer => &[
                ViewBorrowers,
                RevealPersonalData,
                ViewOrders,
                DecideApplications,
                ViewCollections,
                LogCollectionContacts,
                ViewDashboard,
            ],
            Role::Finance => &[
                ViewBorrowers,
                ViewOrders,
                ViewMoney,
                MatchPayments,
                ProposeAdjustments,
                ApproveAdjustments,
                ViewDashboard,
                SetExchangeRates,
                CloseBooks,
                ProposeJournals,
                ApproveJournals,
                ProposeProvisionRates,
                ApproveProvisionRates,
                ProposeWriteOffs,
                ApproveWriteOffs,
                ReconcileStatements,
                ProposeRefunds,
                ApproveRefunds,
            ],
            Role::CustomerCare => &[
                ViewBorrowers,
                RevealPersonalData,
                ViewOrders,
                ViewComplaints,
                AnswerComplaints,
                ViewMessages,
                ViewDashboard,
            ],
            Role::Marketing => &[ManageMarketing, ViewDashboard],
            Role::Auditor => &[
                ReadAudit,
                ViewBorrowers,
                ViewOrders,
                ViewMoney,
                ViewComplaints,
                ViewMessages,
                ViewCollections,
                ViewDashboard,
            ],
        }
    }

    pub fn can(self, permission: Permission) -> bool {
        self.permissions().contains(&permission)
    }

    /// Whether the role matches, proposes or approves money: making or
    /// resetting such a member needs a second admin (decision 058), or one
    /// admin could make both halves of a maker-checker pair.
    pub fn moves_money(self) -> bool {
        [
            Permission::MatchPayments,
            Permission::ProposeAdjustments,
            Permission::ApproveAdjustments,
            Permission::ProposeJournals,
            Permission::ApproveJournals,
            Permission::ProposeProvisionRates,
            Permission::ApproveProvisionRates,
            Permission::ProposeWriteOffs,
            Permission::ApproveWriteOffs,
            Permission::ProposeRefunds,
            Permission::ApproveRefunds,
        ]
        .iter()
        .any(|permission| self.can(*permission))
    }
}

impl Permission {
    pub fn key(self) -> &'static str {
        match self {
            Permission::ManageStaff => "manage_staff",
            Permission::ReadAudit => "read_audit",
            Permission::ViewBorrowers => "view_borrowers",
            Permission::RevealPersonalData => "reveal_personal_data",
            Permission::ViewOrders => "view_orders",
            Permission::DecideApplications => "decide_applications",
            Permission::ViewMoney => "view_money",
            Permission::MatchPayments => "match_payments",
            Permission::ProposeAdjustments => "propose_adjustments",
            Permission::ApproveAdjustments => "approve_adjustments",
            Permission::ViewComplaints => "view_complaints",
            Permission::AnswerComplaints => "answer_complaints",
            Permission::ManageProducts => "manage_products",
            Permission::ManageMarketing => "manage_marketing",
            Permission::ViewMessages => "view_messages",
            Permission::ViewCollections => "view_collections",
            Permission::LogCollectionContacts => "log_collection_contacts",
            Permission::ViewDashboard => "view_dashboard",
            Permission::SetExchangeRates => "set_exchange_rates",
            Permission::ManageRuleSets => "manage_rule_sets",
            Permission::CloseBooks => "close_books",
            Permission::ProposeJournals => "propose_journals",
            Permission::ApproveJournals => "approve_journals",
            Permission::ProposeProvisionRates => "propose_provision_rates",
            Permission::ApproveProvisionRates => "approve_provision_rates",
            Permission::ProposeWriteOffs => "propose_write_offs",
            Permission::ApproveWriteOffs => "approve_write_offs",
            Permission::ReconcileStatements => "reconcile_statements",
            Permission::ProposeRefunds => "propose_refunds",
            Permission::ApproveRefunds => "approve_refunds",
        }
    }
}

/// A staff member's account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaffAccount {
    pub id: i64,
    /// Lowercase; the login name.
    pub email: String,
    pub name: String,
    pub role: Role,
    pub password_hash: String,
    /// The TOTP secret (RFC 6238), base32.
    pub totp_secret: String,
    /// The last TOTP time step accepted, so a code works once.
    pub last_totp_step: i64,
    /// False once an admin switched the account off: it can neither sign in
    /// nor use a session.
    pub active: bool,
    pub created_at: OffsetDateTime,
    /// When the member last set their own password and authenticator;
    /// `None` while a new or reset account waits for its enrolment, when
    /// it cannot sign in at all.
    pub enrolled_at: Option<OffsetDateTime>,
}

impl StaffAccount {
    /// Whether the account may sign in: switched on and enrolled.
    pub fn can_sign_in(&self) -> bool {
        self.active && self.enrolled_at.is_some()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewStaff {
    pub email: String,
    pub name: String,
    pub role: Role,
    pub password_hash: String,
    pub totp_secret: String,
    pub created_at: OffsetDateTime,
    /// `None` for a member who enrols through a link; the command line's
    /// first admin is enrolled as it is made.
    pub enrolled_at: Option<OffsetDateTime>,
}

/// How long an enrolment link works once mailed (decision 058).
pub const ENROLMENT_LINK_HOURS: i64 = 72;

/// The password hash of an account that has none yet: no Argon2 hash
/// looks like it, so nothing verifies against it.
pub const NO_PASSWORD: &str = "!";

/// Why a member enrols.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnrolmentPurpose {
    /// A new account.
    New,
    /// An admin reset a sign-in that was lost: the old one stopped at once.
    Reset,
    /// The member asked to replace their own password and authenticator;
    /// the old ones work until the new ones are set.
    Renewal,
}

impl EnrolmentPurpose {
    pub fn key(self) -> &'static str {
        match self {
            EnrolmentPurpose::New => "new",
            EnrolmentPurpose::Reset => "reset",
            EnrolmentPurpose::Renewal => "renewal",
        }
    }

    pub fn parse(key: &str) -> Option<EnrolmentPurpose> {
        [EnrolmentPurpose::New, EnrolmentPurpose::Reset, EnrolmentPurpose::Renewal]
            .into_iter()
            .find(|purpose| purpose.key() == key)
    }
}

/// A member's open enrolment: the authenticator secret they will scan, who
/// asked for it, and whether its link is out. A money role's link is
/// mailed only once a second admin approved it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enrolment {
    pub staff_id: i64,
    pub purpose: EnrolmentPurpose,
    pub totp_secret: String,
    /// The admin (or, for a renewal, the member) who asked; `None` for the
    /// command line.
    pub requested_by: Option<i64>,
    pub needs_approval: bool,
    pub approved_by: Option<i64>,
    pub requested_at: OffsetDateTime,
    /// When the mailed link stops working; `None` until it is mailed.
    pub expires_at: Option<OffsetDateTime>,
    pub completed_at: Option<OffsetDateTime>,
}

impl Enrolment {
    /// Waiting for a second admin before its link may be mailed.
    pub fn awaits_approval(&self) -> bool {
        self.needs_approval && self.approved_by.is_none()
    }

    /// Whether its link lets the member enrol at `now`.
    pub fn is_open_at(&self, now: OffsetDateTime) -> bool {
        self.completed_at.is_none() && !self.awaits_approval() && self.expires_at.is_some_and(|end| now < end)
    }
}

/// An enrolment as asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewEnrolment {
    pub purpose: EnrolmentPurpose,
    pub totp_secret: String,
    pub requested_by: Option<i64>,
    pub needs_approval: bool,
    pub requested_at: OffsetDateTime,
}

/// One staff action, as the audit log keeps it: who, what, on what, the
/// state before and after, when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditEntry {
    pub id: i64,
    /// The staff member who acted; `None` for a staff API token or the
    /// system itself (the first admin, a CLI).
    pub staff_id: Option<i64>,
    /// The staff API token that acted, when a script did.
    pub api_token_id: Option<i64>,
    pub action: String,
    pub subject: String,
    /// JSON text.
    pub before: String,
    /// JSON text.
    pub after: String,
    pub at: OffsetDateTime,
}

/// An audit entry as the log is read back, with the name of the staff
/// member who acted, so readers see people rather than ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedAudit {
    pub entry: AuditEntry,
    /// `None` for a staff API token and the system.
    pub staff_name: Option<String>,
    /// The name of the staff API token that acted, if one did.
    pub api_token_name: Option<String>,
}

/// The longest a staff API token may live, in days: a forgotten script's
/// credential dies by itself within a year (decision 036).
pub const MAX_API_TOKEN_DAYS: i64 = 365;

/// How coarse a token's "last used" clock is: recording every call would
/// turn every read into a write.
pub const API_TOKEN_LAST_USED_RESOLUTION: Duration = Duration::minutes(1);

/// A named staff API token: a script's credential, with the role it acts
/// in, who made it and when it ends. The secret itself is shown once and
/// only its digest is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiToken {
    pub id: i64,
    pub name: String,
    pub role: Role,
    /// The admin who created it; `None` when `hiram staff-token` did.
    pub created_by: Option<i64>,
    pub created_at: OffsetDateTime,
    pub expires_at: OffsetDateTime,
    pub last_used_at: Option<OffsetDateTime>,
    pub revoked_at: Option<OffsetDateTime>,
}

impl ApiToken {
    /// A revoked or expired token is refused at once.
    pub fn is_usable_at(&self, now: OffsetDateTime) -> bool {
        self.revoked_at.is_none() && now < self.expires_at
    }

    pub fn needs_touch(&self, now: OffsetDateTime) -> bool {
        self.last_used_at.is_none_or(|last| now - last >= API_TOKEN_LAST_USED_RESOLUTION)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewApiToken {
    pub name: String,
    pub role: Role,
    pub created_by: Option<i64>,
    pub created_at: OffsetDateTime,
    pub expires_at: OffsetDateTime,
}

/// A token as admins list it, with the name of the admin who made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedApiToken {
    pub token: ApiToken,
    pub created_by_name: Option<String>,
}

/// A change to money that needs two people (maker-checker): one proposes,
/// another approves; nobody approves their own proposal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjustment {
    pub id: i64,
    pub order_id: crate::order::OrderId,
    /// Which charge is waived.
    pub bucket: crate::ledger::Bucket,
    pub amount: crate::money::Centavos,
    pub reason: String,
    /// `None` for a staff API token.
    pub proposed_by: Option<i64>,
    /// `proposed`, `approved` or `rejected`.
    pub status: String,
    pub decided_by: Option<i64>,
    pub proposed_at: OffsetDateTime,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token() -> ApiToken {
        ApiToken {
            id: 1,
            name: "nightly export".to_owned(),
            role: Role::Auditor,
            created_by: Some(1),
            created_at: time::macros::datetime!(2026-11-01 00:00 UTC),
            expires_at: time::macros::datetime!(2026-12-01 00:00 UTC),
            last_used_at: None,
            revoked_at: None,
        }
    }

    #[test]
    fn a_token_is_refused_from_its_expiry_on() {
        assert!(token().is_usable_at(time::macros::datetime!(2026-11-30 23:59 UTC)));
        assert!(!token().is_usable_at(time::macros::datetime!(2026-12-01 00:00 UTC)));
    }

    #[test]
    fn a_revoked_token_is_refused_before_its_expiry() {
        let revoked = ApiToken { revoked_at: Some(time::macros::datetime!(2026-11-02 00:00 UTC)), ..token() };
        assert!(!revoked.is_usable_at(time::macros::datetime!(2026-11-02 00:01 UTC)));
    }

    #[test]
    fn a_tokens_use_is_recorded_at_most_once_a_minute() {
        let used = ApiToken { last_used_at: Some(time::macros::datetime!(2026-11-02 00:00:00 UTC)), ..token() };
        assert!(token().needs_touch(time::macros::datetime!(2026-11-02 00:00 UTC)));
        assert!(!used.needs_touch(time::macros::datetime!(2026-11-02 00:00:59 UTC)));
        assert!(used.needs_touch(time::macros::datetime!(2026-11-02 00:01:00 UTC)));
    }

    fn enrolment() -> Enrolment {
        Enrolment {
            staff_id: 7,
            purpose: EnrolmentPurpose::New,
            totp_secret: "JBSWY3DPEHPK3PXP".to_owned(),
            requested_by: Some(1),
            needs_approval: true,
            approved_by: None,
            requested_at: time::macros::datetime!(2026-11-27 08:00 UTC),
            expires_at: None,
            completed_at: None,
        }
    }

    #[test]
    fn an_enrolment_link_works_once_approved_mailed_and_unused_until_it_expires() {
        let at = time::macros::datetime!(2026-11-27 09:00 UTC);
        assert!(enrolment().awaits_approval());
        assert!(!enrolment().is_open_at(at), "not mailed, not approved");
        let mailed = Enrolment { approved_by: Some(2), expires_at: Some(at + Duration::hours(1)), ..enrolment() };
        assert!(mailed.is_open_at(at));
        assert!(!mailed.is_open_at(at + Duration::hours(1)), "expired");
        let used = Enrolment { completed_at: Some(at), ..mailed.clone() };
        assert!(!used.is_open_at(at));
        let unapproved = Enrolment { approved_by: None, ..mailed };
        assert!(!unapproved.is_open_at(at), "a money role's link needs its approval");
    }

    #[test]
    fn only_roles_that_match_propose_or_approve_money_need_a_second_admin() {
        for role in Role::ALL {
            assert_eq!(role.moves_money(), role == Role::Finance, "{role:?}");
        }
    }

    #[test]
    fn purposes_read_back_from_their_keys() {
        for purpose in [EnrolmentPurpose::New, EnrolmentPurpose::Reset, EnrolmentPurpose::Renewal] {
            assert_eq!(EnrolmentPurpose::parse(purpose.key()), Some(purpose));
        }
    }

    #[test]
    fn roles_read_back_from_their_keys() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.key()), Some(role));
        }
        assert_eq!(Role::parse("root"), None);
    }

    #[test]
    fn only_admins_manage_staff_and_only_admins_and_auditors_read_the_audit_log() {
        for role in Role::ALL {
            assert_eq!(role.can(Permission::ManageStaff), role == Role::Admin, "{role:?}");
            assert_eq!(role.can(Permission::ReadAudit), matches!(role, Role::Admin | Role::Auditor), "{role:?}");
        }
    }

    #[test]
    fn auditors_change_nothing() {
        let changing = [
            Permission::ManageStaff,
            Permission::RevealPersonalData,
            Permission::DecideApplications,
            Permission::MatchPayments,
            Permission::ProposeAdjustments,
            Permission::ApproveAdjustments,
            Permission::AnswerComplaints,
            Permission::ManageProducts,
            Permission::ManageMarketing,
            Permission::LogCollectionContacts,
            Permission::ManageRuleSets,
            Permission::SetExchangeRates,
            Permission::CloseBooks,
            Permission::ProposeJournals,
            Permission::ApproveJournals,
            Permission::ProposeProvisionRates,
            Permission::ApproveProvisionRates,
            Permission::ProposeWriteOffs,
            Permission::ApproveWriteOffs,
            Permission::ReconcileStatements,
            Permission::ProposeRefunds,
            Permission::ApproveRefunds,
        ];
        assert!(changing.iter().all(|permission| !Role::Auditor.can(*permission)));
    }
}
