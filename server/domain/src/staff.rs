//! The lender's staff: their roles, what each role may do, and the audit
//! log every staff action writes. The server checks a permission on every
//! console call; the audit log can be read by admins and auditors and
//! changed by nobody.

use time::OffsetDateTime;

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
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewStaff {
    pub email: String,
    pub name: String,
    pub role: Role,
    pub password_hash: String,
    pub totp_secret: String,
    pub created_at: OffsetDateTime,
}

/// One staff action, as the audit log keeps it: who, what, on what, the
/// state before and after, when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditEntry {
    pub id: i64,
    /// `None` for actions of the system itself (the first admin, a CLI).
    pub staff_id: Option<i64>,
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
    /// `None` for the API token and the system.
    pub staff_name: Option<String>,
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
    /// `None` for the operator's API token.
    pub proposed_by: Option<i64>,
    /// `proposed`, `approved` or `rejected`.
    pub status: String,
    pub decided_by: Option<i64>,
    pub proposed_at: OffsetDateTime,
}

#[cfg(test)]
mod tests {
    use super::*;

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
        ];
        assert!(changing.iter().all(|permission| !Role::Auditor.can(*permission)));
    }
}
