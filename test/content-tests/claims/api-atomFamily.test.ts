/** @jest-environment node */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { atom, atomFamily, makeStore, reset, selector } from '@rkrupinski/stan';
import { StanProvider, useStanReset, useStanValue } from '@rkrupinski/stan/react';
import { claimsOf } from '../../support/claims';
import { compileErrors } from '../../support/compile';
import { commentedOutput, printedBy } from '../../support/printed';

const claim = claimsOf('api/atomFamily');

claim(['It returns a function that maps a parameter to an atom', 'The same parameter always gives back the same atom'], (clause) => {
  const done = atomFamily<boolean, number>(false);
  clause('It returns a function that maps a parameter to an atom', () => {
    expect(typeof done).toBe('function');
    const member = done(1);
    // An atom: a function of a store whose instance reads and writes.
    const store = makeStore();
    expect(member(store).get()).toBe(false);
    member(store).set(true);
    expect(member(store).get()).toBe(true);
    expect(done(1)).not.toBe(done(2));
  });
  clause('The same parameter always gives back the same atom', () => {
    expect(done(1)).toBe(done(1));
  });
});

claim(
  [
    'either a value shared by every member, or a function that receives the parameter and returns the member\'s initial value',
    'Any function is treated as such a factory, so a family cannot use a function as a plain initial value',
  ],
  (clause) => {
    clause('either a value shared by every member', () => {
      const list: string[] = [];
      const shared = atomFamily<string[], number>(list);
      expect(shared(1)(makeStore()).get()).toBe(list);
      expect(shared(2)(makeStore()).get()).toBe(list);
    });
    clause("or a function that receives the parameter and returns the member's initial value", () => {
      const fromParam = atomFamily((id: number) => `item ${id}`);
      expect(fromParam(3)(makeStore()).get()).toBe('item 3');
    });
    clause('Any function is treated as such a factory', () => {
      const noop = () => 'a function';
      const handlers = atomFamily<unknown, number>(noop);
      expect(handlers(1)(makeStore()).get()).toBe('a function');
    });
    clause('so a family cannot use a function as a plain initial value', () => {
      const handler = () => undefined;
      const handlers = atomFamily<unknown, number>(handler);
      expect(handlers(1)(makeStore()).get()).not.toBe(handler);
    });
  },
);

claim('a fixed string, or a function of the parameter that returns a tag per member', (clause) => {
  clause('a fixed string', () => {
    const fixed = atomFamily<number, number>(0, { tag: 'fixed' });
    expect([fixed(1)(makeStore()).tag, fixed(2)(makeStore()).tag]).toEqual(['fixed', 'fixed']);
  });
  clause('or a function of the parameter that returns a tag per member', () => {
    const perMember = atomFamily<number, number>(0, { tag: (id) => `todo-${id}` });
    expect([perMember(7)(makeStore()).tag, perMember(8)(makeStore()).tag]).toEqual(['todo-7', 'todo-8']);
  });
});

claim('atom effects applied to every member. Each member runs them once per store, on its first read', (clause) => {
  const seen: number[] = [];
  const fam = atomFamily((id: number) => id, { effects: [({ init }) => seen.push(0) && init(100)] });
  const store = makeStore();
  clause('atom effects applied to every member', () => {
    expect(fam(1)(store).get()).toBe(100);
    expect(fam(2)(store).get()).toBe(100);
  });
  clause('Each member runs them once per store', () => {
    fam(1)(store).get();
    expect(seen).toHaveLength(2);
    fam(1)(makeStore()).get();
    expect(seen).toHaveLength(3);
  });
  clause('on its first read', () => {
    const member = fam(3);
    const other = makeStore();
    member(other);
    expect(seen).toHaveLength(3);
    member(other).get();
    expect(seen).toHaveLength(4);
  });
});

claim(
  [
    'The family serializes each parameter with a stable JSON serializer and keeps one atom per distinct string',
    'Object keys are sorted first, so `{ a: 1, b: 2 }` and `{ b: 2, a: 1 }` give the same atom, while `1` and `"1"` do not',
  ],
  (clause) => {
    const fam = atomFamily<number, { a: number; b: number } | number | string | number[]>(0);
    clause('The family serializes each parameter with a stable JSON serializer', () => {
      // Parameters are told apart by their JSON: [1, 2] and {"a":1,"b":2} are different strings, and so members.
      expect(fam([1, 2])).toBe(fam([1, 2]));
      expect(fam([1, 2])).not.toBe(fam([2, 1]));
    });
    clause('keeps one atom per distinct string', () => {
      expect(fam({ a: 1, b: 2 })).not.toBe(fam({ a: 1, b: 3 }));
      expect(fam(2)).toBe(fam(2));
    });
    clause('Object keys are sorted first, so `{ a: 1, b: 2 }` and `{ b: 2, a: 1 }` give the same atom', () => {
      expect(fam({ a: 1, b: 2 })).toBe(fam({ b: 2, a: 1 }));
    });
    clause('while `1` and `"1"` do not', () => {
      expect(fam(1)).not.toBe(fam('1'));
    });
  },
);

