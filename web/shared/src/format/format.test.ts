import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  formatCardNumberInput,
  formatDate,
  formatDay,
  formatDayTime,
  formatPercent,
  formatDateTime,
  formatMoney,
  formatPhone,
  formatPhoneInput,
  formatServiceHours,
  groupPayCode,
  isValidPhMobile,
  hundredthsText,
  parseCentavos,
  payCodeText,
  parseHundredths,
  phoneDigits,
  toE164,
} from './format';

describe('formatMoney', () => {
  it('divides centavos by 100 with 2 decimals and en-PH grouping', () => {
    expect(formatMoney(123456)).toBe('₱1,234.56');
    expect(formatMoney(0)).toBe('₱0.00');
    expect(formatMoney(5)).toBe('₱0.05');
    expect(formatMoney(100000000)).toBe('₱1,000,000.00');
    expect(formatMoney(99999)).toBe('₱999.99');
  });
  it('handles negatives', () => {
    expect(formatMoney(-123456)).toBe('-₱1,234.56');
    expect(formatMoney(-5)).toBe('-₱0.05');
  });
  it('switches to ₹ when the page has real=1', () => {
    window.history.replaceState(null, '', '/x?real=1');
    expect(formatMoney(150000)).toBe('₹1,500.00');
  });
  it('takes an explicit symbol', () => {
    expect(formatMoney(150000, '₱')).toBe('₱1,500.00');
  });
  it('parses centavos from query text', () => {
    expect(parseCentavos('150000')).toBe(150000);
    expect(parseCentavos('15.5')).toBeNull();
    expect(parseCentavos(null)).toBeNull();
  });
});

describe('parseHundredths', () => {
  it('reads typed pesos and percentages exactly, in hundredths', () => {
    expect(parseHundredths('5,000.50')).toBe(500050);
    expect(parseHundredths('1,500.5')).toBe(150050);
    expect(parseHundredths(' ₱ 80 ')).toBe(8000);
    expect(parseHundredths('80.')).toBe(8000);
    expect(parseHundredths('3.5')).toBe(350);
    expect(parseHundredths('0.07')).toBe(7);
    // A binary fraction never appears: 1.15 is 115, not 114.99….
    expect(parseHundredths('1.15')).toBe(115);
  });

  it('refuses what is not a plain amount', () => {
    for (const text of ['', '-5', '1.234', '1.005', 'abc', '1e3', '.5', '12345678901234']) {
      expect(parseHundredths(text), text).toBeNull();
    }
  });

  it('writes hundredths back as text to edit', () => {
    expect(hundredthsText(150050)).toBe('1500.5');
    expect(hundredthsText(500050)).toBe('5000.5');
    expect(hundredthsText(400)).toBe('4');
    expect(hundredthsText(7)).toBe('0.07');
    expect(hundredthsText(-50)).toBe('-0.5');
  });
});

