/**
 * The playground's TypeScript service: one virtual file (the reader's code) compiled with the options the build
 * uses for samples, against the .d.ts files the build bundled. Answers the worker protocol
 * (src/contract/playground.ts); pure apart from TypeScript itself, so tests drive it with Node's TypeScript.
 */
import type TS from 'typescript';
import { createSystem, createVirtualTypeScriptEnvironment, type VirtualTypeScriptEnvironment } from '@typescript/vfs';
import { sampleCompilerOptionsFor } from '../../../../contract/sample-compiler-options';
import type { PlaygroundDiagnostic, PlaygroundLanguage, WorkerRequest, WorkerResponse } from '../../../../contract/playground';

const fileFor = (lang: PlaygroundLanguage) => (lang === 'tsx' ? '/sample.tsx' : '/sample.ts');

/** Names sent for one request, in TypeScript's order (locals, then globals): the editor filters them as the reader types. */
const MAX_COMPLETIONS = 5000;

const SEVERITY: Record<number, PlaygroundDiagnostic['severity']> = { 0: 'warning', 1: 'error', 2: 'info', 3: 'info' };

export interface PlaygroundService {
  handle(request: WorkerRequest): WorkerResponse;
}

export function createPlaygroundService(ts: typeof TS, types: Record<string, string>): PlaygroundService {
  const options = sampleCompilerOptionsFor(ts);
  const files = new Map(Object.entries(types));
  const envs = new Map<PlaygroundLanguage, VirtualTypeScriptEnvironment>();
  const envFor = (lang: PlaygroundLanguage, code: string) => {
    const file = fileFor(lang);
    // An empty file reads as a missing one to the virtual system; one space reads the same to the compiler.
    const text = code === '' ? ' ' : code;
    let env = envs.get(lang);
    if (!env) {
      const system = createSystem(new Map([...files, [file, text]]));
      env = createVirtualTypeScriptEnvironment(system, [file, '/ambient.d.ts'].filter((f) => f === file || files.has(f)), ts, options);
      envs.set(lang, env);
    } else if (env.getSourceFile(file)?.text !== text) {
      env.updateFile(file, text);
    }
    return { env, file };
  };

  const check = (lang: PlaygroundLanguage, code: string): PlaygroundDiagnostic[] => {
    const { env, file } = envFor(lang, code);
    const service = env.languageService;
    return [...service.getSyntacticDiagnostics(file), ...service.getSemanticDiagnostics(file)].map((d) => {
      const from = Math.min(d.start ?? 0, code.length);
      return {
        from,
        to: Math.min(from + Math.max(d.length ?? 0, 0), code.length),
        message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
        severity: SEVERITY[d.category] ?? 'error',
        code: d.code,
      };
    });
  };

  return {
    handle(request) {
      try {
        switch (request.type) {
          case 'check':
            return { id: request.id, type: 'check', diagnostics: check(request.lang, request.code) };
          case 'hover': {
            const { env, file } = envFor(request.lang, request.code);
            const info = env.languageService.getQuickInfoAtPosition(file, request.pos);
            if (!info) return { id: request.id, type: 'hover', info: null };
            const text = ts.displayPartsToString(info.displayParts);
            return {
              id: request.id,
              type: 'hover',
              info: { from: info.textSpan.start, to: info.textSpan.start + info.textSpan.length, text },
            };
          }
          case 'completions': {
            const { env, file } = envFor(request.lang, request.code);
            const found = env.languageService.getCompletionsAtPosition(file, request.pos, {});
            const entries = (found?.entries ?? [])
              .slice()
              .sort((a, b) => (a.sortText === b.sortText ? a.name.localeCompare(b.name) : a.sortText < b.sortText ? -1 : 1))
              .slice(0, MAX_COMPLETIONS)
              .map((entry) => ({ name: entry.name, kind: entry.kind }));
            return { id: request.id, type: 'completions', entries };
          }
          case 'compile': {
            // CommonJS: the frame provides `require`; an async function body keeps top-level await working.
            const output = ts.transpileModule(request.code, {
              fileName: fileFor(request.lang),
              compilerOptions: {
                ...options,
                module: ts.ModuleKind.CommonJS,
                moduleResolution: ts.ModuleResolutionKind.Node10,
                noEmit: false,
                esModuleInterop: true,
              },
            });
            return { id: request.id, type: 'compile', js: output.outputText };
          }
          default:
            return { id: (request as { id: number }).id, type: 'error', message: 'Unknown request' };
        }
      } catch (error) {
        return { id: request.id, type: 'error', message: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
