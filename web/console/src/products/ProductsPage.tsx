import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatMoney, hundredthsText } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import { PRODUCTS_KEY, updateListing, useCatalogue, type Catalogue, type ProductView } from '../api';
import { FormDialog, PageHead, RefreshButton } from '../parts';
import { DataTable } from '../table';
import { ProductEditor, ruleSetSummary } from './ProductEditor';

/** A product's listing: what staff may change once it exists (its terms stay). */
function ListingDialog({ product, onClose, onSaved }: { product: ProductView; onClose: () => void; onSaved: () => void }) {
  const [listing, setListing] = useState({
    name: product.name,
    tags: product.tags.join(', '),
    allowsExtension: product.allowsExtension,
    requiresReview: product.requiresReview,
    available: product.available,
  });
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await updateListing(product.id, listing);
    setBusy(false);
    if (!result.success) return;
    showToast(t('console.products.saved'));
    onSaved();
  }

  return (
    <FormDialog title={t('console.products.editTitle', { name: product.name })} submitLabel={t('console.products.save')} busy={busy} onClose={onClose} onSubmit={(e) => void submit(e)}>
      <p className="c-muted c-small">{t('console.products.termsFixed')}</p>
      <Field label={t('console.products.name')} maxLength={80} value={listing.name} onChange={(e) => setListing({ ...listing, name: e.target.value })} />
      <Field label={t('console.products.tags')} hint={t('console.products.tagsHint')} value={listing.tags} onChange={(e) => setListing({ ...listing, tags: e.target.value })} />
      {(
        [
          ['allowsExtension', 'console.products.extension'],
          ['requiresReview', 'console.products.review'],
          ['available', 'console.products.available'],
        ] as const
      ).map(([key, label]) => (
        <label key={key} className="c-check-label">
          <input type="checkbox" checked={listing[key]} onChange={(e) => setListing({ ...listing, [key]: e.target.checked })} /> {t(label)}
        </label>
      ))}
    </FormDialog>
  );
}

/** The rule set every product is proved against today, as the server holds it. */
function RuleSetInForce({ rules }: { rules: Catalogue['ruleSet'] }) {
  return (
    <section className="c-note c-rules" aria-labelledby="c-products-rules">
      <h2 id="c-products-rules" className="c-sub">
        {t('console.products.rulesTitle', { code: rules.code })}
      </h2>
      <p>{ruleSetSummary(rules)}</p>
      <p>{t('console.products.breachNote')}</p>
    </section>
  );
}

/** Whether a product keeps the rule set in force; the ceilings it breaks follow in a row of their own. */
function RulesCell({ product }: { product: ProductView }) {
  if (product.breaches.length === 0) return <span className="c-muted">{t('console.products.keepsRules')}</span>;
  return <strong className="c-bad">{t('console.products.breaksRules')}</strong>;
}

/** Each ceiling a product breaks, as sentences across the table (decision 087). */
function Breaches({ product }: { product: ProductView }) {
  return (
    <ul className="c-violations c-small" aria-label={t('console.products.breachesOf', { name: product.name })}>
      {product.breaches.map((breach) => (
        <li key={breach.cap}>{breach.message}</li>
      ))}
    </ul>
  );
}

/** A range of amounts that may break after its dash, never inside an amount. */
function AmountRange({ from, to }: { from: number; to: number }) {
  return (
    <>
      <span className="c-nowrap">{formatMoney(from, '₱')}–</span>
      <wbr />
      <span className="c-nowrap">{formatMoney(to, '₱')}</span>
    </>
  );
}

/** The products borrowers see, and a new one with its terms checked against the caps as they are typed. */
export function ProductsPage() {
  const queryClient = useQueryClient();
  const catalogue = useCatalogue();
  const changed = () => void queryClient.invalidateQueries({ queryKey: [PRODUCTS_KEY] });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ProductView | null>(null);

  return (
    <section className="c-page" aria-labelledby="c-products-title">
      <PageHead id="c-products-title" title={t('console.section.products')}>
        <RefreshButton onClick={() => void catalogue.refetch()} loading={catalogue.isFetching} />
        <button type="button" className="h-btn c-btn" disabled={!catalogue.data || creating} onClick={() => setCreating(true)}>
          {t('console.products.new')}
        </button>
      </PageHead>
      {catalogue.data && <RuleSetInForce rules={catalogue.data.ruleSet} />}
      <div className={creating ? 'c-split c-split--wide' : undefined}>
        {/* The lender stands under the product's name; while the editor is open the table leaves out status, rule set and editing, so the terms to compare stay whole beside it. */}
        <DataTable
          labelledBy="c-products-title"
          className={creating ? 'c-table--compact c-table--wrap-head' : 'c-table--wrap-head'}
          rows={catalogue.data?.products ?? []}
          rowKey={(product) => product.id}
          loading={catalogue.isFetching}
          rowDetail={(product) => !creating && product.breaches.length > 0 && <Breaches product={product} />}
          columns={[
            {
              header: t('console.col.product'),
              cell: (product) => (
                <>
                  {product.name}
                  <div className="c-small">{product.lenderName}</div>
                  <div className="c-muted c-small">{t('console.products.borrowersRead', { rates: product.rates })}</div>
                  {product.tags.length > 0 && <div className="c-muted c-small">{product.tags.join(' · ')}</div>}
                </>
              ),
            },
            { header: t('console.products.amounts'), num: true, cell: (product) => <AmountRange from={product.minAmount} to={product.maxAmount} /> },
            { header: t('console.orders.term'), cell: (product) => t('console.products.termValue', { periods: product.periods, days: product.periodDays }) },
            { header: t('console.products.interest'), num: true, cell: (product) => `${hundredthsText(product.monthlyInterestBp)}%` },
            { header: t('console.products.fee'), num: true, cell: (product) => `${hundredthsText(product.serviceFeeBp)}%` },
            !creating && {
              header: t('console.col.status'),
              cell: (product) => (
                <>
                  {/* Listed but breaking the rule set in force, a product is not offered either (decision 056). */}
                  {t(product.available && product.breaches.length === 0 ? 'console.products.offered' : 'console.products.hidden')}
                  {product.requiresReview && <div className="c-muted c-small">{t('console.products.review')}</div>}
                </>
              ),
            },
            !creating && { header: t('console.products.rulesCol'), cell: (product) => <RulesCell product={product} /> },
            !creating && {
              header: t('console.col.actions'),
              cell: (product) => (
                <button type="button" className="h-btn h-btn--ghost c-btn" aria-label={t('console.products.editTitle', { name: product.name })} onClick={() => setEditing(product)}>
                  {t('console.products.edit')}
                </button>
              ),
            },
          ]}
        />
        {creating && catalogue.data && (
          <ProductEditor
            catalogue={catalogue.data}
            onClose={() => setCreating(false)}
            onCreated={() => {
              setCreating(false);
              changed();
            }}
          />
        )}
      </div>
      {editing && (
        <ListingDialog
          key={editing.id}
          product={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            changed();
          }}
        />
      )}
    </section>
  );
}
