import type { LegalDocument } from './types';

export const loanTerms: LegalDocument = {
  effective: '2026-11-28',
  intro: [
    'Hiram is run by {company}, a lending company registered with the Securities and Exchange Commission (SEC Registration No. {sec}, Certificate of Authority No. {coa}). Each loan is made by the lender named on its product page and in its loan agreement and disclosure statement: {company} or another lending or financing company registered with the SEC. That lender is your creditor. These terms apply to every loan you take through Hiram, whichever lender makes it.',
    'Each loan also has its own loan agreement and disclosure statement, which you see before you accept. If they differ from these terms, the loan agreement and disclosure statement apply.',
  ],
  sections: [
    {
      heading: 'Who can borrow',
      body: [
        [
          'You are a Filipino citizen.',
          'You are at least 18 years old.',
          'You have a permanent address in the Philippines.',
          'You have a mobile number, a valid government ID, and a bank or e-wallet account, all in your own name.',
        ],
        'We may ask for more documents to confirm who you are.',
      ],
    },
    {
      heading: 'Applying and our decision',
      body: [
        'You apply in the app and give true and complete information. We decide within 1 day and tell you in the app and by SMS. We may approve a smaller amount than you asked for, or decline.',
      ],
    },
    {
      heading: 'What you see before you accept',
      body: [
        'Before you accept, the app shows the amount, the term, the due date or dates, the interest, every fee, the amount you will actually receive, the total you will pay back, the effective interest rate and the late-payment charges. This is the disclosure statement that the Truth in Lending Act (Republic Act No. 3765) requires. We charge nothing that is not in it.',
      ],
    },
    {
      heading: 'Term of the loan',
      body: [
        'Each loan product has its own term, shown before you accept. Due dates follow Philippine time.',
      ],
    },
    {
      heading: 'Receiving the money',
      body: [
        'After you accept, we send the money to the account you chose within 1 to 3 calendar days. If the transfer fails, we tell you so you can choose another account.',
      ],
    },
    {
      heading: 'Interest and fees',
      body: [
        'Interest accrues each day on the principal you still owe (the declining balance), at the monthly rate in your agreement divided by 30, from the day we send the money. As you repay principal, the interest goes down with it.',
        'You pay that interest and the fees in your disclosure statement, and nothing else. A fee taken from the amount we send, such as a service fee, is shown as such, so you know exactly how much you will receive.',
      ],
    },
    {
      heading: 'Legal limits for small, short loans',
      body: [
        'A loan that is unsecured, {maxAmount} or less, and payable within {maxMonths} calendar months is a covered loan. Its ceilings are those of the rule set of the law in force on the day the loan is made, renewed or restructured. For loans made from {ruleSince}, that is {ruleSource}. For a covered loan we never charge more than:',
        [
          'nominal interest of {nominal} a month (about {nominalDaily} a day) on the principal you still owe;',
          'an effective interest rate of {eir} a month (about {eirDaily} a day): interest and every fee except penalties, as a monthly rate on the money you actually receive;',
          'late-payment penalties of {penalty} a month of the overdue scheduled amount, that is, of the instalments due and still unpaid, not of the whole loan;',
          'in total, interest, fees, penalties and every other charge together, {totalCost} of the amount you borrowed, over the whole life of the loan, extensions and other renewals included.',
        ],
        'The disclosure statement of each loan names the rule set that governs it.',
      ],
      withoutRuleSet: [
        'A small, short, unsecured loan is a covered loan. We never charge it more than the ceilings of the rule set of the law in force on the day it is made, renewed or restructured: on nominal interest; on the effective interest rate, which is interest and every fee except penalties, as a monthly rate on the money you actually receive; on late-payment penalties, which are charged only on the instalments due and still unpaid; and on all charges together, over the whole life of the loan, extensions and other renewals included.',
        'We could not load those ceilings just now; open this page again to see them. The disclosure statement of each loan names the rule set that governs it and states its ceilings.',
      ],
    },
    {
      heading: 'Paying early',
      body: [
        'You may pay all or part of what you owe at any time. Money paid ahead of a due date reduces the principal you owe, and so the interest still to come.',
        'Your agreement states an early-repayment day. From that day, paying the whole loan off costs the principal you still owe plus the interest up to the day you pay, with any fees and penalties then owed, and nothing more. Before that day, it costs what your agreement states: the interest up to that day on the principal you still owe, never more than the interest of your schedule. The repayment page shows what paying off costs today.',
      ],
    },
    {
      heading: 'Paying late',
      body: [
        'If you do not pay an instalment in full by its due date, the late-payment penalty in your disclosure statement applies to that instalment from the next day, following the schedule shown there. For a covered loan it always stays within the limits above, and once total charges reach the ceiling on total cost, nothing more is added. We remind you before the due date.',
      ],
    },
    {
      heading: 'Extension',
      body: [
        'Each loan’s agreement says whether it may be extended, how many times, how many days each extension moves your due dates, and the extension fee. To extend, you pay the interest accrued up to that day, any penalties and fees then due, and the extension fee. The principal stays owed, and interest goes on accruing on it until the new due dates.',
        'An extension is a renewal of your loan. Before you pay, the app shows its own disclosure statement: what it costs, the new due dates and its effective interest rate under the rule set in force that day. An extension that would break a ceiling is not offered.',
      ],
    },
    {
      heading: 'Keeping your details up to date',
      body: [
        'Tell us within 3 days if your name, date of birth or address changes, through customer service in the app.',
      ],
    },
    {
      heading: 'Transfer of your loan',
      body: [
        'We may transfer (assign) your loan to another company. We will tell you at least 7 business days before, with the new company’s name and how to pay it. Your terms stay the same.',
      ],
    },
    {
      heading: 'Default',
      body: [
        'Your loan is in default if you do not pay an amount when it is due, if you gave false information to get the loan, or if a court judgment against you stays unpaid for 10 days. In default we may ask you to pay the whole balance at once, with only the charges your agreement and these terms allow.',
      ],
    },
    {
      heading: 'Fair collection',
      body: [
        'We, and any collection agency working for us, follow SEC Memorandum Circular No. 18, series of 2019. We will never:',
        [
          'use or threaten violence, or threaten to harm your name or property;',
          'use insults, obscene or profane language;',
          'shame you by posting or telling others about your debt;',
          'contact anyone other than you, including your family, friends, employer or phone contacts;',
          'make false claims, such as that you will be jailed for not paying, or pretend to be a lawyer, court or police officer;',
          'contact you before 6:00 or after 22:00 (Philippine time), unless you agreed to it or your loan is more than 15 days past due.',
        ],
        'If anyone collecting for us breaks these rules, please report it to us and to the SEC.',
      ],
    },
    {
      heading: 'Complaints',
      body: [
        'Contact customer service in the app or write to {email}. We reply within 3 working days. If you are not satisfied, you may complain to the Securities and Exchange Commission (www.sec.gov.ph), which supervises lending companies.',
        'These terms are governed by the laws of the Philippines.',
      ],
    },
  ],
};
