// Thin: the server render's handlers live in src/runtime/ssr.
export { onPreRenderHTML, onRenderBody, wrapPageElement } from './src/runtime/ssr';
