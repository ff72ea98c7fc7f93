/**
 * react-dom/server for the frame, a bundle of its own (src/node/playground-assets.ts) that the page sends with a run
 * only when the code imports it: it is as large as the rest of the runtime. The bundle takes the runtime's React and
 * ReactDOM (`frameModules`) instead of copies of its own.
 */
export * from 'react-dom/server';
