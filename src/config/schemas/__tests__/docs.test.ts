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

describe('docs.editUrl', () => {
  it.each(['https://github.com/rkrupinski/stan-docs/edit/main/', 'https://gitlab.example.org/docs/-/edit/main/site/'])(
    'accepts %s',
    (url) => {
      expect(problemsOf(broken((c) => void (c.docs.editUrl = url)))).toEqual([]);
    },
  );

  it('may be left out (no edit link)', () => {
    expect(problemsOf(broken((c) => void delete c.docs.editUrl))).toEqual([]);
  });

  it.each(['http://github.com/x/edit/main/', 'https://github.com/x/edit/main', 'github.com/x/edit/main/', 'https://x.org/edit/?ref=main/'])(
    'rejects %s naming the field and the fix',
    (url) => {
      expect(problemsOf(broken((c) => void (c.docs.editUrl = url)))).toEqual([
        `docs.editUrl: must be an https:// URL ending with "/", to which a doc's path such as "content/docs/intro.mdx" is appended, like "https://github.com/rkrupinski/stan-docs/edit/main/"; got "${url}". Leave it out to show no edit link.`,
      ]);
    },
  );
});
