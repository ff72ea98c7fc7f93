/** @jest-environment node */
// A doc's docs version comes from its path, and the components of a doc read it from the render context.
import path from 'path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { docRender, DocRenderContext } from '@src/node/mdx/components';
import { useDocRender } from '@src/node/mdx/components/context';
import { docVersionOfFile } from '@src/node/mdx/doc-version';

describe('docVersionOfFile', () => {
  it.each([
    ['content/versioned_docs/version-1.0.0-rc14/api/atom.mdx', '1.0.0-rc14'],
    [path.join(process.cwd(), 'content/versioned_docs/version-1.0.0-rc14/guides/ssr.mdx'), '1.0.0-rc14'],
    ['content/docs/api/atom.mdx', 'current'],
    ['content/docs/version-1.0.0-rc14/odd.mdx', 'current'],
    ['probe.mdx', 'current'],
  ])('%s → %s', (file, version) => {
    expect(docVersionOfFile(file)).toBe(version);
  });
});

describe('the render context', () => {
  const drawCode = () => '';
  function VersionProbe() {
    return createElement('span', null, useDocRender().versionName);
  }
  const rendered = (doc: ReturnType<typeof docRender>) =>
    renderToStaticMarkup(createElement(DocRenderContext.Provider, { value: doc }, createElement(VersionProbe)));

  it("gives the components the docs version of the doc's file", () => {
    expect(rendered(docRender({ file: 'content/versioned_docs/version-1.0.0-rc14/api/atom.mdx', drawCode }))).toBe('<span>1.0.0-rc14</span>');
    expect(rendered(docRender({ file: 'content/docs/api/atom.mdx', drawCode }))).toBe('<span>current</span>');
  });

  it('takes the version the body is rendered for when it is given', () => {
    expect(rendered(docRender({ file: 'content/docs/api/atom.mdx', versionName: '1.0.0-rc14', drawCode }))).toBe('<span>1.0.0-rc14</span>');
  });
});
