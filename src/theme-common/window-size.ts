import { DESKTOP_BREAKPOINT } from '../contract/constants';
import { useMediaQuery } from './media';

export type WindowSize = 'desktop' | 'mobile';

export const DESKTOP_QUERY = `(min-width: ${DESKTOP_BREAKPOINT}px)`;

/** 'desktop' from 996 px wide, else 'mobile'; 'desktop' during server render and hydration. */
export function useWindowSize(): WindowSize {
  return useMediaQuery(DESKTOP_QUERY, true) ? 'desktop' : 'mobile';
}
