/** @jest-environment node */
import { broken, problemsOf } from '../../__tests__/fixtures';

describe('docs versions', () => {
  it('reports an unknown docs version name in versions and in lastVersion', () => {
    const withV2 = broken((c) => {
      c.docs.versions.v2 = { label: 'v2', banner: 'none', badge: false };
    });
    expect(problemsOf(withV2)).toEqual(['docs.versions.v2: unknown docs version name "v2". The only version is "current".']);

    const lastV2 = broken((c) => {
      c.docs.lastVersion = 'v2';
    });
    expect(problemsOf(lastV2)).toEqual(['docs.lastVersion: unknown docs version name "v2". The only version is "current".']);
  });

  it('requires the current version to be configured', () => {
    const raw = broken((c) => {
      c.docs.versions = {};
    });
    expect(problemsOf(raw)).toEqual([
      "docs.versions.current: is missing. Add current: { label: 'Next', banner: 'none', badge: true }.",
    ]);
  });

});
