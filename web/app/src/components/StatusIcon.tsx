// Small inline status icons (no image requests on mobile data). Stroke-only,
// drawn on a 24-unit grid; colour comes from `currentColor`.
export type IconKind = 'review' | 'approved' | 'failed' | 'disbursed' | 'overdue' | 'done';

const PATHS: Record<IconKind, string> = {
  // clock
  review: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 7v5l3 3',
  // circle with a tick
  approved: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M8 12.5l3 3l5-6',
  // circle with a cross
  failed: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M9 9l6 6M15 9l-6 6',
  // banknote
  disbursed: 'M3 7h18v10H3zM12 9.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5M6 10v4M18 10v4',
  // warning triangle
  overdue: 'M12 4l9 16H3zM12 10v4M12 17v.5',
  // document with a tick (the default icon, spec §4)
  done: 'M6 3h9l3 3v15H6zM9 13l2 2l4-4',
};

export function StatusIcon({ kind, size = 40 }: { kind: IconKind; size?: number }) {
  return (
    <svg
      className="app-status-icon"
      data-icon={kind}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[kind]} />
    </svg>
  );
}
