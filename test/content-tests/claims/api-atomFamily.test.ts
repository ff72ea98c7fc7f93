/** @jest-environment node */
import { atomFamily, makeStore, reset, selector } from '@rkrupinski/stan';
import { claimsOf } from '../../support/claims';
import { commentedOutput, printedBy } from '../../support/printed';

const claim = claimsOf('api/atomFamily');

claim(['It returns a function that maps a parameter to an atom', 'The same parameter always gives back the same atom'], () => {
  const done = atomFamily<boolean, number>(false);
  expect(done(1)).toBe(done(1));
  expect(done(1)).not.toBe(done(2));
  expect(done(1)(makeStore()).get()).toBe(false);
});

claim(
  [
    'either a value shared by every member, or a function that receives the parameter and returns the member\'s initial value',
    'Any function is treated as such a factory, so a family cannot use a function as a plain initial value',
  ],
  () => {
    const shared = atomFamily<string, number>('same');
    expect(shared(1)(makeStore()).get()).toBe('same');
    expect(shared(2)(makeStore()).get()).toBe('same');
    const fromParam = atomFamily((id: number) => `item ${id}`);
    expect(fromParam(3)(makeStore()).get()).toBe('item 3');
    const noop = () => 'a function';
    const handlers = atomFamily<unknown, number>(noop);
    expect(handlers(1)(makeStore()).get()).toBe('a function');
  },
);

claim('a fixed string, or a function of the parameter that returns a tag per member', () => {
  const fixed = atomFamily<number, number>(0, { tag: 'fixed' });
  const perMember = atomFamily<number, number>(0, { tag: (id) => `todo-${id}` });
  expect(fixed(1)(makeStore()).tag).toBe('fixed');
  expect(perMember(7)(makeStore()).tag).toBe('todo-7');
});

claim('atom effects applied to every member. Each member runs them once per store, on its first read', () => {
  const seen: number[] = [];
  const fam = atomFamily((id: number) => id, { effects: [({ init }) => seen.push(0) && init(100)] });
  const store = makeStore();
  expect(fam(1)(store).get()).toBe(100);
  fam(1)(store).get();
  expect(fam(2)(store).get()).toBe(100);
  fam(1)(makeStore()).get();
  expect(seen).toHaveLength(3);
});

claim(
  [
    'The family serializes each parameter with a stable JSON serializer and keeps one atom per distinct string',
    'Object keys are sorted first, so `{ a: 1, b: 2 }` and `{ b: 2, a: 1 }` give the same atom, while `1` and `"1"` do not',
  ],
  () => {
    const fam = atomFamily<number, { a: number; b: number } | number | string>(0);
    expect(fam({ a: 1, b: 2 })).toBe(fam({ b: 2, a: 1 }));
    expect(fam(1)).not.toBe(fam('1'));
  },
);

claim(
  [
    'Members are created on first use and never evicted.',
    'The first call with a new parameter creates the atom; it stays in the family for the lifetime of the page or process',
    'There is no cache policy option for atom families',
  ],
  () => {
    const factory = jest.fn((n: number) => n);
    const fam = atomFamily(factory, { cachePolicy: { type: 'most-recent' } } as never);
    const first = fam(1);
    for (let i = 2; i < 200; i += 1) fam(i);
    expect(fam(1)).toBe(first);
    expect(factory).toHaveBeenCalledTimes(199);
  },
);

claim(
  [
    'The factory and the tag function run once per parameter, when the member is created, not once per store',
    'If the factory returns an object, every store starts from that same object',
  ],
  () => {
    const factory = jest.fn((id: number) => ({ id }));
    const tag = jest.fn((id: number) => `item-${id}`);
    const item = atomFamily(factory, { tag });
    item(1);
    expect(factory).toHaveBeenCalledTimes(1);
    expect(tag).toHaveBeenCalledTimes(1);
    const a = item(1)(makeStore()).get();
    const b = item(1)(makeStore()).get();
    expect(factory).toHaveBeenCalledTimes(1);
    expect(tag).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
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
  () => {
    let calls = 0;
    const fam = atomFamily((id: number) => {
      calls += 1;
      if (calls === 1) throw new Error('factory failed');
      return id;
    });
    expect(() => fam(1)).toThrow('factory failed');
    expect(fam(1)(makeStore()).get()).toBe(1);
    expect(calls).toBe(2);
  },
);

claim(
  [
    'it is serialized like `JSON.stringify` would: `undefined` properties and functions disappear, and a circular object throws a `TypeError` from the family call',
  ],
  () => {
    const fam = atomFamily<number, never>(0);
    expect(fam({ a: 1, b: undefined, f: () => 1 } as never)).toBe(fam({ a: 1 } as never));
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => fam(circular as never)).toThrow(TypeError);
  },
);

claim('Members are never evicted, so an atom family keyed by something unbounded', () => {
  const fam = atomFamily((n: number) => n);
  const members = Array.from({ length: 500 }, (_, i) => fam(i));
  expect(members.every((member, i) => fam(i) === member)).toBe(true);
});

claim('If an id can come back, reset the member (with `reset` or `useStanReset`) when the item is removed, or the returning id starts from the old value', () => {
  const done = atomFamily<boolean, number>(false);
  const store = makeStore();
  done(5)(store).get();
  done(5)(store).set(true);
  // The item is deleted and comes back: without a reset, its member still holds the old value.
  expect(done(5)(store).get()).toBe(true);
  reset(done(5)(store));
  expect(done(5)(store).get()).toBe(false);
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

claim('Its result behaves exactly like the result of `atom`: call it with a store, or pass it to `get` and to the React hooks', () => {
  const score = atomFamily((player: string) => player.length);
  const total = selector(({ get }) => get(score('ada')) + get(score('grace')));
  const store = makeStore();
  expect(total(store).get()).toBe(8);
  score('ada')(store).set(10);
  expect(total(store).get()).toBe(15);
  expect(score('ada')(store)).toBe(score('ada')(store));
});

claim('A new object on every render is fine: equal objects map to the same atom', () => {
  const cell = atomFamily<string, { row: number; column: number }>('');
  expect(cell({ row: 1, column: 2 })).toBe(cell({ column: 2, row: 1 }));
});