claim(
  [
    'Members are created on first use and never evicted.',
    'The first call with a new parameter creates the atom; it stays in the family for the lifetime of the page or process',
    'There is no cache policy option for atom families',
  ],
  async (clause) => {
    const factory = jest.fn((n: number) => n);
    const fam = atomFamily(factory, { cachePolicy: { type: 'most-recent' } } as never);
    clause('Members are created on first use', () => {
      expect(factory).not.toHaveBeenCalled();
      fam(1);
      expect(factory).toHaveBeenCalledWith(1);
    });
    const first = fam(1);
    for (let i = 2; i < 200; i += 1) fam(i);
    clause('never evicted.', () => {
      expect(fam(1)).toBe(first);
      expect(factory).toHaveBeenCalledTimes(199);
    });
    clause('The first call with a new parameter creates the atom', () => {
      fam(500);
      expect(factory).toHaveBeenLastCalledWith(500);
      expect(factory).toHaveBeenCalledTimes(200);
    });
    clause('it stays in the family for the lifetime of the page or process', () => {
      expect(Array.from({ length: 199 }, (_, i) => fam(i + 1) === fam(i + 1)).every(Boolean)).toBe(true);
      expect(factory).toHaveBeenCalledTimes(200);
    });
    await clause('There is no cache policy option for atom families', async () => {
      // The option given above was ignored (every member stayed), and the types refuse it.
      const errors = await compileErrors(
        "import { atomFamily } from '@rkrupinski/stan';\nexport const f = atomFamily((n: number) => n, { cachePolicy: { type: 'most-recent' } });",
      );
      expect(errors.map((e) => e.code)).toContain(2353);
    });
  },
  60_000,
);

claim(
  [
    'The factory and the tag function run once per parameter, when the member is created, not once per store',
    'If the factory returns an object, every store starts from that same object',
  ],
  (clause) => {
    const factory = jest.fn((id: number) => ({ id }));
    const tag = jest.fn((id: number) => `item-${id}`);
    const item = atomFamily(factory, { tag });
    clause('The factory and the tag function run once per parameter', () => {
      item(1);
      item(1);
      item(2);
      expect(factory.mock.calls.map(([id]) => id)).toEqual([1, 2]);
      expect(tag.mock.calls.map(([id]) => id)).toEqual([1, 2]);
    });
    clause('when the member is created', () => {
      item(3);
      expect(factory).toHaveBeenLastCalledWith(3);
      expect(tag).toHaveBeenLastCalledWith(3);
    });
    const a = item(1)(makeStore()).get();
    const b = item(1)(makeStore()).get();
    clause('not once per store', () => {
      expect(factory).toHaveBeenCalledTimes(3);
      expect(tag).toHaveBeenCalledTimes(3);
    });
    clause('If the factory returns an object, every store starts from that same object', () => {
      expect(a).toBe(b);
      expect(a).toEqual({ id: 1 });
    });
  },
);

claim('Everything from atom still applies per member, including lazy initialization', () => {
  const effect = jest.fn();
  const done = atomFamily<boolean, number>(false, { effects: [effect] });
  const store = makeStore();
  done(1)(store).set(true); // before the member's first read: ignored, as for any atom
  expect(effect).not.toHaveBeenCalled();
  expect(done(1)(store).get()).toBe(false);
  expect(effect).toHaveBeenCalledTimes(1);
  done(1)(store).set(true);
  expect(done(1)(store).get()).toBe(true);
});

claim(
  'A throwing factory makes the family call itself, `family(param)`, throw. Nothing is remembered for that parameter, so the next call runs the factory again',
  (clause) => {
    let calls = 0;
    const fam = atomFamily((id: number) => {
      calls += 1;
      if (calls === 1) throw new Error('factory failed');
      return id;
    });
    clause('A throwing factory makes the family call itself, `family(param)`, throw', () => {
      expect(() => fam(1)).toThrow('factory failed');
    });
    clause('Nothing is remembered for that parameter', () => {
      const member = fam(1);
      expect(fam(1)).toBe(member);
      expect(member(makeStore()).get()).toBe(1);
    });
    clause('so the next call runs the factory again', () => {
      expect(calls).toBe(2);
    });
  },
);

claim(
  [
    'it is serialized like `JSON.stringify` would: `undefined` properties and functions disappear, and a circular object throws a `TypeError` from the family call',
  ],
  (clause) => {
    const fam = atomFamily<number, never>(0);
    clause('it is serialized like `JSON.stringify` would', () => {
      expect(fam({ list: [1, 'a', null], nested: { ok: true } } as never)).toBe(fam({ nested: { ok: true }, list: [1, 'a', null] } as never));
      // As JSON.stringify has it, a Date is its ISO string.
      expect(fam(new Date(0) as never)).toBe(fam('1970-01-01T00:00:00.000Z' as never));
    });
    clause('`undefined` properties', () => {
      expect(fam({ a: 1, b: undefined } as never)).toBe(fam({ a: 1 } as never));
    });
    clause('functions disappear', () => {
      expect(fam({ a: 1, f: () => 1 } as never)).toBe(fam({ a: 1 } as never));
    });
    clause('a circular object throws a `TypeError` from the family call', () => {
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      expect(() => fam(circular as never)).toThrow(TypeError);
    });
  },
);

