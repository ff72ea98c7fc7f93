import { act } from 'react';
import enhancePlayground from '@src/theme/islands/Playground';

// The editor itself is loaded on press; here a stand-in shows what it was given.
jest.mock('@src/theme/islands/Playground/launch', () => ({
  PlaygroundLaunch: ({ code, lang, version, onClose }: { code: string; lang: string; version: { release: string }; onClose: () => void }) => (
    <div data-testid="editor" data-lang={lang} data-release={version.release}>
      <pre>{code}</pre>
      <button type="button" onClick={onClose}>
        Close editor
      </button>
    </div>
  ),
}));

function doc(html: string) {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.replaceChildren(root);
  return root;
}

const SAMPLE =
  '<div class="code-block" data-island="copy"><div class="code-block__body"><pre><code>const a = 1;\n</code></pre></div></div>' +
  '<div class="playground-launch" data-island="playground" data-lang="ts"><button type="button" class="playground-launch__button">Edit and run</button></div>';

describe('"Edit and run"', () => {
  it("gives each marked sample's button its action (once, however often it runs), and takes it away again", async () => {
    const root = doc(SAMPLE + SAMPLE.replace('data-lang="ts"', 'data-lang="tsx"'));
    const stop = enhancePlayground(root);
    enhancePlayground(root);
    const [first, second] = Array.from(root.querySelectorAll('button'));
    await act(async () => second!.click());
    expect(Array.from(root.querySelectorAll('[data-testid="editor"]'), (e) => e.getAttribute('data-lang'))).toEqual(['tsx']);
    if (stop) stop();
    expect(root.querySelector('[data-testid="editor"]')).toBeNull();
    await act(async () => first!.click());
    expect(root.querySelector('[data-testid="editor"]')).toBeNull();
  });

  it('replaces the code block with an editor holding its code; Close puts the block back and focus on the button', async () => {
    const root = doc(SAMPLE);
    enhancePlayground(root);
    const button = root.querySelector('button')!;
    await act(async () => button.click());
    const editor = root.querySelector('[data-testid="editor"]')!;
    expect(editor.querySelector('pre')!.textContent).toBe('const a = 1;');
    expect(editor).toHaveAttribute('data-lang', 'ts');
    expect((root.querySelector('.code-block') as HTMLElement).style.display).toBe('none');
    expect(button.hidden).toBe(true);
    await act(async () => (editor.querySelector('button') as HTMLButtonElement).click());
    expect(root.querySelector('[data-testid="editor"]')).toBeNull();
    expect((root.querySelector('.code-block') as HTMLElement).style.display).toBe('');
    expect(button.hidden).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it("runs a sample on its doc's version: the release the build wrote for it, else the last version", async () => {
    const defines = globalThis as { __STAN_PLAYGROUND_ASSETS__?: unknown };
    defines.__STAN_PLAYGROUND_ASSETS__ = {
      workerBase: '/vendor/playground-w/',
      versions: [
        { name: 'current', release: '1.2.0-rc4', base: '/vendor/playground-a/' },
        { name: '1.0.0-rc14', release: '1.0.0-rc14', base: '/vendor/playground-b/' },
      ],
    };
    try {
      const root = doc(
        SAMPLE.replace('data-lang="ts"', 'data-lang="ts" data-version="1.0.0-rc14"') +
          SAMPLE.replace('data-lang="ts"', 'data-lang="ts" data-version="current"') +
          SAMPLE,
      );
      enhancePlayground(root);
      for (const button of Array.from(root.querySelectorAll('button'))) await act(async () => button.click());
      const releases = Array.from(root.querySelectorAll('[data-testid="editor"]'), (editor) => editor.getAttribute('data-release'));
      expect(releases).toEqual(['1.0.0-rc14', '1.2.0-rc4', '1.2.0-rc4']);
    } finally {
      delete defines.__STAN_PLAYGROUND_ASSETS__;
    }
  });

  it('opens a sample with diff marks as the code the build gave it (its final code)', async () => {
    const root = doc(SAMPLE.replace('data-lang="ts"', 'data-lang="ts" data-code="const b = 2;"'));
    enhancePlayground(root);
    await act(async () => root.querySelector('button')!.click());
    expect(root.querySelector('[data-testid="editor"] pre')!.textContent).toBe('const b = 2;');
  });
});
