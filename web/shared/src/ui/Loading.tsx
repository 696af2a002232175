import { useSyncExternalStore } from 'react';
import { getLoading, subscribeLoading } from './loadingStore';

/** Renders the loading indicator while a caller holds it; mount once per page root. */
export function LoadingHost() {
  const text = useSyncExternalStore(subscribeLoading, getLoading, getLoading);
  if (text === null) return null;
  return (
    <div className="h-loading" role="alert" aria-busy="true">
      <div className="h-loading-box">
        <span className="h-spinner" aria-hidden="true" />
        {text && <span>{text}</span>}
      </div>
    </div>
  );
}
