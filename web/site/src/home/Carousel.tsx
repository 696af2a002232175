import { useEffect, useState } from 'react';
import { t, type MessageKey } from '../i18n/i18n';
import { safeLink, useSiteBanners } from './api/siteBanners';

export const BANNER_INTERVAL_MS = 3000;

const BUILT_IN: readonly { title: MessageKey; text: MessageKey }[] = [
  { title: 'site.banner1.title', text: 'site.banner1.text' },
  { title: 'site.banner2.title', text: 'site.banner2.text' },
  { title: 'site.banner3.title', text: 'site.banner3.text' },
];

interface Slide {
  key: string;
  title: string;
  text?: string;
  link?: string;
}

const GOLD = '#ffd45c';
const INK = '#4b1590';

/**
 * The site's own banner art, drawn for Hiram as small inline SVG: it paints
 * with the prerendered page (decision 048) and costs no request. 1: cash
 * reaching a phone; 2: a receipt read closely; 3: a bank, a wallet, a coin.
 */
function Art({ index }: { index: number }) {
  return (
    <svg className="site-banner-art" viewBox="0 0 120 120" aria-hidden="true">
      {index === 0 && (
        <>
          <path d="M10 42h18M6 56h22M10 70h18" stroke="#fff" strokeOpacity=".6" strokeWidth="4" strokeLinecap="round" />
          <rect x="38" y="12" width="48" height="96" rx="10" fill="#fff" />
          <rect x="44" y="22" width="36" height="70" rx="4" fill="#efe3ff" />
          <circle cx="62" cy="50" r="15" fill={GOLD} />
          <path d="M58 41v18m0-18h5a4.5 4.5 0 0 1 0 9h-5m-4-6h16m-16 3h16" stroke={INK} strokeWidth="2.5" fill="none" strokeLinecap="round" />
          <rect x="50" y="76" width="24" height="8" rx="4" fill="#a94aff" />
          <circle cx="62" cy="100" r="3" fill="#c9b3ec" />
        </>
      )}
      {index === 1 && (
        <>
          <path d="M26 12h52v92l-6.5-5-6.5 5-6.5-5-6.5 5-6.5-5-6.5 5-6.5-5-6.5 5z" fill="#fff" />
          <path d="M36 30h32M36 42h22M36 54h28M36 66h32" stroke="#c9b3ec" strokeWidth="4" strokeLinecap="round" />
          <path d="M36 82h14m6 0h12" stroke={INK} strokeWidth="5" strokeLinecap="round" />
          <circle cx="80" cy="72" r="15" fill="#fff" fillOpacity=".3" stroke={GOLD} strokeWidth="5" />
          <path d="M91 83l13 13" stroke={GOLD} strokeWidth="8" strokeLinecap="round" />
        </>
      )}
      {index === 2 && (
        <>
          <path d="M60 10l38 20H22z" fill="#fff" />
          <path d="M32 36v32m18-32v32m20-32v32m18-32v32" stroke="#fff" strokeWidth="8" />
          <rect x="20" y="70" width="80" height="8" rx="2" fill="#fff" />
          <rect x="10" y="62" width="30" height="48" rx="6" fill={GOLD} />
          <rect x="15" y="70" width="20" height="28" rx="2" fill="#fff" />
          <path d="M19 80h12m-12 7h8" stroke={INK} strokeWidth="3" strokeLinecap="round" />
          <circle cx="94" cy="96" r="15" fill={GOLD} />
          <circle cx="94" cy="96" r="9" fill="none" stroke={INK} strokeWidth="2.5" />
        </>
      )}
    </svg>
  );
}

/**
 * Spec: 3 banners, looping every 3 s. The banners staff set for now take the
 * place of the site's own; their text is shown as text, never as markup.
 */
export function Carousel() {
  const staff = useSiteBanners();
  const slides: Slide[] =
    staff.length > 0
      ? staff.map((b) => ({ key: `banner-${b.id}`, title: b.text, link: safeLink(b.link) }))
      : BUILT_IN.map((b) => ({ key: b.title, title: t(b.title), text: t(b.text) }));
  const [index, setIndex] = useState(0);
  const shown = index % slides.length;
  useEffect(() => {
    const id = setInterval(() => setIndex((i) => (i + 1) % slides.length), BANNER_INTERVAL_MS);
    return () => clearInterval(id);
  }, [index, slides.length]);

  return (
    <section className="site-carousel" aria-roledescription="carousel" aria-label={t('site.banner.label')}>
      {/* No style on the first slide: the prerendered page may carry no inline style (CSP); React sets it through the DOM after. */}
      <div className="site-track" style={shown === 0 ? undefined : { transform: `translateX(-${shown * 100}%)` }}>
        {slides.map((slide, i) => (
          <div
            key={slide.key}
            className={`site-banner site-banner--${(i % 3) + 1}`}
            role="group"
            aria-roledescription="slide"
            aria-hidden={i !== shown}
          >
            <div>
              <h2>
                {slide.link ? (
                  <a href={slide.link} tabIndex={i === shown ? undefined : -1}>
                    {slide.title}
                  </a>
                ) : (
                  slide.title
                )}
              </h2>
              {slide.text && <p>{slide.text}</p>}
            </div>
            <Art index={i % 3} />
          </div>
        ))}
      </div>
      <div className="site-dots">
        {slides.map((slide, i) => (
          <button
            key={slide.key}
            type="button"
            aria-label={t('site.banner.goTo', { n: i + 1 })}
            aria-current={i === shown}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
}
