const mockPreload = jest.fn();
const mockGetSearchClient = jest.fn(() => ({ preload: mockPreload }));
jest.mock('@src/search/client', () => ({ getPageSearchClient: () => mockGetSearchClient() }));
jest.mock('@src/theme/SearchBar/Modal', () => ({ __esModule: true, default: function SearchModal() {} }));

/** jsdom loads no stylesheets: answer the modal's <link> as the browser would. */
function finishStylesheet(event: 'load' | 'error') {
  const link = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
  link?.dispatchEvent(new Event(event));
  return link;
}

/** The modal's piece from a fresh module, so nothing loaded in one test is loaded in the next. */
async function freshLoad() {
  let piece: typeof import('@src/theme/SearchBar/load').searchModal | undefined;
  await jest.isolateModulesAsync(async () => {
    piece = (await import('@src/theme/SearchBar/load')).searchModal;
  });
  return () => (piece as typeof import('@src/theme/SearchBar/load').searchModal).load();
}

beforeEach(() => {
  document.head.innerHTML = '';
  mockPreload.mockClear();
  mockGetSearchClient.mockClear();
});

describe('the search modal piece', () => {
  it('starts the search client (worker + index) together with the modal chunk and its stylesheet', async () => {
    const loadSearchModal = await freshLoad();
    const loading = loadSearchModal();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The stylesheet has not arrived, so the modal is not ready, but the index download has started.
    expect(mockPreload).toHaveBeenCalledTimes(1);
    expect(finishStylesheet('load')).toHaveAttribute('href', '/docsearch.css');
    expect((await loading).name).toBe('SearchModal');
    // Loaded once: later calls reuse it.
    await loadSearchModal();
    expect(mockGetSearchClient).toHaveBeenCalledTimes(1);
    expect(document.head.querySelectorAll('link')).toHaveLength(1);
  });

  it('still opens the modal when the search client cannot start (the modal reports failed searches itself)', async () => {
    mockGetSearchClient.mockImplementationOnce(() => {
      throw new Error('Loading chunk 293 failed.');
    });
    const loadSearchModal = await freshLoad();
    const loading = loadSearchModal();
    await new Promise((resolve) => setTimeout(resolve, 0));
    finishStylesheet('load');
    expect((await loading).name).toBe('SearchModal');
  });

  it('fails when its stylesheet cannot load, and the retry requests the stylesheet again', async () => {
    const loadSearchModal = await freshLoad();
    const first = loadSearchModal();
    await new Promise((resolve) => setTimeout(resolve, 0));
    finishStylesheet('error');
    await expect(first).rejects.toThrow('Search could not load: The stylesheet /docsearch.css did not load');
    // The failed <link> is gone; the retry adds a new one.
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
    const second = loadSearchModal();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(finishStylesheet('load')).toHaveAttribute('href', '/docsearch.css');
    expect((await second).name).toBe('SearchModal');
  });
});
