// Lets Node scripts load the site's TypeScript modules (src/search, src/node) by transpiling them on require.
import fs from 'fs';
import Module, { createRequire } from 'module';
import ts from 'typescript';

let registered = false;

function register() {
  if (registered) return;
  registered = true;
  Module._extensions['.ts'] = (module, filename) => {
    const { outputText } = ts.transpileModule(fs.readFileSync(filename, 'utf8'), {
      fileName: filename,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
        jsx: ts.JsxEmit.ReactJSX,
      },
    });
    module._compile(outputText, filename);
  };
}

/** `requireTs(import.meta.url, '../src/search/engine.ts')` */
export function requireTs(from, specifier) {
  register();
  return createRequire(from)(specifier);
}
