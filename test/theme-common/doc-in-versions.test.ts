import { versionMenuEntries } from '@src/theme-common/doc-in-versions';
import { nextVersion, oldVersion } from '../theme/NavbarItem/two-versions';

describe('versionMenuEntries', () => {
  const versions = [oldVersion, nextVersion];

  it('lists the last version first, each version at the same doc, the shown one current', () => {
    const entries = versionMenuEntries(versions, '1.0.0-rc14', [
      { name: 'current', isLast: true, path: '/docs/api/atom' },
      { name: '1.0.0-rc14', isLast: false, path: '/docs/1.0.0-rc14/api/atom' },
    ]);
    expect(entries).toEqual([
      { name: 'current', label: '1.2.0-rc4', latest: true, current: false, to: '/docs/api/atom', missing: false },
      { name: '1.0.0-rc14', label: '1.0.0-rc14', latest: false, current: true, to: '/docs/1.0.0-rc14/api/atom', missing: false },
    ]);
  });

  it('marks a version that lacks the doc, linking its main doc with the missing-page parameter', () => {
    const [, old] = versionMenuEntries(versions, 'current', [
      { name: 'current', isLast: true, path: '/docs/guides/known-quirks' },
      { name: '1.0.0-rc14', isLast: false, path: null },
    ]);
    expect(old).toMatchObject({ missing: true, to: '/docs/1.0.0-rc14?missing-page' });
  });

  it('off a doc page links each version’s main doc, none missing', () => {
    expect(versionMenuEntries(versions, 'current', null).map((e) => [e.to, e.missing])).toEqual([
      ['/docs', false],
      ['/docs/1.0.0-rc14', false],
    ]);
  });
});
