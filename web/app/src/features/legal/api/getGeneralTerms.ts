import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';

/** The rule set of the law in force today (decision 056): its source, first day and ceilings. */
export type RuleSetView = components['schemas']['RuleSetView'];

export const GENERAL_TERMS_PATH = '/v3/contract/agreement';

/**
 * The general terms' reply, with the rule set in force today. Quiet: the
 * terms page says itself when the ceilings could not be had.
 */
export function getGeneralTerms() {
  return formApi.get(GENERAL_TERMS_PATH, {}, { silent: true });
}

/** The rule set in force today; `undefined` while asked, `null` when it could not be had. */
export function useRuleSetInForce(): RuleSetView | null | undefined {
  const { data, isError } = useQuery({
    queryKey: ['general-terms'],
    queryFn: getGeneralTerms,
  });
  if (isError) return null;
  if (!data) return undefined;
  return data.success && data.data ? data.data.ruleSet : null;
}
