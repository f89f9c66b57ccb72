// Card names as people type them: exact first, then ignoring case, accents and the apostrophe and
// dash variants of typography ("Lim-Dûl's Vault" = "lim-dul's vault").

/** The key a name is looked up by when the exact name doesn't match. */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
