import { Link } from 'gatsby';
import * as styles from './styles.module.css';

/** The installation page's section on how the site checks itself, which the line links to. */
export const CHECKS_SECTION = { route: '/docs/getting-started/installation', id: 'how-this-site-checks-itself' } as const;

export interface DocChecksProps {
  /** The documented package and its installed version, e.g. `@rkrupinski/stan` and `1.2.0-rc4`. */
  packageName: string;
  release: string;
  /** Samples on the page that the build compiled against that version. */
  samples: number;
  /** Statements of the page that claim tests run against that version. */
  statements: number;
}

const samplesText = (n: number) => (n === 0 ? 'no samples to compile' : n === 1 ? '1 sample compiles' : `${n} samples compile`);

const statementsText = (n: number) =>
  n === 0
    ? 'no statement on this page is run by a test yet'
    : n === 1
      ? '1 statement is run by a test'
      : `${n} statements are run by tests`;

/** The line that ends a doc page: what the build checked on it, against which release (figures from the build). */
export default function DocChecks({ packageName, release, samples, statements }: DocChecksProps) {
  return (
    <p className={styles.checks}>
      Checked against <code>{packageName}</code> {release}: {samplesText(samples)}, {statementsText(statements)}.{' '}
      <Link to={`${CHECKS_SECTION.route}#${CHECKS_SECTION.id}`}>How this site checks itself</Link>
    </p>
  );
}
