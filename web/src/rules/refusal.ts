// The link from a refused move to the rule it breaks: the server names
// the rule by its code (`<game>.<topic>.<rule>`), and the game's catalog
// entry says which section of the rules page explains it.

import type { CatalogGame } from '../api/types';

/** The rules page at the section that explains `rule`; the page itself for a code the catalog does not list; null without a rule. */
export function refusalLink(entry: Pick<CatalogGame, 'rules' | 'refusals'> | null, rule: string | null | undefined): string | null {
  if (!entry || !rule) return null;
  const section = entry.refusals.find((r) => r.code === rule)?.section;
  return section ? `${entry.rules}#${encodeURIComponent(section)}` : entry.rules;
}
