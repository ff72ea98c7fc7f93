import { Link } from 'gatsby';
import { useSiteConfig } from '../../theme-common/site-config';
import Logo from '../Logo';
import { codeTaste, highlights, installCommand } from './highlights';
import * as styles from './styles.module.css';

export default function Home() {
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
          <div className={styles.install}>
            <span className={styles.installLabel} id="install-label">
              Install
            </span>
            <pre className={styles.installCode} aria-labelledby="install-label">
              <code>{installCommand}</code>
            </pre>
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
      <section className={styles.section} aria-labelledby="taste-title">
        <h2 id="taste-title" className={styles.sectionTitle}>
          A taste
        </h2>
        <pre className={styles.taste} tabIndex={0} aria-label="Counter example in TypeScript">
          <code>{codeTaste}</code>
        </pre>
      </section>
    </>
  );
}
