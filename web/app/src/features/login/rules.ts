// Client-side rules of the login forms; the server checks them again.
import { isValidPhMobile } from '@hiram/shared/format/format';
import { t } from './texts';

export const PASSWORD_MIN_CHARS = 8;
export const PASSWORD_MAX_CHARS = 64;

export function phoneError(phone: string): string | undefined {
  return isValidPhMobile(phone) ? undefined : t('validation.phone');
}

export function codeError(code: string, length: number): string | undefined {
  return new RegExp(`^\\d{${length}}$`).test(code) ? undefined : t('validation.code', { length });
}

export function passwordError(password: string): string | undefined {
  return password === '' ? t('validation.password') : undefined;
}

export function newPasswordError(password: string): string | undefined {
  return password.length >= PASSWORD_MIN_CHARS && password.length <= PASSWORD_MAX_CHARS
    ? undefined
    : t('validation.newPassword', { min: PASSWORD_MIN_CHARS, max: PASSWORD_MAX_CHARS });
}
