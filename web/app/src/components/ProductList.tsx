import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';

/** A product card as the home page, order details and the failure page list it. */
export type ProductCard = components['schemas']['ProductCard'];

export function isTappable(card: ProductCard): boolean {
  return card.flag !== '0';
}

interface ProductListProps {
  products: readonly ProductCard[];
  label: string;
  /** Called for tappable cards only, with the card's list index. */
  onTap: (card: ProductCard, index: number) => void;
}

/**
 * The product list. The whole card is the tap target (thumbs on small
 * screens); its button names the action for screen readers and keyboards.
 * A flag "0" card is grey and does nothing.
 */
export function ProductList({ products, label, onTap }: ProductListProps) {
  return (
    <ul className="app-products" aria-label={label}>
      {products.map((card, index) => {
        const tappable = isTappable(card);
        return (
          <li
            key={`${card.id}-${index}`}
            className={tappable ? 'app-pcard' : 'app-pcard app-pcard--off'}
            onClick={() => {
              if (tappable) onTap(card, index);
            }}
          >
            <div className="app-pcard-head">
              {card.logo ? <img src={card.logo} alt="" width={40} height={40} loading="lazy" /> : <span className="app-pcard-logo" />}
              <h3>{card.name}</h3>
            </div>
            <div className="app-pcard-body">
              <div>
                <p className="app-pcard-range">{card.range}</p>
                {card.rangeDesc && <p className="app-muted app-small">{card.rangeDesc}</p>}
              </div>
              {card.rate && <p className="app-pcard-rate">{card.rate}</p>}
            </div>
            {card.description && <p className="app-small">{card.description}</p>}
            {card.tags.length > 0 && (
              <ul className="app-tags" aria-label={t('products.tags')}>
                {card.tags.map((tag) => (
                  <li key={tag}>{tag}</li>
                ))}
              </ul>
            )}
            <button
              type="button"
              className="h-btn h-btn--block app-pcard-btn"
              aria-disabled={tappable ? undefined : true}
              aria-label={`${card.buttonText || t('products.apply')} · ${card.name}`}
            >
              {card.buttonText || t('products.apply')}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
