/**
 * gatsby-plugin-image adds a style, a no-script style and a script to the head of every page; they fade in the
 * pictures GatsbyImage hides until loaded. The docs' pictures are written visible (src/node/mdx/components/Picture.tsx,
 * with every style they need inline), so those head components only cost each first load: they are left out.
 */
import { isValidElement, type ReactNode } from 'react';

/** The keys gatsby-plugin-image gives its head components (its gatsby-ssr.js). */
export const IMAGE_FADE_IN_HEAD_KEYS: readonly string[] = ['gatsby-image-style', 'gatsby-image-style-noscript', 'gatsby-image-style-script'];

export function withoutImageFadeIn(components: readonly ReactNode[]): ReactNode[] {
  return components.filter((component) => !(isValidElement(component) && IMAGE_FADE_IN_HEAD_KEYS.includes(String(component.key))));
}
