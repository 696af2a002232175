// The dated rule sets of the law's ceilings (decision 056): every member who
// sees orders reads them (view_orders); an admin corrects one or adds the
// next (manage_rule_sets), with a reason the audit log keeps. A save is
// quiet: the form marks the refused field.
import { useQuery } from '@tanstack/react-query';
import type { Fields } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { dataOf, get, post, type TypedForm } from '../api';

export type RuleSetRow = components['schemas']['RuleSetRow'];

/** A rule set as the server takes it: centavos, basis points, whole months, and the reason. */
export type RuleSetForm = TypedForm<Fields<'/api/staff/rule-sets', 'post'>>;

export const fetchRuleSets = () => get('/rule-sets', {});
export const RULE_SETS_KEY = 'rule-sets';
export const useRuleSets = () => useQuery({ queryKey: [RULE_SETS_KEY], queryFn: () => dataOf(fetchRuleSets()) });
export const saveRuleSet = (form: RuleSetForm) => post('/rule-sets', { ...form }, { silent: true });
