// Colours for owners that have no art of their own: twelve that stay
// apart on light and dark boards, chosen by the owner's label.

const COLOURS = ['#d64541', '#2e6fd1', '#2f9e44', '#e8890c', '#8e44ad', '#0f9aa8', '#b5651d', '#d6336c', '#5c7cfa', '#6b8e23', '#495057', '#c2255c'];

/** The colour of owner `label` (`A` → red, `B` → blue, …). */
export function ownerColour(label: string): string {
  const code = label.length === 1 && label >= 'A' && label <= 'Z' ? label.charCodeAt(0) - 65 : [...label].reduce((n, c) => n + c.charCodeAt(0), 0);
  return COLOURS[code % COLOURS.length];
}
