// One toast at a time. Default 3000 ms; a shorter duration is raised to the
// default (spec §9), a longer one is kept. Usable outside React (the request
// helper calls it). A toast may carry one action (Undo): tapping it runs the
// action and hides the toast.
export const TOAST_DEFAULT_MS = 3000;

export interface ToastAction {
  label: string;
  run: () => void;
}

export interface ToastState {
  id: number;
  message: string;
  durationMs: number;
  action?: ToastAction;
}

let current: ToastState | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((l) => l());
}

export function showToast(message: string, durationMs: number = TOAST_DEFAULT_MS, action?: ToastAction): ToastState {
  const effective = Math.max(durationMs, TOAST_DEFAULT_MS);
  if (timer !== undefined) clearTimeout(timer);
  current = { id: nextId++, message, durationMs: effective, ...(action ? { action } : {}) };
  timer = setTimeout(hideToast, effective);
  emit();
  return current;
}

export function hideToast(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  if (current === null) return;
  current = null;
  emit();
}

/** Runs the current toast's action, once, and hides the toast. */
export function runToastAction(): void {
  const action = current?.action;
  hideToast();
  action?.run();
}

export function getToast(): ToastState | null {
  return current;
}

export function subscribeToast(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
