// Staff API tokens (manage_staff, signed-in admins): the list, making a
// token for a script (name, role, days it lasts) whose secret the server
// answers once, and revoking one. Making is silent: the form marks the
// refused field.
import { useQuery } from '@tanstack/react-query';
import type { Fields } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { dataOf, get, post, type TypedForm } from '../api';
import type { Role } from '../sections';

export type ApiTokenRow = components['schemas']['ApiTokenRow'];
/** A new token with its secret: the server shows the secret this once only. */
export type IssuedApiToken = components['schemas']['IssuedApiToken'];

/** The server's limits on a token's name and life (hiram_domain::staff::MAX_API_TOKEN_DAYS). */
export const MAX_NAME_CHARS = 60;
export const MAX_VALID_DAYS = 365;
/** What the form offers first: a quarter, so a forgotten script's token dies by itself. */
export const DEFAULT_VALID_DAYS = '90';

/** A new token's name and days as typed, and its role: empty until chosen (never picked for the admin by default). */
export type NewTokenForm = TypedForm<Omit<Fields<'/api/console/api-tokens', 'post'>, 'role'>> & { role: Role | '' };

export const fetchTokens = () => get('/api-tokens', {});
export const TOKENS_KEY = 'api-tokens';
export const useTokens = () => useQuery({ queryKey: [TOKENS_KEY], queryFn: () => dataOf(fetchTokens()) });
export const createToken = (form: NewTokenForm) => post('/api-tokens', { ...form }, { silent: true });
export const revokeToken = (id: number) => post('/api-tokens/revoke', { id });
