/** @jest-environment node */
import type { Reporter } from 'gatsby';
import siteConfig from '../../../site.config';
import { checkHostedSearchEnv, validateConfig } from '@src/node/gatsby/config';

function mockReporter() {
  return {
    panic: jest.fn((message: string) => {
      throw new Error(`panic: ${message}`);
    }),
  } as unknown as Reporter & { panic: jest.Mock };
}

describe('validateConfig (onPreInit)', () => {
  it('passes the real site config through', () => {
    const reporter = mockReporter();
    expect(validateConfig(siteConfig, reporter).title).toBe('Stan');
    expect(reporter.panic).not.toHaveBeenCalled();
  });

  it('stops the build with a message naming the bad path', () => {
    const reporter = mockReporter();
    const broken = structuredClone(siteConfig);
    (broken.themeConfig.navbar.items[1] as { type: string }).type = 'dropdwn';
    expect(() => validateConfig(broken, reporter)).toThrow(/themeConfig\.navbar\.items\[1\]\.type/);
    expect(reporter.panic.mock.calls[0][0]).toMatch(/^Configuration error in site\.config\.ts:/);
  });

});

describe('checkHostedSearchEnv (onPreInit)', () => {
  it('fails the build naming the missing hosted-search variables', () => {
    const reporter = { panic: jest.fn() };
    checkHostedSearchEnv({ GATSBY_DOCSEARCH_API_KEY: 'key' }, reporter);
    expect(reporter.panic).toHaveBeenCalledWith(expect.stringContaining('GATSBY_DOCSEARCH_APP_ID, GATSBY_DOCSEARCH_INDEX_NAME are missing'));
    reporter.panic.mockClear();
    checkHostedSearchEnv({}, reporter);
    expect(reporter.panic).not.toHaveBeenCalled();
  });});
