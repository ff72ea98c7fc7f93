/** Share: the code's link, shown in a field and copied to the clipboard when the browser lets the page. */
import { useState } from 'react';
import type { PlaygroundLanguage } from '../../../../contract/playground';
import type { PlaygroundVersionAssets } from '../../../../contract/playground-versions';
import { PLAYGROUND_STRINGS as S } from '../../../../contract/playground-strings';
import { shareUrl } from '../share';

export function useShare(lang: PlaygroundLanguage, version: PlaygroundVersionAssets) {
  const [link, setLink] = useState<string | null>(null);
  const [shareStatus, setShareStatus] = useState('');

  const share = async (code: string) => {
    const url = await shareUrl(window.location.origin, { code, lang, release: version.release });
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
      setShareStatus(S.linkCopied);
    } catch {
      setShareStatus(S.linkReady);
    }
  };

  return { link, shareStatus, share };
}
