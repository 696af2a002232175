// What the catalogue tests check of each English / Filipino pair, and of
// each borrower catalogue against the glossary (decision 086).
import { GLOSSARY, labelText, SPEC_JARGON, type OtherName, type Term, type TermId } from '../i18n/glossary';
import type { Locale } from '../i18n/i18n';

/**
 * Keys whose Filipino text is missing, empty, or word for word the English
 * one without being listed in `sameOnPurpose` (names, numbers, and the
 * English words Filipino speakers use as they are: "Password", "E-mail").
 * A new text copied across untranslated fails here, not in front of a
 * borrower.
 */
export function untranslated(
  english: Readonly<Record<string, string>>,
  filipino: Readonly<Record<string, string | undefined>>,
  sameOnPurpose: readonly string[],
): string[] {
  const allowed = new Set(sameOnPurpose);
  return Object.keys(english).filter((key) => {
    const text = filipino[key];
    if (text === undefined || text.trim() === '') return true;
    return text === english[key] && !allowed.has(key);
  });
}

/** Listed as the same on purpose, but translated (or gone) since: the list is kept honest. */
export function staleSameOnPurpose(
  english: Readonly<Record<string, string>>,
  filipino: Readonly<Record<string, string | undefined>>,
  sameOnPurpose: readonly string[],
): string[] {
  return sameOnPurpose.filter((key) => english[key] === undefined || english[key] !== filipino[key]);
}

/** A borrower text that calls a glossary thing by another name, or a label that is not the name. */
export interface OffGlossary {
  key: string;
  text: string;
  /** The glossary term (or `jargon`) the text goes against. */
  term: string;
  /** The other name found, or the label expected. */
  found: string;
}

function matcher(name: OtherName): RegExp {
  if (name instanceof RegExp) return name;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}-])${escaped}(?![\\p{L}\\p{N}-])`, 'iu');
}

/**
 * Texts of `catalogue` (in `locale`) that use a name the glossary avoids
 * for one of its things, or the specification's jargon. `elsewhere` lists,
 * per term, keys where those words name another thing on purpose (a
 * complaint's own reference number is not a pay code).
 */
export function offGlossary(
  catalogue: Readonly<Record<string, string | undefined>>,
  locale: Locale,
  elsewhere: Readonly<Partial<Record<TermId | 'jargon', readonly string[]>>> = {},
  glossary: Readonly<Record<string, Term>> = GLOSSARY,
): OffGlossary[] {
  const rules: [string, readonly OtherName[]][] = [
    ...Object.entries(glossary).map(([id, term]): [string, readonly OtherName[]] => [id, term.avoid[locale]]),
    ['jargon', SPEC_JARGON[locale]],
  ];
  const found: OffGlossary[] = [];
  for (const [key, text] of Object.entries(catalogue)) {
    if (text === undefined) continue;
    for (const [term, names] of rules) {
      if ((elsewhere as Record<string, readonly string[] | undefined>)[term]?.includes(key)) continue;
      for (const name of names) {
        const hit = matcher(name).exec(text);
        if (hit) found.push({ key, text, term, found: hit[0] });
      }
    }
  }
  return found;
}

/** Keys of `catalogue` that a glossary term lists as its label and that do not read as the label. */
export function mislabelled(
  catalogue: Readonly<Record<string, string | undefined>>,
  locale: Locale,
  glossary: Readonly<Record<string, Term>> = GLOSSARY,
): OffGlossary[] {
  return Object.entries(glossary).flatMap(([id, term]) =>
    (term.labels ?? [])
      .filter((key) => catalogue[key] !== undefined && catalogue[key] !== labelText(term, locale))
      .map((key) => ({ key, text: catalogue[key]!, term: id, found: labelText(term, locale) })),
  );
}
