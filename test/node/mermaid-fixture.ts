// A fake install of mermaid in a temporary root: its package.json, its ES-module entry and, unless told not to, one chunk.
import fs from 'fs';
import os from 'os';
import path from 'path';

export function fakeMermaidRoot({ version = '11.17.2', entry = true, chunks = true } = {}) {
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
