/** @jest-environment node */
import {
  checkEditLoop,
  checkRatios,
  checkSitting,
  currentRatchets,
  EDITOR_RATIO_HISTORY,
  measuredRatios,
  RATIO_STEPS,
  ratchetTable,
} from '../lib/editor-ratchets.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { median } from '../lib/editor-bench.mjs';

const GiB = 1024 ** 3;
/** bench:editor's row and the peer's JSON line for one size: ours 70 s, 15 s, 1.1 GiB; Docusaurus 40 s, 15 s, 1,000 MiB. */
const row = (coldMs = 70_000, rebuildMs = 15_000, largest = 1.1 * GiB) => ({ pages: 217, cold: { ms: coldMs, peak: { largest } }, rebuild: { ms: rebuildMs } });
const peer = { pages: 217, cold: { s: 40, rssMB: 1000 }, rebuild: { s: 15, rssMB: 900 }, dev: { readyMs: [16000, 15000], editP50: 900 } };
const ratchets = { 217: { cold: 1.75, rebuild: 1.0, memory: 1.1, date: '2026-12-01' } };

describe('the editors’ ratchets', () => {
  it('holds each step as a ratio to the peer of the same sitting, in its own units', () => {
    const ratios = measuredRatios(row(), peer);
    expect(ratios.cold).toEqual({ ratio: 70 / 40, ours: 70, peer: 40 });
    expect(ratios.rebuild.ratio).toBe(1);
    expect(ratios.memory.ratio).toBeCloseTo((1.1 * 1024) / 1000, 6);
    expect(measuredRatios({ pages: 17 }, peer)).toEqual({ cold: null, rebuild: null, memory: null });
  });

  it('passes a ratio up to 10 % over the recorded one, and fails past it naming the step that grew', () => {
    // 1.75 × 1.1 = 1.925: 76 s against 40 s is 1.90, 78 s is 1.95.
    expect(checkRatios(217, measuredRatios(row(76_000), peer), ratchets).failures).toEqual([]);
    const { failures, lines } = checkRatios(217, measuredRatios(row(78_000, 17_000), peer), ratchets);
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatch(/^217 pages, cold build grew: 1\.95× Docusaurus \(ours 78\.0 s, Docusaurus 40\.0 s\), more than 10 % over the recorded 1\.75×/);
    expect(failures[1]).toMatch(/^217 pages, rebuild after a one-line edit grew: 1\.13×/);
    expect(lines).toHaveLength(RATIO_STEPS.length);
    expect(lines[2]).toMatch(/largest process: 1\.13× Docusaurus \(ours 1126 MiB, Docusaurus 1000 MiB\); recorded 1\.10× \(2026-12-01\), limit 1\.21× — ok/);
  });

  it('judges a faster machine and a slower one alike: the ratio is what counts', () => {
    const slower = { ...peer, cold: { s: 80, rssMB: 1000 }, rebuild: { s: 30 } };
    expect(checkRatios(217, measuredRatios(row(140_000, 30_000), slower), ratchets).failures).toEqual([]);
  });

  it('reports a size it has no ratio for without judging it, and fails a step not measured on both sides', () => {
    const unrecorded = checkRatios(517, measuredRatios(row(200_000), peer), ratchets);
    expect(unrecorded.failures).toEqual([]);
    expect(unrecorded.lines[0]).toBe('517 pages, cold build: 5.00× Docusaurus (ours 200.0 s, Docusaurus 40.0 s); no ratio recorded for this size, not checked');
    expect(checkRatios(217, measuredRatios({ cold: { ms: 1 } }, peer), ratchets).failures[0]).toMatch(/rebuild after a one-line edit: not measured/);
  });

  it('takes each size’s ratchet from the last entry naming it, and every entry says why', () => {
    const history = [
      { date: 'a', pages: { 17: { cold: 2, rebuild: 1, memory: 1 }, 217: { cold: 3, rebuild: 1, memory: 1 } }, why: 'first' },
      { date: 'b', pages: { 217: { cold: 2.5, rebuild: 1, memory: 1 } }, why: 'lowered' },
    ];
    expect(currentRatchets(history)).toEqual({ 17: { cold: 2, rebuild: 1, memory: 1, date: 'a' }, 217: { cold: 2.5, rebuild: 1, memory: 1, date: 'b' } });
    for (const entry of EDITOR_RATIO_HISTORY) {
      expect(entry.why.length).toBeGreaterThan(40);
      for (const ratios of Object.values(entry.pages)) for (const { key } of RATIO_STEPS) expect(ratios[key]).toBeGreaterThan(0);
    }
  });

  it('fails an edit loop whose median edit takes over 0.3 s, that reloads, or whose error page stays', () => {
    const dev = {
      editMs: [120, 140, 90, 150, 130],
      reloads: 0,
      syntaxError: { shown: true, backMs: 140 },
      typeError: { shown: true, backMs: 110 },
    };
    expect(checkEditLoop(17, dev, median)).toEqual([]);
    expect(checkEditLoop(17, { ...dev, editMs: [400, 350, 320, 120, 500] }, median)).toEqual(['17 pages, edit → browser: median 350 ms, over 300 ms']);
    expect(checkEditLoop(17, { ...dev, syntaxError: { shown: true, backMs: null, stuck: 'still showing: caching.mdx:15:9' } }, median)).toEqual([
      '17 pages, MDX syntax error: the page did not come back once the file was fixed (still showing: caching.mdx:15:9)',
    ]);
    expect(checkEditLoop(17, { ...dev, reloads: 2 }, median)).toEqual(['17 pages, edit → browser: 2 of the edits reloaded the page']);
    expect(checkEditLoop(17, undefined, median)).toEqual(['17 pages: develop was not measured']);
  });

  it('judges a whole sitting: every size’s ratios and edit loop, and fails one that compared nothing', () => {
    const dev = { editMs: [120, 140, 90], reloads: 0, warmMs: 18_000, syntaxError: { shown: true, backMs: 140 }, typeError: { shown: true, backMs: 110 } };
    const site = { pages: 17, cold: { ms: 66_000, peak: { largest: GiB } }, rebuild: { ms: 14_000 }, dev, peer: { ...peer, pages: 17 } };
    const large = { ...row(), dev, peer };
    const passed = checkSitting([site, large], { medianOf: median, ratchets });
    expect(passed.failures).toEqual([]);
    expect(passed.lines).toContain('217 pages, warm dev start: 1.20× Docusaurus (ours 18.0 s, Docusaurus 15.0 s)');
    expect(passed.lines).toContain('217 pages, edit → browser: ours 120 ms, Docusaurus 900 ms');

    const grown = checkSitting([site, { ...large, rebuild: { ms: 20_000 } }], { medianOf: median, ratchets });
    expect(grown.failures).toEqual([expect.stringMatching(/^217 pages, rebuild after a one-line edit grew: 1\.33×/)]);

    const stuck = { ...site, dev: { ...dev, syntaxError: { shown: true, backMs: null, stuck: 'still showing' } } };
    expect(checkSitting([stuck, large], { medianOf: median, ratchets }).failures).toEqual([
      '17 pages, MDX syntax error: the page did not come back once the file was fixed (still showing)',
    ]);
    // Without develop measured, the edit loop is not judged; without the recorded size, nothing was compared.
    expect(checkSitting([{ ...site, dev: undefined }], { medianOf: median, develop: false, ratchets }).failures).toEqual([
      'no size with recorded ratios was measured beside Docusaurus: run --pages 217',
    ]);
    expect(checkSitting([{ ...large, peer: undefined, peerError: 'exit 1' }], { medianOf: median, ratchets }).failures).toEqual([
      '217 pages: Docusaurus: exit 1',
      'no size with recorded ratios was measured beside Docusaurus: run --pages 217',
    ]);
  });

  it('lists the recorded ratios in the README’s Editors’ loop, as the module holds them', () => {
    expect(ratchetTable(ratchets)).toBe(
      [
        '| pages | cold build (× Docusaurus) | rebuild after a one-line edit (× Docusaurus) | largest process (× Docusaurus) | recorded |',
        '| ---: | ---: | ---: | ---: | --- |',
        '| 217 | 1.75 (fails above 1.93) | 1.00 (fails above 1.10) | 1.10 (fails above 1.21) | 2026-12-01 |',
      ].join('\n'),
    );
    const readme = fs.readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
    const editorsLoop = readme.slice(readme.indexOf("## Editors' loop"));
    expect(editorsLoop).toContain(ratchetTable());
  });
});
