/** @jest-environment node */
import { SiteConfigError, formatConfigPath } from '@src/config/error-map';
import { validateSiteConfig } from '@src/config/schema';
import { HEADER, asRecord, broken, problemsOf } from './fixtures';

describe('validateSiteConfig’s messages', () => {
  it('throws a SiteConfigError whose message starts with the header and has one line per problem', () => {
    const raw = broken((c) => {
      c.title = '';
    });
    expect(() => validateSiteConfig(raw)).toThrow(SiteConfigError);
    try {
      validateSiteConfig(raw);
    } catch (error) {
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe(`${HEADER}\n  title: must not be empty. Give it a value.`);
    }
  });

  it('names the given source file in the header', () => {
    expect(() => validateSiteConfig(null, 'other.config.ts')).toThrow(/^Configuration error in other\.config\.ts:\n/);
  });

  it('requires copyrightYear to be an integer', () => {
    expect(problemsOf(broken((c) => void (c.copyrightYear = 2025.5)))).toEqual([
      'copyrightYear: must be a whole number; got 2025.5.',
    ]);
    expect(problemsOf(broken((c) => void (asRecord(c).copyrightYear = '2025')))).toEqual([
      'copyrightYear: expected a number, got "2025". Change it to a number.',
    ]);
  });

  it('reports unknown keys (strict objects) and the missing key they were meant to be', () => {
    const raw = broken((c) => {
      const navbar = asRecord(c.themeConfig.navbar);
      navbar.hideOnScrol = navbar.hideOnScroll;
      delete navbar.hideOnScroll;
    });
    expect(problemsOf(raw)).toEqual([
      'themeConfig.navbar.hideOnScroll: is missing. Add a boolean value.',
      'themeConfig.navbar: unknown key "hideOnScrol". Remove it or fix its spelling.',
    ]);
  });

  it('reports a config that is not an object', () => {
    expect(problemsOf(undefined)).toEqual(['(the whole config): is missing. Add an object value.']);
  });
});

describe('formatConfigPath', () => {
  it('uses dots for keys, brackets for indexes and quotes for non-identifier keys', () => {
    expect(formatConfigPath(['themeConfig', 'navbar', 'items', 2, 'type'])).toBe('themeConfig.navbar.items[2].type');
    expect(formatConfigPath(['sidebars', 'my-docs', 0])).toBe('sidebars["my-docs"][0]');
  });
});
