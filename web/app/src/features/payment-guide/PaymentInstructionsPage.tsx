import { useState } from 'react';
import { t, type GuideKey } from './texts';
import { Modal } from '@hiram/shared/ui/Modal';
import { PageHeader } from '../../components/PageHeader';
import { GuideArt, type GuideKind } from './GuideArt';

interface Guide {
  id: string;
  kind: GuideKind;
  title: GuideKey;
  picture: GuideKey;
  steps: readonly GuideKey[];
}

/**
 * The three ways the guide shows (spec §2 "Payment instruction page"): two
 * e-wallets' bill payment, and a store counter with the reference number.
 */
export const GUIDES: readonly Guide[] = [
  {
    id: 'gcash',
    kind: 'tiles',
    title: 'guide.gcash.title',
    picture: 'guide.gcash.picture',
    steps: ['guide.gcash.step1', 'guide.gcash.step2', 'guide.gcash.step3', 'guide.gcash.step4'],
  },
  {
    id: 'maya',
    kind: 'search',
    title: 'guide.maya.title',
    picture: 'guide.maya.picture',
    steps: ['guide.maya.step1', 'guide.maya.step2', 'guide.maya.step3', 'guide.maya.step4'],
  },
  {
    id: 'store',
    kind: 'store',
    title: 'guide.store.title',
    picture: 'guide.store.picture',
    steps: ['guide.store.step1', 'guide.store.step2', 'guide.store.step3', 'guide.store.step4'],
  },
];

/**
 * /paymentInstructions: how to pay with a pay code, a picture and steps per
 * way; tapping a picture enlarges it in the shared Modal, which keeps focus
 * inside and gives it back to the picture when closed.
 */
export default function PaymentInstructionsPage() {
  const [enlarged, setEnlarged] = useState<Guide | null>(null);
  return (
    <>
      <PageHeader title={t('page.paymentInstructions')} />
      <main className="app-main">
        <section className="h-card">
          <p className="app-guide-intro">{t('guide.intro')}</p>
        </section>
        {GUIDES.map((guide) => (
          <section key={guide.id} className="h-card" aria-labelledby={`guide-${guide.id}`}>
            <h2 id={`guide-${guide.id}`} className="app-section-title">
              {t(guide.title)}
            </h2>
            <div className="app-guide-body">
              <button
                type="button"
                className="app-guide-pic"
                onClick={() => setEnlarged(guide)}
              >
                {/* The name as the button's own text, not an aria-label: the
                    art's sample figures are visible text a label would not
                    contain (WCAG 2.5.3). */}
                <span className="app-visually-hidden">{t('guide.enlarge', { name: t(guide.picture) })}</span>
                <GuideArt kind={guide.kind} />
              </button>
              <ol className="app-guide-steps">
                {guide.steps.map((step) => (
                  <li key={step}>{t(step)}</li>
                ))}
              </ol>
            </div>
          </section>
        ))}
        <section className="h-card">
          <p className="app-muted app-small">{t('guide.keepReceipt')}</p>
        </section>
      </main>
      {enlarged && (
        <Modal open title={t(enlarged.title)} onClose={() => setEnlarged(null)}>
          <figure className="app-guide-large" role="img" aria-label={t(enlarged.picture)}>
            <GuideArt kind={enlarged.kind} />
          </figure>
          <p className="app-muted app-small">{t(enlarged.picture)}</p>
        </Modal>
      )}
    </>
  );
}
