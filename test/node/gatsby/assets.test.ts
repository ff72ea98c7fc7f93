/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { mermaidUrl } from '@src/node/vendor-assets';
import { fakeMermaidRoot } from '../mermaid-fixture';
import { writeVendorAssets } from '@src/node/gatsby/assets';
import { mermaidEntryUrl } from '@src/node/gatsby/webpack';


describe('writeVendorAssets', () => {
  it('fails the build with the message, and defines the URL of the copied entry', () => {
    const reporter = { panicOnBuild: jest.fn(), info: jest.fn() };
    const missing = fs.mkdtempSync(path.join(os.tmpdir(), 'vendor-'));
    writeVendorAssets({ reporter, root: missing });
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(expect.stringContaining('npm ci'));
    expect(mermaidEntryUrl(missing)).toBeNull();

    const root = fakeMermaidRoot({ version: '11.1.0' });
    writeVendorAssets({ reporter, root });
    expect(reporter.info).toHaveBeenCalledWith(expect.stringContaining(mermaidUrl('11.1.0')));
    const url = mermaidEntryUrl(root) as string;
    expect(url).toBe('/vendor/mermaid-11.1.0/mermaid.esm.min.mjs');
    expect(fs.existsSync(path.join(root, 'public', url))).toBe(true);
  });
});
