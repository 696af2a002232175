import { useEffect, useEffectEvent, useState } from 'react';
import type { ApiResult } from '@hiram/shared/api/request';

export interface Loaded<T> {
  /** The latest answer's data; the previous one stays while reloading. */
  data: T | null;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads data for the console's lists: again whenever `key` changes (the
 * filters) and on `reload()`. A failure leaves `data` empty; the request
 * helper has toasted its message.
 */
export function useLoad<T>(key: string, load: () => Promise<ApiResult<T>>): Loaded<T> {
  const [tick, setTick] = useState(0);
  const [done, setDone] = useState<{ wanted: string; data: T | null } | null>(null);
  const wanted = `${key}\u0000${tick}`;
  const run = useEffectEvent(load);

  useEffect(() => {
    let live = true;
    void run().then((result) => {
      if (live) setDone({ wanted, data: result.success ? result.data : null });
    });
    return () => {
      live = false;
    };
  }, [wanted]);

  return {
    data: done?.data ?? null,
    loading: done?.wanted !== wanted,
    reload: () => setTick((n) => n + 1),
  };
}
