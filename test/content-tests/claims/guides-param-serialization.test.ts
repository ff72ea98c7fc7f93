/** @jest-environment node */
import fs from 'fs';
import path from 'path';
import stringify from 'fast-json-stable-stringify';
import { atomFamily, makeStore, selectorFamily, type SerializableParam } from '@rkrupinski/stan';
import { claimsOf } from '../../support/claims';
import { compileErrors } from '../../support/compile';
import { commentedOutput, printedBy } from '../../support/printed';
import { REPO_ROOT } from '../../support/samples';

const claim = claimsOf('guides/param-serialization');

const loose = <T>(fam: (p: SerializableParam) => T) => (value: unknown) => fam(value as SerializableParam);

claim(
  'Stan compares parameters by value: it serializes each parameter to a string with a stable JSON serializer (the `fast-json-stable-stringify` package) and uses that string as the key',
  (clause) => {
    const fam = atomFamily<number, SerializableParam>(0, { tag: (p) => stringify(p) });
    const param = { b: [1, { d: 2, c: 1 }], a: 'x' };
    clause('Stan compares parameters by value', () => {
      expect(fam(param)).toBe(fam(JSON.parse(JSON.stringify(param)) as SerializableParam));
    });
    clause('it serializes each parameter to a string with a stable JSON serializer (the `fast-json-stable-stringify` package)', () => {
      expect(fam(param)(makeStore()).tag).toBe('{"a":"x","b":[1,{"c":1,"d":2}]}');
      const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules/@rkrupinski/stan/package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      expect(Object.keys(manifest.dependencies ?? {})).toContain('fast-json-stable-stringify');
    });
    clause('uses that string as the key', () => {
      // Two parameters with the same string are one member, whatever else differs about them (here, their prototype).
      const withProto = Object.assign(Object.create({ inherited: 1 }) as object, { a: 'x', b: [1, { c: 1, d: 2 }] });
      expect(fam(withProto as SerializableParam)).toBe(fam(param));
    });
  },
);

claim('Keys are sorted before serializing, at every nesting level, so `{ a: 1, b: 2 }` and `{ b: 2, a: 1 }` are the same parameter', (clause) => {
  const fam = atomFamily<number, SerializableParam>(0);
  clause('Keys are sorted before serializing', () => {
    expect(stringify({ b: 2, a: 1 })).toBe('{"a":1,"b":2}');
  });
  clause('at every nesting level', () => {
    expect(fam({ outer: { x: 1, y: { q: 1, p: 2 } } })).toBe(fam({ outer: { y: { p: 2, q: 1 }, x: 1 } }));
  });
  clause('so `{ a: 1, b: 2 }` and `{ b: 2, a: 1 }` are the same parameter', () => {
    expect(fam({ a: 1, b: 2 })).toBe(fam({ b: 2, a: 1 }));
  });
});

claim(['`[1, 2]` and `[2, 1]` are different parameters', '`1` and `"1"` are different, and so are `true` and `"true"`'], (clause) => {
  const fam = atomFamily<number, SerializableParam>(0);
  clause('`[1, 2]` and `[2, 1]` are different parameters', () => {
    expect(fam([1, 2])).not.toBe(fam([2, 1]));
  });
  clause('`1` and `"1"` are different', () => {
    expect(fam(1)).not.toBe(fam('1'));
  });
  clause('so are `true` and `"true"`', () => {
    expect(fam(true)).not.toBe(fam('true'));
  });
});

claim(
  [
    'Properties set to `undefined` are dropped, so `{ page: 1, q: undefined }` is the same as `{ page: 1 }`',
    "console.log(results({ search: 'stan', page: 1 }) === results({ page: 1, search: 'stan' })); // true",
    "console.log(results({ search: 'stan', page: 1, sort: 'asc' }) === results({ search: 'stan', page: 1 })); // false",
  ],
  (clause) => {
    const printed = printedBy('guides/param-serialization', 'keys.ts');
    expect(printed).toEqual(commentedOutput('guides/param-serialization', 'keys.ts'));
    clause('Properties set to `undefined` are dropped', () => {
      expect(stringify({ page: 1, q: undefined })).toBe('{"page":1}');
    });
    clause('so `{ page: 1, q: undefined }` is the same as `{ page: 1 }`', () => {
      const fam = atomFamily<number, SerializableParam>(0);
      expect(fam({ page: 1, q: undefined } as never)).toBe(fam({ page: 1 }));
    });
    clause("console.log(results({ search: 'stan', page: 1 }) === results({ page: 1, search: 'stan' })); // true", () => {
      expect(printed[0]).toBe('true');
    });
    clause("console.log(results({ search: 'stan', page: 1, sort: 'asc' }) === results({ search: 'stan', page: 1 })); // false", () => {
      expect(printed[2]).toBe('false');
      expect(printed).toHaveLength(3);
    });
  },
);

