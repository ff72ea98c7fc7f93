import { useEffect, useState } from 'react';
import type { LocaleDropdownNavbarItem as Item } from '../../config/types';
import { useSiteConfig } from '../../theme-common/site-config';
import Dropdown from './Dropdown';

/** Lists the site's locales (only English); each entry links to the current page in that locale. */
export default function LocaleDropdownNavbarItem(_: { item: Item }) {
  const { i18n } = useSiteConfig();
  // The current route is only known in the browser; "/" until then keeps server and hydration output equal.
  const [path, setPath] = useState('/');
  useEffect(() => setPath(window.location.pathname + window.location.search + window.location.hash), []);
  // The schema guarantees an entry for the default locale.
  const current = i18n.locales.find((l) => l.code === i18n.defaultLocale) ?? { code: 'en', label: 'English', htmlLang: 'en' };
  return (
    <Dropdown
      label={
        <>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-3a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8zM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.4 1.1-2.8 1.9-4zM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4zm.8 2h3a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16zm3-8h-3a8 8 0 0 1 4.4-3.6C8.9 5.5 8.4 6.7 8.1 8zM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.4-1.1 2.8-1.9 4zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.2 5.6c.6-1.1 1.1-2.3 1.4-3.6h3a8 8 0 0 1-4.4 3.6zm1.8-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4z"
            />
          </svg>
          <span>{current.label}</span>
        </>
      }
      links={i18n.locales.map((locale) => ({
        label: locale.label,
        to: path,
        lang: locale.htmlLang,
        current: locale.code === current.code,
      }))}
    />
  );
}
