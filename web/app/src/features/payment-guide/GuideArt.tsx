// Our own drawings for the payment guide: a phone paying a bill in an
// e-wallet (a menu of tiles, or a search), and a store counter. No app's
// logo, colours or screens are copied; the words are in the page's text.
import type { ReactNode } from 'react';

export type GuideKind = 'tiles' | 'search' | 'store';

const INK = '#1f1a24';
const THEME = '#a94aff';
const SOFT = '#f1e6ff';
const LINE = '#d8cfe0';

/** A phone outline at x, its screen (70 × 126) holding the children. */
function Phone({ x, children }: { x: number; children: ReactNode }) {
  return (
    <g transform={`translate(${x} 14)`}>
      <rect width="82" height="146" rx="12" fill={INK} />
      <rect x="6" y="10" width="70" height="126" rx="6" fill="#fff" />
      <rect x="33" y="4" width="16" height="3" rx="1.5" fill="#4a4350" />
      <g transform="translate(6 10)">{children}</g>
    </g>
  );
}

/** The form every bill payment ends on: the code, the amount, a button. */
function PayForm() {
  return (
    <>
      <rect width="70" height="16" rx="6" fill={THEME} />
      <rect x="6" y="24" width="30" height="4" rx="2" fill={LINE} />
      <rect x="6" y="31" width="58" height="14" rx="3" fill={SOFT} stroke={THEME} />
      <text x="10" y="41" fontSize="7" fontFamily="monospace" fill={INK}>
        1234 5678 9012
      </text>
      <rect x="6" y="52" width="22" height="4" rx="2" fill={LINE} />
      <rect x="6" y="59" width="58" height="14" rx="3" fill="#fff" stroke={LINE} />
      <text x="10" y="69" fontSize="8" fill={INK}>
        ₱ 3,273.00
      </text>
      <rect x="6" y="100" width="58" height="14" rx="7" fill={THEME} />
      <path d="M30 107 l3 3 l6 -6" stroke="#fff" strokeWidth="2" fill="none" />
    </>
  );
}

function Arrow() {
  return <path d="M112 87 h16 m-6 -6 l6 6 l-6 6" stroke={THEME} strokeWidth="3" fill="none" strokeLinecap="round" />;
}

/** An e-wallet's home: a grid of tiles, the bills tile (a receipt) marked. */
function Tiles() {
  const tiles = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  return (
    <>
      <rect width="70" height="30" rx="6" fill={THEME} />
      <rect x="6" y="8" width="26" height="5" rx="2.5" fill="#fff" opacity="0.8" />
      <rect x="6" y="17" width="40" height="7" rx="3" fill="#fff" />
      {tiles.map((i) => {
        const x = 5 + (i % 3) * 21;
        const y = 38 + Math.floor(i / 3) * 22;
        const bills = i === 4;
        return (
          <g key={i}>
            <rect x={x} y={y} width="18" height="18" rx="5" fill={bills ? THEME : SOFT} />
            {bills && <path d={`M${x + 5} ${y + 4} h8 v10 l-2 -1.5 l-2 1.5 l-2 -1.5 l-2 1.5 z`} fill="#fff" />}
          </g>
        );
      })}
      <circle cx="35" cy="85" r="15" fill="none" stroke="#eea71d" strokeWidth="2.5" />
    </>
  );
}

/** An e-wallet's bills: a search for the biller and its result. */
function Search() {
  return (
    <>
      <rect width="70" height="16" rx="6" fill={THEME} />
      <rect x="5" y="22" width="60" height="14" rx="7" fill={SOFT} stroke={THEME} />
      <circle cx="13" cy="29" r="3.5" fill="none" stroke={THEME} strokeWidth="1.5" />
      <path d="M15.5 31.5 l3 3" stroke={THEME} strokeWidth="1.5" />
      <rect x="22" y="27" width="24" height="4" rx="2" fill={INK} />
      {[0, 1, 2].map((i) => (
        <g key={i}>
          <rect x="5" y={44 + i * 20} width="60" height="16" rx="4" fill={i === 0 ? SOFT : '#fff'} stroke={i === 0 ? THEME : LINE} />
          <circle cx="14" cy={52 + i * 20} r="5" fill={i === 0 ? THEME : LINE} />
          <rect x="23" y={50 + i * 20} width={i === 0 ? 30 : 24} height="4" rx="2" fill={i === 0 ? INK : LINE} />
        </g>
      ))}
    </>
  );
}

