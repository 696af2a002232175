import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { statusName } from '@hiram/shared/i18n/glossary';
import { t } from './texts';
import { BottomSheet } from '@hiram/shared/ui/BottomSheet';
import { showToast } from '@hiram/shared/ui/toastStore';
import { PageHeader } from '../../components/PageHeader';
import { appLink } from '../../lib/links';
import { useWhatsapp, whatsappQuery } from './api/getWhatsapp';
import { problemInitQuery, useProblemInit, type Choice, type ComplaintOrder } from './api/problemInit';
import { allowsCollection, COLLECTION_TYPE } from './rules';
import { clearComplaintOrder, storeComplaintOrder } from './storage';
import { Link } from '../../components/Link';

/**
 * The order's rows as the server gives them, its status (the one row with
 * no title) named as order details and My account name it (the glossary).
 */
function orderRows(order: ComplaintOrder): ComplaintOrder['list'] {
  return order.list
    .filter((row) => row.value !== '')
    .map((row) => (row.title === '' ? { ...row, value: statusName(order.status, row.value) } : row));
}

function OrderSummary({ order }: { order: ComplaintOrder }) {
  const rows = orderRows(order);
  return (
    <>
      <div className="app-product">
        {order.productLogo && (
          <img src={order.productLogo} alt={t('loanDetails.productLogo', { name: order.productName })} width={44} height={44} />
        )}
        <h3>{order.productName}</h3>
      </div>
      <dl>
        {rows.map((row, i) => (
          <div className="app-row" key={`${row.title}-${i}`}>
            <dt>{row.title}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function OrderSheet({
  orders,
  chosen,
  onChoose,
  onClose,
}: {
  orders: readonly ComplaintOrder[];
  chosen: string;
  onChoose: (order: ComplaintOrder) => void;
  onClose: () => void;
}) {
  const name = useId();
  return (
    <BottomSheet open title={t('complaint.chooseOrder')} onClose={onClose}>
      <fieldset className="app-choices">
        <legend className="app-visually-hidden">{t('complaint.chooseOrder')}</legend>
        {orders.map((order) => (
          <label key={order.orderNo} className="app-choice app-channel">
            <input
              type="radio"
              className="app-visually-hidden"
              name={name}
              value={order.orderNo}
              checked={chosen === order.orderNo}
              onChange={() => onChoose(order)}
            />
            {order.productLogo ? <img src={order.productLogo} alt="" width={28} height={28} /> : <span className="app-channel-logo" />}
            <span className="app-channel-name">
              {order.productName}
              <span className="app-small app-muted app-block">{orderRows(order).map((row) => row.value).join(' · ')}</span>
            </span>
            <span className="app-channel-check" aria-hidden="true">
              {chosen === order.orderNo ? '✓' : ''}
            </span>
          </label>
        ))}
      </fieldset>
    </BottomSheet>
  );
}

/**
 * The start-up's calls for this page (start.ts): the first render waits for
 * the types and orders; the chat link, which the page does without, is
 * asked for beside them and not waited for.
 */
export function prefetch(client: QueryClient, search: URLSearchParams) {
  void client.prefetchQuery(whatsappQuery);
  return client.prefetchQuery(problemInitQuery(search.get('orderId') ?? ''));
}

/**
 * The complaint home (spec §2, §4): the loan the complaint is about (Change
 * loan chooses another; the specification's "All" read as a filter, issue
 * 33), the question types, and for collection (type 1) its
 * sub-types. Choosing a type other than collection opens the form at once.
 */
export default function ComplaintHomePage() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  // Fetched once for the order the page opened with; a later choice comes from orderList.
  const [openedWith] = useState(() => search.get('orderId') ?? '');
  const { data: result } = useProblemInit(openedWith);
  const init = result?.success ? result.data : null;
  const whatsapp = useWhatsapp();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [collectionOpen, setCollectionOpen] = useState(false);

  const orderId = search.get('orderId') ?? '';
  const order = init
    ? (init.orderList.find((o) => orderId !== '' && String(o.orderId) === orderId) ?? init.orderDetail ?? init.orderList[0] ?? null)
    : null;
  const orderNo = order?.orderNo ?? '';

  const loaded = init !== null;
  useEffect(() => {
    if (!loaded) return;
    if (orderNo) storeComplaintOrder(orderNo);
    else clearComplaintOrder();
  }, [loaded, orderNo]);

  const choose = (next: ComplaintOrder) => {
    setSheetOpen(false);
    if (!allowsCollection(next)) setCollectionOpen(false);
    // In the address, so coming back from the form shows the same loan.
    setSearch(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('orderId', String(next.orderId));
        return updated;
      },
      { replace: true },
    );
  };

  const openForm = (problemType: number, problemSonType: number) =>
    void navigate(appLink('/complainPageNext', { problemType, problemSonType, ...(orderNo ? { orderNo } : {}) }));

  const tapType = (type: Choice) => {
    if (type.value !== COLLECTION_TYPE) {
      openForm(type.value, 0);
      return;
    }
    if (!allowsCollection(order)) {
      showToast(t('complaint.collectionNeedsLoan'));
      return;
    }
    setCollectionOpen((open) => !open);
  };

  return (
    <>
      <PageHeader title={t('page.complaint')} />
      <main className="app-main app-stack">
        <div className="app-toplinks">
          <Link to={appLink('/complaintList')}>{t('page.complaintList')}</Link>
        </div>
        {init && (
          <>
            <section className="h-card" aria-labelledby="complaint-order">
              <div className="app-head-row">
                <h2 id="complaint-order" className="app-section-title">
                  {t('complaint.order')}
                </h2>
                {init.orderList.length > 0 && (
                  <button type="button" className="h-link-btn" onClick={() => setSheetOpen(true)}>
                    {t('complaint.changeOrder')}
                  </button>
                )}
              </div>
              {order ? <OrderSummary order={order} /> : <p className="app-muted">{t('complaint.noOrders')}</p>}
            </section>

            <section aria-labelledby="complaint-types">
              <h2 id="complaint-types" className="app-section-title">
                {t('complaint.types')}
              </h2>
              <ul className="app-menu">
                {init.problemType.map((type) => (
                  <li key={type.value}>
                    <button
                      type="button"
                      className="app-menu-btn"
                      aria-expanded={type.value === COLLECTION_TYPE ? collectionOpen : undefined}
                      onClick={() => tapType(type)}
                    >
                      {type.title}
                    </button>
                    {type.value === COLLECTION_TYPE && collectionOpen && (
                      <section aria-labelledby="complaint-subtypes" className="app-subtypes">
                        <h3 id="complaint-subtypes" className="app-small app-muted">
                          {t('complaint.subTypes')}
                        </h3>
                        <ul className="app-menu">
                          {init.problemSonType.map((sub) => (
                            <li key={sub.value}>
                              <button type="button" className="app-menu-btn" onClick={() => openForm(COLLECTION_TYPE, sub.value)}>
                                {sub.title}
                              </button>
                            </li>
                          ))}
                        </ul>
                      </section>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
        {whatsapp?.url && (
          // noreferrer: the page address carries the session (decision 003).
          <a className="h-btn h-btn--ghost h-btn--block" href={whatsapp.url} rel="noreferrer noopener" target="_blank">
            {t('complaint.whatsapp')}
          </a>
        )}
      </main>
      {sheetOpen && init && (
        <OrderSheet orders={init.orderList} chosen={orderNo} onChoose={choose} onClose={() => setSheetOpen(false)} />
      )}
    </>
  );
}
