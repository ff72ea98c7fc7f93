import { LOGO_SIZE } from '../../contract/constants';

interface LogoProps {
  className?: string;
  /** Accessible name; omit when a visible text label sits beside the logo. */
  title?: string;
}

/** Stan's mark: three atoms feeding one selector, drawn at 32×32. */
export default function Logo({ className, title }: LogoProps) {
  const labelled = Boolean(title);
  return (
    <svg
      className={className}
      width={LOGO_SIZE}
      height={LOGO_SIZE}
      viewBox="0 0 32 32"
      role={labelled ? 'img' : undefined}
      aria-hidden={labelled ? undefined : true}
      aria-label={title}
      focusable="false"
      data-testid="logo"
    >
      <rect width="32" height="32" rx="8" fill="#2748b3" />
      <path d="M9 9 L16 22 M16 9 L16 22 M23 9 L16 22" stroke="#c9d6ff" strokeWidth="2" strokeLinecap="round" />
      <circle cx="9" cy="9" r="3.2" fill="#ffffff" />
      <circle cx="16" cy="9" r="3.2" fill="#ffffff" />
      <circle cx="23" cy="9" r="3.2" fill="#ffffff" />
      <circle cx="16" cy="23" r="4.5" fill="#ffd166" />
    </svg>
  );
}
