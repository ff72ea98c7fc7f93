import { fireEvent, render, screen } from '@testing-library/react';
import { PageErrorBoundary } from '@src/runtime/page-element';

let mockLayoutCrashes = false;
jest.mock('@src/theme/Layout', () => ({
  __esModule: true,
  default: ({ children }: { children: React.ReactNode }) => {
    if (mockLayoutCrashes) throw new Error('layout broke');
    return <div data-testid="layout">{children}</div>;
  },
}));

let pageCrashes = true;
function Page() {
  if (pageCrashes) throw new Error('No sidebar "docs"', { cause: new Error('docs data missing') });
  return <h1>Atom</h1>;
}

beforeEach(() => {
  mockLayoutCrashes = false;
  pageCrashes = true;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('PageErrorBoundary', () => {
  it('shows the error page inside the layout, and Try again renders the page again', async () => {
    render(
      <PageErrorBoundary pathname="/docs/api/atom">
        <Page />
      </PageErrorBoundary>,
    );
    expect(await screen.findByTestId('layout')).toContainElement(screen.getByRole('heading', { name: 'This page crashed.' }));
    expect(screen.getByText('No sidebar "docs"')).toBeInTheDocument();
    expect(screen.getByText('docs data missing')).toBeInTheDocument();
    pageCrashes = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'Atom' })).toBeInTheDocument();
  });

  it('falls back to the bare error page when the layout crashes too', async () => {
    mockLayoutCrashes = true;
    render(
      <PageErrorBoundary pathname="/docs/api/atom">
        <Page />
      </PageErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'This page crashed.' })).toBeInTheDocument();
    expect(screen.queryByTestId('layout')).toBeNull();
    expect(screen.getByText('No sidebar "docs"')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('clears the error when the path changes', async () => {
    const { rerender } = render(
      <PageErrorBoundary pathname="/docs/api/atom">
        <Page />
      </PageErrorBoundary>,
    );
    await screen.findByRole('heading', { name: 'This page crashed.' });
    pageCrashes = false;
    rerender(
      <PageErrorBoundary pathname="/docs/api/state">
        <Page />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Atom' })).toBeInTheDocument();
  });
});
