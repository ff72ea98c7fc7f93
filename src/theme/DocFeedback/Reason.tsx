/**
 * The second step of "Was this page helpful?": an optional short reason, then Send or Skip. Loaded on the first
 * answer (./index.tsx). It sends the answer once: with the reason, without one on Skip, or without one when the
 * reader leaves the page (or the doc) first.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { sendEvent } from '../../theme-common/events';
import { FEEDBACK_REASON_MAX_LENGTH } from '../../contract/constants';
import * as styles from './reason.module.css';

export const REASON_STRINGS = {
  label: (helpful: boolean) => (helpful ? 'What helped? (optional)' : 'What was missing or unclear? (optional)'),
  charactersLeft: (n: number) => `${n} characters left`,
  send: 'Send',
  skip: 'Skip',
  notSent: 'Your browser asks sites not to track you, so your answer stays on this device.',
} as const;

export interface ReasonProps {
  route: string;
  /** The answer; the reader may still change it while the form is open. */
  helpful: boolean;
  /** The reader sent or skipped; `note` says the answer was not sent, when tracking is refused (else empty). */
  onDone: (note: string) => void;
}

export default function Reason({ route, helpful, onDone }: ReasonProps) {
  const [reason, setReason] = useState('');
  const id = useId();
  // The latest answer, and whether it has been sent: read when the reader leaves.
  const latest = useRef({ helpful, sent: false });
  latest.current.helpful = helpful;

  const send = (text: string) => {
    if (latest.current.sent) return true;
    latest.current.sent = true;
    return sendEvent({ event: 'page_feedback', page_path: route, helpful: latest.current.helpful, reason: text.trim() });
  };
  const sendOnLeave = useRef(send);
  sendOnLeave.current = send;
  useEffect(() => {
    const leave = () => void sendOnLeave.current('');
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  const finish = (text: string) => onDone(send(text) ? '' : REASON_STRINGS.notSent);
  return (
    <form
      className={styles.reason}
      onSubmit={(event) => {
        event.preventDefault();
        finish(reason);
      }}
    >
      <label htmlFor={`${id}-text`}>{REASON_STRINGS.label(helpful)}</label>
      <textarea
        id={`${id}-text`}
        className={styles.text}
        rows={3}
        maxLength={FEEDBACK_REASON_MAX_LENGTH}
        value={reason}
        aria-describedby={`${id}-left`}
        // The reader just chose an answer: typing the reason is the next step.
        autoFocus
        onChange={(event) => setReason(event.target.value)}
      />
      <p id={`${id}-left`} className={styles.left}>
        {REASON_STRINGS.charactersLeft(FEEDBACK_REASON_MAX_LENGTH - reason.length)}
      </p>
      <div className={styles.actions}>
        <button type="submit" className="button-primary">
          {REASON_STRINGS.send}
        </button>
        <button type="button" className="button-secondary" onClick={() => finish('')}>
          {REASON_STRINGS.skip}
        </button>
      </div>
    </form>
  );
}
