import type { Store } from '@rkrupinski/stan';
import { useStanCtx } from '@rkrupinski/stan/react';

/** Renders the store the hooks below it use into `seen` (one entry per render). */
export function StoreProbe({ seen }: { seen: Store[] }) {
  seen.push(useStanCtx().store);
  return null;
}
