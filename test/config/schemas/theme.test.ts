/** @jest-environment node */
import { asRecord, broken, problemsOf } from '../fixtures';

describe('theme config', () => {
  it('requires table of contents levels 2 to 3', () => {
    const raw = broken((c) => {
      asRecord(c.themeConfig.tableOfContents).minHeadingLevel = 1;
      asRecord(c.themeConfig.tableOfContents).maxHeadingLevel = 4;
    });
    expect(problemsOf(raw)).toEqual([
      'themeConfig.tableOfContents.minHeadingLevel: must be 2 (the table of contents shows heading levels 2 to 3); got 1.',
      'themeConfig.tableOfContents.maxHeadingLevel: must be 3 (the table of contents shows heading levels 2 to 3); got 4.',
    ]);
  });

  it('requires copyPage.aiLinks to be true or false, naming its path', () => {
    expect(problemsOf(broken((c) => void (asRecord(c.themeConfig.copyPage).aiLinks = 'yes')))).toEqual([
      expect.stringMatching(/^themeConfig\.copyPage\.aiLinks: /),
    ]);
    expect(problemsOf(broken((c) => void delete asRecord(c.themeConfig).copyPage))).toEqual([
      expect.stringMatching(/^themeConfig\.copyPage: /),
    ]);
    expect(problemsOf(broken((c) => void (asRecord(c.themeConfig.copyPage).aiLinks = false)))).toEqual([]);
  });
});
