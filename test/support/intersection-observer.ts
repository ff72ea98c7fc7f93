/**
 * A stand-in IntersectionObserver that tests drive (which headings have crossed the reading line), and a page of
 * headings for it to watch: the table of contents and "On this page" follow the reader through one.
 */
import { act } from '@testing-library/react';

interface Observer {
  callback: IntersectionObserverCallback;
  targets: Element[];
  options?: IntersectionObserverInit;
}

/** The observers alive now, newest last. */
export let observers: Observer[] = [];

class FakeObserver implements Observer {
  targets: Element[] = [];
  constructor(
    public callback: IntersectionObserverCallback,
    public options?: IntersectionObserverInit,
  ) {
    observers.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    observers = observers.filter((o) => o !== this);
  }
}

/** Puts the stand-in in place of the browser's, with no observer yet, on an empty page at /docs/page. */
export function installFakeIntersectionObserver(): void {
  observers = [];
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeObserver;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/docs/page');
}

/** The heading `id` crosses the reading line (or goes back above it), as the newest observer reports. */
export const cross = (id: string, isIntersecting: boolean) =>
  act(() => {
    const observer = observers.at(-1)!;
    const target = observer.targets.find((t) => t.id === id)!;
    observer.callback([{ target, isIntersecting } as unknown as IntersectionObserverEntry], observer as never);
  });

/** An h2 for each id, in order, on the page. */
export function addHeadings(ids: string[]): void {
  const host = document.createElement('div');
  host.innerHTML = ids.map((id) => `<h2 id="${id}">${id}</h2>`).join('');
  document.body.append(host);
}
