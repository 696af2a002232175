/**
 * A long legal text, kept out of the message catalogues so that it loads
 * only with its own page and locale. Placeholders: {company}, {email},
 * {sec}, {coa} (from company-info).
 */
export interface LegalSection {
  heading: string;
  /** A string is a paragraph; an array of strings is a bulleted list. */
  body: readonly (string | readonly string[])[];
}

export interface LegalDocument {
  /** ISO date the text takes effect. */
  effective: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}
