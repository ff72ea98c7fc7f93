/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import siteConfig from '../../site.config';
import {
  cardIdentity,
  cardStyleVersion,
  clampText,
  docCardContent,
  loadCardFonts,
  renderSocialCard,
  siteCardContent,
  socialCardPath,
  type CardIdentity,
} from '@src/node/social-card';

const release = { packageName: '@rkrupinski/stan', release: '1.2.0-rc4' };
const identity: CardIdentity = cardIdentity(siteConfig, { release });
const fonts = loadCardFonts();

/** Width and height from the PNG's IHDR chunk (bytes 16–23), after checking the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('renderSocialCard', () => {
  it('draws a 1200×630 PNG', async () => {
    const png = await renderSocialCard(docCardContent({ title: 'Atom', description: 'Atoms hold state.' }, identity), fonts);
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  });

  it('draws different pictures for different titles and descriptions', async () => {
    const atom = await renderSocialCard(docCardContent({ title: 'Atom', description: 'Atoms hold state.' }, identity), fonts);
    const selector = await renderSocialCard(docCardContent({ title: 'Selector', description: 'Atoms hold state.' }, identity), fonts);
    const other = await renderSocialCard(docCardContent({ title: 'Atom', description: 'Something else.' }, identity), fonts);
    expect(atom.equals(selector)).toBe(false);
    expect(atom.equals(other)).toBe(false);
  });

  it('draws a title and description far longer than the card holds, and the site card without a description', async () => {
    const long = docCardContent({ title: 'A very long title about selectors '.repeat(20), description: 'word '.repeat(400) }, identity);
    expect(pngSize(await renderSocialCard(long, fonts))).toEqual({ width: 1200, height: 630 });
    expect(pngSize(await renderSocialCard(siteCardContent(identity), fonts))).toEqual({ width: 1200, height: 630 });
  });

  it('draws the site initial when the config has no logo', async () => {
    const plain = { ...identity, logo: null };
    const png = await renderSocialCard(docCardContent({ title: 'Atom' }, plain), fonts);
    const withLogo = await renderSocialCard(docCardContent({ title: 'Atom' }, identity), fonts);
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    expect(png.equals(withLogo)).toBe(false);
  });
});

describe('clampText', () => {
  it('keeps short text and cuts long text at a word with an ellipsis', () => {
    expect(clampText('  Atom  family ', 20)).toBe('Atom family');
    const cut = clampText('Reference for selectorFamily, which creates one selector per parameter', 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut).toBe('Reference for selectorFamily, which…');
  });
});

describe('socialCardPath', () => {
  const style = cardStyleVersion(identity, 'code-1');
  const atom = docCardContent({ title: 'Atom', description: 'Atoms hold state.' }, identity);

  it('names the card after its route with a digest, under the folder of hashed files', () => {
    expect(socialCardPath('/docs/api/atom', atom, style)).toMatch(/^\/static\/og\/docs-api-atom\.[0-9a-f]{12}\.png$/);
    expect(socialCardPath('/', siteCardContent(identity), style)).toMatch(/^\/static\/og\/site\.[0-9a-f]{12}\.png$/);
  });

  it('changes only when what the card shows or how it is drawn changes', () => {
    const path1 = socialCardPath('/docs/api/atom', atom, style);
    expect(socialCardPath('/docs/api/atom', docCardContent({ title: 'Atom', description: 'Atoms hold state.' }, identity), style)).toBe(path1);
    expect(socialCardPath('/docs/api/atom', { ...atom, title: 'Atoms' }, style)).not.toBe(path1);
    expect(socialCardPath('/docs/api/atom', { ...atom, description: 'New.' }, style)).not.toBe(path1);
    expect(socialCardPath('/docs/api/atom', atom, cardStyleVersion(identity, 'code-2'))).not.toBe(path1);
    expect(socialCardPath('/docs/api/atom', atom, cardStyleVersion({ ...identity, release: 'x 2.0.0' }, 'code-1'))).not.toBe(path1);
  });
});

describe('cardIdentity', () => {
  it('reads the name, tagline, host, release and the navbar logo', () => {
    expect(identity).toMatchObject({ siteName: 'Stan', tagline: siteConfig.tagline, host: 'stan.party', release: '@rkrupinski/stan 1.2.0-rc4' });
    expect(identity.logo).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('names the logo file and the fix when the logo is missing', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'card-'));
    expect(() => cardIdentity(siteConfig, { root, release })).toThrow(/static\/img\/logo\.svg: .*is missing.*themeConfig\.navbar\.logo\.src/);
  });
});
