import type { LegalDocument } from './types';

export const loanTerms: LegalDocument = {
  effective: '2026-11-22',
  intro: [
    'These terms apply to every loan you take through Hiram from {company}, a lending company registered with the Securities and Exchange Commission (SEC Registration No. {sec}, Certificate of Authority No. {coa}).',
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
        'You pay the interest and fees in your disclosure statement and nothing else. A fee taken from the amount we send, such as a service fee, is shown as such, so you know exactly how much you will receive.',
      ],
    },
    {
      heading: 'Legal limits for small, short loans',
      body: [
        'A loan that is unsecured, ₱10,000 or less, and payable in 4 months or less is a covered loan under BSP Circular No. 1133 (2021) and SEC Memorandum Circular No. 3, series of 2022. For a covered loan we never charge more than:',
        [
          'interest of 6% a month (0.2% a day) on the amount you still owe;',
          'an effective interest rate, counting interest and all fees, of 15% a month (0.5% a day);',
          'a late-payment penalty of 5% a month of the amount due and unpaid;',
          'in total, interest, fees and penalties together, 100% of the amount you borrowed, over the whole life of the loan including extensions.',
        ],
      ],
    },
    {
      heading: 'Paying early',
      body: [
        'You may pay all or part of what you owe before the due date. Your disclosure statement shows how an early payment is counted and any condition on it, before you accept.',
      ],
    },
    {
      heading: 'Paying late',
      body: [
        'If you do not pay in full by the due date, the late-payment penalty in your disclosure statement applies from the next day, following the schedule shown there. For a covered loan it always stays within the limits above, and once total charges reach 100% of the amount borrowed, nothing more is added. We remind you before the due date.',
      ],
    },
    {
      heading: 'Extension',
      body: [
        'If you cannot pay on the due date, you may ask to extend the loan for the same period as its original term. To extend, you first pay the interest and any penalties due up to that day, plus any extension fee shown before you confirm. The rest then falls due at the end of the new period.',
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
