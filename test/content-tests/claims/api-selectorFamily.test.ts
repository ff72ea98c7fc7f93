/** @jest-environment node */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { atom, makeStore, refresh, selectorFamily } from '@rkrupinski/stan';
import { claimsOf } from '../../support/claims';
import { commentedOutput, printedBy } from '../../support/printed';
import { versionedFamily } from '../../support/fixtures';

const claim = claimsOf('api/selectorFamily');

claim('It returns a function from the parameter to a selector', () => {
  const double = selectorFamily((n: number) => () => n * 2);
  expect(double(21)(makeStore()).get()).toBe(42);
});

claim('receives the parameter and returns a selector function, which in turn receives `get` and `signal` exactly as in selector', () => {
  const base = atom(10);
  const received: string[][] = [];
  const plus = selectorFamily((n: number) => (arg) => {
    received.push(Object.keys(arg).sort());
    expect(arg.signal).toBeInstanceOf(AbortSignal);
    return arg.get(base) + n;
  });
  expect(plus(5)(makeStore()).get()).toBe(15);
  expect(received).toEqual([['get', 'signal']]);
});

claim(['a fixed string or a function of the parameter', 'passed to every selector of the family'], (clause) => {
  const fixed = selectorFamily((n: number) => () => n, { tag: 'fixed' });
  const perParam = selectorFamily((n: number) => () => n, { tag: (n) => `n-${n}` });
  clause('a fixed string', () => {
    expect(fixed(1)(makeStore()).tag).toBe('fixed');
    expect(fixed(2)(makeStore()).tag).toBe('fixed');
  });
  clause('or a function of the parameter', () => {
    expect(perParam(2)(makeStore()).tag).toBe('n-2');
    expect(perParam(3)(makeStore()).tag).toBe('n-3');
  });
  clause('passed to every selector of the family', () => checkComparatorPassed());
});

/** The family's `areValuesEqual` reaches each member: a dependency written with an equal value re-runs none of them. */
function checkComparatorPassed() {
  const cursor = atom({ x: 0 });
  const runs = jest.fn();
  const sameJson = <T>(a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);
  const fam = selectorFamily(
    (n: number) =>
      ({ get }) => {
        runs(n);
        return get(cursor).x + n;
      },
    { areValuesEqual: sameJson },
  );
  const store = makeStore();
  fam(1)(store).get();
  fam(2)(store).get();
  const seen = jest.fn();
  fam(1)(store).subscribe(seen);
  fam(2)(store).subscribe(seen);
  // A new object equal to the old one: the members compare values with the family's comparator, so nobody hears of it.
  cursor(store).set({ x: 0 });
  fam(1)(store).get();
  fam(2)(store).get();
  expect(seen).not.toHaveBeenCalled();
  expect(runs).toHaveBeenCalledTimes(2);
}

claim(['Defaults to `{ type: \'keep-all\' }`', '`keep-all` keeps every selector ever created'], (clause) => {
  const members = (options?: Parameters<typeof selectorFamily<number, number>>[1]) => {
    const fam = selectorFamily((n: number) => () => n, options);
    const made = Array.from({ length: 300 }, (_, i) => fam(i));
    return made.every((member, i) => fam(i) === member);
  };
  clause("`keep-all` keeps every selector ever created", () => {
    expect(members({ cachePolicy: { type: 'keep-all' } })).toBe(true);
  });
  clause("Defaults to `{ type: 'keep-all' }`", () => {
    expect(members()).toBe(true);
    // And not to the others, which would forget some of 300.
    expect(members({ cachePolicy: { type: 'lru', maxSize: 100 } })).toBe(false);
  });
});

claim('Calls with equal parameters return the same scoped selector for as long as the family keeps it', () => {
  const fam = selectorFamily((filter: { owner: string; done: boolean }) => () => filter.owner);
  expect(fam({ owner: 'ada', done: false })).toBe(fam({ done: false, owner: 'ada' }));
});

claim('using the same stable serialization as atomFamily', () => {
  const fam = selectorFamily((p: { a: number; b?: number } | string | number) => () => p);
  expect(fam({ a: 1, b: undefined })).toBe(fam({ a: 1 }));
  expect(fam(1)).not.toBe(fam('1'));
});

