import { act, render, screen } from '@testing-library/react';
import { LIVE_PREVIEW_PATH } from '@src/contract/live-preview';
import { useLivePreview, useLivePreviewInDevelop } from '@src/theme-common/live-preview';

/** The browser's EventSource, driven by the test. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  send(data: unknown) {
    act(() => this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent<string>));
  }
}

beforeAll(() => {
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});

function Page({ route, html }: { route: string; html: string }) {
  const live = useLivePreviewInDevelop(route, html);
  return (
    <article>
      <h1>{live?.title ?? 'Page data title'}</h1>
      <div data-testid="body" dangerouslySetInnerHTML={{ __html: live?.html ?? html }} />
      <p>{live?.toc?.map((item) => item.title).join(', ') ?? 'page data toc'}</p>
    </article>
  );
}

describe('useLivePreview', () => {
  it('is a no-op outside gatsby develop (the hook the pages use in tests and builds)', () => {
    function Probe() {
      return <p>{useLivePreview('/docs', '<p>x</p>') === null ? 'none' : 'live'}</p>;
    }
    render(<Probe />);
    expect(screen.getByText('none')).toBeInTheDocument();
  });

  it('shows a saved doc of its route as soon as it arrives, and the page data again once that changes', () => {
    const { rerender } = render(<Page route="/docs/guides/caching" html="<p>Old body</p>" />);
    const stream = FakeEventSource.instances[0] as FakeEventSource;
    expect(stream.url).toBe(LIVE_PREVIEW_PATH);
    stream.send({ route: '/docs/api/atom', file: 'x', html: '<p>Other page</p>', title: 'Other', toc: [] });
    expect(screen.getByTestId('body')).toHaveTextContent('Old body');
    stream.send({
      route: '/docs/guides/caching/',
      file: 'content/docs/guides/caching.mdx',
      html: '<p>New body</p>',
      title: 'New title',
      toc: [{ id: 'a', title: 'New heading' }],
    });
    expect(screen.getByTestId('body')).toHaveTextContent('New body');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('New title');
    expect(screen.getByText('New heading')).toBeInTheDocument();
    // Page data that has not caught up (an older save Gatsby applied late) does not replace the newer body.
    rerender(<Page route="/docs/guides/caching" html="<p>An older body</p>" />);
    expect(screen.getByTestId('body')).toHaveTextContent('New body');
    // Gatsby's page data caught up: it is shown again.
    rerender(<Page route="/docs/guides/caching" html="<p>New body</p>" />);
    expect(screen.getByTestId('body')).toHaveTextContent('New body');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page data title');
  });

  it('shows the error that keeps the doc from rendering, in an alert naming file and line', () => {
    render(<Page route="/docs/guides/ssr" html="<p>Body</p>" />);
    const stream = FakeEventSource.instances[0] as FakeEventSource;
    stream.send({ route: '/docs/guides/ssr', file: 'content/docs/guides/ssr.mdx', problem: 'content/docs/guides/ssr.mdx:12:5: Unexpected end of file' });
    expect(screen.getByRole('alert')).toHaveTextContent('content/docs/guides/ssr.mdx:12:5: Unexpected end of file');
    stream.send('not json');
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});
