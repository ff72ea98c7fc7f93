/**
 * Where a build keeps its hosting files, and which inline scripts a browser runs: read by the build
 * (src/node/hosting.ts writes the rules and hashes those scripts) and by the plain-Node scripts that serve and
 * measure a build (scripts/lib/serve.mjs, nginx.mjs, size.mjs). Plain JavaScript, so both can import it as is.
 */

export const HOSTING_DIR = '_hosting';
/** The rules the build writes and `npm run serve` applies. */
export const RULES_FILE = `${HOSTING_DIR}/rules.json`;
/** The nginx snippet the build writes and `npm run serve:nginx` includes. */
export const NGINX_FILE = `${HOSTING_DIR}/nginx.conf`;

// A <script> without type, or with one of these, runs; any other type (JSON-LD, templates) is a data block.
const EXECUTABLE_SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript']);

/** Whether a browser runs a <script> with this `type` attribute (absent: undefined or null). */
export function isExecutableScriptType(type) {
  return EXECUTABLE_SCRIPT_TYPES.has((type ?? '').trim().toLowerCase());
}

/** The suffix of a file's precompressed twin (`app-….js.gz`), which servers send to browsers that accept gzip. */
export const PRECOMPRESSED_SUFFIX = '.gz';
/** The suffix of a file's brotli twin (`search-index.json.br`), which servers send to browsers that accept br. */
export const BROTLI_SUFFIX = '.br';

/** Whether a file of the build is the precompressed twin of another (an encoding of it, not a file of its own). */
export function isPrecompressedTwin(file, files) {
  return [PRECOMPRESSED_SUFFIX, BROTLI_SUFFIX].some((suffix) => file.endsWith(suffix) && files.has(file.slice(0, -suffix.length)));
}

/** The <template> that holds a page's end-of-body scripts until its first paint (src/runtime/ssr/deferred-scripts.tsx). */
export const DEFERRED_SCRIPTS_ID = 'deferred-scripts';
