import fs from 'fs';
import os from 'os';
import path from 'path';
import { fakeMermaidRoot } from './mermaid-fixture';
import { copyMermaid, mermaidDist, VendorAssetError } from '@src/node/vendor-assets';


describe('copyMermaid', () => {
  it('copies the entry module and its chunks, without source maps, under a versioned folder', () => {
    const root = fakeMermaidRoot();
    const publicDir = path.join(root, 'public');
    const copied = copyMermaid({ root, publicDir, prune: false });
    expect(copied).toEqual({ url: '/vendor/mermaid-11.17.2/mermaid.esm.min.mjs', files: 2, bytes: expect.any(Number) });
    const target = path.join(publicDir, 'vendor/mermaid-11.17.2');
    expect(fs.readFileSync(path.join(target, 'mermaid.esm.min.mjs'), 'utf8')).toContain('./chunks/mermaid.esm.min/chunk-A.mjs');
    expect(fs.existsSync(path.join(target, 'chunks/mermaid.esm.min/chunk-A.mjs'))).toBe(true);
    expect(fs.existsSync(path.join(target, 'chunks/mermaid.esm.min/chunk-A.mjs.map'))).toBe(false);
  });

  it('removes other versions when pruning, and keeps them otherwise', () => {
    const root = fakeMermaidRoot();
    const publicDir = path.join(root, 'public');
    fs.mkdirSync(path.join(publicDir, 'vendor/mermaid-11.0.0'), { recursive: true });
    copyMermaid({ root, publicDir, prune: false });
    expect(fs.existsSync(path.join(publicDir, 'vendor/mermaid-11.0.0'))).toBe(true);
    copyMermaid({ root, publicDir, prune: true });
    expect(fs.readdirSync(path.join(publicDir, 'vendor'))).toEqual(['mermaid-11.17.2']);
  });
});

describe('mermaidDist', () => {
  it('names the missing package and the fix', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vendor-'));
    expect(() => mermaidDist(root)).toThrow(VendorAssetError);
    expect(() => mermaidDist(root)).toThrow(/node_modules\/mermaid\/package\.json not found.*npm ci/);
  });

  it('names the missing ES module build', () => {
    expect(() => mermaidDist(fakeMermaidRoot({ entry: false }))).toThrow(/dist\/mermaid\.esm\.min\.mjs not found: mermaid 11\.17\.2/);
    expect(() => mermaidDist(fakeMermaidRoot({ chunks: false }))).toThrow(/chunks\/mermaid\.esm\.min not found/);
  });

  it('rejects a version that cannot be a folder name', () => {
    expect(() => mermaidDist(fakeMermaidRoot({ version: '../x' }))).toThrow(/no usable "version"/);
  });
});

