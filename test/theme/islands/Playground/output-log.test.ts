import { OutputLog, RENDER_EVERY_MS } from '@src/theme/islands/Playground/output-log';
import { clipLine, OUTPUT_HEAD_LINES, OUTPUT_LINE_CHARS, OUTPUT_TAIL_LINES } from '@src/theme/islands/Playground/frame/limits';

describe('the output log', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('tells its readers once per interval however many lines arrive, with one new view each time', () => {
    const log = new OutputLog();
    const told = jest.fn();
    log.subscribe(told);
    for (let i = 0; i < 1000; i++) log.add('log', `line ${i}`);
    expect(told).not.toHaveBeenCalled();
    expect(log.getView().head).toEqual([]);
    jest.advanceTimersByTime(RENDER_EVERY_MS);
    expect(told).toHaveBeenCalledTimes(1);
    const view = log.getView();
    expect(log.getView()).toBe(view);
    expect(view.head).toHaveLength(OUTPUT_HEAD_LINES);
    expect(view.head[0]).toMatchObject({ level: 'log', text: 'line 0' });
    // Lines past the head that the frame should not have sent are counted, not kept.
    expect(view.hidden).toBe(1000 - OUTPUT_HEAD_LINES);
  });

  it('keeps the head it showed while later lines arrive (no copy of it per line)', () => {
    const log = new OutputLog();
    log.add('log', 'first');
    jest.advanceTimersByTime(RENDER_EVERY_MS);
    const first = log.getView();
    log.add('warn', 'second');
    expect(log.getView()).toBe(first);
    jest.advanceTimersByTime(RENDER_EVERY_MS);
    expect(log.getView().head.map((l) => l.text)).toEqual(['first', 'second']);
    expect(log.getView().head[0]).toBe(first.head[0]);
  });

  it("shows the frame's report of the latest lines and how many it did not show, cut to the tail's size", () => {
    const log = new OutputLog();
    const tail = Array.from({ length: OUTPUT_TAIL_LINES + 50 }, (_, i) => ({ level: 'info' as const, text: `t${i}` }));
    log.overflow(123_456, tail);
    jest.advanceTimersByTime(RENDER_EVERY_MS);
    const view = log.getView();
    expect(view.hidden).toBe(123_456);
    expect(view.tail).toHaveLength(OUTPUT_TAIL_LINES);
    expect(view.tail.at(-1)?.text).toBe(`t${OUTPUT_TAIL_LINES + 49}`);
    log.overflow(Number.NaN, []);
    jest.advanceTimersByTime(RENDER_EVERY_MS);
    expect(log.getView().hidden).toBe(0);
  });

  it('cuts a long line, saying how much it left out, and leaves a line the frame cut as it is', () => {
    const log = new OutputLog();
    log.add('log', 'y'.repeat(50 * 1024 * 1024));
    log.add('log', clipLine('z'.repeat(10_000)));
    jest.advanceTimersByTime(RENDER_EVERY_MS);
    const [line, cutByFrame] = log.getView().head;
    expect(line?.text).toBe(`${'y'.repeat(OUTPUT_LINE_CHARS)}… (52,426,800 more characters)`);
    expect(cutByFrame?.text).toBe(`${'z'.repeat(OUTPUT_LINE_CHARS)}… (8,000 more characters)`);
  });

  it('empties at once on clear, and a pending batch does not bring old lines back', () => {
    const log = new OutputLog();
    const told = jest.fn();
    log.subscribe(told);
    log.add('log', 'old');
    log.clear();
    expect(told).toHaveBeenCalledTimes(1);
    expect(log.getView()).toEqual({ head: [], hidden: 0, tail: [] });
    jest.advanceTimersByTime(RENDER_EVERY_MS * 2);
    expect(told).toHaveBeenCalledTimes(1);
  });
});
