/** Share: the code's link, shown in a field and copied to the clipboard when the browser lets the page. */
import { useState } from 'react';
import type { PlaygroundLanguage } from '../../../../contract/playground';
import { PLAYGROUND_STRINGS as S } from '../../../../contract/playground-strings';
import { shareUrl } from '../share';

export function useShare(lang: PlaygroundLanguage) {
  const [link, setLink] = useState<string | null>(null);
  const [shareStatus, setShareStatus] = useState('');

  const share = async (code: string) => {
    const url = await shareUrl(window.location.origin, { code, lang });
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
