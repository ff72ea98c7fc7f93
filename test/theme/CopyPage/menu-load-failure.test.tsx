import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import CopyPage from '@src/theme/CopyPage';

const mockMenu = { failures: 1 };
// The menu's chunk fails to load as many times as asked, as a dead network would make it.
jest.mock('@src/theme/CopyPage/Actions', () => {
  if (mockMenu.failures > 0) {
    mockMenu.failures -= 1;
    throw new Error('Loading chunk copy-page-actions failed.');
  }
  return jest.requireActual('@src/theme/CopyPage/Actions');
});

test('code that does not load says so with a Retry that loads it and then does what was asked', async () => {
  const writeText = jest.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async () => ({ ok: true, status: 200, text: async () => '# Atom\n' }));
  render(<CopyPage route="/docs/api/atom" />);
  fireEvent.click(screen.getByRole('button', { name: 'Copy page' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Copy page could not load.');
  expect(writeText).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(writeText).toHaveBeenCalledWith('# Atom\n'));
  expect(screen.queryByRole('alert')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'More ways to use this page' }));
  expect(await screen.findByRole('link', { name: /^Open in ChatGPT/ })).toBeInTheDocument();
});
