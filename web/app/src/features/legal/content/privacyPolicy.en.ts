import type { LegalDocument } from './types';

export const privacyPolicy: LegalDocument = {
  effective: '2026-11-28',
  intro: [
    'This policy explains how {company} (“we”, “us”), the lending company behind Hiram, handles your personal information when you use the Hiram app, website and promotion pages.',
    'We follow the Data Privacy Act of 2012 (Republic Act No. 10173), its implementing rules, and the circulars of the National Privacy Commission (NPC), including NPC Circular No. 20-01 on personal data in loan-related transactions. If anything here is unclear, write to us at {email}.',
  ],
  sections: [
    {
      heading: 'What we collect',
      body: [
        [
          'What you give us: your name, date of birth, sex, civil status, address, mobile number and e-mail; a valid ID and a selfie to confirm who you are; your work and income; and the bank or e-wallet account where we send your loan.',
          'What happens on your account: applications, decisions, amounts, due dates, payments, extensions, and your messages and complaints to customer service.',
          'What your phone tells us, only with your permission: see “Device information” below.',
          'What others tell us where the law allows: credit information from the Credit Information Corporation and accredited credit bureaus, and results of identity and fraud checks.',
        ],
      ],
    },
    {
      heading: 'Why we use it',
      body: [
        [
          'To open and protect your account and to sign you in with a one-time code.',
          'To confirm your identity and to prevent fraud and money laundering.',
          'To assess your application and decide on it.',
          'To send your loan, remind you of due dates and record your payments.',
          'To answer your questions and complaints.',
          'To meet our duties to the Securities and Exchange Commission (SEC), the Credit Information Corporation, the Anti-Money Laundering Council and other authorities.',
          'Only if you separately agree, to tell you about new offers. You may say no and still borrow.',
        ],
        'We use your information because you asked us for a loan, because the law requires it, or because you gave your consent. We do not sell your personal information.',
      ],
    },
    {
      heading: 'Who we share it with',
      body: [
        'We share only what each of them needs:',
        [
          'the lender that makes your loan, when it is not us: the lending or financing company registered with the SEC that its product page, loan agreement and disclosure statement name, to decide on your application, make your loan and collect it; it protects your information as this policy does;',
          'companies that work for us under a written agreement that binds them to protect your data (cloud hosting, SMS and voice-call delivery, identity checks, banks and payment channels);',
          'the Credit Information Corporation and accredited credit bureaus, as Republic Act No. 9510 requires;',
          'government agencies and courts, when a law or a lawful order requires it;',
          'a company that takes over your loan, after we give you notice (see the loan terms and conditions).',
        ],
        'We never share your information with your contacts, family, friends or employer to collect a debt, and we never post it publicly or on social media.',
      ],
    },
    {
      heading: 'Cookies and similar technologies',
      body: [
        'Our pages keep small pieces of data in your browser (cookies and session storage) to keep you signed in and to remember your language. We do not put third-party advertising cookies or trackers on the borrower pages. When our app does not give the pages an identifier for your phone, they give this browser a random one instead and keep it in a cookie; it is sent with your requests and says nothing about you or your phone.',
        'Promotion pages count visits and sign-ups per campaign so we can measure our own advertising; they do not identify you until you register. You can clear cookies and site data in your browser at any time; you will then need to sign in again.',
      ],
    },
    {
      heading: 'Device information',
      body: [
        'We ask for your permission before we read anything from your phone, tell you why, and keep a record of your answer. With your permission we may read:',
        [
          'the phone model, operating system and a device identifier, to protect your account against fraud;',
          'your approximate location when you apply, to confirm that you are in the Philippines;',
          'photos you choose to take or upload, such as your ID;',
          'your contacts, only if you choose to share them, and only to check your application.',
        ],
        'Your contacts are never used to reach anyone but you. We do not use your contact list, call log, photo gallery or social media to collect a debt. You can refuse or withdraw a permission in your phone’s settings at any time; some checks may then be done another way.',
      ],
    },
    {
      heading: 'Minors',
      body: [
        'Hiram is only for people aged 18 and over. We do not knowingly collect information from anyone younger. If we learn that a minor has registered, we close the account and delete the information, except what the law requires us to keep.',
      ],
    },
    {
      heading: 'Your password and account security',
      body: [
        'Keep your one-time codes and your password to yourself. Our staff will never ask for them by call, SMS, chat or e-mail. Use a password of at least 8 characters that you do not use anywhere else, and log out when you use a shared phone.',
        'We protect your information with encryption while it travels, access only for staff who need it, activity records, and sign-in sessions that expire. If a security breach may harm you, we will tell you and the NPC within 72 hours of learning of it, as the law requires.',
      ],
    },
    {
      heading: 'How long we keep it',
      body: [
        'We keep your account and loan records while your account is open, and after that for as long as the law requires (for example, at least five years after your last transaction under the anti-money laundering rules). Then we delete them or make them anonymous.',
      ],
    },
    {
      heading: 'Your rights and how to opt out',
      body: [
        'Under the Data Privacy Act you have the right to:',
        [
          'be told how your information is used;',
          'see your information and get a copy of it;',
          'object to its use, including for marketing;',
          'have wrong or incomplete information corrected;',
          'have information deleted or blocked when it is no longer needed or was used unlawfully;',
          'receive your information in a common electronic format (data portability);',
          'withdraw your consent at any time (this does not undo what was done before, and we keep what the law requires);',
          'claim damages if you are harmed by a violation of your privacy rights;',
          'file a complaint with the National Privacy Commission (www.privacy.gov.ph).',
        ],
        'To stop marketing messages or to use any of these rights, write to {email}. We reply within 15 working days. Stopping marketing does not stop messages about loans you have with us, such as due-date reminders.',
      ],
    },
    {
      heading: 'Data Protection Officer and complaints',
      body: [
        'Our Data Protection Officer handles privacy questions and grievances. Write to the Data Protection Officer of {company} at {email}, with “Privacy” in the subject. If you are not satisfied with our answer, you may complain to the National Privacy Commission.',
      ],
    },
    {
      heading: 'Changes to this policy',
      body: [
        'We may update this policy when our service or the law changes. The new version will appear here with its effective date. If a change affects how we use your information, we will tell you in the app or by SMS before it takes effect and, where the law requires, ask for your consent again.',
      ],
    },
  ],
};
