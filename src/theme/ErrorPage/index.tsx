import { useEffect } from 'react';
import { useSiteConfig } from '../../theme-common/site-config';
import { errorMessageChain } from './error-chain';
import * as styles from './styles.module.css';

export const PAGE_ERROR_TITLE = 'Page Error';

/** What a reader sees when a page throws: the message chain and a way to re-render. */
export default function ErrorPage({ error, tryAgain }: { error: Error; tryAgain: () => void }) {
  const config = useSiteConfig();
  useEffect(() => {
    document.title = `${PAGE_ERROR_TITLE} | ${config.title}`;
  }, [config.title]);
  const [message, ...causes] = errorMessageChain(error);
  return (
    <div className={styles.errorPage}>
      <h1 className={styles.title}>This page crashed.</h1>
      <p className={styles.message}>{message}</p>
      {causes.length > 0 ? (
        <ol className={styles.causes} aria-label="Caused by">
          {causes.map((cause, index) => (
            <li key={index}>
              <span className={styles.causeLabel}>Cause: </span>
              {cause}
            </li>
          ))}
        </ol>
      ) : null}
      <button type="button" className={`button-primary ${styles.button}`} onClick={tryAgain}>
        Try again
      </button>
    </div>
  );
}
