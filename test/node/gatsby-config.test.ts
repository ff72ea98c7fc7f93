/** @jest-environment node */
import config from '../../gatsby-config';

describe('gatsby-config.ts', () => {
  it('lists each plugin once (Gatsby drops an identical second entry, which only misleads a reader of the config)', () => {
    const names = (config.plugins ?? []).map((plugin) => (typeof plugin === 'string' ? plugin : plugin.resolve));
    const plain = names.filter((name) => name !== 'gatsby-source-filesystem');
    expect(plain.filter((name, index) => plain.indexOf(name) !== index)).toEqual([]);
    expect(plain).toEqual(expect.arrayContaining(['gatsby-plugin-sharp', 'gatsby-transformer-sharp', 'gatsby-plugin-mdx']));
  });
});
