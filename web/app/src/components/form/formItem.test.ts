import { describe, expect, it } from 'vitest';
import { cleanInput, refusedField, shownInput, shownMaxLength, takesDigits, type FormItemShape } from './formItem';

const item = (inputType: string, maxLength = 0): FormItemShape => ({
  code: 'x',
  title: 'X',
  subtitle: '',
  cate: 'text',
  inputType,
  value: '',
  note: [],
  maxLength,
});

describe('server-driven text items', () => {
  it('keep digits only for number, phone and bank-card items, or in a digits-only form', () => {
    expect(takesDigits(item('text'))).toBe(false);
    expect(takesDigits(item('text'), true)).toBe(true);
    expect(cleanInput(item('number'), '12-3a4')).toBe('1234');
    expect(cleanInput(item('bankCard'), '0012 3456')).toBe('00123456');
    expect(cleanInput(item('text'), 'Rizal St. 12')).toBe('Rizal St. 12');
    expect(cleanInput(item('text'), 'Rizal St. 12', true)).toBe('12');
  });

  it('cut at maxLength, counted in digits for the grouped kinds', () => {
    expect(cleanInput(item('bankCard', 16), '0012 3456 7890 1234 5678')).toBe('0012345678901234');
    expect(cleanInput(item('phone', 11), '+63 917 123 4567')).toBe('09171234567');
    expect(cleanInput(item('text', 3), 'abcdef')).toBe('abc');
    expect(shownMaxLength(item('bankCard', 16))).toBe(19);
    expect(shownMaxLength(item('phone', 11))).toBe(13);
    expect(shownMaxLength(item('number', 12))).toBe(12);
    expect(shownMaxLength(item('text'))).toBeUndefined();
  });

  it('show phones as 0917 123 4567 and bank numbers in fours', () => {
    expect(shownInput(item('phone'), '09171234567')).toBe('0917 123 4567');
    expect(shownInput(item('bankCard'), '001234567890')).toBe('0012 3456 7890');
    expect(shownInput(item('number'), '001234567890')).toBe('001234567890');
  });
});

describe('refusedField', () => {
  const result = (success: boolean, data: unknown) => ({ success, code: success ? '00' : '400', message: '', data, raw: null });
  it('reads data.field of a refusal only', () => {
    expect(refusedField(result(false, { field: 'bankAccount' }))).toBe('bankAccount');
    expect(refusedField(result(false, null))).toBeUndefined();
    expect(refusedField(result(false, { field: 3 }))).toBeUndefined();
    expect(refusedField(result(true, { field: 'bankAccount' }))).toBeUndefined();
  });
});