claim('The cache policy applies to the family, not to a store.', () => {
  const fam = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'most-recent' } });
  const one = fam(1);
  one(makeStore()).get();
  fam(2)(makeStore()).get(); // another store, same family
  expect(fam(1)).not.toBe(one);
});

claim('`most-recent` keeps only the selector for the last parameter used', () => {
  const fam = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'most-recent' } });
  const one = fam(1);
  expect(fam(1)).toBe(one);
  fam(2);
  expect(fam(1)).not.toBe(one);
});

claim(
  '`lru` keeps up to `maxSize` selectors and evicts the least recently used one when a new parameter arrives. Calling the family with a parameter counts as a use',
  (clause) => {
    clause('`lru` keeps up to `maxSize` selectors', () => {
      const fam = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize: 3 } });
      const made = [fam(1), fam(2), fam(3)];
      made.forEach((member, i) => expect(fam(i + 1)).toBe(member));
      // Not more: a fourth parameter pushes one out (1, the least recently called).
      fam(4);
      expect(fam(1)).not.toBe(made[0]);
    });
    const fam = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize: 2 } });
    const one = fam(1);
    const two = fam(2);
    fam(1); // 1 is now the most recently used
    fam(3); // a new parameter: 2 goes
    clause('Calling the family with a parameter counts as a use', () => {
      // 1 was created before 2, but called again after it, so it stayed. Without that call, 1 is the one to go.
      expect(fam(1)).toBe(one);
      const control = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize: 2 } });
      const first = control(1);
      control(2);
      control(3);
      expect(control(1)).not.toBe(first);
    });
    clause('evicts the least recently used one when a new parameter arrives', () => {
      expect(fam(2)).not.toBe(two);
    });
  },
);

claim(
  [
    'When an evicted parameter is used again, the family creates a brand-new selector for it, which runs again on its next read in each store',
    'The evicted selector is not torn down: where it has already run, it stays subscribed to its dependencies and keeps re-running when they change',
  ],
  (clause) => {
    const { version, runs, family: fam } = versionedFamily();
    const store = makeStore();
    const other = makeStore();
    const old = fam(1);
    old(store).get();
    old(other).get();
    fam(2)(store).get();
    const fresh = fam(1);
    clause('When an evicted parameter is used again, the family creates a brand-new selector for it', () => {
      expect(fresh).not.toBe(old);
      expect(fam(1)).toBe(fresh);
    });
    clause('which runs again on its next read in each store', () => {
      expect(fresh(store).get()).toBe('1@0');
      expect(fresh(other).get()).toBe('1@0');
      expect(runs).toEqual(['1@0', '1@0', '2@0', '1@0', '1@0']);
    });
    clause('The evicted selector is not torn down', () => {
      expect(old(store).get()).toBe('1@0');
    });
    clause('where it has already run, it stays subscribed to its dependencies', () => {
      version(store).get();
      runs.length = 0;
      version(store).set(1);
      // The old and the new selector for 1 both re-ran in `store`; nothing ran in `other`.
      expect(runs.filter((r) => r === '1@1')).toHaveLength(2);
    });
    clause('keeps re-running when they change', () => {
      version(store).set(2);
      expect(runs.filter((r) => r === '1@2')).toHaveLength(2);
      expect(old(store).get()).toBe('1@2');
    });
  },
);

