import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { callNative } from '@hiram/shared/bridge/bridge';
import { pageLoan, withCarriedQuery } from '@hiram/shared/query/pageQuery';
import { prefetchForArrival } from '../../lib/arrival';
import { isWebAddress, openExternal, replacePage } from '../../lib/leave';
import type { ConfirmCalls } from './api/confirmCalls';
import { CONFIRM_SCENE, contractsQuery, useContracts, type ContractItem } from './api/getContracts';
import { loanConfirmQuery, useLoanConfirm } from './api/getLoanConfirm';
import { lendDetailsTarget } from './target';

/** The window event a host app dispatches when the borrower presses back (iOS shell). */
export const HOST_BACK_EVENT = 'hiram:back';

/**
 * Session flag, per order, set once the borrower agreed in the agreement
 * modal or went to read the agreement from it: coming back from reading, the
 * modal is not asked again (the box and the document links stay).
 */
export function agreementSeenKey(orderId: string): string {
  return `agreementSeen:${orderId}`;
}

/**
 * The borrower's affirmative act the acceptance records (D9): Agree in the
 * agreement modal, or their own tick of the box.
 */
export type AcceptanceAct = 'agree_button' | 'checkbox';

/** The start-up's calls for a confirmation page (start.ts): its data and its documents. */
export function prefetchConfirm(calls: ConfirmCalls) {
  return (client: QueryClient, search: URLSearchParams) => {
    const { productId, orderId } = pageLoan(search);
    const data = loanConfirmQuery(productId, orderId, calls);
    if (!data.enabled) return Promise.resolve();
    return Promise.all([prefetchForArrival(client, data), client.prefetchQuery(contractsQuery(productId, orderId, calls))]);
  };
}

/**
 * What both confirmation pages do (spec §4 "Loan confirm", amended by D9),
 * whichever paths they call: the agreement modal opens by itself when the
 * server gives popAgreementUrl (Agree closes it and ticks the box, Cancel
 * closes the web view); otherwise (no modal, or the modal left to read the
 * agreement) the box starts unticked and Next does nothing until the
 * borrower ticks it. Next sends which act it was. With isPopType 1 the
 * host's back signal brings the retention pop-up; a confirmed loan replaces
 * the page with lendDetailsUrl, the page's query and from=confirm.
 */
export function useConfirmFlow(calls: ConfirmCalls) {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { productId, orderId } = pageLoan(search);
  const { data: result } = useLoanConfirm(productId, orderId, calls);
  const data = result?.success ? result.data : null;
  const { data: contracts = [] } = useContracts(productId, orderId, calls);
  // Nothing is agreed on arrival: only Agree in the modal on this visit, or
  // the borrower's own tick, checks the box (D9).
  const [act, setAct] = useState<AcceptanceAct | null>(null);
  const agreed = act !== null;
  const [agreementSeen, setAgreementSeen] = useState(() => sessionStorage.getItem(agreementSeenKey(orderId)) !== null);
  const [retention, setRetention] = useState(false);
  const [busy, setBusy] = useState(false);

  const popType = data?.isPopType ?? 0;
  useEffect(() => {
    if (popType !== 1) return;
    const onBack = () => setRetention(true);
    window.addEventListener(HOST_BACK_EVENT, onBack);
    return () => window.removeEventListener(HOST_BACK_EVENT, onBack);
  }, [popType]);

  const markAgreementSeen = () => {
    sessionStorage.setItem(agreementSeenKey(orderId), '1');
    setAgreementSeen(true);
  };

  const go = (url: string) => {
    if (isWebAddress(url)) openExternal(url);
    else void navigate(withCarriedQuery(url));
  };

  const openContract = async (item: ContractItem) => {
    const jump = await calls.contractJump({ productId, scene: CONFIRM_SCENE, position: item.position, orderId });
    if (jump.success && jump.data?.contract_url) go(jump.data.contract_url);
  };

  const next = async () => {
    // Unticked, Next is grey and does nothing (spec §4).
    if (act === null || busy || !data) return;
    setBusy(true);
    const pushed = await calls.push({ amount: data.amount, periods: data.periods, termUnit: data.termUnit, productId, orderId, act });
    if (pushed.success && pushed.data?.lendDetailsUrl) {
      replacePage(lendDetailsTarget(pushed.data.lendDetailsUrl, location.search));
      return;
    }
    setBusy(false);
  };

  return {
    data,
    contracts,
    agreed,
    /** The box's own change: a tick is the borrower's act; clearing it takes back either act. */
    setAgreed: (checked: boolean) => setAct(checked ? 'checkbox' : null),
    busy,
    next,
    openContract,
    /** The document the agreement modal links to, opened in the app. */
    readAgreement: () => {
      markAgreementSeen();
      go(data?.popAgreementUrl ?? '');
    },
    agreementOpen: Boolean(data?.popAgreementUrl) && !agreementSeen,
    /** Agree in the agreement modal: the modal closes and the box is ticked by that act. */
    acceptAgreement: () => {
      markAgreementSeen();
      setAct('agree_button');
    },
    /** The agreement modal closed without Agree: the box stays as it is. */
    leaveAgreement: markAgreementSeen,
    /** The header's back: the retention pop-up when the server asks for it, as for the shell's back. */
    askBeforeLeaving: popType === 1 ? () => setRetention(true) : undefined,
    retention,
    dismissRetention: () => setRetention(false),
    closeWebview: () => void callNative('closeWebview', {}),
  };
}

export type ConfirmFlow = ReturnType<typeof useConfirmFlow>;
