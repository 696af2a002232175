// Staff accounts (manage_staff): the list, adding a member, switching an
// account off when someone leaves and on again, and resetting the sign-in of
// a member who lost their password or authenticator. Adding is silent: the form
// marks the refused field.
import { useQuery } from '@tanstack/react-query';
import type { Fields } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { dataOf, get, post, type TypedForm } from '../api';
import type { Role } from '../sections';

export type StaffAccountRow = components['schemas']['StaffAccountRow'];
/** The first (or reset) password and the authenticator secret: the server shows them this once only. */
export type NewAccount = components['schemas']['NewAccount'];

/** The server's limit on a staff member's name. */
export const MAX_NAME_CHARS = 60;

/** A new member's e-mail and name, as typed, and role: empty until chosen (a role is never picked for the admin by default). */
export type NewMemberForm = TypedForm<Omit<Fields<'/api/console/staff-accounts', 'post'>, 'role'>> & { role: Role | '' };

export const fetchAccounts = () => get('/staff-accounts', {});
export const ACCOUNTS_KEY = 'staff-accounts';
export const useAccounts = () => useQuery({ queryKey: [ACCOUNTS_KEY], queryFn: () => dataOf(fetchAccounts()) });
export const addMember = (form: NewMemberForm) => post('/staff-accounts', { ...form }, { silent: true });
export const switchAccount = (id: number, active: boolean) =>
  post(active ? '/staff-accounts/reactivate' : '/staff-accounts/deactivate', { id });
/** New password and authenticator secret, answered once; the member is signed out everywhere. */
export const resetSignIn = (id: number) => post('/staff-accounts/reset', { id });
