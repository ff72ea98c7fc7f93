// Thin: global styles here; browser lifecycle handlers live in src/runtime/browser.
import './src/theme/global.css';

export { onClientEntry, onInitialClientRender, onRouteUpdate, shouldUpdateScroll, wrapPageElement } from './src/runtime/browser';
