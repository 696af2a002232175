import { useSyncExternalStore } from 'react';
import { getToast, runToastAction, subscribeToast } from './toastStore';

/** Renders the current toast; mount once per page root. */
export function ToastHost() {
  const toast = useSyncExternalStore(subscribeToast, getToast, getToast);
  return (
    <div className="h-toast-region" role="status" aria-live="polite">
      {toast && (
        <div key={toast.id} className={toast.action ? 'h-toast h-toast--action' : 'h-toast'}>
          {toast.message}
          {toast.action && (
            <button type="button" className="h-toast-action" onClick={runToastAction}>
              {toast.action.label}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
