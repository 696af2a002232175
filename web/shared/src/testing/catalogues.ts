// What the catalogue tests check of each English / Filipino pair.

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
