/** @jest-environment node */
import siteConfig from '../site.config';
import { readDocsVersions } from '@src/config/docs-versions';

describe('site.config.ts', () => {
  // Readers of other docs sites take "Next" for unreleased: the current docs are named by the release they document,
  // so installing a new release relabels them, and a label the config sets by hand must be that release too.
  it('labels every docs version by the release it documents', () => {
    const versions = readDocsVersions(siteConfig);
    expect(versions.length).toBeGreaterThan(1);
    for (const { label, release } of versions) expect(label).toBe(release);
  });
});
