/** @jest-environment node */
import stringify from 'fast-json-stable-stringify';
import { atomFamily, makeStore, selectorFamily, type SerializableParam } from '@rkrupinski/stan';
import { claimsOf } from '../../support/claims';
import { commentedOutput, printedBy } from '../../support/printed';

const claim = claimsOf('guides/param-serialization');

const loose = <T>(fam: (p: SerializableParam) => T) => (value: unknown) => fam(value as SerializableParam);

claim(
  'Stan compares parameters by value: it serializes each parameter to a string with a stable JSON serializer (the `fast-json-stable-stringify` package) and uses that string as the key',
  () => {
    const fam = atomFamily<number, SerializableParam>(0, { tag: (p) => stringify(p) });
    const param = { b: [1, { d: 2, c: 1 }], a: 'x' };
    expect(fam(param)).toBe(fam(JSON.parse(JSON.stringify(param)) as SerializableParam));
    expect(fam(param)(makeStore()).tag).toBe('{"a":"x","b":[1,{"c":1,"d":2}]}');
  },
);

claim('Keys are sorted before serializing, at every nesting level, so `{ a: 1, b: 2 }` and `{ b: 2, a: 1 }` are the same parameter', () => {
  const fam = atomFamily<number, SerializableParam>(0);
  expect(fam({ a: 1, b: 2 })).toBe(fam({ b: 2, a: 1 }));
  expect(fam({ outer: { x: 1, y: 2 } })).toBe(fam({ outer: { y: 2, x: 1 } }));
});

claim(['`[1, 2]` and `[2, 1]` are different parameters', '`1` and `"1"` are different, and so are `true` and `"true"`'], () => {
  const fam = atomFamily<number, SerializableParam>(0);
  expect(fam([1, 2])).not.toBe(fam([2, 1]));
  expect(fam(1)).not.toBe(fam('1'));
  expect(fam(true)).not.toBe(fam('true'));
});

claim(
  [
    'Properties set to `undefined` are dropped, so `{ page: 1, q: undefined }` is the same as `{ page: 1 }`',
    "console.log(results({ search: 'stan', page: 1 }) === results({ page: 1, search: 'stan' })); // true",
    "console.log(results({ search: 'stan', page: 1, sort: 'asc' }) === results({ search: 'stan', page: 1 })); // false",
  ],
  () => {
    const printed = printedBy('guides/param-serialization', 'keys.ts');
    expect(printed).toEqual(['true', 'true', 'false']);
    expect(printed).toEqual(commentedOutput('guides/param-serialization', 'keys.ts'));
  },
);

claim('`NaN`, `Infinity` and `-Infinity` share a key with `null`; `-0` shares one with `0`', () => {
  const fam = atomFamily<number, number | null>(0);
  expect(fam(NaN)).toBe(fam(null));
  expect(fam(Infinity)).toBe(fam(null));
  expect(fam(-Infinity)).toBe(fam(null));
  expect(fam(-0)).toBe(fam(0));
});

claim('Circular structures throw a `TypeError` when the family is called', () => {
  const circular: Record<string, unknown> = {};
  circular.self = circular;
  expect(() => loose(atomFamily<number, SerializableParam>(0))(circular)).toThrow(TypeError);
  expect(() => loose(selectorFamily((p: SerializableParam) => () => p))(circular)).toThrow(TypeError);
});

