/**
 * The Storage the frame gives a reader's code as localStorage and sessionStorage: the sandbox's own origin has no
 * storage (reading it throws SecurityError), and the site's must stay out of reach, so values live in memory for
 * the run. Hand-written: it is the five methods of the Storage interface over a Map, with the browser's string
 * conversions, and has to live in the frame's runtime bundle.
 */
export class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();

  [name: string]: unknown;

  get length(): number {
    return this.#items.size;
  }

  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.#items.get(String(key)) ?? null;
  }

  setItem(key: string, value: string): void {
    this.#items.set(String(key), String(value));
  }

  removeItem(key: string): void {
    this.#items.delete(String(key));
  }

  clear(): void {
    this.#items.clear();
  }
}
