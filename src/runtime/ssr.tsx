import type { GatsbySSR } from 'gatsby';
import { PageErrorBoundary } from './page-element';

export const wrapPageElement: GatsbySSR['wrapPageElement'] = ({ element, props }) => (
  <PageErrorBoundary pathname={props.location.pathname}>{element}</PageErrorBoundary>
);
