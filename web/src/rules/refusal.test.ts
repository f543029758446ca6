import { describe, expect, it } from 'vitest';
import { CATALOG, RULES_PAGES } from '../boards/fixtures';
import { routeOf } from '../router';
import { refusalLink } from './refusal';

const entry = {
  rules: '/rules/g/classic',
  refusals: [
    { code: 'g.capture.longest', section: 'capturing', about: 'the longest capture is compulsory' },
    { code: 'g.units.forward', section: 'units', about: 'units move only forward' },
  ],
};

describe('a refused move links to its rule', () => {
  it('points to the section the catalog gives for the code', () => {
    expect(refusalLink(entry, 'g.capture.longest')).toBe('/rules/g/classic#capturing');
    expect(refusalLink(entry, 'g.units.forward')).toBe('/rules/g/classic#units');
  });
  it('points to the page for a code the catalog does not list', () => {
    expect(refusalLink(entry, 'g.new.rule')).toBe('/rules/g/classic');
  });
  it('gives no link without a rule or an entry', () => {
    expect(refusalLink(entry, null)).toBeNull();
    expect(refusalLink(entry, undefined)).toBeNull();
    expect(refusalLink(null, 'g.units.forward')).toBeNull();
  });
  it('links every refusal the server lists to a section of its game\'s page, for every game', () => {
    for (const entry of CATALOG.games) {
      const page = RULES_PAGES[entry.game];
      const sections = new Set(page.sections.map((section) => section.id));
      for (const refusal of entry.refusals) {
        const link = refusalLink(entry, refusal.code)!;
        const [path, anchor] = link.split('#');
        expect(routeOf(path).page, link).toBe('rules');
        expect(sections.has(anchor), `${refusal.code} → ${link}`).toBe(true);
      }
    }
  });
});
