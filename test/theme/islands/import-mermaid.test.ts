import { importMermaid } from '@src/theme/islands/Mermaid/import-mermaid';

// What the browser's module map would hold: the entry module under each URL asked for.
jest.mock('/vendor/mermaid/mermaid.esm.min.mjs', () => ({ __esModule: true, default: { asked: 'entry' } }), { virtual: true });
jest.mock('/vendor/mermaid/mermaid.esm.min.mjs?retry=1', () => ({ __esModule: true, default: { asked: 'retry 1' } }), { virtual: true });
jest.mock('/vendor/mermaid/mermaid.esm.min.mjs?retry=2', () => ({ __esModule: true, default: { asked: 'retry 2' } }), { virtual: true });

describe('importMermaid', () => {
  it("imports mermaid's entry module and resolves to its default export", async () => {
    await expect(importMermaid(0)).resolves.toEqual({ asked: 'entry' });
  });

  it('asks again under a new URL on each retry, since a browser keeps a failed module fetch', async () => {
    await expect(importMermaid(1)).resolves.toEqual({ asked: 'retry 1' });
    await expect(importMermaid(2)).resolves.toEqual({ asked: 'retry 2' });
  });
});
