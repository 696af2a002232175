//! Every message the API can send, each with its English (en-PH, the
//! default) and its Filipino side by side (decisions.md D1). The macro
//! takes both for every message, so a message without its Filipino does
//! not compile.

macro_rules! messages {
    ($($(#[$meta:meta])* $name:ident { en: $en:literal, fil: $fil:literal, })*) => {
        /// Every message the API can send.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Msg {
            $($(#[$meta])* $name,)*
        }

        impl Msg {
            pub fn text(self, lang: super::Lang) -> &'static str {
                match (self, lang) {
                    $((Msg::$name, super::Lang::En) => $en,
                    (Msg::$name, super::Lang::Fil) => $fil,)*
                }
            }
        }
    };
}

messages! {
    Success {
        en: "Success",
        fil: "Tagumpay",
    }
    InvalidParameters {
        en: "Some details are missing or not valid. Please check and try again.",
        fil: "May kulang o maling detalye. Pakisuri at subukang muli.",
    }
    SessionRequired {
        en: "Your session has ended. Please log in again.",
        fil: "Natapos na ang iyong session. Mag-log in muli.",
    }
    NotificationUnverified {
        en: "The notification's signature or token does not verify.",
        fil: "Hindi tumutugma ang pirma o token ng notification.",
    }
    NotificationsOff {
        en: "This server takes no payment notifications from this provider.",
        fil: "Hindi tumatanggap ang server na ito ng payment notification mula sa provider na ito.",
    }
    NotFound {
        en: "We could not find what you are looking for.",
        fil: "Hindi namin makita ang hinahanap mo.",
    }
    MethodNotAllowed {
        en: "This action is not available here.",
        fil: "Hindi available dito ang aksyong ito.",
    }
    TooManyRequests {
        en: "Too many attempts. Please wait a moment and try again.",
        fil: "Masyadong maraming subok. Maghintay sandali at subukang muli.",
    }
    ServerError {
        en: "Something went wrong on our side. Please try again in a few minutes.",
        fil: "May nagkaproblema sa aming panig. Subukang muli makalipas ang ilang minuto.",
    }
    StatusUnderReviewTitle {
        en: "Under review",
        fil: "Sinusuri",
    }
    StatusUnderReviewText {
        en: "We are reviewing your application. You will get a decision within 1 day.",
        fil: "Sinusuri namin ang iyong aplikasyon. Malalaman mo ang desisyon sa loob ng 1 araw.",
    }
    StatusApprovedTitle {
        en: "Approved",
        fil: "Aprubado",
    }
    StatusApprovedText {
        en: "Your loan is approved. Confirm it to receive the money.",
        fil: "Aprubado ang iyong loan. Kumpirmahin ito para matanggap ang pera.",
    }
    StatusRejectedTitle {
        en: "Loan not made",
        fil: "Hindi natuloy ang loan",
    }
    StatusRejectedText {
        en: "We could not approve this loan. You may try another product.",
        fil: "Hindi namin naaprubahan ang loan na ito. Maaari kang sumubok ng ibang produkto.",
    }
    StatusPayoutRefusedText {
        en: "Your loan was approved, but your bank or e-wallet did not accept the money, so the loan was closed and you owe nothing. Check your payout account in My account, then apply again.",
        fil: "Naaprubahan ang loan mo, pero hindi tinanggap ng bangko o e-wallet mo ang pera, kaya isinara ang loan at wala kang utang. Suriin ang payout account mo sa Aking account, saka mag-apply muli.",
    }
    StatusDisbursingTitle {
        en: "Sending your money",
        fil: "Ipinapadala ang pera",
    }
    StatusDisbursingText {
        en: "The money is on its way to your account. This usually takes a few minutes.",
        fil: "Papunta na ang pera sa iyong account. Karaniwang ilang minuto lamang ito.",
    }
    StatusAwaitingAccountTitle {
        en: "Add an account to receive it",
        fil: "Magdagdag ng account na padadalhan",
    }
    StatusRepaymentOpenTitle {
        en: "Loan received",
        fil: "Natanggap ang loan",
    }
    StatusRepaymentOpenText {
        en: "Please repay on or before the due date to avoid late charges.",
        fil: "Magbayad sa o bago ang takdang petsa para maiwasan ang multa.",
    }
    StatusOverdueTitle {
        en: "Overdue",
        fil: "Lampas na sa takdang petsa",
    }
    StatusOverdueText {
        en: "Your payment is past due. Please repay now to stop late charges from growing.",
        fil: "Lampas na ang iyong bayad. Magbayad na para hindi na lumaki ang multa.",
    }
    StatusRepaidTitle {
        en: "Fully paid",
        fil: "Bayad na",
    }
    StatusRepaidText {
        en: "Thank you! This loan is fully paid. You can borrow again anytime.",
        fil: "Salamat! Bayad na ang loan na ito. Maaari kang humiram muli anumang oras.",
    }
    RowOrderNumber {
        en: "Loan number",
        fil: "Numero ng loan",
    }
    RowLoanAmount {
        en: "Loan amount",
        fil: "Halaga ng loan",
    }
    RowTerm {
        en: "Term",
        fil: "Tagal",
    }
    RowRuleSet {
        en: "Ceilings of the law",
        fil: "Mga hangganan ng batas",
    }
    RowInterest {
        en: "Interest",
        fil: "Interes",
    }
    RowServiceFee {
        en: "Service fee",
        fil: "Service fee",
    }
    /// A fully paid loan whose payments came to less than its schedule.
    PaidLessThanSchedule {
        en: "You paid {amount} less than the total repayment: interest runs only to the day you pay.",
        fil: "Nagbayad ka ng {amount} na mas mababa sa kabuuang babayaran: ang interes ay hanggang sa araw lamang ng iyong pagbayad.",
    }
    /// A fully paid loan whose payments came to more than its schedule.
    PaidMoreThanSchedule {
        en: "You paid {amount} more than the total repayment: late charges or an extension.",
        fil: "Nagbayad ka ng {amount} na higit sa kabuuang babayaran: multa o extension.",
    }
    RowTotalRepayment {
        en: "Total repayment",
        fil: "Kabuuang babayaran",
    }
    RowApplicationDate {
        en: "Application date",
        fil: "Petsa ng aplikasyon",
    }
    RowDisbursementDate {
        en: "Date received",
        fil: "Petsa ng pagtanggap",
    }
    RowDueDate {
        en: "Due date",
        fil: "Takdang petsa",
    }
    TermDays {
        en: "days",
        fil: "araw",
    }
    WithdrawReminder {
        en: "Your approved loan is waiting. Confirm it to receive the money.",
        fil: "Naghihintay ang iyong aprubadong loan. Kumpirmahin ito para matanggap ang pera.",
    }
    ApplyButton {
        en: "Apply",
        fil: "Mag-apply",
    }
    ProviderUnavailable {
        en: "We could not send the message right now. Please try again in a minute.",
        fil: "Hindi namin maipadala ang mensahe ngayon. Subukang muli makalipas ang isang minuto.",
    }
    InvalidPhone {
        en: "Please enter a valid mobile number.",
        fil: "Maglagay ng tamang mobile number.",
    }
    InvalidCodeFormat {
        en: "Please enter the 6-digit code.",
        fil: "Ilagay ang 6-digit na code.",
    }
    CodeWrong {
        en: "The code is not correct. You can try {n} more {time|times}.",
        fil: "Mali ang code. Maaari ka pang sumubok nang {n} beses.",
    }
    CodeRefused {
        en: "This code can no longer be used. Please request a new one.",
        fil: "Hindi na magagamit ang code na ito. Humingi ng bago.",
    }
    CodeTooSoon {
        en: "Please wait {n} seconds before requesting another code.",
        fil: "Maghintay ng {n} segundo bago humingi ng panibagong code.",
    }
    CodeHourlyLimit {
        en: "You have requested too many codes this hour. Please try again later.",
        fil: "Marami ka nang hininging code ngayong oras. Subukang muli mamaya.",
    }
    SignInTooOften {
        en: "Too many sign-in tries. Please wait a few minutes, or log in with a code by SMS.",
        fil: "Masyadong maraming subok na mag-sign in. Maghintay ng ilang minuto, o mag-log in gamit ang code sa SMS.",
    }
    StaffSignInTooOften {
        en: "Too many sign-in tries from here. Please wait a few minutes and try again.",
        fil: "Masyadong maraming subok na mag-sign in mula rito. Maghintay ng ilang minuto at subukang muli.",
    }
    ForeignOrigin {
        en: "This request came from another website and was refused. Open the console itself and try again.",
        fil: "Galing sa ibang website ang kahilingang ito kaya hindi ito tinanggap. Buksan mismo ang console at subukang muli.",
    }
    CodeDailyLimit {
        en: "You have requested too many codes today. Please try again tomorrow.",
        fil: "Marami ka nang hininging code ngayong araw. Subukang muli bukas.",
    }
    CodeSms {
        en: "Your Hiram code is {code}. It expires in 5 minutes. Never share it with anyone, not even Hiram staff.",
        fil: "Ang iyong Hiram code ay {code}. Mag-e-expire ito sa loob ng 5 minuto. Huwag itong ibigay kaninuman, kahit sa staff ng Hiram.",
    }
    CodeVoice {
        en: "This is Hiram. Your code is {code}. Again, your code is {code}.",
        fil: "Ito ang Hiram. Ang iyong code ay {code}. Uulitin ko, ang iyong code ay {code}.",
    }
    WrongPhoneOrPassword {
        en: "The mobile number or password is not correct.",
        fil: "Mali ang mobile number o password.",
    }
    WeakPassword {
        en: "Use 8 to 64 characters for your password, not only numbers, and not a common password like \"password123\".",
        fil: "Gumamit ng 8 hanggang 64 na karakter sa password, hindi puro numero, at hindi karaniwang password tulad ng \"password123\".",
    }
    UnknownPurpose {
        en: "This kind of code is not available here.",
        fil: "Hindi available dito ang ganitong uri ng code.",
    }
    CaptchaMissing {
        en: "Please enter the characters in the picture.",
        fil: "Ilagay ang mga karakter na nasa larawan.",
    }
    CaptchaWrong {
        en: "The characters do not match the picture. Please try the new picture.",
        fil: "Hindi tugma sa larawan ang inilagay mo. Subukan ang bagong larawan.",
    }
    CodeSent {
        en: "The code has been sent. Please check your phone.",
        fil: "Naipadala na ang code. Tingnan ang iyong telepono.",
    }
    Registered {
        en: "Registration successful",
        fil: "Matagumpay ang pagpaparehistro",
    }
    AlreadyRegistered {
        en: "You are already registered. Please download the app and log in.",
        fil: "Rehistrado ka na. I-download ang app at mag-log in.",
    }
    HomeNotice {
        en: "Customer service is open {n}. We never ask for your code or password.",
        fil: "Bukas ang customer service {n}. Hindi namin kailanman hihingin ang iyong code o password.",
    }
    AmountNotOffered {
        en: "Please choose an amount this loan offers.",
        fil: "Pumili ng halagang inaalok ng loan na ito.",
    }
    ProductUnavailable {
        en: "This loan is not available right now.",
        fil: "Hindi available ang loan na ito sa ngayon.",
    }
    KycIncomplete {
        en: "Please complete your information first.",
        fil: "Kumpletuhin muna ang iyong impormasyon.",
    }
    OpenLoanExists {
        en: "You already have an open loan of this product. Please repay it before borrowing again.",
        fil: "May bukas ka pang loan sa produktong ito. Bayaran muna ito bago humiram muli.",
    }
    AboveLimit {
        en: "Your current limit is {n}. Please choose a smaller amount.",
        fil: "Ang iyong limit ngayon ay {n}. Pumili ng mas maliit na halaga.",
    }
    FieldMissing {
        en: "Please fill in: {n}.",
        fil: "Pakipunan: {n}.",
    }
    FieldInvalid {
        en: "Please check: {n}.",
        fil: "Pakisuri: {n}.",
    }
    /// An ID number not of its type's shape, `{n}` the shape.
    IdNumberShape {
        en: "This is not a number of the ID you chose: it should be {n}.",
        fil: "Hindi ito numero ng ID na pinili mo: dapat ay {n}.",
    }
    /// A KYC photo that is not one the borrower uploaded.
    PhotoNeeded {
        en: "Please take the photo again.",
        fil: "Pakikuhang muli ang litrato.",
    }
    /// A KYC answer's length, `{n}` the characters allowed (`2–100`).
    FieldTextLength {
        en: "Please use {n} characters, without symbols such as tabs or line breaks.",
        fil: "Gumamit ng {n} na titik, walang simbolo gaya ng tab o bagong linya.",
    }
    /// A KYC answer that must be a whole number, `{n}` its range (`0–20`).
    FieldWholeNumber {
        en: "Please enter a whole number ({n}).",
        fil: "Maglagay ng buong numero ({n}).",
    }
    FieldEmail {
        en: "Please enter an e-mail address such as name@example.com.",
        fil: "Maglagay ng e-mail address gaya ng name@example.com.",
    }
    FieldDate {
        en: "Please enter a real date, not in the future.",
        fil: "Maglagay ng totoong petsa, hindi sa hinaharap.",
    }
    /// A KYC answer that must be one of a list (a choice, a city).
    FieldFromList {
        en: "Please choose one from the list.",
        fil: "Pumili ng isa mula sa listahan.",
    }
    Underage {
        en: "You must be at least 18 years old to borrow.",
        fil: "Dapat ay 18 taong gulang ka man lang para makahiram.",
    }
    NotFilipino {
        en: "Our loans are for Filipino citizens only.",
        fil: "Para lamang sa mga mamamayang Pilipino ang aming loan.",
    }
    TermsChanged {
        en: "The terms of this loan have changed. Please apply again to see the new terms.",
        fil: "Nagbago ang mga tuntunin ng loan na ito. Mag-apply muli para makita ang bagong tuntunin.",
    }
    LoanBreaksCeiling {
        en: "This loan cannot be made: its terms break a ceiling of the law now in force. Please choose another loan.",
        fil: "Hindi maaaring gawin ang loan na ito: lumalampas ang mga tuntunin nito sa hangganan ng umiiral na batas. Pumili ng ibang loan.",
    }
    NotAwaitingConfirmation {
        en: "This loan is not waiting for your confirmation.",
        fil: "Hindi naghihintay ng iyong kumpirmasyon ang loan na ito.",
    }
    ConfirmMismatch {
        en: "The amount or plan does not match your approved loan. Please reload the page.",
        fil: "Hindi tugma ang halaga o plano sa aprubadong loan. I-reload ang page.",
    }
    RowNetProceeds {
        en: "You receive",
        fil: "Matatanggap mo",
    }
    RowEffectiveRate {
        en: "Effective interest rate a month",
        fil: "Epektibong interes kada buwan",
    }
    PaymentOf {
        en: "Payment {n}",
        fil: "Bayad {n}",
    }
    RetentionTitle {
        en: "Your loan is approved",
        fil: "Aprubado ang iyong loan",
    }
    RetentionText {
        en: "Your money is ready to send. Leave now and you can confirm later from My loans.",
        fil: "Handa nang ipadala ang pera. Kung aalis ka ngayon, maaari mo itong kumpirmahin mamaya sa Aking mga loan.",
    }
    DocAgreement {
        en: "Loan Agreement",
        fil: "Kasunduan sa Loan",
    }
    DocDisclosure {
        en: "Disclosure Statement",
        fil: "Disclosure Statement",
    }
    DocPrivacy {
        en: "Privacy Policy",
        fil: "Privacy Policy",
    }
    DocTerms {
        en: "Loan terms and conditions",
        fil: "Mga tuntunin at kondisyon ng loan",
    }
    MenuInformation {
        en: "My information",
        fil: "Aking impormasyon",
    }
    MenuPayoutAccount {
        en: "Payout account",
        fil: "Account na padadalhan",
    }
    MenuComplaints {
        en: "Complaints",
        fil: "Mga reklamo",
    }
    MenuCustomerService {
        en: "Customer service",
        fil: "Customer service",
    }
    MenuAbout {
        en: "About us",
        fil: "Tungkol sa amin",
    }
    FailureNotice {
        en: "We could not continue with this loan.",
        fil: "Hindi namin maituloy ang loan na ito.",
    }
    FailureUnknown {
        en: "Something stopped this application. You can try one of these loans instead.",
        fil: "May pumigil sa aplikasyong ito. Maaari mong subukan ang isa sa mga loan na ito.",
    }
    /// The confirmation's primary button names the act it records (D9,
    /// issue 33), `{amount}` the principal.
    ConfirmButton {
        en: "Agree and borrow {amount}",
        fil: "Sumang-ayon at humiram ng {amount}",
    }
    ConfirmPromotion {
        en: "Repay on or before the due date and borrowing again is quick: your details are already on file.",
        fil: "Magbayad sa o bago ang takdang petsa at magiging mabilis ang muling paghiram: nasa amin na ang iyong mga detalye.",
    }
    KindTips {
        en: "Pay only with the pay codes and channels shown in this app. Hiram staff will never ask you to send money to a personal account.",
        fil: "Magbayad lamang gamit ang mga pay code at channel na nasa app na ito. Hindi kailanman hihilingin ng staff ng Hiram na magpadala ka ng pera sa personal na account.",
    }
    SecondPersonNeeded {
        en: "Another staff member must decide this: nobody approves their own proposal.",
        fil: "Ibang kawani ang dapat magpasya nito: walang nag-aapruba ng sariling mungkahi.",
    }
    ApproverNotIndependent {
        en: "Someone independent must decide this: your account and the proposer's were made or reset by one of you, or by the same person.",
        fil: "Ibang taong hiwalay ang dapat magpasya nito: ang account mo at ng nagmungkahi ay ginawa o ni-reset ng isa sa inyo, o ng iisang tao.",
    }
    ReasonNeeded {
        en: "Write the reason, from 5 to 500 characters. It is kept in the audit log.",
        fil: "Isulat ang dahilan, mula 5 hanggang 500 titik. Itatago ito sa audit log.",
    }
    ReversalNotAPayment {
        en: "Only a payment received can be reversed. Pick a repayment from the order's ledger.",
        fil: "Bayad na natanggap lang ang maaaring bawiin. Pumili ng bayad mula sa ledger ng order.",
    }
    ReversalMoreThanPaid {
        en: "Enter an amount above zero and at most {n}, what this payment brought.",
        fil: "Maglagay ng halagang higit sa zero at hindi lalampas sa {n}, ang halagang dala ng bayad na ito.",
    }
    ReversalOfExtension {
        en: "This payment bought an extension and moved the due date; it cannot be reversed here.",
        fil: "Ang bayad na ito ay para sa extension at inilipat nito ang due date; hindi ito mababawi dito.",
    }
    ReversalAlreadyProposed {
        en: "This payment already has a reversal waiting for approval or approved.",
        fil: "May nakabinbin o aprubadong pagbawi na ang bayad na ito.",
    }
    ReversalOpenLoanOfProduct {
        en: "The borrower has since taken another loan of this product, so this one cannot reopen. Settle it with the borrower first.",
        fil: "May bagong loan na ang borrower sa produktong ito, kaya hindi na mabubuksan muli ang loan na ito. Ayusin muna ito kasama ang borrower.",
    }
    BooksPeriodNotOver {
        en: "That period has not ended yet: a day closes once it is over, a month once its last day is.",
        fil: "Hindi pa tapos ang panahong iyon: maisasara ang araw kapag tapos na ito, ang buwan kapag tapos na ang huling araw nito.",
    }
    BooksClosedLater {
        en: "The books are already closed through {n}. Closes never go back; post a correction in the open period.",
        fil: "Sarado na ang libro hanggang {n}. Hindi na binubuksan muli ang pagsasara; itala ang pagtatama sa bukas na panahon.",
    }
    BooksStatementsUnmatched {
        en: "Unmatched lines of the providers' statements through that day: {n}. Resolve them first, or close over them with a note saying why.",
        fil: "Mga hindi tugmang linya ng statement ng mga provider hanggang sa araw na iyon: {n}. Lutasin muna ang mga ito, o isara nang may tala kung bakit.",
    }
    StatementCsv {
        en: "The statement does not read: {n}. Send a CSV whose first line names reference, amount and fee.",
        fil: "Hindi mabasa ang statement: {n}. Magpadala ng CSV na ang unang linya ay nagsasabi ng reference, amount at fee.",
    }
    StatementKept {
        en: "That provider's statement of that day is already in; a day is brought in once.",
        fil: "Naipasok na ang statement ng provider na iyon para sa araw na iyon; isang beses lang ipinapasok ang isang araw.",
    }
    StatementResolution {
        en: "Say in 5 to 500 characters what you found and did.",
        fil: "Sabihin sa 5 hanggang 500 titik kung ano ang nakita at ginawa mo.",
    }
    BooksNoteTooLong {
        en: "Keep the note to 500 characters or fewer.",
        fil: "Panatilihin ang tala sa 500 titik o mas kaunti.",
    }
    JournalLines {
        en: "A journal has 2 to 20 lines, each an account of the chart, a side (debit or credit) and an amount.",
        fil: "May 2 hanggang 20 linya ang journal, bawat isa may account ng chart, panig (debit o credit) at halaga.",
    }
    JournalAmount {
        en: "Every amount of a journal is above zero.",
        fil: "Higit sa zero ang bawat halaga ng journal.",
    }
    JournalUnbalanced {
        en: "The debits and the credits of a journal must be equal.",
        fil: "Dapat magkapantay ang mga debit at credit ng journal.",
    }
    JournalUnknownAccount {
        en: "There is no account {n} in the chart of accounts.",
        fil: "Walang account na {n} sa chart of accounts.",
    }
    JournalControlAccount {
        en: "Account {n} moves only with the loans' own events; post this to another account.",
        fil: "Gumagalaw lang ang account {n} kasabay ng mga pangyayari sa mga loan; itala ito sa ibang account.",
    }
    JournalMemo {
        en: "Write a memo of 5 to 500 characters saying what the journal is for.",
        fil: "Sumulat ng memo na 5 hanggang 500 titik kung para saan ang journal.",
    }
    JournalNotReversible {
        en: "Only a member's posted journal can be reversed, and once: this one is waiting, rejected, the daily run's, or already has its reversal.",
        fil: "Journal lang ng miyembro na naitala na ang maaaring baligtarin, at isang beses lang: ang isang ito ay naghihintay, tinanggihan, sa daily run, o may pagbabaligtad na.",
    }
    WriteOffReason {
        en: "Write a reason of 5 to 500 characters saying why the loan is written off.",
        fil: "Sumulat ng dahilan na 5 hanggang 500 titik kung bakit isinusulat bilang lugi ang loan.",
    }
    WriteOffNotOwing {
        en: "Only a loan with money owed and not yet written off can be written off.",
        fil: "Loan lang na may utang pa at hindi pa naisusulat bilang lugi ang maaaring isulat bilang lugi.",
    }
    WriteOffPending {
        en: "This loan already has a write-off waiting for approval or approved.",
        fil: "May write-off na ang loan na ito na naghihintay ng pag-apruba o naaprubahan na.",
    }
    RefundAmount {
        en: "A refund is above zero and at most the credit the loan holds for the borrower.",
        fil: "Ang refund ay higit sa zero at hindi lalampas sa credit na hawak ng loan para sa nanghiram.",
    }
    RefundNotRepaid {
        en: "Only a repaid loan's credit is refunded; an open loan's credit pays its next instalment.",
        fil: "Credit lang ng bayad nang loan ang ibinabalik; ang credit ng bukas na loan ay pambayad sa susunod na hulog.",
    }
    RefundPending {
        en: "This loan already has a refund waiting for approval or for the payout gateway.",
        fil: "May refund na ang loan na ito na naghihintay ng pag-apruba o ng payout gateway.",
    }
    RefundReason {
        en: "Write a reason of 5 to 500 characters saying why the money goes back.",
        fil: "Sumulat ng dahilan na 5 hanggang 500 titik kung bakit ibinabalik ang pera.",
    }
    AccountCode {
        en: "A code is four digits whose first says the kind: 1 assets, 2 liabilities, 3 equity, 4 income, 5 expenses.",
        fil: "Ang code ay apat na numero at ang una ay nagsasabi ng uri: 1 asset, 2 liability, 3 equity, 4 income, 5 expense.",
    }
    AccountTaken {
        en: "The chart has an account {n} already.",
        fil: "May account na {n} na sa chart.",
    }
    AccountName {
        en: "Name the account in 3 to 100 characters.",
        fil: "Pangalanan ang account sa 3 hanggang 100 titik.",
    }
    AccountPending {
        en: "An account with that code is already waiting for approval.",
        fil: "May account na may ganoong code na naghihintay na ng pag-apruba.",
    }
    ProposalDecided {
        en: "This proposal was already approved or rejected.",
        fil: "Naaprubahan o natanggihan na ang mungkahing ito.",
    }
    ProvisionRateRange {
        en: "Each rate is 0 to 10,000 basis points (0% to 100%) of the principal owed.",
        fil: "Ang bawat rate ay 0 hanggang 10,000 basis points (0% hanggang 100%) ng natitirang principal.",
    }
    ProvisionRateDecreasing {
        en: "An older bucket's rate cannot be lower than a younger one's: a loan grows no safer by staying unpaid.",
        fil: "Hindi maaaring mas mababa ang rate ng mas matandang bucket kaysa sa mas bata: hindi nagiging mas ligtas ang loan kapag lalong hindi nababayaran.",
    }
    StatementNotFetchable {
        en: "Hiram does not collect through that provider now: import its statement as CSV.",
        fil: "Hindi na dumadaan sa provider na iyon ang koleksiyon ng Hiram: i-import ang statement nito bilang CSV.",
    }
    ProvisionProductNotLenders {
        en: "That product is not one of this lender's.",
        fil: "Hindi produkto ng lender na ito ang napili.",
    }
    PaymentReversedSms {
        en: "Hiram: your payment of {amount} for loan {order} was reversed by the payment channel. Amount owed now: {owed}. Please pay it in the app.",
        fil: "Hiram: binawi ng payment channel ang iyong bayad na {amount} para sa loan {order}. Utang mo ngayon: {owed}. Pakibayaran ito sa app.",
    }
    SearchTooShort {
        en: "Type at least 3 letters of a name or 3 digits of a mobile number.",
        fil: "Mag-type ng hindi bababa sa 3 titik ng pangalan o 3 numero ng mobile number.",
    }
    ApplicationApprovedSms {
        en: "Hiram: your loan application {n} is approved. Open the app to read the agreement and confirm it.",
        fil: "Hiram: aprubado na ang iyong loan application {n}. Buksan ang app para basahin ang kasunduan at kumpirmahin ito.",
    }
    ApplicationDeclinedSms {
        en: "Hiram: we could not approve your loan application {n}. You may apply for another product in the app.",
        fil: "Hiram: hindi namin naaprubahan ang iyong loan application {n}. Maaari kang mag-apply sa ibang produkto sa app.",
    }
    ComplaintTooManyImages {
        en: "Please attach at most 9 pictures.",
        fil: "Hanggang 9 na larawan lang ang maaaring ilakip.",
    }
    NotAllowed {
        en: "Your role does not allow this.",
        fil: "Hindi ito pinapayagan ng iyong tungkulin.",
    }
    StaffLoginRefused {
        en: "The e-mail, password or code is not right.",
        fil: "Mali ang e-mail, password o code.",
    }
    StaffEmailTaken {
        en: "This e-mail already has a staff account.",
        fil: "May staff account na ang e-mail na ito.",
    }
    StaffOwnAccount {
        en: "You cannot deactivate your own account. Another administrator can.",
        fil: "Hindi mo maaaring i-deactivate ang sarili mong account. Ibang administrator ang maaaring gumawa nito.",
    }
    StaffLastAdmin {
        en: "This is the last active administrator. Add or reactivate another administrator first.",
        fil: "Ito na ang huling aktibong administrator. Magdagdag o mag-reactivate muna ng ibang administrator.",
    }
    StaffOwnReset {
        en: "You cannot reset your own sign-in. Ask another administrator to reset it.",
        fil: "Hindi mo maaaring i-reset ang sarili mong sign-in. Hilingin sa ibang administrator na i-reset ito.",
    }
    StaffResetInactive {
        en: "This account is deactivated. Reactivate it first, then reset its sign-in.",
        fil: "Naka-deactivate ang account na ito. I-reactivate muna ito, saka i-reset ang sign-in nito.",
    }
    EnrolmentOwnApproval {
        en: "Another administrator must approve this: nobody approves a sign-in they asked for.",
        fil: "Ibang administrator ang dapat mag-apruba nito: walang nag-aapruba ng sign-in na siya mismo ang humiling.",
    }
    EnrolmentNothingToApprove {
        en: "This member has no sign-in waiting for approval.",
        fil: "Walang sign-in ng kawaning ito na naghihintay ng pag-apruba.",
    }
    EnrolmentLinkSpent {
        en: "This link has expired or has been used. Ask an administrator to reset your sign-in for a new one.",
        fil: "Expired na o nagamit na ang link na ito. Hilingin sa isang administrator na i-reset ang sign-in mo para sa bagong link.",
    }
    EnrolmentCodeWrong {
        en: "That code does not match. Scan the QR code again and type the code your app shows now.",
        fil: "Hindi tugma ang code. I-scan muli ang QR code at i-type ang code na ipinapakita ngayon ng app mo.",
    }
    StaffPasswordWeak {
        en: "Choose a password of at least 12 characters, with at least 4 different ones, that is not a common password.",
        fil: "Pumili ng password na may 12 character man lang, may 4 na magkakaibang character, at hindi karaniwang password.",
    }
    StaffPasswordWrong {
        en: "The password or the code is not right.",
        fil: "Mali ang password o ang code.",
    }
    ApiTokenMembersOnly {
        en: "Only a signed-in administrator makes or revokes API tokens, never a token.",
        fil: "Ang naka-sign in na administrator lamang ang gumagawa o nagbabawi ng API token, hindi ang isang token.",
    }
    LinkCodeTaken {
        en: "Another link of this kind already uses this code.",
        fil: "May ibang link na ganitong uri na gumagamit na ng code na ito.",
    }
    ComplaintDetailEmpty {
        en: "Please fill in your comments and suggestions.",
        fil: "Pakisulat ang iyong komento at mungkahi.",
    }
    ComplaintTypeInvalid {
        en: "Please choose the kind of problem from the list.",
        fil: "Piliin ang uri ng problema mula sa listahan.",
    }
    ComplaintSubTypeNeeded {
        en: "Please choose what happened with the collection.",
        fil: "Piliin kung ano ang nangyari sa paniningil.",
    }
    ComplaintCollectionNeedsLoan {
        en: "Collection complaints are about a loan you have been repaying. Please choose that loan.",
        fil: "Ang reklamo sa paniningil ay tungkol sa loan na binabayaran mo. Piliin ang loan na iyon.",
    }
    ComplaintImageUnknown {
        en: "One of the pictures was not found. Please add it again.",
        fil: "Hindi makita ang isa sa mga larawan. Idagdag itong muli.",
    }
    /// Filed, collection (type 1): a report about how someone was treated.
    ComplaintSentCollection {
        en: "We are sorry this happened, and we take it seriously. How lenders and their collectors may collect is governed by SEC Memorandum Circular No. 18, series of 2019, and we will look into what you reported.",
        fil: "Ikinalulungkot namin ang nangyari, at sineseryoso namin ito. Ang paraan ng paniningil ng mga nagpapautang at ng kanilang mga kolektor ay sakop ng SEC Memorandum Circular No. 18, series of 2019, at susuriin namin ang iyong iniulat.",
    }
    /// Filed, repayment and payments (type 2).
    ComplaintSentPayments {
        en: "We received your complaint about a payment. Please keep your receipt: we may ask for it to trace the payment.",
        fil: "Natanggap namin ang iyong reklamo tungkol sa isang bayad. Itago ang iyong resibo: maaari namin itong hingin para matunton ang bayad.",
    }
    /// Filed, interest, fees and charges (type 3).
    ComplaintSentCharges {
        en: "We received your complaint about your loan's interest, fees or charges. We will check them against your agreement and disclosure.",
        fil: "Natanggap namin ang iyong reklamo tungkol sa interes, bayarin o singil ng iyong loan. Susuriin namin ang mga ito ayon sa iyong kasunduan at disclosure.",
    }
    /// Filed, receiving my loan (type 4).
    ComplaintSentPayout {
        en: "We received your complaint about receiving your loan. We will trace where the money was sent.",
        fil: "Natanggap namin ang iyong reklamo tungkol sa pagtanggap ng iyong loan. Aalamin namin kung saan ipinadala ang pera.",
    }
    /// Filed, my account and personal data (type 5).
    ComplaintSentAccount {
        en: "We received your complaint about your account or personal data. We will never ask for your password, PIN or one-time code.",
        fil: "Natanggap namin ang iyong reklamo tungkol sa iyong account o personal na datos. Hindi namin kailanman hihingin ang iyong password, PIN o one-time code.",
    }
    /// Filed, the app and other concerns (type 6).
    ComplaintSentOther {
        en: "Thank you for telling us. We received your complaint.",
        fil: "Salamat sa pagsabi sa amin. Natanggap namin ang iyong reklamo.",
    }
    /// After every filing's own words: its number and when we answer
    /// (`{ref}`, `{date}`, `{n}` working days).
    ComplaintSentPromise {
        en: "Your complaint number is {ref}. Customer care will answer by {date}, within {n} working {day|days}.",
        fil: "Ang numero ng iyong reklamo ay {ref}. Sasagot ang customer care hanggang {date}, sa loob ng {n} araw ng trabaho.",
    }
    CallbackRequested {
        en: "We will call you back at your registered number by {date}. A supervisor will look at complaint {ref} again.",
        fil: "Tatawagan ka namin sa iyong nakarehistrong numero hanggang {date}. Muling titingnan ng isang supervisor ang reklamo {ref}.",
    }
    CallbackNotOffered {
        en: "A call back is offered once, after you rate our answer 1 or 2 stars.",
        fil: "Iniaalok ang call back nang isang beses, kapag binigyan mo ang aming sagot ng 1 o 2 bituin.",
    }
    IdempotencyKeyInvalid {
        en: "The request's Idempotency-Key must be 1 to {n} letters, digits, - or _. Nothing was saved.",
        fil: "Ang Idempotency-Key ng kahilingan ay dapat 1 hanggang {n} na titik, numero, - o _. Walang na-save.",
    }
    IdempotencyKeyReused {
        en: "This request's Idempotency-Key was already used for a different request. Nothing was saved; send it again with a new key.",
        fil: "Nagamit na ang Idempotency-Key ng kahilingang ito sa ibang kahilingan. Walang na-save; ipadala itong muli gamit ang bagong key.",
    }
    ComplaintAnsweredSms {
        en: "Hiram: customer care answered your complaint no. {n}. Open Complaints in the app to read the answer.",
        fil: "Hiram: sinagot na ng customer care ang iyong reklamo blg. {n}. Buksan ang Mga reklamo sa app para mabasa ang sagot.",
    }
    RatingInvalid {
        en: "Please choose from 1 to 5 stars.",
        fil: "Pumili mula 1 hanggang 5 bituin.",
    }
    RatingNotOpen {
        en: "You can rate an answer once, after we reply.",
        fil: "Maaari mong i-rate ang sagot nang isang beses, pagkatapos naming sumagot.",
    }
    TabAll {
        en: "All",
        fil: "Lahat",
    }
    TabProcessing {
        en: "Processing",
        fil: "Inaasikaso",
    }
    TabReplied {
        en: "Replied",
        fil: "May sagot na",
    }
    ChooseCardFirst {
        en: "Please choose the account to pay from first.",
        fil: "Piliin muna ang account na pagbabayaran.",
    }
    PaymentSubmittedTwice {
        en: "This payment was already submitted. Please do not submit it again.",
        fil: "Naipadala na ang bayad na ito. Huwag na itong ipadala ulit.",
    }
    PaymentPageExpired {
        en: "This payment page has expired. Please open it again.",
        fil: "Nag-expire na ang page ng bayad na ito. Buksan itong muli.",
    }
    CodeWrongRepayment {
        en: "The code is wrong. Please check the SMS and try again.",
        fil: "Mali ang code. Tingnan ang SMS at subukang muli.",
    }
    DebitDeclined {
        en: "Your account could not be charged. Please pay with a pay code instead.",
        fil: "Hindi masingil ang iyong account. Magbayad na lang gamit ang pay code.",
    }
    ReferenceInvalid {
        en: "Please type the reference number from your receipt: 6 to 30 letters and digits.",
        fil: "I-type ang reference number mula sa iyong resibo: 6 hanggang 30 letra at numero.",
    }
    ReferenceAlreadySubmitted {
        en: "This reference number was already sent to us. We are checking it.",
        fil: "Naipadala na sa amin ang reference number na ito. Sinusuri na namin.",
    }
    ReferenceAlreadyCredited {
        en: "The payment with this reference number is already in your loan. If you paid twice, please contact us.",
        fil: "Naipasok na sa iyong loan ang bayad na may ganitong reference number. Kung dalawang beses kang nagbayad, makipag-ugnayan sa amin.",
    }
    TooManyPayCodes {
        en: "You have made many payment codes for this loan today. Please use one you already have, or try again later.",
        fil: "Marami ka nang nagawang payment code para sa loan na ito ngayong araw. Gamitin ang mayroon ka na, o subukan muli mamaya.",
    }
    UnpostedAlreadyCredited {
        en: "A payment provider has already posted this reference: matching it would credit the money twice. Reject this report.",
        fil: "Naipasok na ng payment provider ang reference na ito: madodoble ang bayad kapag itinugma pa. I-reject ang ulat na ito.",
    }
    ReferenceQueued {
        en: "Thank you. We will check your payment with the channel and post it to your loan within one business day.",
        fil: "Salamat. Susuriin namin ang iyong bayad sa channel at ipapasok sa iyong loan sa loob ng isang araw ng trabaho.",
    }
    TooManyReferences {
        en: "You already have payments waiting to be checked for this loan. Please wait for our answer.",
        fil: "May mga bayad ka pang sinusuri para sa loan na ito. Hintayin muna ang aming sagot.",
    }
    ProductRates {
        en: "{nominal} interest a month · effective rate {effective} a month",
        fil: "{nominal} interes kada buwan · effective rate na {effective} kada buwan",
    }
    ProductRatesUpTo {
        en: "{nominal} interest a month · effective rate up to {effective} a month",
        fil: "{nominal} interes kada buwan · effective rate na hanggang {effective} kada buwan",
    }
    LimitGrows {
        en: "Your limit is {limit} for now. Repay this loan on time and it grows to {next}.",
        fil: "{limit} ang limit mo sa ngayon. Bayaran sa oras ang loan na ito at lalaki ito sa {next}.",
    }
    LimitAtMost {
        en: "Your limit is {limit}, the most we lend to one borrower for now.",
        fil: "{limit} ang limit mo, ang pinakamalaking ipinahihiram namin sa isang borrower sa ngayon.",
    }
    IdentityRejectedSms {
        en: "Hiram: we could not confirm who you are from your ID photo and selfie: {reason} Please take them again in the app before your next loan.",
        fil: "Hiram: hindi namin makumpirma kung sino ka mula sa litrato ng ID at selfie mo: {reason} Kunan muli ang mga ito sa app bago ang susunod mong loan.",
    }
    IdentityRejected {
        en: "We could not confirm who you are from your ID photo and selfie: {reason} Please take them again.",
        fil: "Hindi namin makumpirma kung sino ka mula sa litrato ng ID at selfie mo: {reason} Kunan muli ang mga ito.",
    }
    NoIdentityPhotos {
        en: "This borrower has no ID photo and selfie to review.",
        fil: "Walang litrato ng ID at selfie ang borrower na ito na masusuri.",
    }
    AcceptedSms {
        en: "Hiram: you accepted loan {order} of {amount}. Your copy of the agreement and disclosure to keep: {link}",
        fil: "Hiram: pumayag ka sa loan {order} na {amount}. Ang kopya mo ng kasunduan at disclosure: {link}",
    }
    PayoutSentSms {
        en: "Hiram: we sent {amount} for loan {order} to your {account}. Your first payment is due on {date}.",
        fil: "Hiram: naipadala na namin ang {amount} para sa loan {order} sa iyong {account}. Ang unang bayad ay sa {date}.",
    }
    PayoutRefusedSms {
        en: "Hiram: your {account} could not receive loan {order}, so the loan was cancelled. You owe nothing. Please check the account and apply again.",
        fil: "Hiram: hindi natanggap ng iyong {account} ang loan {order}, kaya kinansela ang loan. Wala kang utang. Suriin ang account at mag-apply muli.",
    }
    CardPopTitle {
        en: "Where should we send your loan?",
        fil: "Saan namin ipapadala ang iyong loan?",
    }
    CardPopMsg {
        en: "Add a bank account or e-wallet in your name. We send the money as soon as it is added.",
        fil: "Magdagdag ng bank account o e-wallet na nakapangalan sa iyo. Ipapadala namin agad ang pera.",
    }
    AccountTypeLabel {
        en: "Account type",
        fil: "Uri ng account",
    }
    AccountTypeBank {
        en: "Bank account",
        fil: "Bank account",
    }
    AccountTypeWallet {
        en: "E-wallet",
        fil: "E-wallet",
    }
    BankLabel {
        en: "Bank",
        fil: "Bangko",
    }
    BankSubtitle {
        en: "Banks that receive InstaPay transfers",
        fil: "Mga bangkong tumatanggap ng InstaPay",
    }
    BankAccountLabel {
        en: "Account number",
        fil: "Numero ng account",
    }
    BankAccountNote {
        en: "10 to 16 digits, from your passbook, card or banking app",
        fil: "10 hanggang 16 na digit, mula sa passbook, card o banking app",
    }
    WalletLabel {
        en: "E-wallet",
        fil: "E-wallet",
    }
    WalletNumberLabel {
        en: "E-wallet mobile number",
        fil: "Mobile number ng e-wallet",
    }
    WalletNumberNote {
        en: "The 11-digit number of the account, starting with 09",
        fil: "Ang 11-digit na numero ng account, nagsisimula sa 09",
    }
    AccountKindInvalid {
        en: "Please choose a bank account or an e-wallet.",
        fil: "Pumili ng bank account o e-wallet.",
    }
    AccountProviderInvalid {
        en: "Please choose your bank or e-wallet from the list.",
        fil: "Piliin ang iyong bangko o e-wallet mula sa listahan.",
    }
    AccountNumberInvalid {
        en: "Please check the account number: a bank account has 10 to 16 digits, an e-wallet an 11-digit mobile number.",
        fil: "Suriin ang numero ng account: 10 hanggang 16 na digit ang bank account, 11-digit na mobile number ang e-wallet.",
    }
    AccountBound {
        en: "Your account is saved. We send your loan there.",
        fil: "Naka-save na ang iyong account. Doon namin ipapadala ang loan.",
    }
    NotExtendable {
        en: "This loan cannot be extended now. Extensions are open on products that offer them, while something is owed.",
        fil: "Hindi ma-extend ang loan na ito ngayon. Bukas ang extension sa mga produktong nag-aalok nito, habang may babayaran pa.",
    }
    ExtensionsUsedUp {
        en: "This loan has already been extended as many times as its agreement allows. Please repay it instead.",
        fil: "Na-extend na ang loan na ito nang ilang beses na pinapayagan ng kasunduan. Bayaran na lang ito.",
    }
    OverdueDaysLate {
        en: "{n} days late.",
        fil: "{n} araw nang huli.",
    }
    OverduePenalties {
        en: "Late penalties so far: {amount}.",
        fil: "Multa hanggang ngayon: {amount}.",
    }
    OverdueBalance {
        en: "Balance as of today: {amount}.",
        fil: "Balanse ngayong araw: {amount}.",
    }
    OverdueNextDay {
        en: "Each more day late adds {amount} in penalties.",
        fil: "Bawat dagdag na araw ng pagkahuli ay may multang {amount}.",
    }
    OverdueNextDayCapped {
        en: "Another day late adds {amount}: the legal cap on penalties stops the rest.",
        fil: "Ang isa pang araw ng pagkahuli ay dagdag na {amount}: pinipigilan ng legal na limit ang iba pa.",
    }
    OverdueCapReached {
        en: "Penalties have reached the legal cap: another day late adds nothing more.",
        fil: "Naabot na ng multa ang legal na limit: wala nang madadagdag sa isa pang araw.",
    }
    ExtensionTooLate {
        en: "This loan is too far past its due date to extend: a new due date one period later would already have passed. Please repay it instead.",
        fil: "Masyado nang lampas sa due date ang loan na ito para i-extend: lumipas na rin ang bagong due date na isang period pa. Bayaran na lang ito.",
    }
    ExtensionBreaksCeiling {
        en: "An extension today would break a ceiling of the law, so it is not offered. You can still pay what is due.",
        fil: "Lalampas sa hangganan ng batas ang extension ngayon, kaya hindi ito iniaalok. Maaari mo pa ring bayaran ang dapat bayaran.",
    }
    ExtensionAmountChanged {
        en: "The amount to extend has changed. Please reload the page.",
        fil: "Nagbago ang halaga ng extension. I-reload ang page.",
    }
    ExtensionTitle {
        en: "Extend your loan by {n} days",
        fil: "I-extend ang loan nang {n} araw",
    }
    ExtensionReceipt {
        en: "Hiram: we received {amount} for loan {order}. Your loan is extended; your next due date is {date}. Thank you!",
        fil: "Hiram: natanggap namin ang {amount} para sa loan {order}. Na-extend na ang loan mo; ang susunod na due date ay {date}. Salamat!",
    }
    RowChargesDue {
        en: "Interest, fees and late charges due",
        fil: "Interes, bayarin at multang dapat bayaran",
    }
    RowExtensionFee {
        en: "Extension fee",
        fil: "Bayad sa extension",
    }
    RowNewDueDate {
        en: "New due date",
        fil: "Bagong due date",
    }
    RowPrincipalAfter {
        en: "Loan amount still to repay",
        fil: "Halaga ng loan na babayaran pa",
    }
    TrailDisbursement {
        en: "Loan sent to you",
        fil: "Naipadala sa iyo ang loan",
    }
    TrailInterest {
        en: "Interest",
        fil: "Interes",
    }
    TrailPenalty {
        en: "Late charge",
        fil: "Multa sa pagkahuli",
    }
    TrailExtensionFee {
        en: "Extension fee",
        fil: "Bayad sa extension",
    }
    TrailRepayment {
        en: "Payment received",
        fil: "Natanggap na bayad",
    }
    TrailRefund {
        en: "Refund of what you paid beyond your loan",
        fil: "Ibinalik ang sobrang ibinayad mo sa loan",
    }
    TrailReversal {
        en: "Correction",
        fil: "Pagwawasto",
    }
    ImageTooLarge {
        en: "This picture is too large. Please send one under {n} MB.",
        fil: "Masyadong malaki ang larawang ito. Magpadala ng mas mababa sa {n} MB.",
    }
    ImageWrongType {
        en: "Please send a photo or screenshot in JPG, PNG or WebP format.",
        fil: "Magpadala ng litrato o screenshot na JPG, PNG o WebP.",
    }
    ImageTooManyPixels {
        en: "This picture is too big to process. Please send a smaller photo or screenshot.",
        fil: "Masyadong malaki ang larawang ito para maproseso. Magpadala ng mas maliit na litrato o screenshot.",
    }
    ImageDailyLimit {
        en: "You have sent many pictures today. Please try again tomorrow.",
        fil: "Marami ka nang naipadalang larawan ngayong araw. Subukan ulit bukas.",
    }
    ConsentNeeded {
        en: "Please allow this in your privacy settings first. We keep nothing without your permission.",
        fil: "Payagan muna ito sa iyong privacy settings. Wala kaming itinatago nang walang pahintulot mo.",
    }
    PlanPaid {
        en: "Paid",
        fil: "Bayad na",
    }
    PlanDue {
        en: "Due",
        fil: "Dapat bayaran",
    }
    PlanOverdue {
        en: "Overdue",
        fil: "Lampas na",
    }
    RowPenalties {
        en: "Late charges",
        fil: "Multa",
    }
    RowPaidSoFar {
        en: "Paid so far",
        fil: "Nabayaran na",
    }
    /// What the ledger holds as owed on the day: the same figure and name
    /// as order details' balance.
    RowOwedToday {
        en: "Owed today",
        fil: "Utang ngayong araw",
    }
    RowOwedNow {
        en: "To pay now",
        fil: "Babayaran ngayon",
    }
    NoticeEwallets {
        en: "Pay with an e-wallet",
        fil: "Magbayad gamit ang e-wallet",
    }
    NoticeStores {
        en: "Pay at a store",
        fil: "Magbayad sa tindahan",
    }
    StepsGcash {
        en: "Open GCash and tap Bills → Choose Loans, then Hiram → Enter your pay code and the amount → Check the details and confirm",
        fil: "Buksan ang GCash at i-tap ang Bills → Piliin ang Loans, saka Hiram → Ilagay ang pay code at halaga → Suriin at kumpirmahin",
    }
    StepsMaya {
        en: "Open Maya and tap Bills → Search for Hiram → Enter your pay code and the amount → Confirm and keep the receipt",
        fil: "Buksan ang Maya at i-tap ang Bills → Hanapin ang Hiram → Ilagay ang pay code at halaga → Kumpirmahin at itago ang resibo",
    }
    StepsStore {
        en: "Tell the cashier you are paying a Hiram loan → Give the pay code and the amount → Pay in cash and keep the receipt",
        fil: "Sabihin sa cashier na magbabayad ka ng Hiram loan → Ibigay ang pay code at halaga → Magbayad ng cash at itago ang resibo",
    }
    PickChannel {
        en: "Choose a payment method to get your pay code",
        fil: "Pumili ng paraan ng pagbabayad para makuha ang pay code",
    }
    StandingCodeTitle {
        en: "Your pay code at {n}: pay any amount, any time",
        fil: "Ang pay code mo sa {n}: magbayad ng kahit anong halaga, kahit kailan",
    }
    PayCodeUnavailable {
        en: "We could not get a pay code from the payment channel. Please try again in a few minutes.",
        fil: "Hindi kami makakuha ng pay code mula sa payment channel. Subukan ulit pagkalipas ng ilang minuto.",
    }
    ChannelRefused {
        en: "This payment method cannot take this payment. Please choose another.",
        fil: "Hindi matatanggap ng paraang ito ang bayad na ito. Pumili ng iba.",
    }
    PayCodeAlreadyPaid {
        en: "This pay code has been paid already.",
        fil: "Nabayaran na ang pay code na ito.",
    }
    NothingToRepay {
        en: "This loan has nothing to repay.",
        fil: "Wala nang babayaran sa loan na ito.",
    }
    UnknownChannel {
        en: "Please choose a payment method from the list.",
        fil: "Pumili ng paraan ng pagbabayad mula sa listahan.",
    }
    PayAmountInvalid {
        en: "Please enter an amount from ₱0.01 up to what you owe.",
        fil: "Maglagay ng halagang ₱0.01 hanggang sa iyong utang.",
    }
    PaymentReceipt {
        en: "Hiram: we received {amount} for loan {order}. Amount still owed: {owed}. Thank you!",
        fil: "Hiram: natanggap namin ang {amount} para sa loan {order}. Natitirang utang: {owed}. Salamat!",
    }
    OrderMovedOn {
        en: "This loan has just changed. Please reload the page.",
        fil: "Kababago lang ng loan na ito. I-reload ang page.",
    }
    CapNominal {
        en: "Nominal interest of {found} a month is above the {allowed} that {source} allows on loans of {limit} or less payable within {months} calendar months.",
        fil: "Ang nominal na interes na {found} kada buwan ay lampas sa {allowed} na pinapayagan ng {source} sa loan na {limit} pababa na babayaran sa loob ng {months} buwan.",
    }
    CapEffective {
        en: "A loan of {principal} for {days} days has an effective interest rate of {found} a month, above the {allowed} that {source} allows.",
        fil: "Ang loan na {principal} para sa {days} araw ay may effective interest rate na {found} kada buwan, lampas sa {allowed} na pinapayagan ng {source}.",
    }
    CapPenalty {
        en: "A month of late penalties on the smallest instalment, {principal}, comes to {found}, above the {allowed} that {source} allows.",
        fil: "Ang isang buwan ng multa sa pinakamaliit na hulog, {principal}, ay umaabot sa {found}, lampas sa {allowed} na pinapayagan ng {source}.",
    }
    CapTotalCost {
        en: "On a loan of {principal} the interest and fees come to {found}, above the {allowed} that {source} allows over a loan's whole life.",
        fil: "Sa loan na {principal}, umaabot sa {found} ang interes at fee, lampas sa {allowed} na pinapayagan ng {source} sa buong buhay ng loan.",
    }
    TermsMalformed {
        en: "The amounts, term or rates of this product are not valid.",
        fil: "Hindi tama ang halaga, tagal o rate ng produktong ito.",
    }
    TermsBreakCeiling {
        en: "These terms break a ceiling of the law in force: {n}",
        fil: "Lumalampas ang mga tuntuning ito sa hangganan ng umiiral na batas: {n}",
    }
    TermsClauses {
        en: "Early repayment starts at 0–100% of the term, its minimum days and minimum interest days are at most the term, and a loan may take at most 12 extensions.",
        fil: "Nagsisimula ang maagang pagbabayad sa 0–100% ng termino, hindi lalampas sa termino ang pinakamaikling araw at araw ng interes nito, at hanggang 12 extension lamang ang isang loan.",
    }
    OpenLoanBlocksDeletion {
        en: "You still have an open loan. Please repay it before deleting your account.",
        fil: "May bukas ka pang loan. Bayaran muna ito bago burahin ang iyong account.",
    }
    ContactOutsideHours {
        en: "Borrowers may be contacted only from 6:00 AM to 10:00 PM Manila time. Outside those hours, only a loan more than 15 days past due, or a borrower who agreed to be contacted at any hour, may be contacted.",
        fil: "Maaari lang kontakin ang borrower mula 6:00 AM hanggang 10:00 PM, oras sa Maynila. Sa labas ng oras na iyon, maaari lang kontakin kung lampas 15 araw nang overdue ang loan, o kung pumayag ang borrower na kontakin sa anumang oras.",
    }
    ContactNeedsOverdue {
        en: "Only overdue loans are handled by collections, and this loan is not overdue.",
        fil: "Overdue na loan lang ang hawak ng collections, at hindi overdue ang loan na ito.",
    }
    ContactNoteTooLong {
        en: "Please keep the note to 500 characters or fewer.",
        fil: "Hanggang 500 character lang ang tala.",
    }
    CalcAmountInvalid {
        en: "Enter an amount from ₱1 to ₱10,000,000.",
        fil: "Maglagay ng halagang mula ₱1 hanggang ₱10,000,000.",
    }
    MenuCalculator {
        en: "Loan calculator",
        fil: "Kalkulador ng loan",
    }
    CalcRateInvalid {
        en: "Enter a monthly interest rate from 0% to 100%.",
        fil: "Maglagay ng buwanang interes na mula 0% hanggang 100%.",
    }
    CalcTermInvalid {
        en: "Choose 1 to 1,000 payments, over 10 years at most.",
        fil: "Pumili ng 1 hanggang 1,000 hulog, sa loob ng hanggang 10 taon.",
    }
    CalcFeeInvalid {
        en: "The fee must be less than the whole amount borrowed.",
        fil: "Dapat mas mababa ang singil kaysa sa buong halagang hiniram.",
    }
    CalcMethodInvalid {
        en: "Choose how interest is charged: flat, or on the declining balance.",
        fil: "Piliin kung paano sinisingil ang interes: flat, o sa lumiliit na balanse.",
    }
    CalcFrequencyInvalid {
        en: "Choose how often you pay: daily, weekly or monthly.",
        fil: "Piliin kung gaano kadalas ang bayad: araw-araw, lingguhan o buwanan.",
    }
    CalcNameInvalid {
        en: "Please keep the name to 40 characters.",
        fil: "Hanggang 40 character lang ang pangalan.",
    }
    CalcSavedLimit {
        en: "You can keep up to 50 calculations. Delete one to save a new one.",
        fil: "Hanggang 50 kalkulasyon lang ang maitatago. Magbura ng isa para makapag-save ng bago.",
    }
    CalcMethodFlat {
        en: "Flat rate",
        fil: "Flat na interes",
    }
    CalcMethodDeclining {
        en: "Declining balance",
        fil: "Lumiliit na balanse",
    }
    CalcDaily {
        en: "Daily",
        fil: "Araw-araw",
    }
    CalcWeekly {
        en: "Weekly",
        fil: "Lingguhan",
    }
    CalcMonthly {
        en: "Monthly",
        fil: "Buwanan",
    }
    CalcCapNominal {
        en: "Nominal interest a month",
        fil: "Nominal na interes kada buwan",
    }
    CalcCapEffective {
        en: "Effective interest rate a month, interest and every fee",
        fil: "Epektibong interes kada buwan, interes at lahat ng singil",
    }
    ExchangeNoRate {
        en: "There is no rate for this currency yet.",
        fil: "Wala pang palitan para sa perang ito.",
    }
    ExchangeAmountInvalid {
        en: "Enter an amount from 0.01 to 1,000,000,000.",
        fil: "Maglagay ng halagang mula 0.01 hanggang 1,000,000,000.",
    }
    ExchangeDirectionInvalid {
        en: "Choose whether to change pesos into the currency or the currency into pesos.",
        fil: "Piliin kung piso ang papalitan o ang ibang pera ang papalitan ng piso.",
    }
    MenuBookKeeping {
        en: "Income and expense book",
        fil: "Talaan ng kita at gastos",
    }
    BookKindInvalid {
        en: "Please choose income or expense.",
        fil: "Piliin kung kita o gastos.",
    }
    BookAmountInvalid {
        en: "Please enter the amount as a number, like 125.50.",
        fil: "Ilagay ang halaga bilang numero, gaya ng 125.50.",
    }
    BookAmountNotPositive {
        en: "Please enter an amount more than ₱0.00.",
        fil: "Maglagay ng halagang higit sa ₱0.00.",
    }
    BookAmountTooLarge {
        en: "The amount can be at most ₱10,000,000.00. Please check the number.",
        fil: "Hanggang ₱10,000,000.00 lang ang halaga. Pakisuri ang numero.",
    }
    BookCategoryUnknown {
        en: "Please choose a category from the list.",
        fil: "Pumili ng kategorya mula sa listahan.",
    }
    BookCategoryWrongKind {
        en: "That category is not for this kind of entry. Please choose another.",
        fil: "Hindi para sa ganitong uri ng tala ang kategoryang iyan. Pumili ng iba.",
    }
    BookDateInvalid {
        en: "Please enter a real date, written year-month-day.",
        fil: "Maglagay ng totoong petsa, nakasulat na taon-buwan-araw.",
    }
    BookDateOutOfRange {
        en: "The date can be from 1 January 2000 up to tomorrow.",
        fil: "Ang petsa ay mula 1 Enero 2000 hanggang bukas lang.",
    }
    BookNoteTooLong {
        en: "Please keep the note to {n} characters or fewer.",
        fil: "Hanggang {n} titik lang ang tala.",
    }
    BookImageUnknown {
        en: "The receipt picture was not found. Please add it again.",
        fil: "Hindi makita ang larawan ng resibo. Idagdag itong muli.",
    }
    BookMonthInvalid {
        en: "Please choose a month, written year-month.",
        fil: "Pumili ng buwan, nakasulat na taon-buwan.",
    }
    BookUndoClosed {
        en: "This entry can no longer be brought back.",
        fil: "Hindi na maibabalik ang talang ito.",
    }
    MenuRepaymentReminders {
        en: "Repayment reminders",
        fil: "Mga paalala sa bayarin",
    }
    BillNameEmpty {
        en: "Please enter what the bill is for.",
        fil: "Ilagay kung para saan ang bayarin.",
    }
    BillNameInvalid {
        en: "Please keep the bill's name to 40 characters or fewer, on one line.",
        fil: "Hanggang 40 character sa iisang linya lang ang pangalan ng bayarin.",
    }
    BillAmountInvalid {
        en: "Please enter an amount from ₱0.01 to ₱10,000,000.00.",
        fil: "Maglagay ng halagang mula ₱0.01 hanggang ₱10,000,000.00.",
    }
    BillDateInvalid {
        en: "Please enter a real due date as YYYY-MM-DD.",
        fil: "Maglagay ng totoong petsa ng bayaran bilang YYYY-MM-DD.",
    }
    BillDateOutOfRange {
        en: "Please choose a due date within the past year or the next 5 years.",
        fil: "Pumili ng petsa ng bayaran sa loob ng nakaraang taon o ng susunod na 5 taon.",
    }
    BillRepeatInvalid {
        en: "Please choose how often the bill comes: once, every week or every month.",
        fil: "Piliin kung gaano kadalas ang bayarin: isang beses, linggu-linggo o buwan-buwan.",
    }
    BillNoteTooLong {
        en: "Please keep the note to 200 characters or fewer.",
        fil: "Hanggang 200 character lang ang tala.",
    }
    BillLimitReached {
        en: "You can keep up to 100 bills. Please delete one you no longer need.",
        fil: "Hanggang 100 bayarin lang ang maitatabi mo. Magbura ng hindi mo na kailangan.",
    }
    BillSaved {
        en: "Bill saved.",
        fil: "Na-save ang bayarin.",
    }
    BillDeleted {
        en: "Bill deleted.",
        fil: "Nabura ang bayarin.",
    }
    ReminderDaysInvalid {
        en: "Please choose from 0 to 7 days before the due date.",
        fil: "Pumili mula 0 hanggang 7 araw bago ang petsa ng bayaran.",
    }
    ReminderTimeInvalid {
        en: "Please enter the time as HH:MM, for example 09:30.",
        fil: "Ilagay ang oras bilang HH:MM, halimbawa 09:30.",
    }
    ReminderOutsideHours {
        en: "We send reminders only from 8:00 AM to 9:00 PM, Manila time. Please choose a time from 08:00 to 21:00.",
        fil: "Nagpapadala lang kami ng paalala mula 8:00 AM hanggang 9:00 PM, oras sa Maynila. Pumili ng oras mula 08:00 hanggang 21:00.",
    }
    ReminderTargetNeeded {
        en: "Please choose one bill or one loan.",
        fil: "Pumili ng isang bayarin o isang loan.",
    }
    ReminderLoanClosed {
        en: "This loan has no payment left to remind you of.",
        fil: "Wala nang bayad sa loan na ito na kailangang ipaalala.",
    }
    ReminderSet {
        en: "Reminder set. We will text you before the due date.",
        fil: "Naitakda ang paalala. Magte-text kami bago ang petsa ng bayaran.",
    }
    ReminderClosed {
        en: "Reminder turned off.",
        fil: "Pinatay ang paalala.",
    }
    RepeatNone {
        en: "Once",
        fil: "Isang beses",
    }
    RepeatWeekly {
        en: "Every week",
        fil: "Linggu-linggo",
    }
    RepeatMonthly {
        en: "Every month",
        fil: "Buwan-buwan",
    }
    ReminderOnDueDate {
        en: "On the due date at {time}",
        fil: "Sa mismong araw ng bayaran, {time}",
    }
    ReminderDaysBefore {
        en: "{n} {day|days} before, at {time}",
        fil: "{n} araw bago, {time}",
    }
    ReminderBillSms {
        en: "Hiram reminder: {name}, {amount}, is due on {date}.",
        fil: "Paalala ng Hiram: ang {name}, {amount}, ay dapat bayaran sa {date}.",
    }
    ReminderLoanSms {
        en: "Hiram reminder: your {name} loan payment of {amount} is due on {date}. Pay in the Hiram app with a pay code.",
        fil: "Paalala ng Hiram: ang bayad na {amount} sa iyong {name} loan ay dapat bayaran sa {date}. Magbayad sa Hiram app gamit ang pay code.",
    }
    UnknownLanguage {
        en: "Please choose English or Filipino.",
        fil: "Pumili ng English o Filipino.",
    }
}
