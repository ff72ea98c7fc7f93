/**
 * The output panel's lines: the first lines of a run, the latest lines the frame reported past them and a count of
 * those between, each cut to a length the panel lays out at once. Lines are appended in place (no copy per
 * message); readers of the view (the panel, through useSyncExternalStore) are told at most every RENDER_EVERY_MS,
 * so a flood of messages costs the page one render per interval.
 */
import type { ConsoleLevel } from '../../../contract/playground';
import { clipLine, OUTPUT_HEAD_LINES, OUTPUT_TAIL_LINES } from './frame/limits';

export interface OutputLine {
  readonly id: number;
  readonly level: ConsoleLevel;
  readonly text: string;
}

export interface OutputView {
  /** The first lines of the run. */
  readonly head: readonly OutputLine[];
  /** Lines printed between the head and the tail, not shown. */
  readonly hidden: number;
  /** The latest lines past the head. */
  readonly tail: readonly OutputLine[];
}

/** The longest a printed line waits before the panel shows it, in ms. */
export const RENDER_EVERY_MS = 100;

const EMPTY: OutputView = { head: [], hidden: 0, tail: [] };

export class OutputLog {
  private head: OutputLine[] = [];
  private tail: OutputLine[] = [];
  // Console lines past the head (the frame sends none of those; a frame that did is counted, not shown).
  private extra = 0;
  private reported = 0;
  private nextId = 1;
  private view: OutputView = EMPTY;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();

  /** Appends a printed line. */
  add(level: ConsoleLevel, text: string): void {
    if (this.head.length < OUTPUT_HEAD_LINES) this.head.push(this.line(level, text));
    else this.extra += 1;
    this.changed();
  }

  /** Takes the frame's report of the latest lines past the head and how many lines it did not show. */
  overflow(hidden: number, tail: ReadonlyArray<{ level: ConsoleLevel; text: string }>): void {
    this.reported = Number.isSafeInteger(hidden) && hidden > 0 ? hidden : 0;
    this.tail = tail.slice(-OUTPUT_TAIL_LINES).map(({ level, text }) => this.line(level, text));
    this.changed();
  }

  /** Empties the log, and tells its readers at once. */
  clear(): void {
    this.head = [];
    this.tail = [];
    this.extra = 0;
    this.reported = 0;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.publish();
  }

  /** The lines as the panel shows them; the same object until the next time readers are told. */
  readonly getView = (): OutputView => this.view;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private line(level: ConsoleLevel, text: string): OutputLine {
    const id = this.nextId;
    this.nextId += 1;
    return { id, level, text: clipLine(text, { cut: true }) };
  }

  private changed(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.publish();
    }, RENDER_EVERY_MS);
  }

  private publish(): void {
    const empty = this.head.length === 0 && this.tail.length === 0 && this.extra + this.reported === 0;
    this.view = empty ? EMPTY : { head: this.head.slice(), hidden: this.extra + this.reported, tail: this.tail };
    this.listeners.forEach((listener) => listener());
  }
}
