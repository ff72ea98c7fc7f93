/**
 * The home page's samples (the install command and the counter) go through the docs' own code-block pipeline at
 * build time: highlighted for both colour modes, the TSX compiled against the installed package with type hints,
 * and the copy island's markup. src/node/gatsby/home-samples.ts makes them `HomeSample` nodes the home page queries.
 */

/** Where the samples' code lives, named in build errors. */
export const HOME_SAMPLES_FILE = 'src/node/home-samples.ts';

export interface HomeSample {
  name: 'install' | 'taste';
  lang: string;
  title: string;
  code: string;
}

// The samples' code lives here, beside the build step that is its only reader (the page queries the rendered nodes).
const installCommand = 'npm install @rkrupinski/stan';

const codeTaste = `import { atom, selector } from '@rkrupinski/stan';
import { useStan, useStanValue } from '@rkrupinski/stan/react';

const count = atom(0);
const doubled = selector(({ get }) => get(count) * 2);

export function Counter() {
  const [value, setValue] = useStan(count);
  const twice = useStanValue(doubled);
  return (
    <button onClick={() => setValue((n) => n + 1)}>
      {value} doubled is {twice}
    </button>
  );
}`;

export const HOME_SAMPLES: readonly HomeSample[] = [
  { name: 'install', lang: 'bash', title: 'Install', code: installCommand },
  { name: 'taste', lang: 'tsx', title: 'Counter.tsx', code: codeTaste },
];

/** The sample as an MDX fence; four backticks, so a sample may hold a fence of three. */
export const sampleMdx = ({ lang, title, code }: HomeSample): string => `\`\`\`\`${lang} title="${title}"\n${code}\n\`\`\`\`\n`;

