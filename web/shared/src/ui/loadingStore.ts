// The loading indicator: shown while at least one caller holds it; the most
// recent text wins.
let holders: { id: number; text: string }[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
let snapshot: string | null = null;

function emit(): void {
  snapshot = holders.length ? (holders[holders.length - 1]?.text ?? '') : null;
  listeners.forEach((l) => l());
}

/** Shows the indicator with `text`; call the returned function to release it. */
export function showLoading(text: string): () => void {
  const id = nextId++;
  holders = [...holders, { id, text }];
  emit();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders = holders.filter((h) => h.id !== id);
    emit();
  };
}

/** The text shown, or null when hidden. */
export function getLoading(): string | null {
  return snapshot;
}

export function subscribeLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
