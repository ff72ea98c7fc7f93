// The command line of `npm run size`.
import { parseCliArgs } from '../cli.mjs';

/** The pages the report shows unless --route names others (the search page is added once it exists). */
export const DEFAULT_ROUTES = ['/', '/docs', '/docs/api/atom', '/docs/getting-started/installation', '/404.html'];

/**
 * CLI arguments: --json, --check, --modules, --route /x (repeatable), --root dir
 * @param {string[]} argv
 */
export function parseSizeArgs(argv) {
  const values = parseCliArgs(argv, {
    json: { type: 'boolean' },
    check: { type: 'boolean' },
    modules: { type: 'boolean' },
    route: { type: 'string', multiple: true },
    root: { type: 'string' },
    'js-budget-kb': { type: 'string' },
  });
  let jsBudget = null;
  if (values['js-budget-kb'] !== undefined) {
    const kb = Number(values['js-budget-kb']);
    if (!Number.isFinite(kb) || kb <= 0) throw new Error('--js-budget-kb needs a positive number of KB');
    jsBudget = Math.round(kb * 1024);
  }
  return {
    json: values.json ?? false,
    check: values.check ?? false,
    modules: values.modules ?? false,
    routes: values.route ?? [...DEFAULT_ROUTES],
    root: values.root ?? null,
    jsBudget,
  };
}
