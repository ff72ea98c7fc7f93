/** @jest-environment node */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { mermaidUrl } from '../../vendor-assets';
import { writeVendorAssets } from '../assets';
import { mermaidEntryUrl } from '../webpack';

function fakeRoot({ version = '11.17.2', entry = true, chunks = true } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vendor-'));
  const pkg = path.join(root, 'node_modules/mermaid');
  fs.mkdirSync(path.join(pkg, 'dist/chunks/mermaid.esm.min'), { recursive: true });
  fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'mermaid', version }));
  if (entry) fs.writeFileSync(path.join(pkg, 'dist/mermaid.esm.min.mjs'), 'import"./chunks/mermaid.esm.min/chunk-A.mjs";');
  if (chunks) {
    fs.writeFileSync(path.join(pkg, 'dist/chunks/mermaid.esm.min/chunk-A.mjs'), 'export const a=1;');
    fs.writeFileSync(path.join(pkg, 'dist/chunks/mermaid.esm.min/chunk-A.mjs.map'), '{}');
  } else {
    fs.rmSync(path.join(pkg, 'dist/chunks'), { recursive: true });
  }
  return root;
}

describe('writeVendorAssets', () => {
  it('fails the build with the message, and defines the URL of the copied entry', () => {
    const reporter = { panicOnBuild: jest.fn(), info: jest.fn() };
    const missing = fs.mkdtempSync(path.join(os.tmpdir(), 'vendor-'));
    writeVendorAssets({ reporter, root: missing });
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(expect.stringContaining('npm ci'));
    expect(mermaidEntryUrl(missing)).toBeNull();

    const root = fakeRoot({ version: '11.1.0' });
    writeVendorAssets({ reporter, root });
    expect(reporter.info).toHaveBeenCalledWith(expect.stringContaining(mermaidUrl('11.1.0')));
    const url = mermaidEntryUrl(root) as string;
    expect(url).toBe('/vendor/mermaid-11.1.0/mermaid.esm.min.mjs');
    expect(fs.existsSync(path.join(root, 'public', url))).toBe(true);
  });
});
