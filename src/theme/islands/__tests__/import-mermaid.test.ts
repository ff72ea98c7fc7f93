import { MERMAID_URL } from '../Mermaid/import-mermaid';

describe('MERMAID_URL', () => {
  it('falls back to a fixed path outside webpack (the build defines the versioned one)', () => {
    expect(MERMAID_URL).toBe('/vendor/mermaid/mermaid.esm.min.mjs');
  });
});
