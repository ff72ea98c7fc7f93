import { ISLAND_ATTRIBUTE, ISLAND_KINDS, isIslandKind, islandMarker, islandSelector } from '@src/contract/islands';

// The build marks elements with islandMarker and the browser finds them with islandSelector: the two agree.
describe('island markers', () => {
  it.each(ISLAND_KINDS)('an element marked "%s" is found as that kind and as an island, and as no other kind', (kind) => {
    const element = document.createElement('div');
    Object.entries(islandMarker(kind)).forEach(([name, value]) => element.setAttribute(name, value));
    expect(element.matches(islandSelector(kind))).toBe(true);
    expect(element.matches(islandSelector())).toBe(true);
    for (const other of ISLAND_KINDS) if (other !== kind) expect(element.matches(islandSelector(other))).toBe(false);
    expect(isIslandKind(element.getAttribute(ISLAND_ATTRIBUTE))).toBe(true);
  });

  it('reads a marker of no known kind as none', () => {
    expect(isIslandKind('tab')).toBe(false);
    expect(isIslandKind('')).toBe(false);
    expect(isIslandKind(null)).toBe(false);
  });
});