/** Bar and gap widths of the drawn barcode (a pattern, not a real code), as [x, width] bars. */
const BARS: readonly (readonly [number, number])[] = (() => {
  const widths = [2, 1, 3, 1, 2, 1, 1, 3, 2, 1, 2, 3, 1, 1, 2, 1, 3, 2];
  const bars: [number, number][] = [];
  let x = 0;
  widths.forEach((w, i) => {
    if (i % 2 === 0) bars.push([x, w * 0.85]);
    x += w * 0.85;
  });
  return bars;
})();

/** A store counter: the cashier's till and scanner, a phone showing a barcode, a receipt. */
function Store() {
  return (
    <>
      <rect x="0" y="22" width="240" height="10" rx="3" fill={THEME} />
      <path d="M10 32 h220 l-6 12 h-208 z" fill={SOFT} />
      <rect x="0" y="112" width="240" height="48" fill="#efe9f4" />
      <rect x="0" y="106" width="240" height="8" rx="2" fill="#cbbfd6" />
      {/* The till. */}
      <rect x="20" y="70" width="62" height="36" rx="4" fill={INK} />
      <rect x="27" y="76" width="48" height="14" rx="2" fill="#9ee6b5" />
      <text x="30" y="86" fontSize="8" fontFamily="monospace" fill={INK}>
        ₱3,273.00
      </text>
      <rect x="36" y="56" width="30" height="14" rx="2" fill="#4a4350" />
      {/* The scanner and its beam. */}
      <path d="M96 84 l12 -10 h10 l-4 14 z" fill="#4a4350" />
      <path d="M112 88 L150 96" stroke="#e15050" strokeWidth="1.5" strokeDasharray="3 2" />
      {/* The borrower's phone with the barcode. */}
      <g transform="translate(146 44)">
        <rect width="50" height="86" rx="8" fill={INK} />
        <rect x="4" y="8" width="42" height="70" rx="4" fill="#fff" />
        <g transform="translate(8 30)">
          {BARS.map(([x, w]) => (
            <rect key={x} x={x} y="0" width={w} height="22" fill={INK} />
          ))}
        </g>
        <rect x="10" y="58" width="30" height="4" rx="2" fill={LINE} />
      </g>
      {/* The receipt. */}
      <path d="M206 70 h24 v40 l-4 -3 l-4 3 l-4 -3 l-4 3 l-4 -3 l-4 3 z" fill="#fff" stroke={LINE} />
      <rect x="210" y="77" width="16" height="3" rx="1.5" fill={LINE} />
      <rect x="210" y="84" width="12" height="3" rx="1.5" fill={LINE} />
      <path d="M211 96 l4 4 l8 -8" stroke="#3e9a60" strokeWidth="2.5" fill="none" />
    </>
  );
}

/**
 * One guide picture, 240 × 170; decorative (`aria-hidden`): the page names
 * it in text beside it.
 */
export function GuideArt({ kind }: { kind: GuideKind }) {
  return (
    <svg className="app-guide-art" viewBox="0 0 240 170" aria-hidden="true" focusable="false">
      <rect width="240" height="170" rx="12" fill="#f6f3f9" />
      {kind === 'store' ? (
        <Store />
      ) : (
        <>
          <Phone x={22}>{kind === 'tiles' ? <Tiles /> : <Search />}</Phone>
          <Arrow />
          <Phone x={136}>
            <PayForm />
          </Phone>
        </>
      )}
    </svg>
  );
}
