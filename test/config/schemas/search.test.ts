/** @jest-environment node */
import { validateSiteConfig } from '@src/config/schema';
import { broken, problemsOf } from '../fixtures';

describe('search config', () => {
  it('requires both hosted search credentials or neither', () => {
    const onlyAppId = broken((c) => {
      c.search.appId = 'APP';
      delete c.search.apiKey;
    });
    expect(problemsOf(onlyAppId)).toEqual([
      'search: hosted search needs both appId and apiKey; missing apiKey (set GATSBY_DOCSEARCH_API_KEY).',
    ]);
    const onlyApiKey = broken((c) => {
      delete c.search.appId;
      c.search.apiKey = 'KEY';
    });
    expect(problemsOf(onlyApiKey)).toEqual([
      'search: hosted search needs both appId and apiKey; missing appId (set GATSBY_DOCSEARCH_APP_ID).',
    ]);
    const both = broken((c) => {
      c.search.appId = 'APP';
      c.search.apiKey = 'KEY';
    });
    expect(validateSiteConfig(both).search).toMatchObject({ appId: 'APP', apiKey: 'KEY' });
  });

});
