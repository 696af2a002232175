// One toast at a time. Default 3000 ms; a shorter duration is raised to the
// default (spec §9), a longer one is kept. Usable outside React (the request
// helper calls it). A toast may carry one action (Undo): tapping it runs the
// action and hides the toast.
//
// A toast speaks about the page it was shown on, so leaving that page hides
// it (a wrong-code toast from login must not greet the borrower on Home). The
// one exception is a toast that announces what the page just did as it
// leaves ("Saved", "Account added"): shown with `keepOnNavigation`, it
// survives that one navigation and is hidden by the next.
export const TOAST_DEFAULT_MS = 3000;

export interface ToastAction {
  label: string;
  run: () => void;
}

export interface ToastOptions {
  action?: ToastAction;
  /** Survives the navigation that follows it (a page announcing its own outcome as it leaves). */
  keepOnNavigation?: boolean;
}

export interface ToastState {
  id: number;
  message: string;
  durationMs: number;
  action?: ToastAction;
  keepOnNavigation: boolean;
}

let current: ToastState | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((l) => l());
}

export function showToast(message: string, durationMs: number = TOAST_DEFAULT_MS, options: ToastOptions = {}): ToastState {
  const effective = Math.max(durationMs, TOAST_DEFAULT_MS);
  if (timer !== undefined) clearTimeout(timer);
  current = {
    id: nextId++,
    message,
    durationMs: effective,
    keepOnNavigation: options.keepOnNavigation === true,
    ...(options.action ? { action: options.action } : {}),
  };
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

/**
 * The borrower went to another page: the toast of the page left is hidden,
 * unless it was shown to be kept across this one navigation.
 */
export function toastPageLeft(): void {
  if (current === null) return;
  if (!current.keepOnNavigation) {
    hideToast();
    return;
  }
  // Kept once: the next page change hides it.
  current = { ...current, keepOnNavigation: false };
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