claim('Members are never evicted, so an atom family keyed by something unbounded', (clause) => {
  const factory = jest.fn((n: number) => n);
  const fam = atomFamily(factory);
  const members = Array.from({ length: 500 }, (_, i) => fam(i));
  clause('Members are never evicted', () => {
    expect(members.every((member, i) => fam(i) === member)).toBe(true);
  });
  clause('so an atom family keyed by something unbounded', () => {
    // Every new key is one more member kept: 500 keys, 500 members made and held.
    expect(factory).toHaveBeenCalledTimes(500);
    expect(new Set(members).size).toBe(500);
  });
});

claim('If an id can come back, reset the member (with `reset` or `useStanReset`) when the item is removed, or the returning id starts from the old value', (clause) => {
  const done = atomFamily<boolean, number>(false);
  const store = makeStore();
  done(5)(store).get();
  done(5)(store).set(true);
  clause('or the returning id starts from the old value', () => {
    // The item is deleted and comes back: without a reset, its member still holds the old value.
    expect(done(5)(store).get()).toBe(true);
  });
  clause('If an id can come back, reset the member (with `reset`', () => {
    reset(done(5)(store));
    expect(done(5)(store).get()).toBe(false);
  });
  clause('or `useStanReset`)', () => {
    done(5)(store).set(true);
    let resetDone: () => void = () => undefined;
    function Row() {
      resetDone = useStanReset(done(5));
      return null;
    }
    renderToString(createElement(StanProvider, { store, children: createElement(Row) }));
    resetDone();
    expect(done(5)(store).get()).toBe(false);
  });
  clause('when the item is removed', () => {
    // Reset, the member is as new: the returning id starts from the initial value.
    expect(done(5)(store).get()).toBe(done(6)(store).get());
  });
});

claim("Tags show up in each member's `tag` property and in the store's internal keys", () => {
  const fam = atomFamily<number, number>(0, { tag: (id) => `row-${id}` });
  const store = makeStore();
  expect(fam(3)(store).tag).toBe('row-3');
  fam(3)(store).get();
  expect([...store.value.keys()].some((key) => key.includes('row-3'))).toBe(true);
});

claim(["{ name: 'email', value: '', touched: false }", 'console.log(field(\'email\') === field(\'email\')); // true', '"field-email"'], () => {
  const printed = printedBy('api/atomFamily', 'field.ts');
  expect(printed).toEqual(["{ name: 'email', value: '', touched: false }", 'true', 'field-email']);
  expect(printed).toEqual(commentedOutput('api/atomFamily', 'field.ts'));
});

claim('Its result behaves exactly like the result of `atom`: call it with a store, or pass it to `get` and to the React hooks', (clause) => {
  const score = atomFamily((player: string) => player.length);
  const store = makeStore();
  clause('Its result behaves exactly like the result of `atom`', () => {
    const plain = atom(3);
    expect(Object.keys(score('ada')(store)).sort()).toEqual(Object.keys(plain(store)).sort());
  });
  clause('call it with a store', () => {
    expect(score('ada')(store).get()).toBe(3);
    expect(score('ada')(store)).toBe(score('ada')(store));
  });
  const total = selector(({ get }) => get(score('ada')) + get(score('grace')));
  clause('pass it to `get`', () => {
    expect(total(store).get()).toBe(8);
    score('ada')(store).set(10);
    expect(total(store).get()).toBe(15);
  });
  clause('to the React hooks', () => {
    function Score() {
      return createElement('p', null, String(useStanValue(score('grace'))));
    }
    expect(renderToString(createElement(StanProvider, { store, children: createElement(Score) }))).toBe('<p>5</p>');
  });
});

claim('A new object on every render is fine: equal objects map to the same atom', (clause) => {
  const cell = atomFamily<string, { row: number; column: number }>('');
  const store = makeStore();
  clause('A new object on every render is fine', () => {
    let renders = 0;
    function Cell() {
      renders += 1;
      return createElement('p', null, useStanValue(cell({ row: 1, column: 2 })));
    }
    cell({ row: 1, column: 2 })(store).get();
    cell({ row: 1, column: 2 })(store).set('x');
    const page = createElement(StanProvider, { store, children: createElement(Cell) });
    expect([renderToString(page), renderToString(page)]).toEqual(['<p>x</p>', '<p>x</p>']);
    expect(renders).toBe(2);
  });
  clause('equal objects map to the same atom', () => {
    expect(cell({ row: 1, column: 2 })).toBe(cell({ column: 2, row: 1 }));
  });
});
