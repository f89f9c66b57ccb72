// The Oracle-text compiler: one paragraph of rules text (reminder text removed) to one DSL entry.
// Templates are tried in order; a paragraph that none matches becomes an `unsupported` entry that
// quotes it, which makes the card unsupported with that paragraph as the reason.

export type DslEntry = Record<string, unknown>;

/** A template: reads a paragraph (with the card's own name) and gives its DSL entry, or null. */
export type Template = (paragraph: string, selfName: string) => DslEntry | null;

const TEMPLATES: readonly Template[] = [];

export function compileParagraph(paragraph: string, selfName: string): DslEntry {
  for (const t of TEMPLATES) {
    const dsl = t(paragraph, selfName);
    if (dsl) return dsl;
  }
  return { unsupported: `the paragraph "${paragraph.replace(/\n/g, ' ')}", which no Oracle-text template reads yet` };
}