claim('`NaN`, `Infinity` and `-Infinity` share a key with `null`; `-0` shares one with `0`', (clause) => {
  const fam = atomFamily<number, number | null>(0);
  clause('`NaN`, `Infinity` and `-Infinity` share a key with `null`', () => {
    expect(fam(NaN)).toBe(fam(null));
    expect(fam(Infinity)).toBe(fam(null));
    expect(fam(-Infinity)).toBe(fam(null));
  });
  clause('`-0` shares one with `0`', () => {
    expect(fam(-0)).toBe(fam(0));
  });
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
  (clause) => {
    const fam = atomFamily<number, SerializableParam>(0);
    const any = loose(fam);
    class A {
      x = 1;
    }
    class B {
      x = 1;
    }
    clause('Map` and `Set` have no enumerable properties', () => {
      expect(Object.keys(new Map([[1, 2]]))).toEqual([]);
      expect(Object.keys(new Set([3]))).toEqual([]);
    });
    clause('so every map and every set serializes to `{}`', () => {
      expect([stringify(new Map([['a', 1]])), stringify(new Set([1, 2]))]).toEqual(['{}', '{}']);
    });
    clause('All of them would share one member', () => {
      expect(any(new Map([[1, 2]]))).toBe(any(new Set([3])));
      expect(any(new Map([['a', 'b']]))).toBe(any(new Set()));
    });
    clause('that member would also be the one for a plain empty object', () => {
      expect(any(new Map())).toBe(fam({}));
    });
    clause('Functions and `undefined` produce no JSON at all', () => {
      expect([stringify(() => 1), stringify(undefined)]).toEqual([undefined, undefined]);
    });
    clause('Every function, and `undefined` itself, would end up with the same missing key', () => {
      expect(any(() => 1)).toBe(any(undefined));
      expect(any(() => 2)).toBe(any(() => 1));
    });
    clause('Class instances serialize to their own enumerable fields, without the class', () => {
      expect(stringify(new A())).toBe('{"x":1}');
    });
    clause('Instances of two unrelated classes with the same fields collide', () => {
      expect(any(new A())).toBe(any(new B()));
    });
    clause('so does a plain object with those fields', () => {
      expect(any(new A())).toBe(fam({ x: 1 }));
    });
    clause('the family call throws a `TypeError` ("Do not know how to serialize a BigInt")', () => {
      expect(() => any(BigInt(10))).toThrow(TypeError);
      expect(() => any(BigInt(10))).toThrow('Do not know how to serialize a BigInt');
    });
    clause('it serializes through its `toJSON` method to an ISO string', () => {
      expect(stringify(new Date(0))).toBe('"1970-01-01T00:00:00.000Z"');
    });
    clause('but it would then collide with that string', () => {
      expect(any(new Date(0))).toBe(fam('1970-01-01T00:00:00.000Z'));
    });
  },
);

claim('convert it before calling the family: `[...set].sort()` for a set of primitives, `Object.fromEntries(map)` for a map with string keys, `String(big)` for a `BigInt`', (clause) => {
  const fam = atomFamily<number, SerializableParam>(0);
  clause('convert it before calling the family', () => {
    // Unconverted, two different sets are one member; converted, they are two.
    expect(loose(fam)(new Set(['a']))).toBe(loose(fam)(new Set(['b'])));
    expect(fam([...new Set(['a'])])).not.toBe(fam([...new Set(['b'])]));
  });
  clause('`[...set].sort()` for a set of primitives', () => {
    expect(fam([...new Set(['b', 'a'])].sort())).toBe(fam([...new Set(['a', 'b'])].sort()));
  });
  clause('`Object.fromEntries(map)` for a map with string keys', () => {
    expect(fam(Object.fromEntries(new Map([['k', 1]])))).toBe(fam({ k: 1 }));
    expect(fam(Object.fromEntries(new Map([['k', 1]])))).not.toBe(fam(Object.fromEntries(new Map([['k', 2]]))));
  });
  clause('`String(big)` for a `BigInt`', () => {
    expect(fam(String(BigInt(10)))).toBe(fam('10'));
    expect(fam(String(BigInt(10)))).not.toBe(fam(String(BigInt(11))));
  });
});

claim('Casting a value to get past the constraint (`param as never`) compiles, but the rules above still apply at run time', async (clause) => {
  await clause('Casting a value to get past the constraint (`param as never`) compiles', async () => {
    const source = "import { atomFamily } from '@rkrupinski/stan';\nconst fam = atomFamily<number, { id: number }>(0);\n";
    expect(await compileErrors(`${source}export const m = fam(new Map());`)).not.toEqual([]);
    expect(await compileErrors(`${source}export const m = fam(new Map() as never);`)).toEqual([]);
  });
  clause('the rules above still apply at run time', () => {
    const fam = atomFamily<number, { id: number }>(0);
    expect(fam(new Map() as never)).toBe(fam(new Set() as never));
  });
}, 60_000);

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

claim('Extra fields split the cache: `userProfile({ id, renderedAt })` would create a new member for every timestamp', (clause) => {
  const made = jest.fn();
  const userProfile = selectorFamily(({ id }: { id: number; renderedAt: number }) => {
    made(id);
    return () => id;
  });
  clause('Extra fields split the cache', () => {
    expect(userProfile({ id: 1, renderedAt: 1 })).not.toBe(userProfile({ id: 1, renderedAt: 2 }));
  });
  clause('`userProfile({ id, renderedAt })` would create a new member for every timestamp', () => {
    made.mockClear();
    for (let renderedAt = 10; renderedAt < 15; renderedAt += 1) userProfile({ id: 1, renderedAt });
    expect(made).toHaveBeenCalledTimes(5);
  });
});

claim(
  [
    'Both families accept a `tag` function that receives the parameter',
    'It runs once per member, when the member is created, and its result becomes the state\'s `tag` property',
    'they do not need to be unique, and they have no influence on which member a parameter maps to',
    'console.log(state.tag); // "greeting-pl-Ola"',
    'console.log(state.get()); // "Cześć, Ola!"',
  ],
  (clause) => {
    const tag = jest.fn(({ name, lang }: { name: string; lang: 'en' | 'pl' }) => `greeting-${lang}-${name}`);
    const greeting = selectorFamily(
      ({ name, lang }: { name: string; lang: 'en' | 'pl' }) =>
        () =>
          lang === 'pl' ? `Cześć, ${name}!` : `Hello, ${name}!`,
      { tag },
    );
    clause('Both families accept a `tag` function that receives the parameter', () => {
      const atomTag = jest.fn((n: number) => `n${n}`);
      atomFamily<number, number>(0, { tag: atomTag })(4);
      expect(atomTag).toHaveBeenCalledWith(4);
      greeting({ lang: 'pl', name: 'Ola' });
      expect(tag).toHaveBeenCalledWith({ lang: 'pl', name: 'Ola' });
    });
    clause('It runs once per member, when the member is created', () => {
      greeting({ lang: 'pl', name: 'Ola' })(makeStore());
      greeting({ name: 'Ola', lang: 'pl' })(makeStore());
      expect(tag).toHaveBeenCalledTimes(1);
    });
    clause("its result becomes the state's `tag` property", () => {
      expect(greeting({ lang: 'pl', name: 'Ola' })(makeStore()).tag).toBe('greeting-pl-Ola');
    });
    const same = atomFamily<number, number>(0, { tag: 'same' });
    clause('they do not need to be unique', () => {
      expect(same(1)(makeStore()).tag).toBe(same(2)(makeStore()).tag);
    });
    clause('they have no influence on which member a parameter maps to', () => {
      expect(same(1)).not.toBe(same(2));
    });
    const printed = printedBy('guides/param-serialization', 'tags.ts');
    expect(printed).toEqual(commentedOutput('guides/param-serialization', 'tags.ts'));
    clause('console.log(state.tag); // "greeting-pl-Ola"', () => {
      expect(printed[0]).toBe('greeting-pl-Ola');
    });
    clause('console.log(state.get()); // "Cześć, Ola!"', () => {
      expect(printed[1]).toBe('Cześć, Ola!');
    });
  },
);
