/**
 * How a rejected `site.config.ts` is reported: one human line per problem, the dotted/bracket path, what is wrong
 * and how to fix it. The schemas attach their own wording where they know better; zod's built-in issues get the
 * generic wording here.
 */
import { z } from 'zod';

export class SiteConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[], source = 'site.config.ts') {
    super([`Configuration error in ${source}:`, ...problems.map((p) => `  ${p}`)].join('\n'));
    this.name = 'SiteConfigError';
    this.problems = problems;
  }
}

export type ConfigPath = ReadonlyArray<string | number>;

/** `themeConfig.navbar.items[2].type`; keys that are not identifiers get `["quoted"]`. */
export function formatConfigPath(path: ConfigPath): string {
  if (path.length === 0) return '(the whole config)';
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `${out}[${JSON.stringify(key)}]`;
    return out === '' ? key : `${out}.${key}`;
  }, '');
}

/** A value as a message quotes it: strings quoted, objects and arrays by their kind. */
export const show = (value: unknown): string => {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : typeof value;
};

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

const typeOf = (data: unknown): unknown =>
  typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;

const unknownTypeMessage = (kind: string, received: unknown, known: readonly string[]): string =>
  received === undefined
    ? `a ${kind} needs a "type". Use one of: ${known.join(', ')}.`
    : `unknown ${kind} type ${show(received)}. Use one of: ${known.join(', ')}.`;

/** For a union of item kinds told apart by `type`: a missing or unknown type is named, with the kinds to choose from. */
export function unknownKindErrorMap(kind: string): z.ZodErrorMap {
  return (issue, ctx) => ({
    message:
      issue.code === z.ZodIssueCode.invalid_union_discriminator
        ? unknownTypeMessage(kind, typeOf(ctx.data), issue.options.map(String))
        : ctx.defaultError,
  });
}

/** The generic wording for zod's built-in issue codes; schema-specific wording is attached to the schema. */
function describeIssue(issue: z.ZodIssueOptionalMessage, data: unknown): string {
  switch (issue.code) {
    case z.ZodIssueCode.invalid_type:
      if (issue.expected === 'integer' && issue.received === 'float') return `must be a whole number; got ${show(data)}.`;
      return issue.received === 'undefined'
        ? `is missing. Add ${article(issue.expected)} value.`
        : `expected ${article(issue.expected)}, got ${show(data)}. Change it to ${article(issue.expected)}.`;
    case z.ZodIssueCode.invalid_literal:
      return `must be ${show(issue.expected)}; got ${show(data)}.`;
    case z.ZodIssueCode.invalid_enum_value:
      return `${show(issue.received)} is not allowed. Use one of: ${issue.options.join(', ')}.`;
    case z.ZodIssueCode.unrecognized_keys:
      return issue.keys.length === 1
        ? `unknown key ${show(issue.keys[0])}. Remove it or fix its spelling.`
        : `unknown keys ${issue.keys.map(show).join(', ')}. Remove them or fix their spelling.`;
    case z.ZodIssueCode.invalid_union_discriminator:
      return unknownTypeMessage('item', data, issue.options.map(String));
    case z.ZodIssueCode.too_small:
      return issue.type === 'string'
        ? 'must not be empty. Give it a value.'
        : `needs at least ${String(issue.minimum)} entries. Add one.`;
    default:
      return z.defaultErrorMap(issue, { data, defaultError: '' }).message;
  }
}

// zod consults this map last; a message differing from zod's default was set by the schema, so keep it.
const humanErrorMap: z.ZodErrorMap = (issue, ctx) =>
  ctx.defaultError !== z.defaultErrorMap(issue, ctx).message
    ? { message: ctx.defaultError }
    : { message: describeIssue(issue, ctx.data) };

/** Parses with the human wording; throws SiteConfigError listing every problem found, each once. */
export function parseConfig<T extends z.ZodTypeAny>(schema: T, raw: unknown, source: string): z.infer<T> {
  const result = schema.safeParse(raw, { errorMap: humanErrorMap });
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${formatConfigPath(issue.path)}: ${issue.message}`);
  throw new SiteConfigError(Array.from(new Set(problems)), source);
}
