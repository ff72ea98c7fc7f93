import { Link } from 'gatsby';
import { useSiteConfig } from '../../theme-common/site-config';
import DocContent, { IslandHtml } from '../DocContent';
import Logo from '../Logo';
import * as styles from './styles.module.css';

/**
 * The samples' HTML, highlighted at build time with the docs' code blocks (src/node/home-samples.ts), shown with
 * their islands (copy buttons, tabs, type popups); and the prose (what Stan is for, the highlights), rendered at build
 * time like a doc's, whose links navigate like a doc's.
 */
export interface HomeSamplesHtml {
  install: string;
  taste: string;
  intro: string;
  highlights: string;
}

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
            <DocContent className={styles.lead} html={samples.intro} />
            <div className={styles.actions}>
              <Link className={`button-primary ${styles.action}`} to="/docs/getting-started/installation">
                Get started
              </Link>
              <Link className={`button-secondary ${styles.action}`} to="/playground">
                Playground
              </Link>
            </div>
          </div>
          <div className={styles.sample}>
            <IslandHtml className={styles.taste} html={samples.taste} />
          </div>
          <div className={styles.installBox}>
            <IslandHtml className={styles.install} html={samples.install} />
          </div>
        </div>
      </section>
      <section className={styles.section} aria-labelledby="highlights-title">
        <h2 id="highlights-title" className={styles.sectionTitle}>
          What you get
        </h2>
        <DocContent className={styles.highlights} html={samples.highlights} />
      </section>
    </>
  );
}
