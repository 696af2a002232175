// A member's own sign-in (decision 058): the enrolment link mailed to them
// (its secret rides in the page address's fragment, and goes to the server
// in form bodies only), and, once signed in, changing their password or
// renewing their authenticator. The link's calls need no session, so a 401
// never means one ended.
import { endpoints } from '@hiram/shared/api/endpoints';
import { createClient } from '@hiram/shared/api/request';
import type { components } from '@hiram/shared/api/schema.gen';
import { post } from '../api';

export type EnrolmentPage = components['schemas']['EnrolmentPage'];

const open = endpoints<'/api/console'>(createClient('form', { prefix: '/api/console', carrySession: false }));

/** The link's secret, from the address's fragment (`/console/enrol#…`). */
export const linkToken = (hash: string) => hash.replace(/^#/, '');

/** Quiet: the page says itself that a link is spent. */
export const openLink = (token: string) => open.post('/enrolment', { token }, { silent: true });
/** Quiet: the form shows a refused password or code beside its field. */
export const completeLink = (token: string, password: string, code: string) =>
  open.post('/enrolment/complete', { token, password, code }, { silent: true });

/** Quiet: the dialog shows a refusal beside the field it names. */
export const changePassword = (password: string, newPassword: string, code: string) =>
  post('/me/password', { password, newPassword, code }, { silent: true });
export const renewSignIn = (password: string, code: string) => post('/me/renew-sign-in', { password, code }, { silent: true });
