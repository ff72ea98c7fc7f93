import type { DefaultNavbarItem as Item } from '../../config/types';
import NavLink from './NavLink';
import * as styles from './styles.module.css';

export default function DefaultNavbarItem({ item }: { item: Item }) {
  return (
    <NavLink className={styles.link} activeClassName={styles.active} to={item.to} href={item.href}>
      {item.label}
    </NavLink>
  );
}
