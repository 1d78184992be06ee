/**
 * fast-check arbitraries for hostile HTTP input: raw JSON text (so numbers like 1e400 and -0,
 * duplicate and prototype keys survive, which JSON.stringify cannot produce), broken JSON, query
 * strings and path segments, including malformed percent-encoding.
 */
import fc from 'fast-check';

const ODD_STRINGS = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '"; drop table users; --',
  '../../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e\u0041',
  '\ud83d\ude00',
  '\ud800',
  '\uffff',
  '\ufeff',
  'a'.repeat(10_000),
  'ल'.repeat(3000),
  '{{7*7}}',
  '${7*7}',
  '2026-02-30',
  '9999-12-31',
  '0000-00-00',
  '2026-11-20T25:61:00Z',
  '+91 98200 12345',
  'user@[127.0.0.1]',
];

export const anyString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...ODD_STRINGS),
);

/** Number tokens as they appear in JSON text, including ones JavaScript cannot hold exactly. */
const rawNumber = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.constantFrom(
    '1e400',
    '-1e400',
    '-0',
    '1e-400',
    '9007199254740993',
    '123456789012345678901234567890',
    '2147483648',
    '-2147483649',
    '0.000001',
    '1.005',
    '4294967296',
  ),
);

const rawLeaf = fc.oneof(
  rawNumber,
  anyString.map((s) => JSON.stringify(s)),
  fc.constantFrom('true', 'false', 'null'),
);

export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Object keys: the route's own field names, prototype keys, and anything. */
export function keyArb(fieldNames: string[]) {
  return fc.oneof(
    fc.constantFrom(
      ...POLLUTION_KEYS,
      'toString',
      'valueOf',
      'hasOwnProperty',
      'role',
      'id',
      'trabot_account_id',
      'adminAccountId',
      ...fieldNames,
    ),
    anyString,
  );
}

/** Arbitrary JSON text: nested objects and arrays of odd leaves, with duplicate and prototype keys. */
export function rawJson(fieldNames: string[]) {
  const key = keyArb(fieldNames);
  return fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
    value: fc.oneof({ depthSize: 'small', maxDepth: 5 }, rawLeaf, tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 5 }).map((items) => `[${items.join(',')}]`),
    object: fc
      .array(fc.tuple(key, tie('value')), { maxLength: 6 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  })).value;
}

/** A valid body with some fields replaced by hostile values, some removed, and prototype keys added. */
export function mutatedJson(valid: Record<string, unknown>) {
  const names = Object.keys(valid);
  const replacement = fc.oneof(rawLeaf, rawJson(names));
  return fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom(...names), fc.oneof(replacement, fc.constant(undefined))), {
        minLength: 1,
        maxLength: names.length,
      }),
      fc.option(fc.constantFrom(...POLLUTION_KEYS)),
    )
    .map(([changes, pollution]) => {
      const entries = new Map<string, string | undefined>(names.map((n) => [n, JSON.stringify(valid[n])]));
      for (const [name, value] of changes) entries.set(name, value);
      const fields = [...entries].filter(([, v]) => v !== undefined).map(([k, v]) => `${JSON.stringify(k)}:${v}`);
      if (pollution)
        fields.push(`"${pollution}":{"polluted":"yes","role":"superadmin","prototype":{"polluted":"yes"}}`);
      return `{${fields.join(',')}}`;
    });
}

const DEEP = 20_000;
/** Text sent with a JSON content type that is not JSON (or is JSON no parser should enjoy). */
export const brokenJson = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    'nul',
    "{'a':1}",
    '\ufeff{}',
    '{"a":1}garbage',
    '[1,]',
    '{"a":01}',
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":undefined}',
    '"\\ud800"',
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '['.repeat(DEEP) + ']'.repeat(DEEP),
    '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP),
  ),
);

export const JSON_CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json;charset=latin1',
  'application/jsonx',
];

/** encodeURIComponent, or the raw UTF-8 bytes of a lone surrogate (malformed on purpose). */
export function encodeLoosely(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

const INT_EDGES = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '1e3',
  '1.5',
  '0x10',
  ' 1',
];

const MALFORMED_ESCAPES = ['%', '%zz', '%E0%A4%A', '%%%', '%C0%AF', '%FF', '%00', '%2F', '%5C'];

/** One path segment: numbers out of range, not numbers, encoded text, malformed escapes. */
export const pathSegment = fc
  .oneof(
    fc.integer().map(String),
    fc.bigInt().map(String),
    fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '1e3',
      '2147483648',
      '99999999999999999999',
      '0x1',
      '%201',
      '1%20',
      'null',
      'NaN',
      ...MALFORMED_ESCAPES,
    ),
    anyString.map(encodeLoosely),
  )
  // '.', '..' and their encodings are resolved by the URL parser before the request is made.
  .filter((s) => s !== '' && !/^(\.|%2e){1,2}$/i.test(s));

/** A query string: the route's own keys and others, odd values, duplicates, malformed escapes. */
export function queryString(keys: string[]) {
  const key = fc.oneof(
    fc.constantFrom(
      ...keys,
      'status',
      'adminAccountId',
      'lines',
      'search',
      'showDeleted',
      'limit',
      'before',
      'type',
      '__proto__',
    ),
    anyString,
  );
  const pair = fc.tuple(key, fc.oneof(anyString, rawNumber)).map(([k, v]) => `${encodeLoosely(k)}=${encodeLoosely(v)}`);
  // The route's own keys with the integers around the database's limits (how a 500 was found).
  const edge = fc
    .tuple(fc.constantFrom(...keys, 'adminAccountId', 'before', 'limit', 'lines'), fc.constantFrom(...INT_EDGES))
    .map(([k, v]) => `${k}=${v}`);
  return fc.oneof(
    fc.array(pair, { maxLength: 5 }).map((pairs) => pairs.join('&')),
    fc.array(edge, { minLength: 1, maxLength: 3 }).map((pairs) => pairs.join('&')),
    fc.constantFrom(
      ...MALFORMED_ESCAPES,
      'a=%E0%A4%A',
      'status=%',
      'status=active&status=all',
      'status[]=active',
      'adminAccountId=-1',
      'adminAccountId=1e400',
      'adminAccountId=0x10',
      'adminAccountId=99999999999999999999',
      'lines=NaN',
      'lines=500&lines=50',
      'limit=101',
      'before=0',
      'showDeleted=TRUE',
      '__proto__[polluted]=yes',
      'constructor[prototype][polluted]=yes',
      '&&&==&',
    ),
  );
}
