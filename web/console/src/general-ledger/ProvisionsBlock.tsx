import { useId, useState, type FormEvent } from 'react';
import { formatDate, formatDateTime, formatMoney, formatPercent, parseHundredths } from '@hiram/shared/format/format';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import type { Me } from '../api';
import { t } from '../i18n/i18n';
import { money, ReportExport } from '../report';
import { FormDialog, RoleNote } from '../parts';
import { decisionColumn, ProposalsHead, useProposals } from '../proposals';
import { besideField, refusalOf, type Refusal } from '../refusal';
import { PERMISSION } from '../sections';
import { DataTable } from '../table';
import { BOOKS_KEY, decideMatrix, proposeMatrix, useProvisions, type Matrix, type MatrixForm } from './api';

const peso = (centavos: number) => formatMoney(centavos, '₱');
const bucketName = (bucket: string) => (bucket === 'current' ? t('console.books.current') : bucket);

/** The form's fields in the buckets' order, each a percentage as typed. */
const FIELDS = ['rateCurrent', 'rate1To30', 'rate31To60', 'rate61To90', 'rate91To180', 'rateOver180'] as const;
const BUCKETS = ['current', '1-30', '31-60', '61-90', '91-180', '181+'] as const;

/** The percentages a matrix sets, as the form shows them; blank without one. */
const percentsOf = (matrix: Matrix | null | undefined) =>
  BUCKETS.map((bucket) => {
    const rate = matrix?.rates.find((known) => known.bucket === bucket)?.rateBp;
    return rate === undefined ? '' : (rate / 100).toFixed(2);
  });

function ProposeDialog({ lenderId, provisions, onClose, onProposed }: { lenderId: number; provisions: ReturnType<typeof useProvisions>['data']; onClose: () => void; onProposed: () => void }) {
  const inForceFor = (product: string) =>
    (product && provisions?.productMatrices.find((matrix) => String(matrix.productId) === product)) || provisions?.inForce;
  const [product, setProduct] = useState('');
  const [percents, setPercents] = useState<string[]>(() => percentsOf(inForceFor('')));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const productFieldId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const form = { lenderId: String(lenderId), ...(product ? { productId: product } : {}) } as MatrixForm;
    FIELDS.forEach((field, index) => {
      form[field] = String(parseHundredths(percents[index] ?? '') ?? '');
    });
    const result = await proposeMatrix(form);
    setBusy(false);
    if (!result.success) {
      setRefusal(refusalOf(result));
      return;
    }
    showToast(t('console.provisions.proposed'));
    onProposed();
  }

  return (
    <FormDialog title={t('console.provisions.propose')} submitLabel={t('console.provisions.propose')} busy={busy} onClose={onClose} onSubmit={(e) => void submit(e)}>
      <p className="c-note">{t('console.provisions.proposeNote')}</p>
      <div className="h-field">
        <label htmlFor={productFieldId}>{t('console.provisions.forProduct')}</label>
        <select
          id={productFieldId}
          className="c-select c-select--block"
          value={product}
          onChange={(e) => {
            setProduct(e.target.value);
            setPercents(percentsOf(inForceFor(e.target.value)));
          }}
        >
          <option value="">{t('console.provisions.allProducts')}</option>
          {(provisions?.products ?? []).map((known) => (
            <option key={known.id} value={String(known.id)}>
              {known.name}
            </option>
          ))}
        </select>
        {besideField(refusal, 'productId') && <p className="h-error">{besideField(refusal, 'productId')}</p>}
      </div>
      {FIELDS.map((field, index) => (
        <Field
          key={field}
          label={t('console.provisions.rateOf', { bucket: bucketName(BUCKETS[index]!) })}
          inputMode="decimal"
          value={percents[index] ?? ''}
          error={besideField(refusal, field)}
          onChange={(e) => setPercents(percents.map((value, at) => (at === index ? e.target.value : value)))}
        />
      ))}
    </FormDialog>
  );
}

