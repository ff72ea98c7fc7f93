import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import type { AnnouncementBarConfig } from '../config/types';
import { STORAGE_KEYS } from '../contract/constants';
import { createRequiredContext } from './context';
import { useSiteConfig } from './site-config';
import { useStorageSlot } from './storage';

/** The bar is hidden only when it is closeable and this very bar id was dismissed. */
export function isAnnouncementDismissed(
  bar: Pick<AnnouncementBarConfig, 'id' | 'isCloseable'>,
  dismissed: string | null,
  storedId: string | null,
): boolean {
  return bar.isCloseable && dismissed === 'true' && storedId === bar.id;
}

interface AnnouncementBarContextValue {
  isActive: boolean;
  close(): void;
}

const [AnnouncementBarContext, useAnnouncementBarContext] = createRequiredContext<AnnouncementBarContextValue>(
  'useAnnouncementBar',
  'AnnouncementBarProvider',
);

export function AnnouncementBarProvider({ children }: { children: ReactNode }) {
  const bar = useSiteConfig().themeConfig.announcementBar;
  const [dismissed, dismissSlot] = useStorageSlot(STORAGE_KEYS.announcementDismiss);
  const [storedId, idSlot] = useStorageSlot(STORAGE_KEYS.announcementId);
  const id = bar?.id;

  useEffect(() => {
    // A new announcement (new id) resets an old dismissal.
    if (id === undefined || idSlot.get() === id) return;
    idSlot.set(id);
    dismissSlot.set('false');
  }, [id, idSlot, dismissSlot]);

  const close = useCallback(() => {
    if (id === undefined) return;
    idSlot.set(id);
    dismissSlot.set('true');
  }, [id, idSlot, dismissSlot]);

  const isActive = Boolean(bar) && !(bar && isAnnouncementDismissed(bar, dismissed, storedId));
  const value = useMemo(() => ({ isActive, close }), [isActive, close]);
  return <AnnouncementBarContext.Provider value={value}>{children}</AnnouncementBarContext.Provider>;
}

/** Whether the announcement bar shows, and how to dismiss it (stored with the bar's id). */
export const useAnnouncementBar = useAnnouncementBarContext;
