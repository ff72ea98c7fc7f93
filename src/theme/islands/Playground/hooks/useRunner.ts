/**
 * Running the code: one FrameRunner per editor, the output it prints (an OutputLog, rendered in batches) and the
 * state of the run, shown on a status line of its own so it never mixes with what the code printed.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { PlaygroundLanguage } from '../../../../contract/playground';
import type { PlaygroundVersionAssets } from '../../../../contract/playground-versions';
import { PLAYGROUND_STRINGS as S } from '../../../../contract/playground-strings';
import { OutputLog } from '../output-log';
import { FrameRunner, frameRuntimePiece, STALL_MS, type RunOutput } from '../runner';
import { typeCheckerPiece } from '../type-checker';

export type RunStatus =
  | { kind: 'idle' }
  | { kind: 'running' }
  /** `rendered`: the frame shows something (the default export, or what the code drew itself). */
  | { kind: 'finished'; rendered: boolean; drew?: boolean }
  | { kind: 'threw'; error: string }
  | { kind: 'stopped'; finished: boolean }
  | { kind: 'failed'; message: string };

/** The status line's text; empty before the first run. */
export function runStatusText(status: RunStatus): string {
  switch (status.kind) {
    case 'idle':
      return '';
    case 'running':
      return S.running;
    case 'finished':
      if (status.drew) return S.drew;
      return status.rendered ? S.rendered : S.finished;
    case 'threw':
      return `${S.threw} ${status.error}`;
    case 'stopped':
      return status.finished ? S.stoppedAfterFinish(STALL_MS / 1000) : S.stopped(STALL_MS / 1000);
    case 'failed':
      return status.message;
    default:
      return '';
  }
}

const isDark = () => document.documentElement.getAttribute('data-theme') === 'dark';

export function useRunner(frameSlotRef: RefObject<HTMLDivElement | null>, lang: PlaygroundLanguage, version: PlaygroundVersionAssets) {
  const [log] = useState(() => new OutputLog());
  const runnerRef = useRef<FrameRunner | null>(null);
  // Counts Run and Reset presses: a run whose compile ends after a later press does not start.
  const attempt = useRef(0);
  const [status, setStatus] = useState<RunStatus>({ kind: 'idle' });
  const [rendered, setRendered] = useState(false);
  // Whether the current run's code drew into the frame by itself.
  const drew = useRef(false);

  useEffect(() => {
    const slot = frameSlotRef.current;
    if (!slot) return undefined;
    const report = (item: RunOutput) => {
      if (item.kind === 'console') log.add(item.level, item.text);
      else if (item.kind === 'overflow') log.overflow(item.hidden, item.tail);
      else if (item.kind === 'drawn') {
        // It may come before or after the end of the run (React renders a root of the code's own a moment later).
        drew.current = true;
        setRendered(true);
        setStatus((current) => (current.kind === 'finished' && !current.rendered ? { kind: 'finished', rendered: true, drew: true } : current));
      } else if (item.kind === 'done') {
        const shown = item.rendered || drew.current;
        setRendered(shown);
        setStatus(
          item.error === undefined ? { kind: 'finished', rendered: shown, drew: !item.rendered && drew.current } : { kind: 'threw', error: item.error },
        );
      } else if (item.kind === 'stopped') {
        setRendered(false);
        setStatus({ kind: 'stopped', finished: item.finished });
      } else setStatus({ kind: 'failed', message: item.message });
    };
    const runner = new FrameRunner(slot, report);
    runnerRef.current = runner;
    return () => {
      runner.stop();
      runnerRef.current = null;
    };
  }, [frameSlotRef, log]);

  /** Compiles the code and runs it in a new frame. */
  const run = async (code: string, compile: (code: string) => Promise<string>) => {
    const runner = runnerRef.current;
    if (!runner) return;
    attempt.current += 1;
    const current = attempt.current;
    runner.stop();
    log.clear();
    drew.current = false;
    setRendered(false);
    setStatus({ kind: 'running' });
    try {
      const js = await compile(code);
      if (current !== attempt.current) return;
      await runner.run({ version, js, render: lang === 'tsx', dark: isDark(), title: S.frameTitle });
    } catch (error) {
      if (current !== attempt.current) return;
      // A piece that failed to load shows its own notice with Retry below.
      const pieceFailed = typeCheckerPiece(version).state.status === 'failed' || frameRuntimePiece(version).state.status === 'failed';
      setStatus(pieceFailed ? { kind: 'idle' } : { kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  /** Stops the code and empties the output. */
  const reset = () => {
    attempt.current += 1;
    runnerRef.current?.stop();
    log.clear();
    drew.current = false;
    setRendered(false);
    setStatus({ kind: 'idle' });
  };

  return { log, status, running: status.kind === 'running', rendered, run, reset };
}
