/** Matches a field's label: its text, then the required mark ("*", hidden from screen readers) when it has one. */
export function labelled(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);
}
