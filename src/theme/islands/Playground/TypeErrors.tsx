/** The type errors TypeScript found, each with its line, column and message; pressing a place puts the cursor there. */
import { PLAYGROUND_STRINGS as S } from '../../../contract/playground-strings';
import type { TypeErrorItem } from './hooks/useTypeCheck';
import * as styles from './styles.module.css';

/** Errors listed at most; the count says how many more there are. */
const LISTED = 10;

export default function TypeErrors({ errors, onPick }: { errors: readonly TypeErrorItem[]; onPick: (from: number) => void }) {
  if (errors.length === 0) return null;
  return (
    <>
      <ul className={styles.errors} aria-label={S.errorsList} data-type-errors="">
        {errors.slice(0, LISTED).map((error) => (
          <li key={`${error.from}:${error.code}:${error.message}`}>
            <button type="button" className={styles.errorPlace} onClick={() => onPick(error.from)}>
              {S.errorAt(error.line, error.column)}
            </button>{' '}
            {error.message} <span className={styles.errorCode}>(TS{error.code})</span>
          </li>
        ))}
      </ul>
      {errors.length > LISTED ? <p className={styles.hint}>{S.moreErrors(errors.length - LISTED)}</p> : null}
    </>
  );
}
