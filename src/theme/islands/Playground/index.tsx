/**
 * "Edit and run" for every sample the build marked (`data-island="playground"`, right after its code block, with its
 * button written by the build). Pressing it replaces the code block with an editor holding the sample's final code
 * (without diff marks), checked and run against the package of the doc's version (`data-version`); the editor,
 * TypeScript and the sandbox load only then. Close puts the code block back. The reader's edits of each sample are
 * kept (per page and sample): opening it again, after a reload or a visit elsewhere, brings them back.
 */
import { createRoot, type Root } from 'react-dom/client';
import type { Island } from '../registry';
import { islandSelector } from '../../../contract/islands';
import { CODE_DATA, LANG_DATA, PLAYGROUND_LAUNCH_CLASSES, VERSION_DATA } from '../../../contract/markup/playground-launch';
import { sampleDraftScope } from '../../../theme-common/code-drafts';
import { playgroundVersion } from './assets';
import { PlaygroundLaunch } from './launch';

// Buttons with the action, so running again (a re-render) never opens two editors.
const enhanced = new WeakSet<Element>();

const enhancePlayground: Island = (root) => {
  const roots = new Set<Root>();
  const stops: (() => void)[] = [];
  root.querySelectorAll<HTMLElement>(islandSelector('playground')).forEach((marker) => {
    const button = marker.querySelector<HTMLButtonElement>(`.${PLAYGROUND_LAUNCH_CLASSES.button}`);
    if (!button || enhanced.has(button)) return;
    const block = marker.previousElementSibling instanceof HTMLElement ? marker.previousElementSibling : null;
    const lang = marker.dataset[LANG_DATA.key] === 'tsx' ? 'tsx' : 'ts';
    const open = () => {
      const code = marker.dataset[CODE_DATA.key] ?? block?.querySelector('pre code')?.textContent ?? '';
      // A sample without the attribute (or naming a version the build did not write) runs on the last version.
      const { version } = playgroundVersion(marker.dataset[VERSION_DATA.key]);
      const container = document.createElement('div');
      container.tabIndex = -1;
      marker.append(container);
      button.hidden = true;
      if (block) block.style.display = 'none';
      const reactRoot = createRoot(container);
      roots.add(reactRoot);
      const close = () => {
        roots.delete(reactRoot);
        reactRoot.unmount();
        container.remove();
        button.hidden = false;
        if (block) block.style.display = '';
        button.focus();
      };
      // The page's route (a trailing slash or not) names the scope of its samples' drafts.
      const scope = sampleDraftScope(window.location.pathname.replace(/\/+$/, '') || '/');
      reactRoot.render(<PlaygroundLaunch code={code.replace(/\n$/, '')} draftScope={scope} lang={lang} version={version} onClose={close} />);
      // Focus stays in place while the editor loads (it takes focus once there).
      container.focus();
    };
    button.addEventListener('click', open);
    enhanced.add(button);
    // Says the button acts now (a press before this was held by the islands loader and is replayed).
    marker.dataset.enhanced = '';
    stops.push(() => {
      button.removeEventListener('click', open);
      enhanced.delete(button);
      delete marker.dataset.enhanced;
    });
  });
  return () => {
    roots.forEach((reactRoot) => reactRoot.unmount());
    roots.clear();
    stops.forEach((stop) => stop());
  };
};

export default enhancePlayground;
