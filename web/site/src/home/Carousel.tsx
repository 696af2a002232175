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

/** Drawn with CSS and inline SVG; no images to download. */
function Art({ index }: { index: number }) {
  return (
    <svg className="site-banner-art" viewBox="0 0 120 120" aria-hidden="true">
      {index === 0 && (
        <>
          <rect x="18" y="34" width="84" height="52" rx="10" fill="rgba(255,255,255,.25)" />
          <circle cx="60" cy="60" r="16" fill="rgba(255,255,255,.85)" />
          <text x="60" y="67" textAnchor="middle" fontSize="20" fontWeight="700" fill="#8a2fe0">₱</text>
        </>
      )}
      {index === 1 && (
        <>
          <rect x="30" y="20" width="60" height="80" rx="8" fill="rgba(255,255,255,.85)" />
          <path d="M42 44h36M42 58h36M42 72h22" stroke="#8a2fe0" strokeWidth="5" strokeLinecap="round" />
        </>
      )}
      {index === 2 && (
        <>
          <rect x="36" y="14" width="48" height="92" rx="10" fill="rgba(255,255,255,.85)" />
          <path d="M48 62l9 9 17-20" stroke="#3e9a60" strokeWidth="7" fill="none" strokeLinecap="round" strokeLinejoin="round" />
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
