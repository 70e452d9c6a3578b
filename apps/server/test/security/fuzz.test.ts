// Fuzzing (issue #9 "Security"): generated malformed bodies, queries and ids sent to every route of the
// OpenAPI document. No answer is a 5xx, every refusal is JSON with a human `error`, and a refused call
// changes nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../context.ts';
import { MATRIX, call, fingerprint, world, type Method, type Who, type World } from './route-matrix.ts';

let ctx: TestContext;
let w: World;
beforeAll(async () => {
  ctx = await createTestContext();
  w = await world(ctx);
}, 120_000);
afterAll(() => ctx?.close());

// Runs per route; FUZZ_RUNS raises it for a longer hunt.
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

/** Values a careless or hostile client sends where an id, a name or a number belongs. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.uuid(),
  fc.integer().map(String),
  fc.constantFrom('../../etc/passwd', '%00', "' OR 1=1 --", '<script>alert(1)</script>', 'ai_', 'null', '-1', '1e309', ' ', 'x'.repeat(5000)),
);
const jsonValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), nasty, fc.constant(null), fc.array(nasty, { maxLength: 3 }));

/** A body that is almost right: the route's own valid body with one field broken, dropped or added. */
function brokenBody(valid: Record<string, unknown> | undefined) {
  const base = valid ?? {};
  const keys = Object.keys(base);
  return fc.oneof(
    fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), ...(keys.length ? [fc.constantFrom(...keys)] : [])), jsonValue, { maxKeys: 5 }),
    keys.length
      ? fc.tuple(fc.constantFrom(...keys), jsonValue).map(([key, value]) => ({ ...base, [key]: value }))
      : fc.constant({ unexpected: true }),
    keys.length ? fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== key))) : fc.constant({}),
    jsonValue,
  );
}

/** The route's path with each `{param}` replaced by a generated value. */
const pathWith = (path: string) => {
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return fc.tuple(...params.map(() => nasty)).map((values) => params.reduce((url, name, i) => url.replace(`{${name}}`, encodeURIComponent(values[i]!)), path));
};
const query = fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), fc.oneof(nasty, fc.array(nasty, { maxLength: 2 })), { maxKeys: 3 });
const withQuery = (url: string, q: Record<string, string | string[]>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) for (const item of [v].flat()) search.append(k, item);
  const text = search.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
};

/** Who sends the fuzz: the most entitled caller, so that the input rules, not access, are what is tested. */
function caller(access: string, x: World): Who | undefined {
  if (access === 'public') return undefined;
  if (access === 'admin') return x.admin;
  return x.parent;
}

describe('fuzzing every route with malformed input', () => {
  for (const [route, row] of Object.entries(MATRIX)) {
    const [method, path] = route.split(' ') as [Method, string];
    it(`${route} answers malformed input with a JSON 4xx and changes nothing`, async () => {
      const validBody = row.body?.(w) as Record<string, unknown> | undefined;
      const mutation = method !== 'GET';
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(pathWith(path), fc.constant(row.url(w))),
          query,
          mutation ? fc.oneof(brokenBody(validBody), fc.string().map((raw) => ({ raw }))) : fc.constant(undefined),
          async (url, q, body) => {
            const before = mutation ? await fingerprint(ctx) : null;
            const raw = body && typeof body === 'object' && 'raw' in body && Object.keys(body).length === 1 ? String(body.raw) : undefined;
            const res =
              raw !== undefined
                ? await ctx.app.inject({
                    method,
                    url: withQuery(url, q),
                    headers: { 'content-type': 'application/json', ...(caller(row.access, w) ? { cookie: caller(row.access, w)!.cookie } : {}) },
                    payload: raw,
                  })
                : await call(ctx, method, withQuery(url, q), caller(row.access, w), body);
            expect(res.statusCode, `${method} ${url} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
            if (res.statusCode >= 400) {
              expect(res.headers['content-type']).toMatch(/application\/json/);
              expect(typeof res.json().error).toBe('string');
              if (before) {
                const after = await fingerprint(ctx);
                const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
                expect(changed, `${method} ${url} was refused (${res.statusCode}) but changed ${changed.join(', ')}`).toEqual([]);
              }
            }
          },
        ),
        { numRuns: RUNS },
      );
    }, 120_000);
  }
});
