// Staff accounts (manage_staff): the list, adding a member, switching an
// account off when someone leaves and on again, resetting the sign-in of a
// member who lost their password or authenticator, and approving a money
// role's sign-in another admin asked for. The member enrols through a link
// mailed to them: no secret ever reaches this page (decision 058). Adding is
// silent: the form marks the refused field.
import { useQuery } from '@tanstack/react-query';
import type { Fields } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { dataOf, get, post, type TypedForm } from '../api';
import type { Role } from '../sections';

export type StaffAccountRow = components['schemas']['StaffAccountRow'];

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
/** The old sign-in stops and the member is signed out everywhere; a new link is mailed (after approval, for a money role). */
export const resetSignIn = (id: number) => post('/staff-accounts/reset', { id });
/** A second admin approves a money role's sign-in; the member's link is mailed. */
export const approveSignIn = (id: number) => post('/staff-accounts/approve-sign-in', { id });
