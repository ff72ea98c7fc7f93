import { nextColorModeChoice, useColorMode, type ColorModeChoice } from '../../theme-common/color-mode';
import * as styles from './styles.module.css';

const ICONS: Record<ColorModeChoice, string> = {
  light: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM11 1h2v4h-2zm0 18h2v4h-2zM1 11h4v2H1zm18 0h4v2h-4z',
  dark: 'M9.4 2.2A10 10 0 1 0 21.8 14.6 8 8 0 0 1 9.4 2.2z',
  system: 'M3 4h18v12H3zm2 2v8h14V6zM8 19h8v2H8z',
};

/** The colour mode switch: light ↔ dark, or system → light → dark when the config respects the system scheme. */
export default function ColorModeToggle({ className }: { className?: string }) {
  const { colorMode, choice, disableSwitch, respectPrefersColorScheme, setColorMode } = useColorMode();
  if (disableSwitch) return null;
  const shown: ColorModeChoice = respectPrefersColorScheme ? choice : colorMode;
  const next = nextColorModeChoice(shown, respectPrefersColorScheme);
  return (
    <button
      type="button"
      className={`${styles.toggle} ${className ?? ''}`}
      onClick={() => setColorMode(next)}
      aria-label={`Switch to ${next} mode (currently ${shown} mode)`}
      title={`Switch to ${next} mode (currently ${shown} mode)`}
      data-color-mode-choice={shown}
      data-needs-script=""
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={ICONS[shown]} />
      </svg>
    </button>
  );
}
