import { hashKey, type QueryClient, type QueryKey, type QueryState } from '@tanstack/react-query';
import { useState } from 'react';

/** Queries the start-up asked for before their page mounted, and when. */
const askedByStartUp = new Map<string, number>();

/**
 * The start-up's call for the page the address names (start.ts), for a page
 * that fetches its data again on every arrival (`useRefetchOnArrival`): the
 * answer to this call is the first arrival's own, not an older one.
 */
export function prefetchForArrival(client: QueryClient, query: Parameters<QueryClient['prefetchQuery']>[0]): Promise<void> {
  askedByStartUp.set(hashKey(query.queryKey), Date.now());
  return client.prefetchQuery(query);
}

/**
 * `refetchOnMount` for a page that shows the server's latest each time the
 * borrower arrives on it: an answer from before this arrival is fetched
 * again; one made since (the start-up's, on the page's first arrival) is not
 * asked for twice. The start-up's call counts for one arrival only.
 *
 * One component per query calls this (the page's data hook): the first to
 * mount takes the start-up's mark. React keeps the first result of an
 * initialiser it calls twice (strict mode); should a render be thrown away
 * after taking the mark, the next mount merely asks the server once more.
 */
export function useRefetchOnArrival(queryKey: QueryKey): (query: { state: QueryState<unknown> }) => boolean {
  const [arrivedAt] = useState(() => {
    const key = hashKey(queryKey);
    const askedAt = askedByStartUp.get(key);
    askedByStartUp.delete(key);
    return askedAt ?? Date.now();
  });
  return (query) => query.state.dataUpdatedAt < arrivedAt;
}
