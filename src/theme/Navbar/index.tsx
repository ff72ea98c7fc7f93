import { Link } from 'gatsby';
import { useSiteConfig } from '../../theme-common/site-config';
import Logo from '../Logo';
import NavbarItem from '../NavbarItem';
import * as styles from './styles.module.css';

export default function Navbar() {
  const { navbar } = useSiteConfig().themeConfig;
  const left = navbar.items.filter((item) => item.position !== 'right');
  const right = navbar.items.filter((item) => item.position === 'right');
  return (
    <header className={styles.header}>
      <nav aria-label="Main" className={styles.navbar}>
        <Link to="/" className={styles.brand}>
          <Logo className={styles.logo} />
          <span className={styles.title}>{navbar.title}</span>
        </Link>
        <ul className={styles.items}>
          {left.map((item, i) => (
            <li key={`left-${i}`}>
              <NavbarItem item={item} />
            </li>
          ))}
        </ul>
        <ul className={`${styles.items} ${styles.right}`}>
          {right.map((item, i) => (
            <li key={`right-${i}`}>
              <NavbarItem item={item} />
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
