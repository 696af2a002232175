// The categories' pictures, drawn as inline SVG from the icon key the server
// sends (no icon font or library: a few hundred bytes for all of them).

const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
const rect = (x: number, y: number, w: number, h: number) => `M${x} ${y}h${w}v${h}h${-w}z`;

/** Path data on a 24×24 grid, stroked. */
const ICONS: Record<string, string> = {
  food: 'M4 11h16a8 8 0 0 1-16 0zM9 3v4M12 2v5M15 3v4',
  transport: `${rect(4, 4, 16, 12)}M4 10h16M7 7h2M15 7h2${circle(8, 18.5, 1.5)}${circle(16, 18.5, 1.5)}`,
  phone: `${rect(7, 2, 10, 20)}M11 18h2`,
  bolt: 'M13 2 5 14h6l-1 8 8-12h-6z',
  home: 'M3 11l9-8 9 8M5 9.5V20h14V9.5M10 20v-6h4v6',
  school: 'M2 9l10-5 10 5-10 5zM6 11v5c3 2 9 2 12 0v-5M22 9v5',
  health: 'M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10zM12 9v5M9.5 11.5h5',
  family: `${circle(8, 7, 2.5)}${circle(16.5, 8.5, 2)}M3 20c0-4 2.2-6 5-6s5 2 5 6M13.5 20c.2-3 1.3-4.5 3-4.5s3.3 1.5 3.5 4.5`,
  loan: `${rect(2, 6, 20, 12)}${circle(12, 12, 3)}M5.5 9.5v5M18.5 9.5v5`,
  bag: 'M5 8h14l-1 12H6zM9 8V6a3 3 0 0 1 6 0v2',
  dots: `${circle(6, 12, 1.2)}${circle(12, 12, 1.2)}${circle(18, 12, 1.2)}`,
  wallet: `M6 6l9-3 1.2 3${rect(3, 6, 18, 14)}M15 13h3`,
  store: 'M4 9l1.5-5h13L20 9M4 9c0 2.5 4 2.5 4 0 0 2.5 4 2.5 4 0 0 2.5 4 2.5 4 0 0 2.5 4 2.5 4 0M5 11v9h14v-9M10 20v-5h4v5',
  gift: `${rect(3, 9, 18, 4)}M5 13v7h14v-7M12 9v11M12 9c-2-4-6-4-6-1.5S9.5 9 12 9c2.5 0 6-.5 6-1.5S14 5 12 9`,
};

/** A category's picture; unknown keys get the "others" dots. Decorative: the title says what it is. */
export function CategoryIcon({ icon, size = 24 }: { icon: string; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={icon in ICONS ? icon : 'dots'}
    >
      <path d={ICONS[icon] ?? ICONS.dots} />
    </svg>
  );
}

