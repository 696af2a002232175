//! The server's message catalogue: every text a borrower can read in an API
//! reply, in English (en-PH, the default) and Filipino (decisions.md D1).

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use hiram_domain::borrower::Language;
use std::convert::Infallible;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    En,
    Fil,
}

impl Lang {
    /// The `lang` query parameter wins; then the first language of
    /// `Accept-Language` that we speak; then English.
    pub fn detect(query: Option<&str>, accept_language: Option<&str>) -> Lang {
        Lang::named_in(query)
            .or_else(|| {
                accept_language.and_then(|header| {
                    header.split(',').find_map(|part| Lang::from_tag(part.split(';').next()?.trim()))
                })
            })
            .unwrap_or_default()
    }

    /// The language the `lang` query parameter names, if it names one.
    fn named_in(query: Option<&str>) -> Option<Lang> {
        query.and_then(|query| query.split('&').find_map(|pair| pair.strip_prefix("lang=")).and_then(Lang::from_tag))
    }

    fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "fil" | "tl" => Some(Lang::Fil),
            _ => None,
        }
    }
}

impl From<Language> for Lang {
    fn from(language: Language) -> Lang {
        match language {
            Language::English => Lang::En,
            Language::Filipino => Lang::Fil,
        }
    }
}

impl From<Lang> for Language {
    fn from(lang: Lang) -> Language {
        match lang {
            Lang::En => Language::English,
            Lang::Fil => Language::Filipino,
        }
    }
}

