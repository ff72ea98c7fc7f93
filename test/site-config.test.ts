/** @jest-environment node */
import siteConfig from '../site.config';
import { readDocsVersionsOnDisk } from '@src/config/docs-versions-on-disk';
import { docsVersionRelease } from '@src/config/schemas/docs';

describe('site.config.ts', () => {
  // Readers of other docs sites take "Next" for unreleased: the current docs are named by the release they document,
  // so installing a new release without relabelling them fails here.
  it('labels every docs version by the release it documents', () => {
    const onDisk = readDocsVersionsOnDisk();
    const labels = Object.entries(siteConfig.docs.versions).map(([name, { label }]) => [label, docsVersionRelease(name, onDisk)]);
    expect(labels.length).toBeGreaterThan(1);
    for (const [label, release] of labels) expect(label).toBe(release);
  });
});
