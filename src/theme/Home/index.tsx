import { Link } from 'gatsby';
import { useSiteConfig } from '../../theme-common/site-config';
import { IslandHtml } from '../DocContent/islands';
import Logo from '../Logo';
import { highlights } from './highlights';
import * as styles from './styles.module.css';

/**
 * The samples' HTML, highlighted at build time with the docs' code blocks (src/node/home-samples.ts); shown with
 * their islands (copy buttons, type popups), without the docs' link handling (they hold no links).
 */
export interface HomeSamplesHtml {
  install: string;
  taste: string;
}

export default function Home({ samples }: { samples: HomeSamplesHtml }) {
  const config = useSiteConfig();
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={styles.heroInner}>
          <Logo className={styles.heroLogo} />
          <h1 id="home-title" className={styles.title}>
            {config.title}
          </h1>
          <p className={styles.tagline}>{config.tagline}</p>
          <div className={styles.actions}>
            <Link className={styles.primary} to="/docs/getting-started/installation">
              Get started
            </Link>
            <Link className={styles.secondary} to="/docs">
              Read the introduction
            </Link>
          </div>
          <IslandHtml className={styles.install} html={samples.install} />
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
      <section className={styles.section} aria-labelledby="taste-title">
        <h2 id="taste-title" className={styles.sectionTitle}>
          A taste
        </h2>
        <IslandHtml className={styles.taste} html={samples.taste} />
      </section>
    </>
  );
}