impl Lang {
    /// The language of what the server tells a borrower on its own (SMS):
    /// the one they chose, else English (decision 046).
    pub fn of(chosen: Option<Language>) -> Lang {
        chosen.map(Lang::from).unwrap_or_default()
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Lang {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Lang, Infallible> {
        let accept = parts.headers.get(axum::http::header::ACCEPT_LANGUAGE).and_then(|value| value.to_str().ok());
        Ok(Lang::detect(parts.uri.query(), accept))
    }
}

/// The language a request names in its `lang` query parameter: the one the
/// page runs in after the borrower chose it (or the app shell set it), as
/// against a browser's `Accept-Language`, which nobody chose. Login
/// remembers it for the borrower (decision 046).
pub struct NamedLang(pub Option<Lang>);

impl<S: Send + Sync> FromRequestParts<S> for NamedLang {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<NamedLang, Infallible> {
        Ok(NamedLang(Lang::named_in(parts.uri.query())))
    }
}

/// Every message the API can send.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Msg {
    Success,
    InvalidParameters,
    SessionRequired,
    NotificationUnverified,
    NotificationsOff,
    NotFound,
    MethodNotAllowed,
    TooManyRequests,
    ServerError,
    StatusUnderReviewTitle,
    StatusUnderReviewText,
    StatusApprovedTitle,
    StatusApprovedText,
    StatusRejectedTitle,
    StatusRejectedText,
    StatusDisbursingTitle,
    StatusDisbursingText,
    StatusAwaitingAccountTitle,
    StatusRepaymentOpenTitle,
    StatusRepaymentOpenText,
    StatusOverdueTitle,
    StatusOverdueText,
    StatusRepaidTitle,
    StatusRepaidText,
    RowOrderNumber,
    RowLoanAmount,
    RowTerm,
    RowRuleSet,
    RowInterest,
    RowServiceFee,
    RowTotalRepayment,
    RowApplicationDate,
    RowDisbursementDate,
    RowDueDate,
    TermDays,
    WithdrawReminder,
    ApplyButton,
    ProviderUnavailable,
    InvalidPhone,
    InvalidCodeFormat,
    CodeWrong,
    CodeRefused,
    CodeTooSoon,
    CodeHourlyLimit,
    SignInTooOften,
    StaffSignInTooOften,
    ForeignOrigin,
    CodeDailyLimit,
    CodeSms,
    CodeVoice,
    WrongPhoneOrPassword,
    WeakPassword,
    UnknownPurpose,
    CaptchaMissing,
    CaptchaWrong,
    CodeSent,
    Registered,
    AlreadyRegistered,
    HomeNotice,
    AmountNotOffered,
    ProductUnavailable,
    KycIncomplete,
    OpenLoanExists,
    AboveLimit,
    FieldMissing,
    FieldInvalid,
    /// A KYC answer's length, `{n}` the characters allowed (`2–100`).
    FieldTextLength,
    /// A KYC answer that must be a whole number, `{n}` its range (`0–20`).
    FieldWholeNumber,
    FieldEmail,
    FieldDate,
    /// A KYC answer that must be one of a list (a choice, a city).
    FieldFromList,
    Underage,
    NotFilipino,
    TermsChanged,
    LoanBreaksCeiling,
    NotAwaitingConfirmation,
    ConfirmMismatch,
    RowNetProceeds,
    RowEffectiveRate,
    PaymentOf,
    RetentionTitle,
    RetentionText,
    DocAgreement,
    DocDisclosure,
    DocPrivacy,
    DocTerms,
    MenuInformation,
    MenuComplaints,
    MenuCustomerService,
    MenuAbout,
    FailureNotice,
    FailureUnknown,
    ConfirmButton,
    ConfirmPromotion,
    KindTips,
    SecondPersonNeeded,
    ApproverNotIndependent,
    ReasonNeeded,
    ReversalNotAPayment,
    ReversalMoreThanPaid,
    ReversalOfExtension,
    ReversalAlreadyProposed,
    ReversalOpenLoanOfProduct,
    PaymentReversedSms,
    SearchTooShort,
    ApplicationApprovedSms,
    ApplicationDeclinedSms,
    ComplaintTooManyImages,
    NotAllowed,
    StaffLoginRefused,
    StaffEmailTaken,
    StaffOwnAccount,
    StaffLastAdmin,
    StaffOwnReset,
    StaffResetInactive,
    EnrolmentOwnApproval,
    EnrolmentNothingToApprove,
    EnrolmentLinkSpent,
    EnrolmentCodeWrong,
    StaffPasswordWeak,
    StaffPasswordWrong,
    ApiTokenMembersOnly,
    LinkCodeTaken,
    ComplaintDetailEmpty,
    ComplaintTypeInvalid,
    ComplaintSubTypeNeeded,
    ComplaintCollectionNeedsLoan,
    ComplaintImageUnknown,
    ComplaintSent,
    IdempotencyKeyInvalid,
    IdempotencyKeyReused,
    ComplaintAnsweredSms,
    RatingInvalid,
    RatingNotOpen,
    TabAll,
    TabProcessing,
    TabReplied,
    ChooseCardFirst,
    PaymentSubmittedTwice,
    PaymentPageExpired,
    CodeWrongRepayment,
    DebitDeclined,
    ReferenceInvalid,
    ReferenceAlreadySubmitted,
    ReferenceAlreadyCredited,
    TooManyPayCodes,
    UnpostedAlreadyCredited,
    ReferenceQueued,
    TooManyReferences,
    PayoutSentSms,
    PayoutRefusedSms,
    CardPopTitle,
    CardPopMsg,
    AccountTypeLabel,
    AccountTypeBank,
    AccountTypeWallet,
    BankLabel,
    BankSubtitle,
    BankAccountLabel,
    BankAccountNote,
    WalletLabel,
    WalletNumberLabel,
    WalletNumberNote,
    AccountKindInvalid,
    AccountProviderInvalid,
    AccountNumberInvalid,
    AccountBound,
    NotExtendable,
    ExtensionsUsedUp,
    OverdueDaysLate,
    OverduePenalties,
    OverdueBalance,
    OverdueNextDay,
    OverdueNextDayCapped,
    OverdueCapReached,
    ExtensionTooLate,
    ExtensionBreaksCeiling,
    ExtensionAmountChanged,
    ExtensionTitle,
    ExtensionReceipt,
    RowChargesDue,
    RowExtensionFee,
    RowNewDueDate,
    RowPrincipalAfter,
    TrailDisbursement,
    TrailInterest,
    TrailPenalty,
    TrailExtensionFee,
    TrailRepayment,
    TrailReversal,
    ImageTooLarge,
    ImageWrongType,
    ImageTooManyPixels,
    ImageDailyLimit,
    ConsentNeeded,
    PlanPaid,
    PlanDue,
    PlanOverdue,
    RowPenalties,
    RowPaidSoFar,
    RowOwedNow,
    NoticeEwallets,
    NoticeStores,
    StepsGcash,
    StepsMaya,
    StepsStore,
    PickChannel,
    StandingCodeTitle,
    PayCodeUnavailable,
    ChannelRefused,
    PayCodeAlreadyPaid,
    NothingToRepay,
    UnknownChannel,
    PayAmountInvalid,
    PaymentReceipt,
    OrderMovedOn,
    CapNominal,
    CapEffective,
    CapPenalty,
    CapTotalCost,
    TermsMalformed,
    TermsBreakCeiling,
    TermsClauses,
    OpenLoanBlocksDeletion,
    ContactOutsideHours,
    ContactNeedsOverdue,
    ContactNoteTooLong,
    CalcAmountInvalid,
    MenuCalculator,
    CalcRateInvalid,
    CalcTermInvalid,
    CalcFeeInvalid,
    CalcMethodInvalid,
    CalcFrequencyInvalid,
    CalcNameInvalid,
    CalcSavedLimit,
    CalcMethodFlat,
    CalcMethodDeclining,
    CalcDaily,
    CalcWeekly,
    CalcMonthly,
    CalcCapNominal,
    CalcCapEffective,
    ExchangeNoRate,
    ExchangeAmountInvalid,
    ExchangeDirectionInvalid,
    MenuBookKeeping,
    BookKindInvalid,
    BookAmountInvalid,
    BookAmountNotPositive,
    BookAmountTooLarge,
    BookCategoryUnknown,
    BookCategoryWrongKind,
    BookDateInvalid,
    BookDateOutOfRange,
    BookNoteTooLong,
    BookImageUnknown,
    BookMonthInvalid,
    BookUndoClosed,
    MenuRepaymentReminders,
    BillNameEmpty,
    BillNameInvalid,
    BillAmountInvalid,
    BillDateInvalid,
    BillDateOutOfRange,
    BillRepeatInvalid,
    BillNoteTooLong,
    BillLimitReached,
    BillSaved,
    BillDeleted,
    ReminderDaysInvalid,
    ReminderTimeInvalid,
    ReminderOutsideHours,
    ReminderTargetNeeded,
    ReminderLoanClosed,
    ReminderSet,
    ReminderClosed,
    RepeatNone,
    RepeatWeekly,
    RepeatMonthly,
    ReminderOnDueDate,
    ReminderDaysBefore,
    ReminderBillSms,
    ReminderLoanSms,
    UnknownLanguage,
}

impl Msg {
    pub fn text(self, lang: Lang) -> &'static str {
        use Msg::*;
        match lang {
            Lang::En => match self {
                Success => "Success",
                InvalidParameters => "Some details are missing or not valid. Please check and try again.",
                SessionRequired => "Your session has ended. Please log in again.",
                NotificationUnverified => "The notification's signature or token does not verify.",
                NotificationsOff => "This server takes no payment notifications from this provider.",
                NotFound => "We could not find what you are looking for.",
                MethodNotAllowed => "This action is not available here.",
                TooManyRequests => "Too many attempts. Please wait a moment and try again.",
                ServerError => "Something went wrong on our side. Please try again in a few minutes.",
                StatusUnderReviewTitle => "Under review",
                StatusUnderReviewText => "We are reviewing your application. You will get a decision within 1 day.",
                StatusApprovedTitle => "Approved",
                StatusApprovedText => "Your loan is approved. Confirm it to receive the money.",
                StatusRejectedTitle => "Not approved",
                StatusRejectedText => "We could not approve this loan or send the money. You may try another product.",
                StatusDisbursingTitle => "Sending your money",
                StatusDisbursingText => "The money is on its way to your account. This usually takes a few minutes.",
                StatusAwaitingAccountTitle => "Add an account to receive it",
                StatusRepaymentOpenTitle => "Loan received",
                StatusRepaymentOpenText => "Please repay on or before the due date to avoid late charges.",
                StatusOverdueTitle => "Overdue",
                StatusOverdueText => "Your payment is past due. Please repay now to stop late charges from growing.",
                StatusRepaidTitle => "Fully paid",
                StatusRepaidText => "Thank you! This loan is fully paid. You can borrow again anytime.",
                RowOrderNumber => "Order number",
                RowLoanAmount => "Loan amount",
                RowTerm => "Term",
                RowRuleSet => "Ceilings of the law",
                RowInterest => "Interest",
                RowServiceFee => "Service fee",
                RowTotalRepayment => "Total repayment",
                RowApplicationDate => "Application date",
                RowDisbursementDate => "Date received",
                RowDueDate => "Due date",
                TermDays => "days",
                WithdrawReminder => "Your approved loan is waiting. Confirm it to receive the money.",
                ApplyButton => "Apply",
                ProviderUnavailable => "We could not send the message right now. Please try again in a minute.",
                InvalidPhone => "Please enter a valid mobile number.",
                InvalidCodeFormat => "Please enter the 6-digit code.",
                CodeWrong => "The code is not correct. You can try {n} more {time|times}.",
                CodeRefused => "This code can no longer be used. Please request a new one.",
                CodeTooSoon => "Please wait {n} seconds before requesting another code.",
                CodeHourlyLimit => "You have requested too many codes this hour. Please try again later.",
                SignInTooOften => "Too many sign-in tries. Please wait a few minutes, or log in with a code by SMS.",
                StaffSignInTooOften => "Too many sign-in tries from here. Please wait a few minutes and try again.",
                ForeignOrigin => {
                    "This request came from another website and was refused. Open the console itself and try again."
                }
                CodeDailyLimit => "You have requested too many codes today. Please try again tomorrow.",
                CodeSms => {
                    "Your Hiram code is {code}. It expires in 5 minutes. Never share it with anyone, not even Hiram staff."
                }
                CodeVoice => "This is Hiram. Your code is {code}. Again, your code is {code}.",
                WrongPhoneOrPassword => "The mobile number or password is not correct.",
                WeakPassword => {
                    "Use 8 to 64 characters for your password, not only numbers, and not a common password like \"password123\"."
                }
                UnknownPurpose => "This kind of code is not available here.",
                CaptchaMissing => "Please enter the characters in the picture.",
                CaptchaWrong => "The characters do not match the picture. Please try the new picture.",
                CodeSent => "The code has been sent. Please check your phone.",
                Registered => "Registration successful",
                AlreadyRegistered => "You are already registered. Please download the app and log in.",
                HomeNotice => "Customer service is open {n}. We never ask for your code or password.",
                AmountNotOffered => "Please choose an amount this loan offers.",
                ProductUnavailable => "This loan is not available right now.",
                KycIncomplete => "Please complete your information first.",
                OpenLoanExists => {
                    "You already have an open loan of this product. Please repay it before borrowing again."
                }
                AboveLimit => "Your current limit is {n}. Please choose a smaller amount.",
                FieldMissing => "Please fill in: {n}.",
                FieldInvalid => "Please check: {n}.",
                FieldTextLength => "Please use {n} characters, without symbols such as tabs or line breaks.",
                FieldWholeNumber => "Please enter a whole number ({n}).",
                FieldEmail => "Please enter an e-mail address such as name@example.com.",
                FieldDate => "Please enter a real date, not in the future.",
                FieldFromList => "Please choose one from the list.",
                Underage => "You must be at least 18 years old to borrow.",
                NotFilipino => "Our loans are for Filipino citizens only.",
                TermsChanged => "The terms of this loan have changed. Please apply again to see the new terms.",
                LoanBreaksCeiling => {
                    "This loan cannot be made: its terms break a ceiling of the law now in force. Please choose another loan."
                }
                NotAwaitingConfirmation => "This loan is not waiting for your confirmation.",
                ConfirmMismatch => "The amount or plan does not match your approved loan. Please reload the page.",
                RowNetProceeds => "You receive",
                RowEffectiveRate => "Effective interest rate (monthly)",
                PaymentOf => "Payment {n}",
                RetentionTitle => "Your loan is approved",
                RetentionText => "Your money is ready to send. Leave now and you can confirm later from your orders.",
                DocAgreement => "Loan Agreement",
                DocDisclosure => "Disclosure Statement",
                DocPrivacy => "Privacy Policy",
                DocTerms => "Loan terms and conditions",
                MenuInformation => "My information",
                MenuComplaints => "Complaints",
                MenuCustomerService => "Customer service",
                MenuAbout => "About us",
                FailureNotice => "We could not continue with this loan.",
                ConfirmButton => "Confirm and receive the money",
                ConfirmPromotion => {
                    "Repay on or before the due date and borrowing again is quick: your details are already on file."
                }
                ConsentNeeded => {
                    "Please allow this in your privacy settings first. We keep nothing without your permission."
                }
                OpenLoanBlocksDeletion => "You still have an open loan. Please repay it before deleting your account.",
                ContactOutsideHours => {
                    "Borrowers may be contacted only from 6:00 AM to 10:00 PM Manila time. Outside those hours, only a loan more than 15 days past due, or a borrower who agreed to be contacted at any hour, may be contacted."
                }
                ContactNeedsOverdue => "Only overdue loans are handled by collections, and this loan is not overdue.",
                ContactNoteTooLong => "Please keep the note to 500 characters or fewer.",
                CalcAmountInvalid => "Enter an amount from ₱1 to ₱10,000,000.",
                MenuCalculator => "Loan calculator",
                CalcRateInvalid => "Enter a monthly interest rate from 0% to 100%.",
                CalcTermInvalid => "Choose 1 to 1,000 payments, over 10 years at most.",
                CalcFeeInvalid => "The fee must be less than the whole amount borrowed.",
                CalcMethodInvalid => "Choose how interest is charged: flat, or on the declining balance.",
                CalcFrequencyInvalid => "Choose how often you pay: daily, weekly or monthly.",
                CalcNameInvalid => "Please keep the name to 40 characters.",
                CalcSavedLimit => "You can keep up to 50 calculations. Delete one to save a new one.",
                CalcMethodFlat => "Flat rate",
                CalcMethodDeclining => "Declining balance",
                CalcDaily => "Daily",
                CalcWeekly => "Weekly",
                CalcMonthly => "Monthly",
                CalcCapNominal => "Nominal interest a month",
                CalcCapEffective => "Effective interest rate a month, interest and every fee",
                ExchangeNoRate => "There is no rate for this currency yet.",
                ExchangeAmountInvalid => "Enter an amount from 0.01 to 1,000,000,000.",
                ExchangeDirectionInvalid => {
                    "Choose whether to change pesos into the currency or the currency into pesos."
                }
                MenuBookKeeping => "Income and expense book",
                BookKindInvalid => "Please choose income or expense.",
                BookAmountInvalid => "Please enter the amount as a number, like 125.50.",
                BookAmountNotPositive => "Please enter an amount more than ₱0.00.",
                BookAmountTooLarge => "The amount can be at most ₱10,000,000.00. Please check the number.",
                BookCategoryUnknown => "Please choose a category from the list.",
                BookCategoryWrongKind => "That category is not for this kind of entry. Please choose another.",
                BookDateInvalid => "Please enter a real date, written year-month-day.",
                BookDateOutOfRange => "The date can be from 1 January 2000 up to tomorrow.",
                BookNoteTooLong => "Please keep the note to {n} characters or fewer.",
                BookImageUnknown => "The receipt picture was not found. Please add it again.",
                BookMonthInvalid => "Please choose a month, written year-month.",
                BookUndoClosed => "This entry can no longer be brought back.",
                MenuRepaymentReminders => "Repayment reminders",
                BillNameEmpty => "Please enter what the bill is for.",
                BillNameInvalid => "Please keep the bill's name to 40 characters or fewer, on one line.",
                BillAmountInvalid => "Please enter an amount from ₱0.01 to ₱10,000,000.00.",
                BillDateInvalid => "Please enter a real due date as YYYY-MM-DD.",
                BillDateOutOfRange => "Please choose a due date within the past year or the next 5 years.",
                BillRepeatInvalid => "Please choose how often the bill comes: once, every week or every month.",
                BillNoteTooLong => "Please keep the note to 200 characters or fewer.",
                BillLimitReached => "You can keep up to 100 bills. Please delete one you no longer need.",
                BillSaved => "Bill saved.",
                BillDeleted => "Bill deleted.",
                ReminderDaysInvalid => "Please choose from 0 to 7 days before the due date.",
                ReminderTimeInvalid => "Please enter the time as HH:MM, for example 09:30.",
                ReminderOutsideHours => {
                    "We send reminders only from 8:00 AM to 9:00 PM, Manila time. Please choose a time from 08:00 to 21:00."
                }
                ReminderTargetNeeded => "Please choose one bill or one loan.",
                ReminderLoanClosed => "This loan has no payment left to remind you of.",
                ReminderSet => "Reminder set. We will text you before the due date.",
                ReminderClosed => "Reminder turned off.",
                RepeatNone => "Once",
                RepeatWeekly => "Every week",
                RepeatMonthly => "Every month",
                ReminderOnDueDate => "On the due date at {time}",
                ReminderDaysBefore => "{n} {day|days} before, at {time}",
                UnknownLanguage => "Please choose English or Filipino.",
                ReminderBillSms => "Hiram reminder: {name}, {amount}, is due on {date}.",
                ReminderLoanSms => {
                    "Hiram reminder: your {name} loan payment of {amount} is due on {date}. Pay in the Hiram app with a pay code."
                }
                OrderMovedOn => "This order has just changed. Please reload the page.",
                CapNominal => {
                    "Nominal interest of {found} a month is above the {allowed} that {source} allows on loans of {limit} or less payable within {months} calendar months."
                }
                CapEffective => {
                    "A loan of {principal} for {days} days has an effective interest rate of {found} a month, above the {allowed} that {source} allows."
                }
                CapPenalty => {
                    "A month of late penalties on the smallest instalment, {principal}, comes to {found}, above the {allowed} that {source} allows."
                }
                CapTotalCost => {
                    "On a loan of {principal} the interest and fees come to {found}, above the {allowed} that {source} allows over a loan's whole life."
                }
                TermsMalformed => "The amounts, term or rates of this product are not valid.",
                TermsBreakCeiling => "These terms break a ceiling of the law in force: {n}",
                TermsClauses => {
                    "Early repayment starts at 0–100% of the term, its minimum days and minimum interest days are at most the term, and a loan may take at most 12 extensions."
                }
                NothingToRepay => "This loan has nothing to repay.",
                UnknownChannel => "Please choose a payment method from the list.",
                PayAmountInvalid => "Please enter an amount from ₱0.01 up to what you owe.",
                PaymentReceipt => "Hiram: we received {amount} for loan {order}. Amount still owed: {owed}. Thank you!",
                PlanPaid => "Paid",
                PlanDue => "Due",
                PlanOverdue => "Overdue",
                RowPenalties => "Late charges",
                RowPaidSoFar => "Paid so far",
                RowOwedNow => "To pay now",
                NoticeEwallets => "Pay with an e-wallet",
                NoticeStores => "Pay at a store",
                StepsGcash => {
                    "Open GCash and tap Bills → Choose Loans, then Hiram → Enter your pay code and the amount → Check the details and confirm"
                }
                StepsMaya => {
                    "Open Maya and tap Bills → Search for Hiram → Enter your pay code and the amount → Confirm and keep the receipt"
                }
                StepsStore => {
                    "Tell the cashier you are paying a Hiram loan → Give the pay code and the amount → Pay in cash and keep the receipt"
                }
                PickChannel => "Choose a payment method to get your pay code",
                StandingCodeTitle => "Your pay code at {n}: pay any amount, any time",
                PayCodeUnavailable => {
                    "We could not get a pay code from the payment channel. Please try again in a few minutes."
                }
                ChannelRefused => "This payment method cannot take this payment. Please choose another.",
                PayCodeAlreadyPaid => "This pay code has been paid already.",
                ImageTooLarge => "This picture is too large. Please send one under {n} MB.",
                ImageWrongType => "Please send a photo or screenshot in JPG, PNG or WebP format.",
                ImageTooManyPixels => "This picture is too big to process. Please send a smaller photo or screenshot.",
                ImageDailyLimit => "You have sent many pictures today. Please try again tomorrow.",
                NotExtendable => {
                    "This loan cannot be extended now. Extensions are open on products that offer them, while something is owed."
                }
                OverdueDaysLate => "{n} days late.",
                OverduePenalties => "Late penalties so far: {amount}.",
                OverdueBalance => "Balance as of today: {amount}.",
                OverdueNextDay => "Each more day late adds {amount} in penalties.",
                OverdueNextDayCapped => "Another day late adds {amount}: the legal cap on penalties stops the rest.",
                OverdueCapReached => "Penalties have reached the legal cap: another day late adds nothing more.",
                ExtensionsUsedUp => {
                    "This loan has already been extended as many times as its agreement allows. Please repay it instead."
                }
                ExtensionBreaksCeiling => {
                    "An extension today would break a ceiling of the law, so it is not offered. You can still pay what is due."
                }
                ExtensionTooLate => {
                    "This loan is too far past its due date to extend: a new due date one period later would already have passed. Please repay it instead."
                }
                ExtensionAmountChanged => "The amount to extend has changed. Please reload the page.",
                ExtensionTitle => "Extend your loan by {n} days",
                ExtensionReceipt => {
                    "Hiram: we received {amount} for loan {order}. Your loan is extended; your next due date is {date}. Thank you!"
                }
                RowChargesDue => "Interest, fees and late charges due",
                RowExtensionFee => "Extension fee",
                RowNewDueDate => "New due date",
                RowPrincipalAfter => "Loan amount still to repay",
                TrailDisbursement => "Loan sent to you",
                TrailInterest => "Interest",
                TrailPenalty => "Late charge",
                TrailExtensionFee => "Extension fee",
                TrailRepayment => "Payment received",
                TrailReversal => "Correction",
                PayoutSentSms => {
                    "Hiram: we sent {amount} for loan {order} to your {account}. Your first payment is due on {date}."
                }
                PayoutRefusedSms => {
                    "Hiram: your {account} could not receive loan {order}, so the loan was cancelled. You owe nothing. Please check the account and apply again."
                }
                CardPopTitle => "Where should we send your loan?",
                CardPopMsg => "Add a bank account or e-wallet in your name. We send the money as soon as it is added.",
                AccountTypeLabel => "Account type",
                AccountTypeBank => "Bank account",
                AccountTypeWallet => "E-wallet",
                BankLabel => "Bank",
                BankSubtitle => "Banks that receive InstaPay transfers",
                BankAccountLabel => "Account number",
                BankAccountNote => "10 to 16 digits, from your passbook, card or banking app",
                WalletLabel => "E-wallet",
                WalletNumberLabel => "E-wallet mobile number",
                WalletNumberNote => "The 11-digit number of the account, starting with 09",
                AccountKindInvalid => "Please choose a bank account or an e-wallet.",
                AccountProviderInvalid => "Please choose your bank or e-wallet from the list.",
                AccountNumberInvalid => {
                    "Please check the account number: a bank account has 10 to 16 digits, an e-wallet an 11-digit mobile number."
                }
                AccountBound => "Your account is saved. We send your loan there.",
                ReferenceInvalid => "Please type the reference number from your receipt: 6 to 30 letters and digits.",
                ReferenceAlreadySubmitted => "This reference number was already sent to us. We are checking it.",
                TooManyPayCodes => {
                    "You have made many payment codes for this loan today. Please use one you already have, or try again later."
                }
                ReferenceAlreadyCredited => {
                    "The payment with this reference number is already in your loan. If you paid twice, please contact us."
                }
                UnpostedAlreadyCredited => {
                    "A payment provider has already posted this reference: matching it would credit the money twice. Reject this report."
                }
                ReferenceQueued => {
                    "Thank you. We will check your payment with the channel and post it to your loan within one business day."
                }
                TooManyReferences => {
                    "You already have payments waiting to be checked for this loan. Please wait for our answer."
                }
                ChooseCardFirst => "Please choose the account to pay from first.",
                PaymentSubmittedTwice => "This payment was already submitted. Please do not submit it again.",
                PaymentPageExpired => "This payment page has expired. Please open it again.",
                CodeWrongRepayment => "The code is wrong. Please check the SMS and try again.",
                DebitDeclined => "Your account could not be charged. Please pay with a pay code instead.",
                ComplaintDetailEmpty => "Please fill in your comments and suggestions.",
                ComplaintTypeInvalid => "Please choose the kind of problem from the list.",
                ComplaintSubTypeNeeded => "Please choose what happened with the collection.",
                ComplaintCollectionNeedsLoan => {
                    "Collection complaints are about a loan you have been repaying. Please choose that loan."
                }
                ComplaintImageUnknown => "One of the pictures was not found. Please add it again.",
                IdempotencyKeyInvalid => {
                    "The request's Idempotency-Key must be 1 to {n} letters, digits, - or _. Nothing was saved."
                }
                IdempotencyKeyReused => {
                    "This request's Idempotency-Key was already used for a different request. Nothing was saved; send it again with a new key."
                }
                ComplaintSent => {
                    "Your comments and suggestions have been received and we will deal with them as soon as possible. Have a nice day."
                }
                ComplaintAnsweredSms => {
                    "Hiram: customer care answered your complaint no. {n}. Open Complaints in the app to read the answer."
                }
                RatingInvalid => "Please choose from 1 to 5 stars.",
                RatingNotOpen => "You can rate an answer once, after we reply.",
                TabAll => "All",
                TabProcessing => "Processing",
                TabReplied => "Replied",
                NotAllowed => "Your role does not allow this.",
                StaffLoginRefused => "The e-mail, password or code is not right.",
                StaffEmailTaken => "This e-mail already has a staff account.",
                StaffOwnAccount => "You cannot deactivate your own account. Another administrator can.",
                StaffLastAdmin => {
                    "This is the last active administrator. Add or reactivate another administrator first."
                }
                StaffOwnReset => "You cannot reset your own sign-in. Ask another administrator to reset it.",
                StaffResetInactive => "This account is deactivated. Reactivate it first, then reset its sign-in.",
                EnrolmentOwnApproval => {
                    "Another administrator must approve this: nobody approves a sign-in they asked for."
                }
                EnrolmentNothingToApprove => "This member has no sign-in waiting for approval.",
                EnrolmentLinkSpent => {
                    "This link has expired or has been used. Ask an administrator to reset your sign-in for a new one."
                }
                EnrolmentCodeWrong => {
                    "That code does not match. Scan the QR code again and type the code your app shows now."
                }
                StaffPasswordWeak => {
                    "Choose a password of at least 12 characters, with at least 4 different ones, that is not a common password."
                }
                StaffPasswordWrong => "The password or the code is not right.",
                ApiTokenMembersOnly => "Only a signed-in administrator makes or revokes API tokens, never a token.",
                LinkCodeTaken => "Another link of this kind already uses this code.",
                ComplaintTooManyImages => "Please attach at most 9 pictures.",
                SecondPersonNeeded => "Another staff member must decide this: nobody approves their own proposal.",
                ApproverNotIndependent => {
                    "Someone independent must decide this: your account and the proposer's were made or reset by one of you, or by the same person."
                }
                ReasonNeeded => "Write the reason, from 5 to 500 characters. It is kept in the audit log.",
                ReversalNotAPayment => {
                    "Only a payment received can be reversed. Pick a repayment from the order's ledger."
                }
                ReversalMoreThanPaid => "Enter an amount above zero and at most {n}, what this payment brought.",
                ReversalOfExtension => {
                    "This payment bought an extension and moved the due date; it cannot be reversed here."
                }
                ReversalAlreadyProposed => "This payment already has a reversal waiting for approval or approved.",
                ReversalOpenLoanOfProduct => {
                    "The borrower has since taken another loan of this product, so this one cannot reopen. Settle it with the borrower first."
                }
                PaymentReversedSms => {
                    "Hiram: your payment of {amount} for loan {order} was reversed by the payment channel. Amount owed now: {owed}. Please pay it in the app."
                }
                SearchTooShort => "Type at least 3 letters of a name or 3 digits of a mobile number.",
                ApplicationApprovedSms => {
                    "Hiram: your loan application {n} is approved. Open the app to read the agreement and confirm it."
                }
                ApplicationDeclinedSms => {
                    "Hiram: we could not approve your loan application {n}. You may apply for another product in the app."
                }
                KindTips => {
                    "Pay only with the pay codes and channels shown in this app. Hiram staff will never ask you to send money to a personal account."
                }
                FailureUnknown => "Something stopped this application. You can try one of these loans instead.",
            },
            Lang::Fil => match self {
                Success => "Tagumpay",
                InvalidParameters => "May kulang o maling detalye. Pakisuri at subukang muli.",
                SessionRequired => "Natapos na ang iyong session. Mag-log in muli.",
                NotificationUnverified => "Hindi tumutugma ang pirma o token ng notification.",
                NotificationsOff => {
                    "Hindi tumatanggap ang server na ito ng payment notification mula sa provider na ito."
                }
                NotFound => "Hindi namin makita ang hinahanap mo.",
                MethodNotAllowed => "Hindi available dito ang aksyong ito.",
                TooManyRequests => "Masyadong maraming subok. Maghintay sandali at subukang muli.",
                ServerError => "May nagkaproblema sa aming panig. Subukang muli makalipas ang ilang minuto.",
                StatusUnderReviewTitle => "Sinusuri",
                StatusUnderReviewText => {
                    "Sinusuri namin ang iyong aplikasyon. Malalaman mo ang desisyon sa loob ng 1 araw."
                }
                StatusApprovedTitle => "Aprubado",
                StatusApprovedText => "Aprubado ang iyong loan. Kumpirmahin ito para matanggap ang pera.",
                StatusRejectedTitle => "Hindi naaprubahan",
                StatusRejectedText => {
                    "Hindi namin naaprubahan ang loan o naipadala ang pera. Maaari kang sumubok ng ibang produkto."
                }
                StatusDisbursingTitle => "Ipinapadala ang pera",
                StatusDisbursingText => "Papunta na ang pera sa iyong account. Karaniwang ilang minuto lamang ito.",
                StatusAwaitingAccountTitle => "Magdagdag ng account na padadalhan",
                StatusRepaymentOpenTitle => "Natanggap ang loan",
                StatusRepaymentOpenText => "Magbayad sa o bago ang takdang petsa para maiwasan ang multa.",
                StatusOverdueTitle => "Lampas na sa takdang petsa",
                StatusOverdueText => "Lampas na ang iyong bayad. Magbayad na para hindi na lumaki ang multa.",
                StatusRepaidTitle => "Bayad na",
                StatusRepaidText => "Salamat! Bayad na ang loan na ito. Maaari kang humiram muli anumang oras.",
                RowOrderNumber => "Numero ng order",
                RowLoanAmount => "Halaga ng loan",
                RowTerm => "Tagal",
                RowRuleSet => "Mga hangganan ng batas",
                RowInterest => "Interes",
                RowServiceFee => "Service fee",
                RowTotalRepayment => "Kabuuang babayaran",
                RowApplicationDate => "Petsa ng aplikasyon",
                RowDisbursementDate => "Petsa ng pagtanggap",
                RowDueDate => "Takdang petsa",
                TermDays => "araw",
                WithdrawReminder => "Naghihintay ang iyong aprubadong loan. Kumpirmahin ito para matanggap ang pera.",
                ApplyButton => "Mag-apply",
                ProviderUnavailable => {
                    "Hindi namin maipadala ang mensahe ngayon. Subukang muli makalipas ang isang minuto."
                }
                InvalidPhone => "Maglagay ng tamang mobile number.",
                InvalidCodeFormat => "Ilagay ang 6-digit na code.",
                CodeWrong => "Mali ang code. Maaari ka pang sumubok nang {n} beses.",
                CodeRefused => "Hindi na magagamit ang code na ito. Humingi ng bago.",
                CodeTooSoon => "Maghintay ng {n} segundo bago humingi ng panibagong code.",
                CodeHourlyLimit => "Marami ka nang hininging code ngayong oras. Subukang muli mamaya.",
                SignInTooOften => {
                    "Masyadong maraming subok na mag-sign in. Maghintay ng ilang minuto, o mag-log in gamit ang code sa SMS."
                }
                StaffSignInTooOften => {
                    "Masyadong maraming subok na mag-sign in mula rito. Maghintay ng ilang minuto at subukang muli."
                }
                ForeignOrigin => {
                    "Galing sa ibang website ang kahilingang ito kaya hindi ito tinanggap. Buksan mismo ang console at subukang muli."
                }
                CodeDailyLimit => "Marami ka nang hininging code ngayong araw. Subukang muli bukas.",
                CodeSms => {
                    "Ang iyong Hiram code ay {code}. Mag-e-expire ito sa loob ng 5 minuto. Huwag itong ibigay kaninuman, kahit sa staff ng Hiram."
                }
                CodeVoice => "Ito ang Hiram. Ang iyong code ay {code}. Uulitin ko, ang iyong code ay {code}.",
                WrongPhoneOrPassword => "Mali ang mobile number o password.",
                WeakPassword => {
                    "Gumamit ng 8 hanggang 64 na karakter sa password, hindi puro numero, at hindi karaniwang password tulad ng \"password123\"."
                }
                UnknownPurpose => "Hindi available dito ang ganitong uri ng code.",
                CaptchaMissing => "Ilagay ang mga karakter na nasa larawan.",
                CaptchaWrong => "Hindi tugma sa larawan ang inilagay mo. Subukan ang bagong larawan.",
                CodeSent => "Naipadala na ang code. Tingnan ang iyong telepono.",
                Registered => "Matagumpay ang pagpaparehistro",
                AlreadyRegistered => "Rehistrado ka na. I-download ang app at mag-log in.",
                HomeNotice => {
                    "Bukas ang customer service {n}. Hindi namin kailanman hihingin ang iyong code o password."
                }
                AmountNotOffered => "Pumili ng halagang inaalok ng loan na ito.",
                ProductUnavailable => "Hindi available ang loan na ito sa ngayon.",
                KycIncomplete => "Kumpletuhin muna ang iyong impormasyon.",
                OpenLoanExists => "May bukas ka pang loan sa produktong ito. Bayaran muna ito bago humiram muli.",
                AboveLimit => "Ang iyong limit ngayon ay {n}. Pumili ng mas maliit na halaga.",
                FieldMissing => "Pakipunan: {n}.",
                FieldInvalid => "Pakisuri: {n}.",
                FieldTextLength => "Gumamit ng {n} na titik, walang simbolo gaya ng tab o bagong linya.",
                FieldWholeNumber => "Maglagay ng buong numero ({n}).",
                FieldEmail => "Maglagay ng e-mail address gaya ng name@example.com.",
                FieldDate => "Maglagay ng totoong petsa, hindi sa hinaharap.",
                FieldFromList => "Pumili ng isa mula sa listahan.",
                Underage => "Dapat ay 18 taong gulang ka man lang para makahiram.",
                NotFilipino => "Para lamang sa mga mamamayang Pilipino ang aming loan.",
                LoanBreaksCeiling => {
                    "Hindi maaaring gawin ang loan na ito: lumalampas ang mga tuntunin nito sa hangganan ng umiiral na batas. Pumili ng ibang loan."
                }
                TermsChanged => {
                    "Nagbago ang mga tuntunin ng loan na ito. Mag-apply muli para makita ang bagong tuntunin."
                }
                NotAwaitingConfirmation => "Hindi naghihintay ng iyong kumpirmasyon ang loan na ito.",
                ConfirmMismatch => "Hindi tugma ang halaga o plano sa aprubadong loan. I-reload ang page.",
                RowNetProceeds => "Matatanggap mo",
                RowEffectiveRate => "Effective interest rate (buwanan)",
                PaymentOf => "Bayad {n}",
                RetentionTitle => "Aprubado ang iyong loan",
                RetentionText => {
                    "Handa nang ipadala ang pera. Kung aalis ka ngayon, maaari mo itong kumpirmahin mamaya sa iyong mga order."
                }
                DocAgreement => "Kasunduan sa Loan",
                DocDisclosure => "Disclosure Statement",
                DocPrivacy => "Privacy Policy",
                DocTerms => "Mga tuntunin at kondisyon ng loan",
                MenuInformation => "Aking impormasyon",
                MenuComplaints => "Mga reklamo",
                MenuCustomerService => "Customer service",
                MenuAbout => "Tungkol sa amin",
                FailureNotice => "Hindi namin maituloy ang loan na ito.",
                ConfirmButton => "Kumpirmahin at tanggapin ang pera",
                ConfirmPromotion => {
                    "Magbayad sa o bago ang takdang petsa at magiging mabilis ang muling paghiram: nasa amin na ang iyong mga detalye."
                }
                ConsentNeeded => {
                    "Payagan muna ito sa iyong privacy settings. Wala kaming itinatago nang walang pahintulot mo."
                }
                OpenLoanBlocksDeletion => "May bukas ka pang loan. Bayaran muna ito bago burahin ang iyong account.",
                ContactOutsideHours => {
                    "Maaari lang kontakin ang borrower mula 6:00 AM hanggang 10:00 PM, oras sa Maynila. Sa labas ng oras na iyon, maaari lang kontakin kung lampas 15 araw nang overdue ang loan, o kung pumayag ang borrower na kontakin sa anumang oras."
                }
                ContactNeedsOverdue => {
                    "Overdue na loan lang ang hawak ng collections, at hindi overdue ang loan na ito."
                }
                ContactNoteTooLong => "Hanggang 500 character lang ang tala.",
                CalcAmountInvalid => "Maglagay ng halagang mula ₱1 hanggang ₱10,000,000.",
                MenuCalculator => "Kalkulador ng loan",
                CalcRateInvalid => "Maglagay ng buwanang interes na mula 0% hanggang 100%.",
                CalcTermInvalid => "Pumili ng 1 hanggang 1,000 hulog, sa loob ng hanggang 10 taon.",
                CalcFeeInvalid => "Dapat mas mababa ang singil kaysa sa buong halagang hiniram.",
                CalcMethodInvalid => "Piliin kung paano sinisingil ang interes: flat, o sa lumiliit na balanse.",
                CalcFrequencyInvalid => "Piliin kung gaano kadalas ang bayad: araw-araw, lingguhan o buwanan.",
                CalcNameInvalid => "Hanggang 40 character lang ang pangalan.",
                CalcSavedLimit => {
                    "Hanggang 50 kalkulasyon lang ang maitatago. Magbura ng isa para makapag-save ng bago."
                }
                CalcMethodFlat => "Flat na interes",
                CalcMethodDeclining => "Lumiliit na balanse",
                CalcDaily => "Araw-araw",
                CalcWeekly => "Lingguhan",
                CalcMonthly => "Buwanan",
                CalcCapNominal => "Nominal na interes kada buwan",
                CalcCapEffective => "Effective interest rate kada buwan, interes at lahat ng singil",
                ExchangeNoRate => "Wala pang palitan para sa perang ito.",
                ExchangeAmountInvalid => "Maglagay ng halagang mula 0.01 hanggang 1,000,000,000.",
                ExchangeDirectionInvalid => "Piliin kung piso ang papalitan o ang ibang pera ang papalitan ng piso.",
                MenuBookKeeping => "Talaan ng kita at gastos",
                BookKindInvalid => "Piliin kung kita o gastos.",
                BookAmountInvalid => "Ilagay ang halaga bilang numero, gaya ng 125.50.",
                BookAmountNotPositive => "Maglagay ng halagang higit sa ₱0.00.",
                BookAmountTooLarge => "Hanggang ₱10,000,000.00 lang ang halaga. Pakisuri ang numero.",
                BookCategoryUnknown => "Pumili ng kategorya mula sa listahan.",
                BookCategoryWrongKind => "Hindi para sa ganitong uri ng tala ang kategoryang iyan. Pumili ng iba.",
                BookDateInvalid => "Maglagay ng totoong petsa, nakasulat na taon-buwan-araw.",
                BookDateOutOfRange => "Ang petsa ay mula 1 Enero 2000 hanggang bukas lang.",
                BookNoteTooLong => "Hanggang {n} titik lang ang tala.",
                BookImageUnknown => "Hindi makita ang larawan ng resibo. Idagdag itong muli.",
                BookMonthInvalid => "Pumili ng buwan, nakasulat na taon-buwan.",
                BookUndoClosed => "Hindi na maibabalik ang talang ito.",
                MenuRepaymentReminders => "Mga paalala sa bayarin",
                BillNameEmpty => "Ilagay kung para saan ang bayarin.",
                BillNameInvalid => "Hanggang 40 character sa iisang linya lang ang pangalan ng bayarin.",
                BillAmountInvalid => "Maglagay ng halagang mula ₱0.01 hanggang ₱10,000,000.00.",
                BillDateInvalid => "Maglagay ng totoong petsa ng bayaran bilang YYYY-MM-DD.",
                BillDateOutOfRange => "Pumili ng petsa ng bayaran sa loob ng nakaraang taon o ng susunod na 5 taon.",
                BillRepeatInvalid => "Piliin kung gaano kadalas ang bayarin: isang beses, linggu-linggo o buwan-buwan.",
                BillNoteTooLong => "Hanggang 200 character lang ang tala.",
                BillLimitReached => "Hanggang 100 bayarin lang ang maitatabi mo. Magbura ng hindi mo na kailangan.",
                BillSaved => "Na-save ang bayarin.",
                BillDeleted => "Nabura ang bayarin.",
                ReminderDaysInvalid => "Pumili mula 0 hanggang 7 araw bago ang petsa ng bayaran.",
                ReminderTimeInvalid => "Ilagay ang oras bilang HH:MM, halimbawa 09:30.",
                ReminderOutsideHours => {
                    "Nagpapadala lang kami ng paalala mula 8:00 AM hanggang 9:00 PM, oras sa Maynila. Pumili ng oras mula 08:00 hanggang 21:00."
                }
                ReminderTargetNeeded => "Pumili ng isang bayarin o isang loan.",
                ReminderLoanClosed => "Wala nang bayad sa loan na ito na kailangang ipaalala.",
                ReminderSet => "Naitakda ang paalala. Magte-text kami bago ang petsa ng bayaran.",
                ReminderClosed => "Pinatay ang paalala.",
                RepeatNone => "Isang beses",
                RepeatWeekly => "Linggu-linggo",
                RepeatMonthly => "Buwan-buwan",
                ReminderOnDueDate => "Sa mismong araw ng bayaran, {time}",
                ReminderDaysBefore => "{n} araw bago, {time}",
                UnknownLanguage => "Pumili ng English o Filipino.",
                ReminderBillSms => "Paalala ng Hiram: ang {name}, {amount}, ay dapat bayaran sa {date}.",
                ReminderLoanSms => {
                    "Paalala ng Hiram: ang bayad na {amount} sa iyong {name} loan ay dapat bayaran sa {date}. Magbayad sa Hiram app gamit ang pay code."
                }
                OrderMovedOn => "Kababago lang ng order na ito. I-reload ang page.",
                CapNominal => {
                    "Ang nominal na interes na {found} kada buwan ay lampas sa {allowed} na pinapayagan ng {source} sa loan na {limit} pababa na babayaran sa loob ng {months} buwan."
                }
                CapEffective => {
                    "Ang loan na {principal} para sa {days} araw ay may effective interest rate na {found} kada buwan, lampas sa {allowed} na pinapayagan ng {source}."
                }
                CapPenalty => {
                    "Ang isang buwan ng multa sa pinakamaliit na hulog, {principal}, ay umaabot sa {found}, lampas sa {allowed} na pinapayagan ng {source}."
                }
                CapTotalCost => {
                    "Sa loan na {principal}, umaabot sa {found} ang interes at fee, lampas sa {allowed} na pinapayagan ng {source} sa buong buhay ng loan."
                }
                TermsBreakCeiling => "Lumalampas ang mga tuntuning ito sa hangganan ng umiiral na batas: {n}",
                TermsMalformed => "Hindi tama ang halaga, tagal o rate ng produktong ito.",
                TermsClauses => {
                    "Nagsisimula ang maagang pagbabayad sa 0–100% ng termino, hindi lalampas sa termino ang pinakamaikling araw at araw ng interes nito, at hanggang 12 extension lamang ang isang loan."
                }
                NothingToRepay => "Wala nang babayaran sa loan na ito.",
                UnknownChannel => "Pumili ng paraan ng pagbabayad mula sa listahan.",
                PayAmountInvalid => "Maglagay ng halagang ₱0.01 hanggang sa iyong utang.",
                PaymentReceipt => {
                    "Hiram: natanggap namin ang {amount} para sa loan {order}. Natitirang utang: {owed}. Salamat!"
                }
                PlanPaid => "Bayad na",
                PlanDue => "Dapat bayaran",
                PlanOverdue => "Lampas na",
                RowPenalties => "Multa",
                RowPaidSoFar => "Nabayaran na",
                RowOwedNow => "Babayaran ngayon",
                NoticeEwallets => "Magbayad gamit ang e-wallet",
                NoticeStores => "Magbayad sa tindahan",
                StepsGcash => {
                    "Buksan ang GCash at i-tap ang Bills → Piliin ang Loans, saka Hiram → Ilagay ang pay code at halaga → Suriin at kumpirmahin"
                }
                StepsMaya => {
                    "Buksan ang Maya at i-tap ang Bills → Hanapin ang Hiram → Ilagay ang pay code at halaga → Kumpirmahin at itago ang resibo"
                }
                StepsStore => {
                    "Sabihin sa cashier na magbabayad ka ng Hiram loan → Ibigay ang pay code at halaga → Magbayad ng cash at itago ang resibo"
                }
                PickChannel => "Pumili ng paraan ng pagbabayad para makuha ang pay code",
                StandingCodeTitle => "Ang pay code mo sa {n}: magbayad ng kahit anong halaga, kahit kailan",
                PayCodeUnavailable => {
                    "Hindi kami makakuha ng pay code mula sa payment channel. Subukan ulit pagkalipas ng ilang minuto."
                }
                ChannelRefused => "Hindi matatanggap ng paraang ito ang bayad na ito. Pumili ng iba.",
                PayCodeAlreadyPaid => "Nabayaran na ang pay code na ito.",
                ImageTooLarge => "Masyadong malaki ang larawang ito. Magpadala ng mas mababa sa {n} MB.",
                ImageWrongType => "Magpadala ng litrato o screenshot na JPG, PNG o WebP.",
                ImageTooManyPixels => {
                    "Masyadong malaki ang larawang ito para maproseso. Magpadala ng mas maliit na litrato o screenshot."
                }
                ImageDailyLimit => "Marami ka nang naipadalang larawan ngayong araw. Subukan ulit bukas.",
                NotExtendable => {
                    "Hindi ma-extend ang loan na ito ngayon. Bukas ang extension sa mga produktong nag-aalok nito, habang may babayaran pa."
                }
                OverdueDaysLate => "{n} araw nang huli.",
                OverduePenalties => "Multa hanggang ngayon: {amount}.",
                OverdueBalance => "Balanse ngayong araw: {amount}.",
                OverdueNextDay => "Bawat dagdag na araw ng pagkahuli ay may multang {amount}.",
                OverdueNextDayCapped => {
                    "Ang isa pang araw ng pagkahuli ay dagdag na {amount}: pinipigilan ng legal na limit ang iba pa."
                }
                OverdueCapReached => "Naabot na ng multa ang legal na limit: wala nang madadagdag sa isa pang araw.",
                ExtensionsUsedUp => {
                    "Na-extend na ang loan na ito nang ilang beses na pinapayagan ng kasunduan. Bayaran na lang ito."
                }
                ExtensionBreaksCeiling => {
                    "Lalampas sa hangganan ng batas ang extension ngayon, kaya hindi ito iniaalok. Maaari mo pa ring bayaran ang dapat bayaran."
                }
                ExtensionTooLate => {
                    "Masyado nang lampas sa due date ang loan na ito para i-extend: lumipas na rin ang bagong due date na isang period pa. Bayaran na lang ito."
                }
                ExtensionAmountChanged => "Nagbago ang halaga ng extension. I-reload ang page.",
                ExtensionTitle => "I-extend ang loan nang {n} araw",
                ExtensionReceipt => {
                    "Hiram: natanggap namin ang {amount} para sa loan {order}. Na-extend na ang loan mo; ang susunod na due date ay {date}. Salamat!"
                }
                RowChargesDue => "Interes, bayarin at multang dapat bayaran",
                RowExtensionFee => "Bayad sa extension",
                RowNewDueDate => "Bagong due date",
                RowPrincipalAfter => "Halaga ng loan na babayaran pa",
                TrailDisbursement => "Naipadala sa iyo ang loan",
                TrailInterest => "Interes",
                TrailPenalty => "Multa sa pagkahuli",
                TrailExtensionFee => "Bayad sa extension",
                TrailRepayment => "Natanggap na bayad",
                TrailReversal => "Pagwawasto",
                PayoutSentSms => {
                    "Hiram: naipadala na namin ang {amount} para sa loan {order} sa iyong {account}. Ang unang bayad ay sa {date}."
                }
                PayoutRefusedSms => {
                    "Hiram: hindi natanggap ng iyong {account} ang loan {order}, kaya kinansela ang loan. Wala kang utang. Suriin ang account at mag-apply muli."
                }
                CardPopTitle => "Saan namin ipapadala ang iyong loan?",
                CardPopMsg => {
                    "Magdagdag ng bank account o e-wallet na nakapangalan sa iyo. Ipapadala namin agad ang pera."
                }
                AccountTypeLabel => "Uri ng account",
                AccountTypeBank => "Bank account",
                AccountTypeWallet => "E-wallet",
                BankLabel => "Bangko",
                BankSubtitle => "Mga bangkong tumatanggap ng InstaPay",
                BankAccountLabel => "Numero ng account",
                BankAccountNote => "10 hanggang 16 na digit, mula sa passbook, card o banking app",
                WalletLabel => "E-wallet",
                WalletNumberLabel => "Mobile number ng e-wallet",
                WalletNumberNote => "Ang 11-digit na numero ng account, nagsisimula sa 09",
                AccountKindInvalid => "Pumili ng bank account o e-wallet.",
                AccountProviderInvalid => "Piliin ang iyong bangko o e-wallet mula sa listahan.",
                AccountNumberInvalid => {
                    "Suriin ang numero ng account: 10 hanggang 16 na digit ang bank account, 11-digit na mobile number ang e-wallet."
                }
                AccountBound => "Naka-save na ang iyong account. Doon namin ipapadala ang loan.",
                ReferenceInvalid => "I-type ang reference number mula sa iyong resibo: 6 hanggang 30 letra at numero.",
                ReferenceAlreadySubmitted => "Naipadala na sa amin ang reference number na ito. Sinusuri na namin.",
                TooManyPayCodes => {
                    "Marami ka nang nagawang payment code para sa loan na ito ngayong araw. Gamitin ang mayroon ka na, o subukan muli mamaya."
                }
                ReferenceAlreadyCredited => {
                    "Naipasok na sa iyong loan ang bayad na may ganitong reference number. Kung dalawang beses kang nagbayad, makipag-ugnayan sa amin."
                }
                UnpostedAlreadyCredited => {
                    "Naipasok na ng payment provider ang reference na ito: madodoble ang bayad kapag itinugma pa. I-reject ang ulat na ito."
                }
                ReferenceQueued => {
                    "Salamat. Susuriin namin ang iyong bayad sa channel at ipapasok sa iyong loan sa loob ng isang araw ng trabaho."
                }
                TooManyReferences => {
                    "May mga bayad ka pang sinusuri para sa loan na ito. Hintayin muna ang aming sagot."
                }
                ChooseCardFirst => "Piliin muna ang account na pagbabayaran.",
                PaymentSubmittedTwice => "Naipadala na ang bayad na ito. Huwag na itong ipadala ulit.",
                PaymentPageExpired => "Nag-expire na ang page ng bayad na ito. Buksan itong muli.",
                CodeWrongRepayment => "Mali ang code. Tingnan ang SMS at subukang muli.",
                DebitDeclined => "Hindi masingil ang iyong account. Magbayad na lang gamit ang pay code.",
                ComplaintDetailEmpty => "Pakisulat ang iyong komento at mungkahi.",
                ComplaintTypeInvalid => "Piliin ang uri ng problema mula sa listahan.",
                ComplaintSubTypeNeeded => "Piliin kung ano ang nangyari sa paniningil.",
                ComplaintCollectionNeedsLoan => {
                    "Ang reklamo sa paniningil ay tungkol sa loan na binabayaran mo. Piliin ang loan na iyon."
                }
                ComplaintImageUnknown => "Hindi makita ang isa sa mga larawan. Idagdag itong muli.",
                IdempotencyKeyInvalid => {
                    "Ang Idempotency-Key ng kahilingan ay dapat 1 hanggang {n} na titik, numero, - o _. Walang na-save."
                }
                IdempotencyKeyReused => {
                    "Nagamit na ang Idempotency-Key ng kahilingang ito sa ibang kahilingan. Walang na-save; ipadala itong muli gamit ang bagong key."
                }
                ComplaintSent => {
                    "Natanggap namin ang iyong komento at mungkahi at aasikasuhin namin ito sa lalong madaling panahon. Magandang araw."
                }
                ComplaintAnsweredSms => {
                    "Hiram: sinagot na ng customer care ang iyong reklamo blg. {n}. Buksan ang Mga reklamo sa app para mabasa ang sagot."
                }
                RatingInvalid => "Pumili mula 1 hanggang 5 bituin.",
                RatingNotOpen => "Maaari mong i-rate ang sagot nang isang beses, pagkatapos naming sumagot.",
                TabAll => "Lahat",
                TabProcessing => "Inaasikaso",
                TabReplied => "May sagot na",
                NotAllowed => "Hindi ito pinapayagan ng iyong tungkulin.",
                StaffLoginRefused => "Mali ang e-mail, password o code.",
                StaffEmailTaken => "May staff account na ang e-mail na ito.",
                StaffOwnAccount => {
                    "Hindi mo maaaring i-deactivate ang sarili mong account. Ibang administrator ang maaaring gumawa nito."
                }
                StaffLastAdmin => {
                    "Ito na ang huling aktibong administrator. Magdagdag o mag-reactivate muna ng ibang administrator."
                }
                StaffOwnReset => {
                    "Hindi mo maaaring i-reset ang sarili mong sign-in. Hilingin sa ibang administrator na i-reset ito."
                }
                ApiTokenMembersOnly => {
                    "Ang naka-sign in na administrator lamang ang gumagawa o nagbabawi ng API token, hindi ang isang token."
                }
                StaffResetInactive => {
                    "Naka-deactivate ang account na ito. I-reactivate muna ito, saka i-reset ang sign-in nito."
                }
                EnrolmentOwnApproval => {
                    "Ibang administrator ang dapat mag-apruba nito: walang nag-aapruba ng sign-in na siya mismo ang humiling."
                }
                EnrolmentNothingToApprove => "Walang sign-in ng kawaning ito na naghihintay ng pag-apruba.",
                EnrolmentLinkSpent => {
                    "Expired na o nagamit na ang link na ito. Hilingin sa isang administrator na i-reset ang sign-in mo para sa bagong link."
                }
                EnrolmentCodeWrong => {
                    "Hindi tugma ang code. I-scan muli ang QR code at i-type ang code na ipinapakita ngayon ng app mo."
                }
                StaffPasswordWeak => {
                    "Pumili ng password na may 12 character man lang, may 4 na magkakaibang character, at hindi karaniwang password."
                }
                StaffPasswordWrong => "Mali ang password o ang code.",
                LinkCodeTaken => "May ibang link na ganitong uri na gumagamit na ng code na ito.",
                ComplaintTooManyImages => "Hanggang 9 na larawan lang ang maaaring ilakip.",
                SecondPersonNeeded => "Ibang kawani ang dapat magpasya nito: walang nag-aapruba ng sariling mungkahi.",
                ApproverNotIndependent => {
                    "Ibang taong hiwalay ang dapat magpasya nito: ang account mo at ng nagmungkahi ay ginawa o ni-reset ng isa sa inyo, o ng iisang tao."
                }
                ReasonNeeded => "Isulat ang dahilan, mula 5 hanggang 500 titik. Itatago ito sa audit log.",
                ReversalNotAPayment => {
                    "Bayad na natanggap lang ang maaaring bawiin. Pumili ng bayad mula sa ledger ng order."
                }
                ReversalMoreThanPaid => {
                    "Maglagay ng halagang higit sa zero at hindi lalampas sa {n}, ang halagang dala ng bayad na ito."
                }
                ReversalOfExtension => {
                    "Ang bayad na ito ay para sa extension at inilipat nito ang due date; hindi ito mababawi dito."
                }
                ReversalAlreadyProposed => "May nakabinbin o aprubadong pagbawi na ang bayad na ito.",
                ReversalOpenLoanOfProduct => {
                    "May bagong loan na ang borrower sa produktong ito, kaya hindi na mabubuksan muli ang loan na ito. Ayusin muna ito kasama ang borrower."
                }
                PaymentReversedSms => {
                    "Hiram: binawi ng payment channel ang iyong bayad na {amount} para sa loan {order}. Utang mo ngayon: {owed}. Pakibayaran ito sa app."
                }
                SearchTooShort => "Mag-type ng hindi bababa sa 3 titik ng pangalan o 3 numero ng mobile number.",
                ApplicationApprovedSms => {
                    "Hiram: aprubado na ang iyong loan application {n}. Buksan ang app para basahin ang kasunduan at kumpirmahin ito."
                }
                ApplicationDeclinedSms => {
                    "Hiram: hindi namin naaprubahan ang iyong loan application {n}. Maaari kang mag-apply sa ibang produkto sa app."
                }
                KindTips => {
                    "Magbayad lamang gamit ang mga pay code at channel na nasa app na ito. Hindi kailanman hihilingin ng staff ng Hiram na magpadala ka ng pera sa personal na account."
                }
                FailureUnknown => "May pumigil sa aplikasyong ito. Maaari mong subukan ang isa sa mga loan na ito.",
            },
        }
    }
}