claim(
  [
    'it runs lazily, tracks dependencies, aborts superseded runs and can be refreshed',
    'Selectors for different parameters are independent, so switching from one parameter to another never aborts anything',
  ],
  (clause) => {
    const a = atom(0);
    const signals: AbortSignal[] = [];
    const runs: number[] = [];
    const fam = selectorFamily((n: number) => ({ get, signal }) => {
      signals.push(signal);
      runs.push(n);
      return get(a) + n;
    });
    const store = makeStore();
    const one = fam(1);
    clause('it runs lazily', () => {
      expect(signals).toHaveLength(0);
      one(store).get();
      expect(runs).toEqual([1]);
    });
    clause('Selectors for different parameters are independent', () => {
      expect(fam(2)(store).get()).toBe(2);
      expect(runs).toEqual([1, 2]);
    });
    clause('so switching from one parameter to another never aborts anything', () => {
      expect(one(store).get()).toBe(1);
      expect(signals.map((s) => s.aborted)).toEqual([false, false]);
    });
    clause('tracks dependencies', () => {
      a(store).get();
      a(store).set(1);
      expect(one(store).get()).toBe(2);
    });
    clause('aborts superseded runs', () => {
      expect(signals.slice(0, 2).map((s) => s.aborted)).toEqual([true, true]);
    });
    clause('can be refreshed', () => {
      const before = runs.length;
      refresh(one(store));
      expect(one(store).get()).toBe(2);
      expect(runs.length).toBe(before + 1);
    });
  },
);

claim(
  [
    '`selectorFamilyFn(param)` and the `tag` function are called when `family(param)` creates a member, not when the selector is read',
    'If either throws, the family call throws and nothing is cached for that parameter',
  ],
  (clause) => {
    clause('`selectorFamilyFn(param)` and the `tag` function are called when `family(param)` creates a member', () => {
      const familyFn = jest.fn((n: number) => () => n);
      const tag = jest.fn((n: number) => `n-${n}`);
      const fam = selectorFamily(familyFn, { tag });
      fam(1);
      expect(familyFn).toHaveBeenCalledWith(1);
      expect(tag).toHaveBeenCalledWith(1);
      fam(1); // kept: not created again
      expect([familyFn.mock.calls.length, tag.mock.calls.length]).toEqual([1, 1]);
    });
    clause('not when the selector is read', () => {
      const familyFn = jest.fn((n: number) => () => n);
      const tag = jest.fn((n: number) => `n-${n}`);
      const member = selectorFamily(familyFn, { tag })(2);
      member(makeStore()).get();
      member(makeStore()).get();
      expect([familyFn.mock.calls.length, tag.mock.calls.length]).toEqual([1, 1]);
    });
    clause('If either throws, the family call throws', () => {
      const failingTag = selectorFamily((n: number) => () => n, {
        tag: () => {
          throw new Error('tag failed');
        },
      });
      expect(() => failingTag(1)).toThrow('tag failed');
      const failingFn = selectorFamily((): (() => number) => {
        throw new Error('family failed');
      });
      expect(() => failingFn(1)).toThrow('family failed');
    });
    clause('nothing is cached for that parameter', () => {
      const familyFn = jest.fn((n: number) => () => n);
      let failTag = true;
      const tag = jest.fn((n: number) => {
        if (failTag) throw new Error('tag failed');
        return `n-${n}`;
      });
      const fam = selectorFamily(familyFn, { tag });
      expect(() => fam(1)).toThrow('tag failed');
      failTag = false;
      // The next call creates the member from scratch: both functions run again.
      expect(fam(1)(makeStore()).tag).toBe('n-1');
      expect(tag).toHaveBeenCalledTimes(2);
    });
  },
);

claim(
  'After an eviction, the next call for that parameter creates a new selector: the family function and the tag function run again, and the new selector computes from scratch in every store',
  (clause) => {
    let computed = 0;
    const familyFn = jest.fn((n: number) => () => `${n}:${(computed += 1)}`);
    const tag = jest.fn((n: number) => `n-${n}`);
    const fam = selectorFamily(familyFn, { tag, cachePolicy: { type: 'most-recent' } });
    const one = makeStore();
    const two = makeStore();
    const first = fam(1);
    first(one).get();
    first(two).get();
    fam(2);
    const again = fam(1);
    clause('After an eviction, the next call for that parameter creates a new selector', () => {
      expect(again).not.toBe(first);
    });
    clause('the family function and the tag function run again', () => {
      expect(familyFn.mock.calls.map(([n]) => n)).toEqual([1, 2, 1]);
      expect(tag.mock.calls.map(([n]) => n)).toEqual([1, 2, 1]);
    });
    clause('the new selector computes from scratch in every store', () => {
      expect(again(one).get()).toBe('1:3');
      expect(again(two).get()).toBe('1:4');
    });
  },
);

