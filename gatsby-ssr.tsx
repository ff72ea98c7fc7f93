import type { GatsbySSR } from 'gatsby';
import { htmlAttributes } from './src/runtime/html-attributes';

// Thin: attributes of <html> come from the site config (spec section 1: en, left to right).
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes }) => {
  setHtmlAttributes(htmlAttributes());
};
