import { withCarriedQuery } from '@hiram/shared/query/pageQuery';

/** An in-app path carrying the session query, plus `extra` parameters. */
export function appLink(path: string, extra: Record<string, string | number> = {}): string {
  return withCarriedQuery(path, extra);
}
