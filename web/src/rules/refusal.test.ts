import { describe, expect, it } from 'vitest';
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
});
