/**
 * <Since release="1.2.0-rc4" />: a small mark after an API entry (inline) or under its heading (on its own line)
 * saying the entry is new in that release. It shows "Since 1.2"; screen readers and the tooltip get the full release.
 */
import fs from 'fs';
import path from 'path';
import { GLOBAL_CLASSES, SINCE_CLASSES } from '../../../contract/markup/static';
import { SINCE_COMPONENT, sinceShortRelease, sinceText } from '../../../contract/since';
import { CURRENT_VERSION_NAME } from '../../../contract/docs-versions';
import { installedPackage } from '../../doc-checks';
import { useDocRender } from './context';

/** The older docs versions, newest first (content/versions.json beside the build's working directory). */
const VERSIONS_FILE = path.join(process.cwd(), 'content/versions.json');

/**
 * The releases a mark may name: the documented ones but the oldest, which has nothing "since" it. `older` is newest
 * first, as content/versions.json lists it. On a page of an older version (`versionName`), only that release and the
 * ones before it: a page cannot say an entry is new in a release later than the one it documents.
 */
export function sinceReleases(current: string, older: readonly string[], versionName: string = CURRENT_VERSION_NAME): string[] {
  const own = versionName === CURRENT_VERSION_NAME ? 0 : older.indexOf(versionName) + 1;
  return [current, ...older].slice(own, older.length);
}

let documented: { current: string; older: string[] } | undefined;

/** The installed release the current docs describe, and the older versions the site documents; read once per process. */
function documentedReleases(): { current: string; older: string[] } {
  documented ??= {
    current: installedPackage().release,
    older: fs.existsSync(VERSIONS_FILE) ? (JSON.parse(fs.readFileSync(VERSIONS_FILE, 'utf8')) as string[]) : [],
  };
  return documented;
}

export function Since({ release }: { release?: unknown }) {
  const { fail, versionName } = useDocRender();
  const { current, older } = documentedReleases();
  const allowed = sinceReleases(current, older, versionName);
  if (typeof release !== 'string' || !allowed.includes(release)) {
    const named = typeof release === 'string' ? `release="${release}"` : 'no release';
    const oldest = older[older.length - 1];
    const none =
      versionName !== CURRENT_VERSION_NAME && older.includes(versionName)
        ? `(none: this page documents ${versionName}, and nothing older is documented, so nothing on it is new)`
        : '(none: no older version is documented, so nothing is new)';
    return fail(
      `<${SINCE_COMPONENT}> has ${named}, which is not a release these docs can mark: write ${allowed.map((r) => `release="${r}"`).join(' or ') || none}` +
        (oldest ? ` (a mark says that ${oldest}, the oldest documented release, lacks the entry; content/versions.json lists the older versions)` : ''),
    );
  }
  const oldest = older[older.length - 1];
  const tooltip = `Added in release ${release}${oldest ? `; ${oldest} does not have it` : ''}`;
  return (
    <span className={SINCE_CLASSES.mark} title={tooltip}>
      <span aria-hidden="true">{sinceText(sinceShortRelease(release))}</span>
      <span className={GLOBAL_CLASSES.visuallyHidden}>{sinceText(release)}</span>
    </span>
  );
}
