import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { PageRouteProvider, usePageRoute } from '@src/theme-common/page-route';

function ShowRoute() {
  return <p>route {usePageRoute()}</p>;
}

/** The not-found page's HTML (rendered for /404.html), hydrated at an unknown address; returns what React reported. */
async function hydrateNotFound(renderedPathname: string | undefined): Promise<unknown[]> {
  const errors: unknown[] = [];
  const spy = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(
    <PageRouteProvider pathname="/404.html">
      <ShowRoute />
    </PageRouteProvider>,
  );
  await act(async () => {
    render(
      <PageRouteProvider pathname="/docs/1.0.0-rc14/nothing" renderedPathname={renderedPathname}>
        <ShowRoute />
      </PageRouteProvider>,
      { container, hydrate: true, onRecoverableError: (error) => void errors.push(error) },
    );
  });
  spy.mockRestore();
  return errors;
}

describe('PageRouteProvider', () => {
  it('hydrates the not-found page as the route it was rendered for, then gives the address', async () => {
    expect(await hydrateNotFound('/404.html')).toEqual([]);
    expect(screen.getByText(/^route/)).toHaveTextContent('route /docs/1.0.0-rc14/nothing');
  });

  it('(without the rendered route, the first render disagrees with the server’s HTML)', async () => {
    expect((await hydrateNotFound(undefined)).length).toBeGreaterThan(0);
  });

  it('gives the address at once to what mounts after hydration', () => {
    render(
      <PageRouteProvider pathname="/docs/api/atom" renderedPathname="/404.html">
        <ShowRoute />
      </PageRouteProvider>,
    );
    expect(screen.getByText(/^route/)).toHaveTextContent('route /docs/api/atom');
  });
});
