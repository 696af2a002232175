import { useSyncExternalStore } from 'react';
import { getToast, subscribeToast } from './toastStore';

/** Renders the current toast; mount once per page root. */
export function ToastHost() {
  const toast = useSyncExternalStore(subscribeToast, getToast, getToast);
  return (
    <div className="h-toast-region" role="status" aria-live="polite">
      {toast && (
        <div key={toast.id} className="h-toast">
          {toast.message}
        </div>
      )}
    </div>
  );
}