/** A lender's allowance for credit losses: what its matrices in force ask on the day's buckets by product beside what the books hold, and its matrices under maker-checker. */
export function ProvisionsBlock({ me, lenderId, date }: { me: Me; lenderId: number; date: string }) {
  const provisions = useProvisions(lenderId, date);
  const data = provisions.data;
  const block = useProposals(me, {
    propose: PERMISSION.proposeProvisionRates,
    approve: PERMISSION.approveProvisionRates,
    queryKey: [BOOKS_KEY],
    send: decideMatrix,
    decided: (approved) => t(approved ? 'console.provisions.approved' : 'console.provisions.rejected'),
  });
  const productName = (id: number | null | undefined) =>
    id == null ? t('console.provisions.allProducts') : (data?.products.find((product) => product.id === id)?.name ?? `#${id}`);

  return (
    <section aria-labelledby="c-provisions-title" className="c-block">
      <ProposalsHead id="c-provisions-title" title={t('console.provisions.title')} proposeLabel={t('console.provisions.propose')} canPropose={block.canPropose} onPropose={block.open}>
        <ReportExport
          report={
            data && {
              name: `provisions-${data.lenderId}-${data.date}`,
              header: [t('console.provisions.product'), t('console.books.daysPastDue'), t('console.books.principal'), t('console.provisions.rateBp'), t('console.provisions.provision')],
              rows: data.lines.map((line) => [line.productName, bucketName(line.bucket), money(line.principal), line.rateBp, money(line.provision)]),
            }
          }
        />
      </ProposalsHead>
      <RoleNote me={me} permission="approve_provision_rates" />
      {data && !data.inForce && <p className="c-note">{t('console.provisions.none')}</p>}
      <DataTable
        labelledBy="c-provisions-title"
        rows={data?.lines ?? []}
        rowKey={(line) => `${line.productId}-${line.bucket}`}
        loading={provisions.isFetching}
        columns={[
          { header: t('console.provisions.product'), cell: (line) => line.productName },
          { header: t('console.books.daysPastDue'), className: 'c-nowrap', cell: (line) => bucketName(line.bucket) },
          { header: t('console.books.principal'), num: true, cell: (line) => peso(line.principal) },
          { header: t('console.provisions.rate'), num: true, cell: (line) => formatPercent(line.rateBp) },
          { header: t('console.provisions.provision'), num: true, cell: (line) => peso(line.provision) },
        ]}
      />
      {data && (
        <p className="c-strong" data-testid="allowance">
          {t('console.provisions.allowance', { date: formatDate(data.date), required: peso(data.required), booked: peso(data.booked) })}
        </p>
      )}
      <h3 id="c-matrices-title">{t('console.provisions.matrices')}</h3>
      <DataTable
        labelledBy="c-matrices-title"
        rows={data?.matrices ?? []}
        rowKey={(matrix) => matrix.id}
        loading={provisions.isFetching}
        columns={[
          { header: t('console.col.id'), cell: (matrix) => `#${matrix.id}` },
          { header: t('console.col.when'), className: 'c-nowrap', cell: (matrix) => formatDateTime(matrix.proposedAt) },
          { header: t('console.provisions.forProduct'), cell: (matrix) => productName(matrix.productId) },
          { header: t('console.provisions.rates'), className: 'c-small', cell: (matrix) => matrix.rates.map((rate) => `${bucketName(rate.bucket)} ${formatPercent(rate.rateBp)}`).join(' · ') },
          { header: t('console.col.status'), cell: (matrix) => t(`console.provisions.status.${matrix.status === 'approved' || matrix.status === 'rejected' ? matrix.status : 'proposed'}`) },
          decisionColumn(me, block.canDecide, { approve: (row) => t('console.provisions.approveTitle', { id: row.id }), reject: (row) => t('console.provisions.rejectTitle', { id: row.id }) }, block.decide),
        ]}
      />
      {block.proposing && <ProposeDialog lenderId={lenderId} provisions={data} onClose={block.close} onProposed={block.proposed} />}
    </section>
  );
}
