/**
 * How a reader's compiled code (CommonJS, from the worker) finds its imports in the frame: only the modules the
 * playground provides, and an error naming them for anything else. The modules come from the runtime bundle.
 */
import { PLAYGROUND_MODULES } from '../../../../contract/playground';

export type ModuleMap = Readonly<Record<string, unknown>>;

/** The provided module a specifier names, or null: `node:` and relative paths name nothing here. */
export function resolveSpecifier(specifier: string): string | null {
  const bare = specifier.replace(/\/+$/, '');
  return (PLAYGROUND_MODULES as readonly string[]).includes(bare) ? bare : null;
}

/** A `require` over the provided modules, as TypeScript's CommonJS output calls it. */
export function createRequire(modules: ModuleMap): (specifier: string) => unknown {
  return (specifier: string) => {
    const name = resolveSpecifier(specifier);
    if (name === null || !(name in modules)) {
      throw new Error(
        `Cannot import "${specifier}" here: the playground provides ${PLAYGROUND_MODULES.map((m) => `"${m}"`).join(', ')}.`,
      );
    }
    return modules[name];
  };
}

/** The specifiers a compiled module requires that the playground does not provide (reported before it runs). */
export function missingImports(js: string): string[] {
  const found = new Set<string>();
  for (const match of js.matchAll(/\brequire\(\s*(["'])([^"']+)\1\s*\)/g)) {
    if (resolveSpecifier(match[2]!) === null) found.add(match[2]!);
  }
  return [...found];
}
