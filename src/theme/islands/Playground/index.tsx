/**
 * "Edit and run" for every sample the build marked (`data-island="playground"`, right after its code block).
 * Pressing it replaces the code block with an editor holding the sample's final code (without diff marks);
 * the editor, TypeScript and the sandbox load only then. Close puts the code block back.
 */
import { createRoot, type Root } from 'react-dom/client';
import type { Island } from '../types';
import { islandSelector } from '../../../contract/islands';
import { PLAYGROUND_LAUNCH_STRINGS } from '../../../contract/playground-launch-strings';
import { PlaygroundLaunch } from './launch';

const enhancePlayground: Island = (root) => {
  const roots = new Set<Root>();
  const added: Element[] = [];
  root.querySelectorAll<HTMLElement>(islandSelector('playground')).forEach((marker) => {
    if (marker.querySelector('.playground-launch__button')) return;
    const block = marker.previousElementSibling instanceof HTMLElement ? marker.previousElementSibling : null;
    const lang = marker.dataset.lang === 'tsx' ? 'tsx' : 'ts';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'button-secondary playground-launch__button';
    button.textContent = PLAYGROUND_LAUNCH_STRINGS.editAndRun;
    button.addEventListener('click', () => {
      const code = marker.dataset.code ?? block?.querySelector('pre code')?.textContent ?? '';
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
      reactRoot.render(<PlaygroundLaunch code={code.replace(/\n$/, '')} lang={lang} onClose={close} />);
      // Focus stays in place while the editor loads (it takes focus once there).
      container.focus();
    });
    marker.append(button);
    added.push(button);
  });
  return () => {
    roots.forEach((reactRoot) => reactRoot.unmount());
    roots.clear();
    added.forEach((element) => element.remove());
  };
};

export default enhancePlayground;
