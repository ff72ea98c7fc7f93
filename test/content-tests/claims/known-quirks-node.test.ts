/** @jest-environment node */
// Known quirks page, the parts that run outside the page: the sample that hangs, run as a program of its own that
// is stopped after a few seconds, and the React bindings loaded the ways a reader's build or page loads them.
import { spawnSync } from 'child_process';
import fs from 'fs';
import path from 'path';
import vm from 'vm';
import * as esbuild from 'esbuild';
import ts from 'typescript';
import * as React from 'react';
import { BUNDLERS, bundleForBrowser } from '../../support/bundlers';
import { claimsOf } from '../../support/claims';
import { commentedOutput } from '../../support/printed';
import { CONTENT_DIR, codeSamples, REPO_ROOT } from '../../support/samples';
import { initialCode } from '@src/contract/code-marks';

const claim = claimsOf('guides/known-quirks');
const PAGE = 'guides/known-quirks';
const blocks = codeSamples(fs.readFileSync(path.join(CONTENT_DIR, `${PAGE}.mdx`), 'utf8'), `${PAGE}.mdx`);

/**
 * Runs the code a sample starts from (`initial`) or ends with as a program of its own, stopped after 4 s: a sample
 * that loops (the page's point, or a broken edit of it) ends the child, never this test run.
 */
function runSampleInChild(title: string, version: 'initial' | 'final', change: (code: string) => string = (code) => code) {
  const block = blocks.find((b) => b.title === title);
  if (!block) throw new Error(`${PAGE}.mdx: no block titled ${title}`);
  const { outputText } = ts.transpileModule(change(version === 'initial' ? initialCode(block.shown) : block.code), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  return spawnSync(process.execPath, ['-e', outputText], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 4000 });
}

/** Replaces `from` (which must be there) in a sample. */
const changed = (code: string, from: string, to: string) => {
  if (!code.includes(from)) throw new Error(`${PAGE}.mdx: the sample no longer contains ${from}`);
  return code.replace(from, to);
};

claim(
  'Without the comparator, `scores(store).set([])` never returns: `average` runs once and becomes `NaN`, and `label`, which reads it, runs again and again',
  (clause) => {
    clause('Without the comparator, `scores(store).set([])` never returns', () => {
      const child = runSampleInChild('average.ts', 'initial');
      expect(child.stdout).toBe('average 4.5\n'); // it reached the set, and never got past it
      expect(child.signal).toBe('SIGTERM');
    });
    // The same program counting the selectors' runs: each run of `label` after its 1,000th prints the counts
    // (synchronously, as stdout is a pipe), since the loop never gives a timer a chance.
    const counted = runSampleInChild('average.ts', 'initial', (code) =>
      changed(
        changed(
          `const runs = { average: 0, label: 0, values: [] as string[] };\n${code}`,
          'const list = get(scores);',
          'const list = get(scores);\n  runs.average += 1;\n  runs.values.push(String(list.reduce((sum, n) => sum + n, 0) / list.length));',
        ),
        'const label = selector(({ get }) => `average ${get(average)}`);',
        'const label = selector(({ get }) => {\n  runs.label += 1;\n  if (runs.label > 1000) { console.log(JSON.stringify(runs)); process.exit(0); }\n  return `average ${get(average)}`;\n});',
      ),
    );
    const runs = JSON.parse(counted.stdout.split('\n')[1] ?? '{}') as { average: number; label: number; values: string[] };
    clause('`average` runs once and becomes `NaN`', () => {
      // Once for the first read, once for the set.
      expect(runs.average).toBe(2);
      expect(runs.values).toEqual(['4.5', 'NaN']);
    });
    clause('`label`, which reads it, runs again and again', () => {
      expect(runs.label).toBe(1001);
    });
  },
  20_000,
);

claim(['give every selector that reads such a value `areValuesEqual: Object.is`', '// "average NaN"'], (clause) => {
  const child = runSampleInChild('average.ts', 'final');
  clause('give every selector that reads such a value `areValuesEqual: Object.is`', () => {
    // The sample's fix is that option on `label`, the one selector that reads `average`; with it the set returns.
    expect(blocks.find((b) => b.title === 'average.ts')?.code).toContain('{ areValuesEqual: Object.is }');
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
  });
  clause('// "average NaN"', () => {
    expect(child.stdout).toBe('average 4.5\naverage NaN\n');
    expect(child.stdout.trimEnd().split('\n')).toEqual(commentedOutput(PAGE, 'average.ts'));
  });
}, 20_000);

