import type { FrameEvent } from '@src/contract/playground';
import { createConsoleRelay } from '@src/theme/islands/Playground/frame/console-relay';
import { OUTPUT_HEAD_LINES, OUTPUT_REPORT_MS, OUTPUT_TAIL_LINES } from '@src/theme/islands/Playground/frame/limits';

describe("the frame's console relay", () => {
  const setup = () => {
    const sent: FrameEvent[] = [];
    let now = 0;
    const relay = createConsoleRelay((event) => sent.push(event), () => now);
    relay.start(7);
    return { sent, relay, tick: (ms: number) => (now += ms) };
  };

  it('sends the first lines one by one as they are printed, then nothing per line', () => {
    const { sent, relay } = setup();
    for (let i = 0; i < OUTPUT_HEAD_LINES; i++) expect(relay.line('log', `l${i}`)).toBe(true);
    expect(sent).toHaveLength(OUTPUT_HEAD_LINES);
    expect(sent[0]).toEqual({ type: 'console', runId: 7, level: 'log', text: 'l0' });
    expect(relay.line('log', 'past the head')).toBe(false);
    // The first line past the head is reported at once; the next ones wait for the interval.
    expect(sent).toHaveLength(OUTPUT_HEAD_LINES + 1);
    for (let i = 0; i < 10_000; i++) relay.line('log', `more ${i}`);
    expect(sent).toHaveLength(OUTPUT_HEAD_LINES + 1);
  });

  it('reports the latest lines and the count between, at most once per interval, even inside a loop that never yields', () => {
    const { sent, relay, tick } = setup();
    for (let i = 0; i < OUTPUT_HEAD_LINES; i++) relay.line('log', `l${i}`);
    const flood = 1_000_000;
    for (let i = 0; i < flood; i++) {
      relay.line(i % 2 ? 'warn' : 'log', `f${i}`);
      if (i % 10_000 === 0) tick(10);
    }
    relay.flush();
    const reports = sent.filter((e) => e.type === 'overflow');
    // 10 s of flood at one report per 100 ms, plus the first and the final flush.
    expect(reports.length).toBeLessThanOrEqual((flood / 10_000) * (10 / OUTPUT_REPORT_MS) + 2);
    const last = reports.at(-1) as Extract<FrameEvent, { type: 'overflow' }>;
    expect(last.tail).toHaveLength(OUTPUT_TAIL_LINES);
    expect(last.tail.at(-1)).toEqual({ level: 'warn', text: `f${flood - 1}` });
    expect(last.tail[0]?.text).toBe(`f${flood - OUTPUT_TAIL_LINES}`);
    expect(last.hidden).toBe(flood - OUTPUT_TAIL_LINES);
    expect(last.runId).toBe(7);
  });

  it('sends nothing on flush when nothing changed, and starts afresh for a run', () => {
    const { sent, relay } = setup();
    relay.flush();
    expect(sent).toEqual([]);
    for (let i = 0; i <= OUTPUT_HEAD_LINES; i++) relay.line('log', 'x');
    relay.start(8);
    expect(relay.line('info', 'again')).toBe(true);
    expect(sent.at(-1)).toEqual({ type: 'console', runId: 8, level: 'info', text: 'again' });
  });
});
