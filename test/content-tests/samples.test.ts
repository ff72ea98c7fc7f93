// What the claim tests compile and run is the code a sample ends with, not the diff the page draws.
import { codeSamples } from '../support/samples';

describe('codeSamples', () => {
  it("gives a marked sample's final code as `code` and the fence as written as `shown`", () => {
    const fence = "const store = makeStore(); // [!code --]\nconst store = createStore(); // [!code ++]\nstore.get();";
    const [sample] = codeSamples(`# Page\n\n\`\`\`ts title="a.ts"\n${fence}\n\`\`\`\n`, 'content/docs/a.mdx');
    expect(sample?.code).toBe('const store = createStore();\nstore.get();');
    expect(sample?.shown).toBe(fence);
    expect(sample?.title).toBe('a.ts');
  });
});
