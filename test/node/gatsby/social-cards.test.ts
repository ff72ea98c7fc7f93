/** @jest-environment node */
// Social cards per docs version: each doc's card named after its site-wide id, showing its version's release.
import path from 'path';
import siteConfig from '../../../site.config';
import { cardStyleVersion } from '@src/node/social-card';
import { docSocialCardPath, planVersionCards, siteCardIdentity, versionCardIdentity } from '@src/node/gatsby/social-cards';

const node = (file: string, title: string) => ({
  id: `mdx ${file}`,
  frontmatter: { title, description: `About ${title}.` },
  internal: { contentFilePath: path.join(process.cwd(), file) },
});
const CURRENT = 'content/docs/api/atom.mdx';
const OLDER = 'content/versioned_docs/version-1.0.0-rc14/api/atom.mdx';
const LAST = { name: 'current', packageName: '@rkrupinski/stan', release: '1.2.0-rc4', isLast: true };
const V1 = { name: '1.0.0-rc14', packageName: '@rkrupinski/stan', release: '1.0.0-rc14', isLast: false };

describe("a docs version's social cards", () => {
  const style = cardStyleVersion(siteCardIdentity(siteConfig));

  it("gives the same doc in two versions two cards, named by the site-wide id stamped on it, the older one naming its own release", () => {
    const current = docSocialCardPath(node(CURRENT, 'atom'), { version: LAST, qualifiedDocId: 'api/atom' }, siteConfig, style);
    const older = docSocialCardPath(node(OLDER, 'atom'), { version: V1, qualifiedDocId: 'version-1.0.0-rc14/api/atom' }, siteConfig, style);
    expect(current).toMatch(/^\/static\/og\/api-atom\.[0-9a-f]{12}\.png$/);
    expect(older).toMatch(/^\/static\/og\/version-1-0-0-rc14-api-atom\.[0-9a-f]{12}\.png$/);
    expect(versionCardIdentity(siteConfig, V1).release).toBe('@rkrupinski/stan 1.0.0-rc14');
    expect(versionCardIdentity(siteConfig, LAST)).toBe(siteCardIdentity(siteConfig));
  });

  it('plans the cards the doc queries name, drawn with the version identity', () => {
    const mdxByFile = new Map([[OLDER, node(OLDER, 'atom')]]);
    const [card] = planVersionCards({ ...V1, docs: [{ id: 'api/atom', file: OLDER }] }, mdxByFile, siteConfig);
    expect(card?.src).toBe(docSocialCardPath(node(OLDER, 'atom'), { version: V1, qualifiedDocId: 'version-1.0.0-rc14/api/atom' }, siteConfig, style));
    expect(card?.content.identity.release).toBe('@rkrupinski/stan 1.0.0-rc14');
    const [currentCard] = planVersionCards({ ...LAST, docs: [{ id: 'api/atom', file: CURRENT }] }, new Map([[CURRENT, node(CURRENT, 'atom')]]), siteConfig);
    expect(currentCard?.src).toBe(docSocialCardPath(node(CURRENT, 'atom'), { version: LAST, qualifiedDocId: 'api/atom' }, siteConfig, style));
  });
});
