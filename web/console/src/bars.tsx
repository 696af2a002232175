// A horizontal bar chart of a few amounts, where people would rather look
// than read (a portfolio by days past due, an income statement): drawn in
// SVG, no library; each bar carries its figure, and the table beside it
// holds the same figures for screen readers and exports.

export interface Bar {
  key: string;
  label: string;
  value: number;
  /** The value as people read it (`₱1,234.00`). */
  text: string;
}

const ROW = 26;
const LABEL_WIDTH = 150;
const FIGURE_WIDTH = 120;
const WIDTH = 560;

export function BarChart({ label, bars }: { label: string; bars: readonly Bar[] }) {
  const largest = Math.max(1, ...bars.map((bar) => Math.abs(bar.value)));
  const room = WIDTH - LABEL_WIDTH - FIGURE_WIDTH;
  return (
    <svg className="c-bars" role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${Math.max(1, bars.length) * ROW}`}>
      <title>{label}</title>
      {bars.map((bar, index) => {
        const length = Math.round((Math.abs(bar.value) / largest) * room);
        return (
          <g key={bar.key} transform={`translate(0 ${index * ROW})`}>
            <text className="c-bars__label" x={LABEL_WIDTH - 8} y={ROW / 2} textAnchor="end" dominantBaseline="middle">
              {bar.label}
            </text>
            <rect className={bar.value < 0 ? 'c-bars__bar c-bars__bar--below' : 'c-bars__bar'} x={LABEL_WIDTH} y={5} width={length} height={ROW - 10} rx={3} />
            <text className="c-bars__figure" x={LABEL_WIDTH + length + 6} y={ROW / 2} dominantBaseline="middle">
              {bar.text}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
