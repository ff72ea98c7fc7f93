/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import {
  breakFirstTypedSample,
  buildNodeOptions,
  breakMdxSyntax,
  formatTable,
  generatedPage,
  groupMemory,
  insertBeforeFirstSection,
  median,
  parseGatsbyLog,
  parseProcStat,
  stepRunningAt,
} from '../lib/editor-bench.mjs';

describe('editor benchmark helpers', () => {
  it('generates the same realistic page for the same number, with this site\'s frontmatter', () => {
    const page = generatedPage(7);
    expect(generatedPage(7)).toBe(page);
    expect(generatedPage(8)).not.toBe(page);
    expect(page).toMatch(/^---\ntitle: .+ 7\ndescription: .+\nsidebar_position: 107\n---\n/);
    for (const part of ['\n## Overview\n', '\n### Edge cases\n', '| Option | Type |', '```js\n', '```bash\n']) expect(page).toContain(part);
  });

  it('makes the one-line edit before the first section, and the two errors', () => {
    const source = '---\ntitle: T\n---\n\nIntro.\n\n## First\n\n```ts partial\nx\n```\n\n```tsx title="a.tsx"\nconst a = 1;\n```\n';
    expect(insertBeforeFirstSection(source, 'Edited.')).toContain('Intro.\n\nEdited.\n\n## First');
    expect(() => insertBeforeFirstSection('no headings', 'x')).toThrow(/no "## " heading/);
    const typed = breakFirstTypedSample(source);
    // The compiled sample (not the partial one) gets the bad line, right after its fence.
    expect(typed.source.split('\n')[typed.line - 1]).toBe("const benchTypeError: number = 'not a number';");
    expect(typed.source.split('\n')[typed.line - 2]).toBe('```tsx title="a.tsx"');
    expect(breakMdxSyntax(source).source).toContain('A stray { opens');
  });

  it('reads what a gatsby build log says it redid', () => {
    const log = [
      '\u001b[32msuccess\u001b[39m run queries in workers - 0.174s - 2/2 11.49/s',
      'success Building static HTML for pages - 1.822s - 1/1 0.55/s',
      'success onPostBuild - 0.463s',
    ].join('\n');
    expect(parseGatsbyLog(log)).toEqual({
      steps: { 'run queries in workers': 0.174, 'Building static HTML for pages': 1.822, onPostBuild: 0.463 },
      queries: { done: 2, total: 2 },
      html: { done: 1, total: 1 },
    });
    expect(parseGatsbyLog('success run queries in workers - 0.1s\ninfo There are no new or changed html files to build.').html).toEqual({ done: 0, total: 0 });
  });

  it('sums the memory of one process group from /proc stat lines, names with spaces included', () => {
    const stat = (pid, name, pgrp, rss) => `${pid} (${name}) S 1 ${pgrp} ${pgrp} 0 -1 0 ${'0 '.repeat(14)}${rss} 0`;
    const stats = [stat(10, 'node', 10, 100), stat(11, 'gatsby worker (x)', 10, 50), stat(12, 'other', 12, 999)].map(parseProcStat);
    expect(stats[1]).toEqual({ pid: 11, ppid: 1, pgrp: 10, rssPages: 50 });
    expect(groupMemory(stats, 10, 4096)).toEqual({ total: 150 * 4096, largest: 100 * 4096, largestPid: 10 });
    const workerLargest = [stat(10, 'node', 10, 100), stat(11, 'gatsby worker (x)', 10, 300)].map(parseProcStat);
    expect(groupMemory(workerLargest, 10, 4096).largestPid).toBe(11);
  });

  it("builds with the heap limit npm run build sets, so the benchmark measures an editor's build", () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8'));
    expect(buildNodeOptions(scripts.build)).toMatch(/^--max-old-space-size=\d+$/);
    expect(buildNodeOptions('GATSBY_TELEMETRY_DISABLED=1 gatsby build')).toBeNull();
    expect(buildNodeOptions(undefined)).toBeNull();
  });

  it('names the step that was running at a point of the log: the first one that ends after it', () => {
    const before = '\u001b[2K\u001b[1A\u001b[2K\u001b[Gsuccess onPostBootstrap - 0.143s\ninfo bootstrap finished - 23.7s\n';
    const after = 'success write out requires - 0.003s\nsuccess Building production JavaScript and CSS bundles - 18.0s\n';
    const log = before + after;
    expect(stepRunningAt(log, before.length)).toBe('write out requires');
    expect(stepRunningAt(log, before.length + 'success write out requires - 0.003s\n'.length)).toBe('Building production JavaScript and CSS bundles');
    expect(stepRunningAt(log, 0)).toBe('onPostBootstrap');
    expect(stepRunningAt(log, log.length)).toBeNull();
  });

  it('takes a measured value as the median and prints one table row per size', () => {
    expect(median([5, 1, 3, 2, 4])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2);
    const table = formatTable([
      {
        pages: 217,
        cold: { ms: 30_500, peak: { total: 1.2 * 1024 ** 3, largest: 0.8 * 1024 ** 3 } },
        coldKept: { ms: 24_000 },
        rebuild: { ms: 9_900, queries: { done: 1, total: 1 }, html: { done: 1, total: 1 } },
        pageData: 60 * 1024,
        dev: {
          coldMs: 15_000,
          warmMs: 8_000,
          firstViewMs: 700,
          editMs: [120, 300, 150, 200, 180],
          reloads: 0,
          scrollKept: true,
          syntaxError: { shown: true, browser: true, terminal: true, shownMs: 400, backMs: 300 },
          typeError: { shown: false },
        },
      },
    ]);
    expect(table.split('\n')[2]).toBe(
      '| 217 | 30.5 s | 24.0 s | 1.20 GB (largest process 0.80 GB) | 9.9 s | 1/1 / 1/1 | 60.0 KB | 15.0 s | 8.0 s | 700 ms | 180 ms (120, 300, 150, 200, 180) | yes, yes | browser+terminal 400 ms, back 300 ms | not shown |',
    );
  });
});