describe('dates in Asia/Manila', () => {
  it('formats a UTC instant in Manila time', () => {
    // 2024-03-01T16:30:05Z is 2024-03-02 00:30:05 in Manila (UTC+8).
    const instant = Date.UTC(2024, 2, 1, 16, 30, 5);
    expect(formatDate(instant)).toBe('2024-03-02');
    expect(formatDateTime(instant)).toBe('2024-03-02 00:30:05');
    expect(formatDateTime('2024-12-31T15:59:59Z')).toBe('2024-12-31 23:59:59');
    expect(formatDate(new Date('2024-12-31T16:00:00Z'))).toBe('2025-01-01');
  });
  it('gives empty text for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('phone numbers', () => {
  it('shows E.164 as 0917 123 4567', () => {
    expect(formatPhone('+639171234567')).toBe('0917 123 4567');
    expect(formatPhone('09171234567')).toBe('0917 123 4567');
  });
  it('leaves other text alone', () => {
    expect(formatPhone('+15551234567')).toBe('+15551234567');
  });
  it('applies the Philippine mobile rule', () => {
    expect(isValidPhMobile('09171234567')).toBe(true);
    expect(isValidPhMobile('+63 917 123 4567')).toBe(true);
    expect(isValidPhMobile('+639171234567')).toBe(true);
    expect(isValidPhMobile('0917123456')).toBe(false);
    expect(isValidPhMobile('08171234567')).toBe(false);
    expect(isValidPhMobile('13812345678')).toBe(false);
    expect(toE164('09171234567')).toBe('+639171234567');
  });
});

describe('phone input', () => {
  it('keeps at most 11 digits, turns a pasted +63 number into 09…, and groups as typed', () => {
    expect(phoneDigits('0917-123-4567 89')).toBe('09171234567');
    expect(phoneDigits('+63 917 123 4567')).toBe('09171234567');
    expect(formatPhoneInput('0917')).toBe('0917');
    expect(formatPhoneInput('091712')).toBe('0917 12');
    expect(formatPhoneInput('09171234567')).toBe('0917 123 4567');
  });
});

describe('digits and bank numbers', () => {
  it('keeps digits only, cut at a maximum when one is given', () => {
    expect(digitsOnly('12-34 ab56')).toBe('123456');
    expect(digitsOnly('1234567', 4)).toBe('1234');
    expect(digitsOnly('abc')).toBe('');
  });
  it('groups a bank account number in fours as typed', () => {
    expect(formatCardNumberInput('')).toBe('');
    expect(formatCardNumberInput('0012')).toBe('0012');
    expect(formatCardNumberInput('00123')).toBe('0012 3');
    expect(formatCardNumberInput('001234567890')).toBe('0012 3456 7890');
    expect(formatCardNumberInput('0012 3456-7890 12')).toBe('0012 3456 7890 12');
  });
});

describe('pay codes', () => {
  it('groups a code in fours from the left, letters too', () => {
    expect(groupPayCode('')).toBe('');
    expect(groupPayCode('1234')).toBe('1234');
    expect(groupPayCode('12345')).toBe('1234 5');
    expect(groupPayCode('123456789012')).toBe('1234 5678 9012');
    expect(groupPayCode('ABCD12345')).toBe('ABCD 1234 5');
  });

  it('regroups a code that already has spaces, and grouping twice changes nothing', () => {
    expect(groupPayCode('12 3456 789012')).toBe('1234 5678 9012');
    expect(groupPayCode(groupPayCode('123456789012'))).toBe('1234 5678 9012');
  });

  it('copies the characters without spaces, keeping any other', () => {
    expect(payCodeText('1234 5678 9012')).toBe('123456789012');
    expect(payCodeText(' HRM-5521\n')).toBe('HRM-5521');
    expect(payCodeText(groupPayCode('ABCD12345'))).toBe('ABCD12345');
  });
});

describe('formatPercent', () => {
  it('shows basis points as a percentage with two decimals', () => {
    expect(formatPercent(7429)).toBe('74.29%');
    expect(formatPercent(10_000)).toBe('100.00%');
    expect(formatPercent(5)).toBe('0.05%');
    expect(formatPercent(-100)).toBe('-1.00%');
  });
});

describe('formatDay', () => {
  it('writes a calendar day as a borrower reads it, in their language', () => {
    expect(formatDay('2026-01-15', 'en')).toBe('Jan 15, 2026');
    expect(formatDay('2026-01-15', 'fil')).toBe('Ene 15, 2026');
    expect(formatDay('2025-12-05', 'en')).toBe('Dec 5, 2025');
  });

  it('names every month as en-PH and fil-PH do in Intl, without building a formatter', () => {
    for (const [locale, tag] of [['en', 'en-PH'], ['fil', 'fil-PH']] as const) {
      const intl = new Intl.DateTimeFormat(tag, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
      for (let month = 0; month < 12; month += 1) {
        const day = new Date(Date.UTC(2027, month, 28));
        expect(formatDay(day.toISOString().slice(0, 10), locale)).toBe(intl.format(day));
      }
    }
  });

  it('leaves anything that is not a real day as it is', () => {
    expect(formatDay('', 'en')).toBe('');
    expect(formatDay('2026-02-30', 'en')).toBe('2026-02-30');
    expect(formatDay('tomorrow', 'en')).toBe('tomorrow');
  });
});

describe('formatDayTime', () => {
  it('writes a moment as a borrower reads it, in Manila time on the 12-hour clock', () => {
    expect(formatDayTime('2025-10-16T15:59:00Z', 'en')).toBe('Oct 16, 2025, 11:59 PM');
    expect(formatDayTime('2025-10-16T15:59:00Z', 'fil')).toBe('Okt 16, 2025, 11:59 PM');
    // Past midnight in Manila is the next day, at 12 AM; noon is 12 PM.
    expect(formatDayTime('2025-10-16T16:05:00Z', 'en')).toBe('Oct 17, 2025, 12:05 AM');
    expect(formatDayTime('2025-10-17T12:30:00+08:00', 'en')).toBe('Oct 17, 2025, 12:30 PM');
  });

  it('reads a time without a zone as Manila wall-clock time, whatever the browser zone', () => {
    expect(formatDayTime('2026-11-28 19:25', 'en')).toBe('Nov 28, 2026, 7:25 PM');
    expect(formatDayTime('2026-11-22 10:00:00', 'fil')).toBe('Nob 22, 2026, 10:00 AM');
    expect(formatDayTime('2026-11-28T11:25:42.273Z', 'en')).toBe('Nov 28, 2026, 7:25 PM');
  });

  it('gives nothing for what is not a time', () => {
    expect(formatDayTime('', 'en')).toBe('');
    expect(formatDayTime('soon', 'en')).toBe('');
  });
});

describe('formatServiceHours', () => {
  it('puts the days of the week in Filipino on a Filipino page, and leaves the hours', () => {
    expect(formatServiceHours('Mon–Sat, 8:00 AM – 8:00 PM', 'fil')).toBe('Lun–Sab, 8:00 AM – 8:00 PM');
    expect(formatServiceHours('Monday to Friday 9:00–18:00, Sat 9:00–12:00', 'fil')).toBe('Lunes–Biyernes 9:00–18:00, Sab 9:00–12:00');
    expect(formatServiceHours('Tues-Thurs', 'fil')).toBe('Mar-Huw');
  });

  it('leaves English, and words that are not days, alone', () => {
    expect(formatServiceHours('Mon–Sat, 8:00 AM – 8:00 PM', 'en')).toBe('Mon–Sat, 8:00 AM – 8:00 PM');
    expect(formatServiceHours('Sundays closed; Monitor us online', 'fil')).toBe('Sundays closed; Monitor us online');
  });
});
