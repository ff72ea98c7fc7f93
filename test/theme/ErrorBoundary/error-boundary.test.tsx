import { fireEvent, render, screen } from '@testing-library/react';
import ErrorBoundary, { toError } from '@src/theme/ErrorBoundary';
import ErrorPage from '@src/theme/ErrorPage';

let shouldThrow = true;
function Flaky() {
  if (shouldThrow) {
    throw new Error('Rendering the sidebar failed', { cause: new Error('No sidebar "docs" in docs version "current".') });
  }
  return <p>Recovered content</p>;
}

beforeEach(() => {
  shouldThrow = true;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('ErrorBoundary with the error page', () => {
  it('shows "This page crashed.", the message chain and "Try again", which resets the boundary', () => {
    render(
      <ErrorBoundary fallback={({ error, tryAgain }) => <ErrorPage error={error} tryAgain={tryAgain} />}>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'This page crashed.' })).toBeInTheDocument();
    expect(screen.getByText('Rendering the sidebar failed')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Caused by' })).toHaveTextContent(
      'Cause: No sidebar "docs" in docs version "current".',
    );
    expect(document.title).toBe('Page Error | Stan');

    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Recovered content')).toBeInTheDocument();
    expect(screen.queryByText('This page crashed.')).toBeNull();
  });

  it('shows the error page again when the retry crashes too', () => {
    render(
      <ErrorBoundary fallback={({ error, tryAgain }) => <ErrorPage error={error} tryAgain={tryAgain} />}>
        <Flaky />
      </ErrorBoundary>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'This page crashed.' })).toBeInTheDocument();
  });

  it('passes caught errors to onError', () => {
    const onError = jest.fn();
    render(
      <ErrorBoundary onError={onError} fallback={() => <p>fallback</p>}>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Rendering the sidebar failed' }), expect.anything());
  });

  it('turns thrown non-errors into errors', () => {
    expect(toError('plain text').message).toBe('plain text');
    expect(toError(42).message).toBe('Non-error value thrown: 42');
    const error = new TypeError('x');
    expect(toError(error)).toBe(error);
  });
});