claim(
  [
    'Map` and `Set` have no enumerable properties, so every map and every set serializes to `{}`. All of them would share one member, and that member would also be the one for a plain empty object',
    'Every function, and `undefined` itself, would end up with the same missing key',
    'Functions and `undefined` produce no JSON at all',
    'Class instances serialize to their own enumerable fields, without the class',
    'Instances of two unrelated classes with the same fields collide, and so does a plain object with those fields',
    'the family call throws a `TypeError` ("Do not know how to serialize a BigInt")',
    'it serializes through its `toJSON` method to an ISO string, but it would then collide with that string',
  ],
  () => {
    const fam = atomFamily<number, SerializableParam>(0);
    const any = loose(fam);
    class A {
      x = 1;
    }
    class B {
      x = 1;
    }
    expect(any(new Map([[1, 2]]))).toBe(any(new Set([3])));
    expect(any(new Map())).toBe(fam({}));
    expect(any(() => 1)).toBe(any(undefined));
    expect(any(() => 2)).toBe(any(() => 1));
    expect(any(new A())).toBe(any(new B()));
    expect(any(new A())).toBe(fam({ x: 1 }));
    expect(() => any(BigInt(10))).toThrow(TypeError);
    expect(() => any(BigInt(10))).toThrow('Do not know how to serialize a BigInt');
    expect(any(new Date(0))).toBe(fam('1970-01-01T00:00:00.000Z'));
  },
);

claim('convert it before calling the family: `[...set].sort()` for a set of primitives, `Object.fromEntries(map)` for a map with string keys, `String(big)` for a `BigInt`', () => {
  const fam = atomFamily<number, SerializableParam>(0);
  expect(fam([...new Set(['b', 'a'])].sort())).toBe(fam([...new Set(['a', 'b'])].sort()));
  expect(fam(Object.fromEntries(new Map([['k', 1]])))).toBe(fam({ k: 1 }));
  expect(fam(Object.fromEntries(new Map([['k', 1]])))).not.toBe(fam(Object.fromEntries(new Map([['k', 2]]))));
  expect(fam(String(BigInt(10)))).toBe(fam('10'));
});

claim('Casting a value to get past the constraint (`param as never`) compiles, but the rules above still apply at run time', () => {
  const fam = atomFamily<number, { id: number }>(0);
  expect(fam(new Map() as never)).toBe(fam(new Set() as never));
});

claim('Serialization happens on every call of the family, including calls made while rendering', () => {
  const fam = atomFamily<number, SerializableParam>(0);
  let reads = 0;
  const param = {
    get id() {
      reads += 1;
      return 1;
    },
  };
  fam(param as never);
  fam(param as never);
  fam(param as never);
  expect(reads).toBe(3);
});

claim('Extra fields split the cache: `userProfile({ id, renderedAt })` would create a new member for every timestamp', () => {
  const userProfile = selectorFamily(({ id }: { id: number; renderedAt: number }) => () => id);
  expect(userProfile({ id: 1, renderedAt: 1 })).not.toBe(userProfile({ id: 1, renderedAt: 2 }));
});

claim(
  [
    'Both families accept a `tag` function that receives the parameter',
    'It runs once per member, when the member is created, and its result becomes the state\'s `tag` property',
    'they do not need to be unique, and they have no influence on which member a parameter maps to',
    'console.log(state.tag); // "greeting-pl-Ola"',
    'console.log(state.get()); // "Cześć, Ola!"',
  ],
  () => {
    const tag = jest.fn(({ name, lang }: { name: string; lang: 'en' | 'pl' }) => `greeting-${lang}-${name}`);
    const greeting = selectorFamily(
      ({ name, lang }: { name: string; lang: 'en' | 'pl' }) =>
        () =>
          lang === 'pl' ? `Cześć, ${name}!` : `Hello, ${name}!`,
      { tag },
    );
    greeting({ lang: 'pl', name: 'Ola' })(makeStore());
    greeting({ name: 'Ola', lang: 'pl' })(makeStore());
    expect(tag).toHaveBeenCalledTimes(1);
    const printed = printedBy('guides/param-serialization', 'tags.ts');
    expect(printed).toEqual(['greeting-pl-Ola', 'Cześć, Ola!']);
    expect(printed).toEqual(commentedOutput('guides/param-serialization', 'tags.ts'));
    const same = atomFamily<number, number>(0, { tag: 'same' });
    expect(same(1)).not.toBe(same(2));
    expect(same(1)(makeStore()).tag).toBe(same(2)(makeStore()).tag);
  },
);
