import { Link } from 'gatsby';
import { useSiteConfig } from '../../theme-common/site-config';
import { IslandHtml } from '../DocContent/islands';
import Logo from '../Logo';
import { COMPARISON_HREF, CORE_GZIP_KB } from './hero';
import { highlights } from './highlights';
import * as styles from './styles.module.css';

/**
 * The samples' HTML, highlighted at build time with the docs' code blocks (src/node/home-samples.ts); shown with
 * their islands (copy buttons, tabs, type popups), without the docs' link handling (they hold no links).
 */
export interface HomeSamplesHtml {
  install: string;
  taste: string;
}

export const HOME_STRINGS = {
  getStarted: 'Get started',
  playground: 'Playground',
  install: 'Install',
  sample: 'A first component',
} as const;

/**
 * The hero says what Stan is for and shows it: a sample on the first screen of a phone and of a laptop, and the
 * pinned install with the docs' package-manager tabs (beside the sample on a wide screen, under it on a phone).
 * Below, the highlights link into the docs.
 */
export default function Home({ samples }: { samples: HomeSamplesHtml }) {
  const config = useSiteConfig();
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={styles.heroInner}>
          <div className={styles.intro}>
            <h1 id="home-title" className={styles.title}>
              <Logo className={styles.heroLogo} />
              {config.title}
            </h1>
            <p className={styles.tagline}>{config.tagline}</p>
            <p className={styles.lead}>
              State for TypeScript apps: <strong>atoms</strong> hold values, <strong>selectors</strong> derive them
              (synchronously or async), and a <strong>store</strong> keeps them, one per app, request or test. React
              bindings are optional; the core never imports React and is about {CORE_GZIP_KB} kB gzipped. If you know{' '}
              <Link to={COMPARISON_HREF}>Recoil or Jotai</Link>, the model will look familiar.
            </p>
            <div className={styles.actions}>
              <Link className={`button-primary ${styles.action}`} to="/docs/getting-started/installation">
                {HOME_STRINGS.getStarted}
              </Link>
              <Link className={`button-secondary ${styles.action}`} to="/playground">
                {HOME_STRINGS.playground}
              </Link>
            </div>
          </div>
          <div className={styles.sample}>
            <h2 className="visually-hidden">{HOME_STRINGS.sample}</h2>
            <IslandHtml className={styles.taste} html={samples.taste} />
          </div>
          <div className={styles.installBox}>
            <h2 className="visually-hidden">{HOME_STRINGS.install}</h2>
            <IslandHtml className={styles.install} html={samples.install} />
          </div>
        </div>
      </section>
      <section className={styles.section} aria-labelledby="highlights-title">
        <h2 id="highlights-title" className={styles.sectionTitle}>
          What you get
        </h2>
        <ul className={styles.grid}>
          {highlights.map((h) => (
            <li key={h.title} className={styles.card}>
              <h3 className={styles.cardTitle}>
                <Link to={h.href}>{h.title}</Link>
              </h3>
              <p>{h.body}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
