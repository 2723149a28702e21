/**
 * Runtime guards for the structured content of the `pages` namespace. `t(key, { returnObjects: true })`
 * returns whatever the JSON holds (or the key itself when it is missing), so every array is checked
 * here: malformed entries are dropped and a non-array becomes an empty list instead of a crash.
 */

export type LegalSection = {
  id: string;
  heading: string;
  paragraphs: string[];
  items: string[];
  closing: string[];
};

export type ContentCard = { title: string; description: string };

const SECTION_ID = /^[a-z0-9][a-z0-9-]*$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** The non-empty strings of an array; anything else is an empty list. */
export function readStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter(isText) : [];
}

/** `{ title, description }` entries (values, steps, payment methods, topics). */
export function readCards(value: unknown): ContentCard[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) =>
    isRecord(entry) && isText(entry.title) && isText(entry.description)
      ? [{ title: entry.title, description: entry.description }]
      : [],
  );
}

/**
 * Sections of a legal document. An entry needs a heading; its id (used for the anchor links of
 * the table of contents) falls back to `{prefix}-{n}` when missing, malformed or already used.
 */
export function readSections(value: unknown, prefix: string): LegalSection[] {
  if (!Array.isArray(value)) return [];
  const used = new Set<string>();
  const sections: LegalSection[] = [];
  value.forEach((entry, index) => {
    if (!isRecord(entry) || !isText(entry.heading)) return;
    const wanted = typeof entry.id === 'string' && SECTION_ID.test(entry.id) ? entry.id : null;
    const id = wanted && !used.has(wanted) ? wanted : `${prefix}-${index + 1}`;
    used.add(id);
    sections.push({
      id,
      heading: entry.heading,
      paragraphs: readStrings(entry.paragraphs),
      items: readStrings(entry.items),
      closing: readStrings(entry.closing),
    });
  });
  return sections;
}
