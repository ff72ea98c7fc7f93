/**
 * <Since release="1.2.0-rc4" />: a small mark after an API entry (inline) or under its heading (on its own line)
 * saying the entry is new in that release. It shows "Since 1.2"; screen readers and the tooltip get the full release.
 */
import { GLOBAL_CLASSES, SINCE_CLASSES } from '../../../contract/markup/static';
import { SINCE_COMPONENT, sinceShortRelease, sinceText } from '../../../contract/since';
import { useDocRender } from './context';

export function Since({ release }: { release?: unknown }) {
  const { fail, version } = useDocRender();
  const { releases: allowed, oldest } = version.since;
  if (typeof release !== 'string' || !allowed.includes(release)) {
    const named = typeof release === 'string' ? `release="${release}"` : 'no release';
    const none = oldest
      ? `(none: this page documents ${oldest}, and nothing older is documented, so nothing on it is new)`
      : '(none: no older version is documented, so nothing is new)';
    return fail(
      `<${SINCE_COMPONENT}> has ${named}, which is not a release these docs can mark: write ${allowed.map((r) => `release="${r}"`).join(' or ') || none}` +
        (oldest ? ` (a mark says that ${oldest}, the oldest documented release, lacks the entry; content/versions.json lists the older versions)` : ''),
    );
  }
  const tooltip = `Added in release ${release}${oldest ? `; ${oldest} does not have it` : ''}`;
  return (
    <span className={SINCE_CLASSES.mark} title={tooltip}>
      <span aria-hidden="true">{sinceText(sinceShortRelease(release))}</span>
      <span className={GLOBAL_CLASSES.visuallyHidden}>{sinceText(release)}</span>
    </span>
  );
}
