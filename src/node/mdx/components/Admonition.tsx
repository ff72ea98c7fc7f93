/** <Admonition type="note|tip|warning|info|danger" title="…">: an aside named by its type (and title) for screen readers. */
import type { ReactNode } from 'react';
import { ADMONITION_CLASSES, admonitionTypeClass } from '../../../contract/markup/static';
import { useDocRender } from './context';

export const ADMONITION_TYPES = {
  note: { label: 'Note', icon: 'info' },
  tip: { label: 'Tip', icon: 'tip' },
  warning: { label: 'Warning', icon: 'warning' },
  info: { label: 'Info', icon: 'info' },
  danger: { label: 'Danger', icon: 'warning' },
} as const;

export type AdmonitionType = keyof typeof ADMONITION_TYPES;

// Drawn for this site: 16×16, currentColor, decorative (the aside is named in text).
function AdmonitionIcon({ icon }: { icon: 'info' | 'tip' | 'warning' }) {
  const common = { className: ADMONITION_CLASSES.icon, width: 18, height: 18, viewBox: '0 0 16 16', 'aria-hidden': true, focusable: false } as const;
  if (icon === 'tip') {
    return (
      <svg {...common}>
        <path d="M8 1.25a4.75 4.75 0 0 0-2.75 8.62V11.5h5.5V9.87A4.75 4.75 0 0 0 8 1.25Z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        <rect x="5.5" y="13" width="5" height="1.75" rx="0.6" fill="currentColor" />
      </svg>
    );
  }
  if (icon === 'warning') {
    return (
      <svg {...common}>
        <path d="M8 1.5 15 14.25H1L8 1.5Z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        <rect x="7.25" y="5.75" width="1.5" height="4.5" rx="0.6" fill="currentColor" />
        <circle cx="8" cy="12" r="0.95" fill="currentColor" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <circle cx="8" cy="8" r="6.75" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <rect x="7.25" y="7" width="1.5" height="5" rx="0.6" fill="currentColor" />
      <circle cx="8" cy="4.75" r="0.95" fill="currentColor" />
    </svg>
  );
}

export function Admonition({ type = 'note', title, children }: { type?: string; title?: string; children?: ReactNode }) {
  const { fail } = useDocRender();
  if (!Object.hasOwn(ADMONITION_TYPES, type)) {
    fail(`<Admonition type="${type}"> is not a known type (use ${Object.keys(ADMONITION_TYPES).join(', ')})`);
  }
  const { label, icon } = ADMONITION_TYPES[type as AdmonitionType];
  return (
    <aside className={`${ADMONITION_CLASSES.aside} ${admonitionTypeClass(type)}`} aria-label={title ? `${label}: ${title}` : label}>
      <p className={ADMONITION_CLASSES.heading}>
        <AdmonitionIcon icon={icon} />
        <span>{title ?? label}</span>
      </p>
      <div className={ADMONITION_CLASSES.content}>{children}</div>
    </aside>
  );
}
