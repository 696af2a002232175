// What each bridge action does where no shell of ours hosts the page (a
// messaging app's browser, a plain browser): a chunk of its own, which the
// bridge fetches once the page has shown and only there, so no borrower
// page's first load carries it (decision 094).
import { formApi } from '../api/endpoints';
import { t } from '../i18n/i18n';
import { withCarriedQuery } from '../query/pageQuery';
import { forgetWebSession } from '../session/webSession';
import { showToast } from '../ui/toastStore';
import type { BridgeAction, BridgeEnvironment, BridgePayloads } from './payloads';

/** The bind-bank page, which starts the bank session itself when it opens. */
const BIND_BANK_PATH = '/bindBank';

export const fallbacks: { [A in BridgeAction]: (payload: BridgePayloads[A], env: BridgeEnvironment) => void | Promise<void> } = {
  to: ({ url }, env) => {
    if (/^https?:/i.test(url)) env.openUrl(url);
    else env.navigate(withCarriedQuery(url));
  },
  closeWebview: (_payload, env) => {
    if (window.history.length > 1) env.back();
    else env.navigate(withCarriedQuery('/home'));
  },
  toP: ({ productId }, env) => env.navigate(withCarriedQuery('/productDetail', { productId })),
  toHome: (_payload, env) => env.navigate(withCarriedQuery('/home')),
  toMine: (_payload, env) => env.navigate(withCarriedQuery('/mine')),
  offToLogin: (_payload, env) => {
    forgetWebSession();
    env.navigate('/login');
  },
  callTelephone: ({ phone }, env) => env.openUrl(`tel:${phone.replace(/[^\d+]/g, '')}`),
  toRate: (_payload, env) => {
    if (env.rateUrl) env.openUrl(env.rateUrl);
    else showToast(t('bridge.rateUnavailable'));
  },
  confirmBurialPoint: async (payload) => {
    await formApi.post('/service/event/save', payload, { silent: true });
  },
  // A browser has no bank session: startBank only opens the bind page, and
  // does nothing when the bind page itself announces the session on opening.
  startBank: ({ productId, source }, env) => {
    if (window.location.pathname === BIND_BANK_PATH) return;
    env.navigate(withCarriedQuery(BIND_BANK_PATH, source ? { productId, source } : { productId }));
  },
  // Nothing to end in a browser: after endBank the bind page closes itself
  // (closeWebview, i.e. back) or goes to the order page, so a navigation here
  // would race with that one.
  endBank: () => {},
};
