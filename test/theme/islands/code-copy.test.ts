import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import enhanceCodeBlocks, { COPIED_FEEDBACK_MS } from '@src/theme/islands/CodeCopy';
import { fence, mountDoc } from './markup';

jest.setTimeout(30_000);

const writeText = jest.fn<Promise<void>, [string]>();

beforeEach(() => {
  document.body.innerHTML = '';
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

describe('CodeCopy island', () => {
  it('each code block comes with a named "Copy code" button that copies once the island runs, once per click', async () => {
    const root = await mountDoc(`${fence('ts title="a.ts"', 'const a = 1;')}\n${fence('bash', 'npm test')}`);
    const buttons = screen.getAllByRole('button', { name: 'Copy code' });
    expect(buttons).toHaveLength(2);
    expect(buttons[0]).toHaveAttribute('type', 'button');
    enhanceCodeBlocks(root);
    // Running again (e.g. a re-render) does not copy twice.
    enhanceCodeBlocks(root);
    await act(async () => {
      fireEvent.click(buttons[1]!);
    });
    expect(writeText.mock.calls).toEqual([['npm test']]);
  });

  it('copies the code text exactly and announces "Copied" politely, then resets', async () => {
    jest.useFakeTimers();
    try {
      const code = "import { atom } from '@rkrupinski/stan';\n\nexport const count = atom(0);";
      const root = await mountDoc(fence('ts {3}', code));
      enhanceCodeBlocks(root);
      const status = screen.getByRole('status');
      expect(status).toBeEmptyDOMElement();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
      });
      expect(writeText).toHaveBeenCalledWith(code);
      expect(status).toHaveTextContent('Copied');
      expect(screen.getByRole('button', { name: 'Copy code' })).toHaveAttribute('data-copied');
      act(() => {
        jest.advanceTimersByTime(COPIED_FEEDBACK_MS);
      });
      expect(status).toBeEmptyDOMElement();
      expect(screen.getByRole('button', { name: 'Copy code' })).not.toHaveAttribute('data-copied');
    } finally {
      jest.useRealTimers();
    }
  });

  it('copies the code a marked sample ends with: no removed lines, no mark comments, no trailing spaces', async () => {
    const code = [
      "import { atom } from '@rkrupinski/stan';",
      'export const count = atom(0); // [!code --]',
      "export const count = atom(0, { tag: 'count' }); // [!code ++]",
      '// [!code focus]',
      'count.toString();',
    ].join('\n');
    const root = await mountDoc(fence('ts', code));
    enhanceCodeBlocks(root);
    // The block shows the removed line; the clipboard gets the final code.
    expect(root.querySelector('pre code')?.textContent).toContain('atom(0); ');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    });
    expect(writeText).toHaveBeenCalledWith(
      ["import { atom } from '@rkrupinski/stan';", "export const count = atom(0, { tag: 'count' });", 'count.toString();'].join('\n'),
    );
  });

  it('works from the keyboard: the button is a native button reached by Tab', async () => {
    const root = await mountDoc(fence('ts partial', 'x();'));
    enhanceCodeBlocks(root);
    const button = screen.getByRole('button', { name: 'Copy code' });
    button.focus();
    expect(button).toHaveFocus();
    expect(button.tabIndex).toBe(0);
  });

  it('when the clipboard refuses, selects the code and says how to copy it', async () => {
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const root = await mountDoc(fence('ts partial', 'refused();'));
    enhanceCodeBlocks(root);
    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Copying failed: the code is selected'));
    expect(window.getSelection()?.toString()).toBe('refused();');
  });

  it('is undone by its cleanup (the doc runtime calls it before the HTML changes): the buttons stay, without the action', async () => {
    jest.useFakeTimers();
    try {
      const root = await mountDoc(fence('ts partial', 'x();'));
      const stop = enhanceCodeBlocks(root);
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
      });
      stop?.();
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
      expect(screen.getByRole('button', { name: 'Copy code' })).not.toHaveAttribute('data-copied');
      fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
      expect(writeText).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
