import { act, fireEvent, render, screen } from '@testing-library/react';
import { ErrorScreen } from '@src/theme/SearchBar/ErrorScreen';

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** The element the modal renders into, holding DocSearch's dropdown, beside another dropdown elsewhere in the page. */
function setUp() {
  document.body.innerHTML =
    '<div class="DocSearch-Dropdown" id="elsewhere"></div><div id="search-root"><div class="DocSearch-Modal"><div class="DocSearch-Dropdown" id="first"></div></div></div>';
  return document.getElementById('search-root')!;
}

describe('ErrorScreen', () => {
  it('says the search failed inside the modal’s own dropdown, with a Retry', () => {
    const root = setUp();
    const onRetry = jest.fn();
    render(<ErrorScreen root={root} retrying={false} onRetry={onRetry} />, { container: document.createElement('div') });
    const alert = screen.getByRole('alert');
    expect(alert.parentElement).toHaveAttribute('id', 'first');
    expect(alert).toHaveTextContent('Unable to fetch results');
    expect(document.getElementById('elsewhere')).toBeEmptyDOMElement();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps focus on a Retry in progress, which does nothing more when pressed', () => {
    const root = setUp();
    const onRetry = jest.fn();
    render(<ErrorScreen root={root} retrying onRetry={onRetry} />, { container: document.createElement('div') });
    const button = screen.getByRole('button');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toBeDisabled();
    fireEvent.click(button);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('follows the dropdown when DocSearch mounts afresh (Retry)', async () => {
    const root = setUp();
    render(<ErrorScreen root={root} retrying={false} onRetry={() => undefined} />, { container: document.createElement('div') });
    root.innerHTML = '<div class="DocSearch-Modal"><div class="DocSearch-Dropdown" id="second"></div></div>';
    await flush();
    expect(screen.getByRole('alert').parentElement).toHaveAttribute('id', 'second');
  });
});
