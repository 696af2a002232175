import { useEffect, useState } from 'react';
import { t, type MessageKey } from '@hiram/shared/i18n/i18n';

export const BANNER_INTERVAL_MS = 3000;

const BANNERS: readonly { title: MessageKey; text: MessageKey; className: string }[] = [
  { title: 'site.banner1.title', text: 'site.banner1.text', className: 'site-banner--1' },
  { title: 'site.banner2.title', text: 'site.banner2.text', className: 'site-banner--2' },
  { title: 'site.banner3.title', text: 'site.banner3.text', className: 'site-banner--3' },
];

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

/** Spec: 3 banners, looping every 3 s. */
export function Carousel() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setIndex((i) => (i + 1) % BANNERS.length), BANNER_INTERVAL_MS);
    return () => clearInterval(id);
  }, [index]);

  return (
    <section className="site-carousel" aria-roledescription="carousel" aria-label={t('site.banner.label')}>
      <div className="site-track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {BANNERS.map((b, i) => (
          <div
            key={b.title}
            className={`site-banner ${b.className}`}
            role="group"
            aria-roledescription="slide"
            aria-hidden={i !== index}
          >
            <div>
              <h2>{t(b.title)}</h2>
              <p>{t(b.text)}</p>
            </div>
            <Art index={i} />
          </div>
        ))}
      </div>
      <div className="site-dots">
        {BANNERS.map((b, i) => (
          <button
            key={b.title}
            type="button"
            aria-label={t('site.banner.goTo', { n: i + 1 })}
            aria-current={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
}
