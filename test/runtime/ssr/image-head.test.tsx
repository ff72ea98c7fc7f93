// gatsby-plugin-image's head components (its fade-in, unused by the docs' pictures) stay off every page, and only
// they: if an upgrade renamed them, this fails instead of a first load silently growing.
import { isValidElement, type ReactNode } from 'react';
import { withoutImageFadeIn } from '@src/runtime/ssr/image-head';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pluginSsr = require('gatsby-plugin-image/gatsby-ssr') as {
  onRenderBody(args: { setHeadComponents(components: ReactNode[]): void }): void;
};

it('removes exactly what gatsby-plugin-image adds to the head', () => {
  const added: ReactNode[] = [];
  pluginSsr.onRenderBody({ setHeadComponents: (components) => added.push(...components) });
  expect(added.length).toBeGreaterThan(0);
  const own = <script key="preferences" />;
  expect(withoutImageFadeIn([own, ...added])).toEqual([own]);
  expect(added.every(isValidElement)).toBe(true);
});
