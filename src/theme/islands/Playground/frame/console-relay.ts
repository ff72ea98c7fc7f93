/**
 * What the frame sends of a run's console output: the first OUTPUT_HEAD_LINES lines one message each, as they are
 * printed (so a line printed just before an endless loop still arrives); after those, only the latest
 * OUTPUT_TAIL_LINES and the count of lines between, reported at most every OUTPUT_REPORT_MS. A flood of any size
 * costs the page a few messages a second.
 */
import type { ConsoleLevel, FrameEvent } from '../../../../contract/playground';
import { clipLine, OUTPUT_HEAD_LINES, OUTPUT_REPORT_MS, OUTPUT_TAIL_LINES } from './limits';

interface Line {
  level: ConsoleLevel;
  text: string;
}

export interface ConsoleRelay {
  /** Takes a printed line; true while it is one of the head lines (sent as it is). */
  line(level: ConsoleLevel, text: string): boolean;
  /** Sends the latest lines and the count of lines not shown, if they changed since the last report. */
  flush(): void;
  /** Starts the count afresh for a run. */
  start(runId: number): void;
}

export function createConsoleRelay(post: (event: FrameEvent) => void, now: () => number): ConsoleRelay {
  let runId = 0;
  let sent = 0;
  // The latest lines past the head, in a ring: the oldest is at `next` once the ring is full.
  let ring: Line[] = [];
  let next = 0;
  let hidden = 0;
  let changed = false;
  let reportedAt = -Infinity;

  const latest = (): Line[] => (ring.length < OUTPUT_TAIL_LINES ? ring.slice() : [...ring.slice(next), ...ring.slice(0, next)]);

  const flush = () => {
    if (!changed) return;
    changed = false;
    reportedAt = now();
    post({ type: 'overflow', runId, hidden, tail: latest() });
  };

  return {
    line(level, text) {
      if (sent < OUTPUT_HEAD_LINES) {
        sent += 1;
        post({ type: 'console', runId, level, text: clipLine(text) });
        return true;
      }
      const entry = { level, text: clipLine(text) };
      if (ring.length < OUTPUT_TAIL_LINES) ring.push(entry);
      else {
        ring[next] = entry;
        next = (next + 1) % OUTPUT_TAIL_LINES;
        hidden += 1;
      }
      changed = true;
      if (now() - reportedAt >= OUTPUT_REPORT_MS) flush();
      return false;
    },
    flush,
    start(id) {
      runId = id;
      sent = 0;
      ring = [];
      next = 0;
      hidden = 0;
      changed = false;
      reportedAt = -Infinity;
    },
  };
}