describe('NODE_ENV', () => {
  /** The React entry point bundled as it is (no replacement of process.env), with React as an outside module. */
  async function untouchedBindings(): Promise<string> {
    const result = await esbuild.build({
      stdin: { contents: "export { StanProvider } from '@rkrupinski/stan/react';", resolveDir: REPO_ROOT },
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      external: ['react'],
      logLevel: 'silent',
    });
    return result.outputFiles[0]?.text ?? '';
  }
  /** Loads code in a context that, like a page using an import map, has no `process` unless a script defines one. */
  function loadInPage(code: string, before = ''): unknown {
    const module = { exports: {} };
    const context = vm.createContext({ require: (id: string) => (id === 'react' ? React : undefined), module, exports: module.exports });
    if (before) vm.runInContext(before, context);
    return vm.runInContext(code, context);
  }

  claim(
    [
      '`@rkrupinski/stan/react` reads `process.env.NODE_ENV` as soon as it loads',
      'Loaded without such a step, for example from an import map in the browser, the module throws "process is not defined"',
      'The core entry point, `@rkrupinski/stan`, does not read it',
    ],
    async (clause) => {
      const untouched = await untouchedBindings();
      clause('`@rkrupinski/stan/react` reads `process.env.NODE_ENV` as soon as it loads', () => {
        expect(untouched).toContain('process.env.NODE_ENV');
        // Loading the module and nothing else (no component rendered, no hook called) reads it.
        let reads = 0;
        const processStub = { get env() { reads += 1; return { NODE_ENV: 'production' }; } };
        const module = { exports: {} };
        const context = vm.createContext({ require: (id: string) => (id === 'react' ? React : undefined), module, exports: module.exports, process: processStub });
        vm.runInContext(untouched, context);
        expect(reads).toBeGreaterThan(0);
      });
      clause('Loaded without such a step, for example from an import map in the browser, the module throws "process is not defined"', () => {
        expect(() => loadInPage(untouched)).toThrow('process is not defined');
      });
      clause('The core entry point, `@rkrupinski/stan`, does not read it', () => {
        const dist = path.join(REPO_ROOT, 'node_modules/@rkrupinski/stan/dist');
        const core = fs.readdirSync(dist).filter((f) => f.endsWith('.js') && f !== 'react.js');
        expect(core.length).toBeGreaterThan(0);
        core.forEach((file) => expect(fs.readFileSync(path.join(dist, file), 'utf8')).not.toContain('process'));
      });
    },
  );

  claim(
    [
      'Bundlers that replace that expression (Vite, webpack and so Next.js and Gatsby, esbuild when it builds for the browser) need nothing',
      'For an import map, define the value before the module loads',
    ],
    async (clause) => {
      const bundles = await Promise.all(BUNDLERS.map((bundler) => bundleForBrowser(bundler, "export { StanProvider } from '@rkrupinski/stan/react';")));
      clause('Bundlers that replace that expression (Vite, webpack and so Next.js and Gatsby, esbuild when it builds for the browser) need nothing', () => {
        bundles.forEach(({ code }, i) => {
          // Built with no option of the reader's: the expression is gone, and the module loads where no `process` is.
          expect([BUNDLERS[i], code.includes('process')]).toEqual([BUNDLERS[i], false]);
          const script = esbuild.transformSync(code, { format: 'cjs', logLevel: 'silent' }).code;
          expect(() => loadInPage(script)).not.toThrow();
        });
      });
      await clause('For an import map, define the value before the module loads', async () => {
        // The page's own script, then the untouched module: it loads.
        const script = blocks.find((b) => b.lang === 'html')?.code.replace(/<\/?script>/g, '') ?? '';
        expect(script).toContain('NODE_ENV');
        const untouched = await untouchedBindings();
        expect(() => loadInPage(untouched, script)).not.toThrow();
      });
    },
    120_000,
  );

  claimsOf('getting-started/installation')(
    'With Rollup, add a replace step for `process.env.NODE_ENV`; without any build step the React entry point does not load',
    async (clause) => {
      const untouched = await untouchedBindings();
      clause('With Rollup, add a replace step for `process.env.NODE_ENV`', () => {
        // What a replace step does: the same code with the expression swapped for a string loads.
        expect(untouched).toContain('process.env.NODE_ENV');
        const replaced = untouched.replace(/process\.env\.NODE_ENV/g, '"production"');
        expect(replaced).not.toContain('process');
        expect(() => loadInPage(replaced)).not.toThrow();
      });
      clause('without any build step the React entry point does not load', () => {
        expect(() => loadInPage(untouched)).toThrow('process is not defined');
      });
    },
  );
});
