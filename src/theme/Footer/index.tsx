import { useSiteConfig } from '../../theme-common/site-config';
import Logo from '../Logo';
import NavLink from '../NavbarItem/NavLink';
import * as styles from './styles.module.css';

export default function Footer() {
  const { footer, navbar } = useSiteConfig().themeConfig;
  return (
    <footer className={styles.footer} data-noprint="">
      <div className={styles.inner}>
        <div className={styles.columns}>
          {footer.links.map((column) => (
            <div key={column.title}>
              <h2 className={styles.columnTitle}>{column.title}</h2>
              <ul className={styles.list}>
                {column.items.map((link) => (
                  <li key={link.label}>
                    <NavLink className={styles.link} to={link.to} href={link.href}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div className={styles.bottom}>
          <Logo className={styles.logo} title={footer.logo.alt} />
          <p className={styles.copyright}>
            {footer.copyright} · {navbar.title}
          </p>
        </div>
      </div>
    </footer>
  );
}