claim('A `maxSize` of 0 or less still keeps one selector, so it behaves like `most-recent`', (clause) => {
  /** Which of the calls 1, 1, 2, 1, 1 got a member made earlier (the family kept it). */
  const kept = (cachePolicy: NonNullable<Parameters<typeof selectorFamily<number, number>>[1]>['cachePolicy']) => {
    const fam = selectorFamily((n: number) => () => n, { cachePolicy });
    const made = new Set<unknown>();
    return [1, 1, 2, 1, 1].map((n) => {
      const member = fam(n);
      const seen = made.has(member);
      made.add(member);
      return seen;
    });
  };
  clause('A `maxSize` of 0 or less still keeps one selector', () => {
    for (const maxSize of [0, -3]) expect(kept({ type: 'lru', maxSize })).toEqual([false, true, false, false, true]);
  });
  clause('so it behaves like `most-recent`', () => {
    expect(kept({ type: 'most-recent' })).toEqual([false, true, false, false, true]);
  });
});

claim(
  'It keeps working in every store where it ran, but nothing else refers to it, so components that call the family again get a different selector with its own cached value',
  (clause) => {
    let calls = 0;
    const source = atom(0);
    const fam = selectorFamily((n: number) => ({ get }) => `${n}:${get(source)}:${++calls}`, { cachePolicy: { type: 'most-recent' } });
    const store = makeStore();
    const held = fam(1);
    expect(held(store).get()).toBe('1:0:1');
    fam(2);
    clause('It keeps working in every store where it ran', () => {
      expect(held(store).get()).toBe('1:0:1');
      source(store).get();
      source(store).set(5);
      expect(held(store).get()).toBe('1:5:2');
    });
    clause('but nothing else refers to it', () => {
      expect(fam(1)).not.toBe(held);
    });
    clause('so components that call the family again get a different selector with its own cached value', () => {
      expect(fam(1)(store).get()).toBe('1:5:3');
      expect(held(store).get()).toBe('1:5:2');
    });
  },
);

claim('Cache policies count calls, and components call the family on every render', (clause) => {
  clause('Cache policies count calls', () => {
    const fam = selectorFamily((n: number) => () => n, { cachePolicy: { type: 'lru', maxSize: 2 } });
    const one = fam(1);
    fam(2);
    fam(1); // a call, with no read: it still counts
    fam(3);
    expect(fam(1)).toBe(one);
  });
  clause('components call the family on every render', () => {
    const fam = jest.fn((n: number) => n);
    function Product({ id }: { id: number }) {
      return createElement('p', null, String(fam(id)));
    }
    renderToString(createElement(Product, { id: 1 }));
    renderToString(createElement(Product, { id: 1 }));
    expect(fam).toHaveBeenCalledTimes(2);
  });
});

claim(['console.log(tasksBy({ owner: \'ada\', done: false })(store).get().length); // 1', '// true'], () => {
  const printed = printedBy('api/selectorFamily', 'tasks.ts');
  expect(printed).toEqual(['1', 'true']);
  expect(printed).toEqual(commentedOutput('api/selectorFamily', 'tasks.ts'));
});

claim('Up to 50 products stay cached. Visiting the 51st distinct product evicts the one used least recently, and viewing that one again fetches it anew', (clause) => {
  const fetches: number[] = [];
  const product = selectorFamily((id: number) => () => fetches.push(id), { cachePolicy: { type: 'lru', maxSize: 50 } });
  const store = makeStore();
  for (let id = 1; id <= 50; id += 1) product(id)(store).get();
  clause('Up to 50 products stay cached', () => {
    for (let id = 50; id >= 1; id -= 1) product(id)(store).get();
    expect(fetches).toHaveLength(50);
  });
  // Visited last in that loop, 1 is now the most recent and 50 the least.
  clause('Visiting the 51st distinct product evicts the one used least recently', () => {
    product(51)(store).get();
    expect(fetches.slice(50)).toEqual([51]);
    product(1)(store).get();
    expect(fetches).toHaveLength(51);
  });
  clause('viewing that one again fetches it anew', () => {
    product(50)(store).get();
    expect(fetches.slice(50)).toEqual([51, 50]);
  });
});
