/**
 * A long legal text, kept out of the message catalogues so that it loads
 * only with its own page and locale. Placeholders: {company}, {email},
 * {sec}, {coa} (from company-info); in a section that states the ceilings of
 * the law, those of the rule set in force (`RULE_SET_PLACEHOLDERS`).
 */
export interface LegalSection {
  heading: string;
  /** A string is a paragraph; an array of strings is a bulleted list. */
  body: readonly (string | readonly string[])[];
  /**
   * The section states the rule set in force (its {ruleSource}, {ruleSince}
   * and ceilings); this body stands in for it while those cannot be had,
   * so the page never shows a figure the server did not give.
   */
  withoutRuleSet?: readonly (string | readonly string[])[];
}

export interface LegalDocument {
  /** ISO date the text takes effect. */
  effective: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}

/** The placeholders a rule-set section fills from the rule set in force (decision 056). */
export const RULE_SET_PLACEHOLDERS = [
  'ruleSource',
  'ruleSince',
  'maxAmount',
  'maxMonths',
  'nominal',
  'nominalDaily',
  'eir',
  'eirDaily',
  'penalty',
  'totalCost',
] as const;

export type RuleSetValues = Record<(typeof RULE_SET_PLACEHOLDERS)[number], string>;
