/**
 * Turns console arguments into the text the output panel shows, as a reader would read them in a browser's
 * console: strings as they are, errors with their name and message, objects and arrays as literals (Map, Set,
 * Date, functions, cycles and depth handled). Hand-written: the panel needs text that crosses postMessage, and
 * the libraries that do this (Node's util.inspect) are not for browsers.
 */
const MAX_DEPTH = 4;
const MAX_ITEMS = 50;

function formatValue(value: unknown, depth: number, seen: Set<object>, top: boolean): string {
  if (typeof value === 'string') return top ? value : JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'function') return `[Function ${value.name || '(anonymous)'}]`;
  if (value === null || typeof value !== 'object') return String(value);
  if (value instanceof Error) {
    const head = `${value.name}: ${value.message}`;
    return value.cause === undefined ? head : `${head} [cause: ${formatValue(value.cause, depth + 1, seen, false)}]`;
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value instanceof RegExp) return String(value);
  if (typeof Promise !== 'undefined' && value instanceof Promise) return 'Promise {…}';
  if (seen.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? '[Array]' : '[Object]';
  seen.add(value);
  const inner = (v: unknown) => formatValue(v, depth + 1, seen, false);
  const list = (items: string[], total: number) => (total > MAX_ITEMS ? [...items, `… ${total - MAX_ITEMS} more`] : items);
  let text: string;
  if (Array.isArray(value)) {
    text = `[${list(value.slice(0, MAX_ITEMS).map(inner), value.length).join(', ')}]`;
  } else if (value instanceof Map) {
    const entries = [...value].slice(0, MAX_ITEMS).map(([k, v]) => `${inner(k)} => ${inner(v)}`);
    text = `Map(${value.size}) {${entries.length ? ` ${list(entries, value.size).join(', ')} ` : ''}}`;
  } else if (value instanceof Set) {
    const entries = [...value].slice(0, MAX_ITEMS).map(inner);
    text = `Set(${value.size}) {${entries.length ? ` ${list(entries, value.size).join(', ')} ` : ''}}`;
  } else {
    const keys = Object.keys(value);
    const name = Object.getPrototypeOf(value)?.constructor?.name;
    const prefix = name && name !== 'Object' ? `${name} ` : '';
    const props = keys
      .slice(0, MAX_ITEMS)
      .map((key) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${inner((value as Record<string, unknown>)[key])}`);
    text = props.length ? `${prefix}{ ${list(props, keys.length).join(', ')} }` : `${prefix}{}`;
  }
  seen.delete(value);
  return text;
}

/** The console line for a call's arguments, joined by spaces. */
export function formatConsoleArgs(args: readonly unknown[]): string {
  return args.map((arg) => formatValue(arg, 0, new Set(), true)).join(' ');
}
