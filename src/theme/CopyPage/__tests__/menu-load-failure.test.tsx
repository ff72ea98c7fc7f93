import { fireEvent, render, screen } from '@testing-library/react';
import CopyPage from '..';

const mockMenu = { failures: 1 };
// The menu's chunk fails to load as many times as asked, as a dead network would make it.
jest.mock('../Menu', () => {
  if (mockMenu.failures > 0) {
    mockMenu.failures -= 1;
    throw new Error('Loading chunk copy-page-menu failed.');
  }
  return jest.requireActual('../Menu');
});

test('a menu whose code does not load says so with a Retry that loads it; the copy button keeps working', async () => {
  render(<CopyPage route="/docs/api/atom" />);
  fireEvent.click(screen.getByRole('button', { name: 'More ways to use this page' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The page menu could not load.');
  expect(screen.getByRole('button', { name: 'Copy page' })).toBeEnabled();
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('link', { name: /^Open in ChatGPT/ })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
});
