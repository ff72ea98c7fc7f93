/**
 * How a reader's compiled code (CommonJS, from the worker) finds its imports in the frame: only the modules the
 * playground provides, and an error naming them for anything else. The modules come from the runtime bundle.
 * A CSS module next to the code (`./styles.module.css`, as the docs' examples import one) is provided as its class
 * names: each class is named as written, so the markup renders and works, without the file's styles.
 */
import { PLAYGROUND_MODULES, type PlaygroundModule } from '../../../../contract/playground';

export type ModuleMap = Readonly<Partial<Record<PlaygroundModule, unknown>>>;

/** What stands for an imported CSS module. */
export const CSS_MODULE = 'a CSS module';

/** A relative import of a CSS module (`./styles.module.css`, `../x/app.module.css`). */
const CSS_MODULE_SPECIFIER = /^\.{1,2}\/(?:[^?#]*\/)?[^/?#]+\.module\.css$/;

/** What the playground provides, as an error message lists it. */
export const PROVIDED_MODULES = `${PLAYGROUND_MODULES.map((m) => `"${m}"`).join(', ')} and CSS modules (their class names)`;

/** The provided module a specifier names, or null: `node:` and other relative paths name nothing here. */
export function resolveSpecifier(specifier: string): PlaygroundModule | typeof CSS_MODULE | null {
  if (CSS_MODULE_SPECIFIER.test(specifier)) return CSS_MODULE;
  const bare = specifier.replace(/\/+$/, '');
  return (PLAYGROUND_MODULES as readonly string[]).includes(bare) ? (bare as PlaygroundModule) : null;
}

/**
 * A CSS module's class names: every class is its own name (`styles.button === 'button'`). Marked as an ES module,
 * so TypeScript's `import * as styles` and `import styles` both reach it.
 */
export const cssModuleClasses: Readonly<Record<string, string>> = new Proxy(
  {},
  {
    get: (_target, name) => {
      if (name === '__esModule') return true;
      if (name === 'default') return cssModuleClasses;
      return typeof name === 'string' ? name : undefined;
    },
  },
);

/** A `require` over the provided modules, as TypeScript's CommonJS output calls it. */
export function createRequire(modules: ModuleMap): (specifier: string) => unknown {
  return (specifier: string) => {
    const name = resolveSpecifier(specifier);
    if (name === CSS_MODULE) return cssModuleClasses;
    if (name === null || !(name in modules)) {
      throw new Error(`Cannot import "${specifier}" here: the playground provides ${PROVIDED_MODULES}.`);
    }
    return modules[name];
  };
}

/** The specifiers a compiled module requires, in order, each once. */
export function requiredSpecifiers(js: string): string[] {
  const found = new Set<string>();
  for (const match of js.matchAll(/\brequire\(\s*(["'])([^"']+)\1\s*\)/g)) found.add(match[2]!);
  return [...found];
}

/** The specifiers a compiled module requires that the playground does not provide (reported before it runs). */
export function missingImports(js: string): string[] {
  return requiredSpecifiers(js).filter((specifier) => resolveSpecifier(specifier) === null);
}
