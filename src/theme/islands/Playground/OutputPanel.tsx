/**
 * What the code printed, as a live log: the first lines, "N more lines not shown", then the latest lines. It reads
 * the OutputLog through useSyncExternalStore, so it renders once per batch however many lines arrive; a line
 * already shown is not rendered again.
 */
import { memo, useSyncExternalStore } from 'react';
import { PLAYGROUND_STRINGS as S } from '../../../contract/playground-strings';
import type { OutputLine, OutputLog } from './output-log';
import * as styles from './styles.module.css';

const Line = memo(function Line({ line }: { line: OutputLine }) {
  return (
    <p className={styles.line} data-level={line.level}>
      {line.level === 'error' || line.level === 'warn' ? <span className={styles.levelLabel}>{line.level}: </span> : null}
      {line.text}
    </p>
  );
});

interface OutputPanelProps {
  log: OutputLog;
  /** The id of the panel's heading. */
  labelledBy: string;
  /** Whether a run has started (else the panel invites one). */
  started: boolean;
}

export default function OutputPanel({ log, labelledBy, started }: OutputPanelProps) {
  const { head, hidden, tail } = useSyncExternalStore(log.subscribe, log.getView, log.getView);
  const empty = head.length === 0 && tail.length === 0 && hidden === 0;
  // A run that printed nothing shows no empty strip; the log stays (out of the tab order) for what comes later.
  const quiet = empty && started;
  return (
    <div
      className={`${styles.output} ${quiet ? styles.quiet : ''}`}
      role="log"
      aria-live="polite"
      aria-labelledby={labelledBy}
      data-playground-output=""
      tabIndex={quiet ? undefined : 0}
    >
      {empty && !started ? <p className={styles.empty}>{S.outputEmpty}</p> : null}
      {head.map((line) => (
        <Line key={line.id} line={line} />
      ))}
      {hidden > 0 ? (
        <p className={styles.hidden} data-hidden-lines={hidden}>
          {S.hiddenLines(hidden)}
        </p>
      ) : null}
      {tail.map((line) => (
        <Line key={line.id} line={line} />
      ))}
    </div>
  );
}