/// The text with `{n}` replaced by the detail and, when the detail is a
/// count, each `{one|other}` choice made by it: English says "1 more time"
/// and "2 more times"; the Filipino texts need no choice.
pub fn with_detail(text: &str, detail: &str) -> String {
    let singular = detail.trim() == "1";
    let mut rendered = String::with_capacity(text.len() + detail.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|at| open + at) else { break };
        rendered.push_str(&rest[..open]);
        let inside = &rest[open + 1..close];
        match inside.split_once('|') {
            Some((one, other)) => rendered.push_str(if singular { one } else { other }),
            None if inside == "n" => rendered.push_str(detail),
            None => rendered.push_str(&rest[open..=close]),
        }
        rest = &rest[close + 1..];
    }
    rendered.push_str(rest);
    rendered
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_choose_their_plural_by_rule() {
        assert_eq!(
            with_detail(Msg::CodeWrong.text(Lang::En), "1"),
            "The code is not correct. You can try 1 more time."
        );
        assert_eq!(
            with_detail(Msg::CodeWrong.text(Lang::En), "4"),
            "The code is not correct. You can try 4 more times."
        );
        assert_eq!(
            with_detail(Msg::CodeWrong.text(Lang::Fil), "1"),
            "Mali ang code. Maaari ka pang sumubok nang 1 beses."
        );
        assert_eq!(
            with_detail("{n} {day|days} before, at {time}", "2"),
            "2 days before, at {time}",
            "other placeholders stay"
        );
    }

    #[test]
    fn no_text_says_s_in_brackets() {
        for lang in [Lang::En, Lang::Fil] {
            for message in [Msg::CodeWrong, Msg::ReminderDaysBefore] {
                assert!(!message.text(lang).contains("(s)"), "{}", message.text(lang));
            }
        }
    }

    #[test]
    fn the_lang_query_parameter_wins_over_the_browser_language() {
        assert_eq!(Lang::detect(Some("a=1&lang=fil"), Some("en-PH")), Lang::Fil);
        assert_eq!(Lang::detect(Some("lang=en"), Some("fil-PH")), Lang::En);
    }

    #[test]
    fn tagalog_browsers_get_filipino_and_unknown_languages_get_english() {
        assert_eq!(Lang::detect(None, Some("tl-PH,tl;q=0.9")), Lang::Fil);
        assert_eq!(Lang::detect(None, Some("zh-CN, fil;q=0.5")), Lang::Fil);
        assert_eq!(Lang::detect(Some("lang=xx"), Some("ja")), Lang::En);
    }
}
