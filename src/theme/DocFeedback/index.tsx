/**
 * "Was this page helpful?" below a doc: Yes or No, then an optional short reason, then a thank-you that stays (the
 * answer is kept per page in localStorage). Only the question ships with the page; the reason form and the code that
 * sends the answer (./Reason.tsx) load on the first answer.
 */
import { useEffect, useRef, useState } from 'react';
import { STORAGE_KEYS } from '../../contract/constants';
import { useStorageSlot } from '../../theme-common/storage';
import { latePiece, showsFailure, startLoading, useLatePiece } from '../islands/loader';
import LoadFailure from '../LoadFailure';
import * as styles from './styles.module.css';

/** What the reader reads before the form loads (the form's own text lives with it, in ./Reason.tsx). */
export const FEEDBACK_STRINGS = {
  question: 'Was this page helpful?',
  yes: 'Yes',
  no: 'No',
  thanks: 'Thank you for your feedback.',
  form: 'The feedback form',
} as const;

export const feedbackForm = latePiece(FEEDBACK_STRINGS.form, () => import('./Reason'));

/** A stored answer; anything else (a value from an older site, edited by hand) counts as no answer. */
export const parseAnswer = (value: string | null): boolean | null => (value === 'yes' ? true : value === 'no' ? false : null);

export default function DocFeedback({ route }: { route: string }) {
  const [stored, slot] = useStorageSlot(STORAGE_KEYS.pageFeedback(route));
  // This visit's answer, until the reader sends or skips the reason (done, with the form's note on what was sent).
  const [answer, setAnswer] = useState<{ helpful: boolean; done: boolean; note?: string } | null>(null);
  const form = useLatePiece(feedbackForm);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const done = answer ? answer.done : parseAnswer(stored) !== null;

  // The form goes away: the keyboard focus moves to the thanks rather than to the start of the page.
  useEffect(() => {
    if (answer?.done) thanksRef.current?.focus();
  }, [answer?.done]);

  const Reason = answer && !answer.done && form.status === 'ready' ? form.value.default : null;
  return (
    <div className={styles.feedback} data-noprint="" data-needs-script="">
      {done ? null : (
        <fieldset className={styles.question}>
          <legend className={styles.legend}>
            {FEEDBACK_STRINGS.question}
          </legend>
          {/* The two answers stay side by side: when the line is too narrow, both go under the question. */}
          <span className={styles.answers}>
            {[true, false].map((helpful) => (
              <button
                key={String(helpful)}
                type="button"
                className={`button-secondary ${styles.answer}`}
                aria-pressed={answer?.helpful === helpful}
                onClick={() => {
                  slot.set(helpful ? 'yes' : 'no');
                  setAnswer({ helpful, done: false });
                  startLoading(feedbackForm);
                }}
              >
                {helpful ? FEEDBACK_STRINGS.yes : FEEDBACK_STRINGS.no}
              </button>
            ))}
          </span>
        </fieldset>
      )}
      {Reason && answer ? (
        <Reason route={route} helpful={answer.helpful} onDone={(note) => setAnswer({ helpful: answer.helpful, done: true, note })} />
      ) : null}
      {answer && !answer.done && showsFailure(form) ? <LoadFailure piece={feedbackForm} /> : null}
      <p ref={thanksRef} className={styles.thanks} role="status" tabIndex={-1}>
        {done ? FEEDBACK_STRINGS.thanks : null}
        {answer?.note ? ` ${answer.note}` : null}
      </p>
    </div>
  );
}
