import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { siteConfig } from '@src/theme-common/site-config';
import CopyPage from '@src/theme/CopyPage';
import { COPIED_FEEDBACK_MS } from '@src/theme/CopyPage/hooks';

const MARKDOWN = '# Atom\n\n> Writable state.\n';
const SITE = siteConfig.url;

const respond = (text: string, status = 200) => ({ ok: status >= 200 && status < 300, status, text: async () => text }) as Response;
let fetchMock: jest.Mock;
let writeText: jest.Mock;

beforeEach(() => {
  fetchMock = jest.fn(async () => respond(MARKDOWN));
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  writeText = jest.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
  siteConfig.themeConfig.copyPage.aiLinks = true;
});

const copyButton = () => screen.getByRole('button', { name: 'Copy page' });
const toggle = () => screen.getByRole('button', { name: 'More ways to use this page' });

describe('Copy page', () => {
  test("copies the doc's published Markdown and says so in the live region that was in the page from the start", async () => {
    render(<CopyPage route="/docs/api/atom" />);
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    fireEvent.click(copyButton());
    await waitFor(() => expect(status).toHaveTextContent('Copied as Markdown'));
    expect(fetchMock).toHaveBeenCalledWith('/docs/api/atom.md', { credentials: 'same-origin' });
    expect(writeText).toHaveBeenCalledWith(MARKDOWN);
    expect(screen.getByRole('status')).toBe(status);
  });

  test('the note goes after a moment, and each press copies again', async () => {
    jest.useFakeTimers();
    try {
      render(<CopyPage route="/docs/api/atom" />);
      fireEvent.click(copyButton());
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Copied as Markdown'));
      act(() => {
        jest.advanceTimersByTime(COPIED_FEEDBACK_MS - 100);
      });
      expect(screen.getByRole('status')).toHaveTextContent('Copied as Markdown');
      act(() => {
        jest.advanceTimersByTime(100);
      });
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
      fireEvent.click(copyButton());
      await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Copied as Markdown'));
    } finally {
      jest.useRealTimers();
    }
  });

  test('a failed download says so with a Retry that copies once the Markdown loads', async () => {
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    render(<CopyPage route="/docs" />);
    fireEvent.click(copyButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The page could not be copied: its Markdown did not load.');
    expect(writeText).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(MARKDOWN));
    expect(fetchMock).toHaveBeenLastCalledWith('/docs.md', { credentials: 'same-origin' });
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Copied as Markdown'));
  });

  test('a refused clipboard says so, and Retry tries again', async () => {
    writeText.mockImplementationOnce(async () => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    render(<CopyPage route="/docs/api/atom" />);
    fireEvent.click(copyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('the browser refused access to the clipboard');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(writeText).toHaveBeenCalledTimes(2);
  });

  test('is marked not to be printed', () => {
    const { container } = render(<CopyPage route="/docs" />);
    expect(container.firstElementChild).toHaveAttribute('data-noprint');
  });
});

describe('the AI assistants menu', () => {
  test('a disclosure of two links that open ChatGPT and Claude in a new tab, asked to read the absolute .md URL', async () => {
    render(<CopyPage route="/docs/api/atom" />);
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle());
    const chatgpt = await screen.findByRole('link', { name: /^Open in ChatGPT/ });
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    // Right after the button in the document, so Tab goes from the button into the menu.
    expect(toggle().compareDocumentPosition(chatgpt) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const prompt = `Read ${SITE}/docs/api/atom.md so I can ask questions about it.`;
    expect(chatgpt).toHaveAttribute('href', `https://chatgpt.com/?q=${encodeURIComponent(prompt)}`);
    const claude = screen.getByRole('link', { name: /^Open in Claude/ });
    expect(claude).toHaveAttribute('href', `https://claude.ai/new?q=${encodeURIComponent(prompt)}`);
    for (const link of [chatgpt, claude]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAccessibleName(/\(opens in a new tab\)$/);
    }
    fireEvent.click(toggle());
    expect(screen.queryAllByRole('link', { name: /^Open in/ })).toHaveLength(0);
  });

  test('keyboard: down arrow opens it on the first link, arrows and Home/End move, Escape closes it back on the button', async () => {
    render(<CopyPage route="/docs/api/atom" />);
    act(() => toggle().focus());
    fireEvent.keyDown(toggle(), { key: 'ArrowDown' });
    const chatgpt = await screen.findByRole('link', { name: /^Open in ChatGPT/ });
    await waitFor(() => expect(chatgpt).toHaveFocus());
    const claude = screen.getByRole('link', { name: /^Open in Claude/ });
    fireEvent.keyDown(chatgpt, { key: 'ArrowDown' });
    expect(claude).toHaveFocus();
    fireEvent.keyDown(claude, { key: 'ArrowDown' });
    expect(chatgpt).toHaveFocus();
    fireEvent.keyDown(chatgpt, { key: 'ArrowUp' });
    expect(claude).toHaveFocus();
    fireEvent.keyDown(claude, { key: 'Home' });
    expect(chatgpt).toHaveFocus();
    fireEvent.keyDown(chatgpt, { key: 'End' });
    expect(claude).toHaveFocus();
    fireEvent.keyDown(claude, { key: 'Escape' });
    expect(screen.queryAllByRole('link', { name: /^Open in/ })).toHaveLength(0);
    expect(toggle()).toHaveFocus();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  test('a press or focus outside closes it, leaving the focus where the reader put it', async () => {
    render(
      <>
        <CopyPage route="/docs" />
        <button type="button">Elsewhere</button>
      </>,
    );
    fireEvent.click(toggle());
    await screen.findByRole('link', { name: /^Open in Claude/ });
    fireEvent.pointerDown(document.body);
    expect(screen.queryAllByRole('link', { name: /^Open in/ })).toHaveLength(0);

    fireEvent.click(toggle());
    await screen.findByRole('link', { name: /^Open in Claude/ });
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    act(() => elsewhere.focus());
    expect(screen.queryAllByRole('link', { name: /^Open in/ })).toHaveLength(0);
    expect(elsewhere).toHaveFocus();
  });

  test('themeConfig.copyPage.aiLinks: false leaves the copy button alone, without the menu', () => {
    siteConfig.themeConfig.copyPage.aiLinks = false;
    render(<CopyPage route="/docs" />);
    expect(copyButton()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More ways to use this page' })).toBeNull();
  });
});
