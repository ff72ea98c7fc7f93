import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { NavbarItem as NavbarItemConfig } from '../../config/types';
import NavbarItem from './index';
import * as styles from './styles.module.css';

/** A readable name for an item in error messages: its label, else its kind. */
export function describeNavbarItem(item: NavbarItemConfig): string {
  const label = 'label' in item && item.label ? ` "${item.label}"` : '';
  return `navbar item${label} (type "${item.type}")`;
}

interface State {
  error: Error | null;
}

/** An item that fails to render shows an error naming it; the rest of the page keeps working. */
class NavbarItemErrorBoundary extends Component<{ item: NavbarItemConfig; children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`The ${describeNavbarItem(this.props.item)} failed to render.`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <span className={styles.error} role="alert">
        The {describeNavbarItem(this.props.item)} failed to render: {error.message}
      </span>
    );
  }
}

export default function SafeNavbarItem({ item }: { item: NavbarItemConfig }) {
  return (
    <NavbarItemErrorBoundary item={item}>
      <NavbarItem item={item} />
    </NavbarItemErrorBoundary>
  );
}
