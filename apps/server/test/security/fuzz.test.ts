// Fuzzing (issue #9 "Security"): generated malformed bodies, queries and ids sent to every route of the
// OpenAPI document. No answer is a 5xx, every refusal is JSON with a human `error`, and a refused call
// changes nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION } from '@fst/shared/messages';
import { createTestContext, makePdf, multipartBody, type FormFile, type TestContext } from '../context.ts';
import { makeMedia } from '../media.ts';
import { MATRIX, call, fingerprint, world, type Method, type Who, type World } from './route-matrix.ts';

let ctx: TestContext;
let w: World;
beforeAll(async () => {
  ctx = await createTestContext();
  w = await world(ctx);
}, 300_000);
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
    keys.length ? fc.tuple(fc.constantFrom(...keys), jsonValue).map(([key, value]) => ({ ...base, [key]: value })) : fc.constant({ unexpected: true }),
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

// Control characters (issue 27, finding 11): a NUL byte in any text field once answered 500 on 14 routes.
// Every text field of every route, as the OpenAPI document describes it (body, query and path), plus the
// forms the document does not spell out, gets NUL and another control character; each is refused with 400
// and the shared schemas' message, and nothing changes.
type FieldSchema = { type?: string; enum?: unknown[]; format?: string; items?: FieldSchema; anyOf?: FieldSchema[] };
type Operation = {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, FieldSchema> } }> };
  parameters?: { in: string; name: string; schema?: FieldSchema }[];
};
const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0008', '\u001f'];
const isText = (s: FieldSchema | undefined): boolean => !!s && (s.type === 'string' || (s.type === 'array' && isText(s.items)) || !!s.anyOf?.some(isText));
// Only free text carries the control-character message; an enum or an id is refused by its own rule first.
const isFreeText = (s: FieldSchema | undefined): boolean =>
  !!s && ((s.type === 'string' && !s.enum && !s.format) || (s.type === 'array' && isFreeText(s.items)));

/** Text fields of routes whose body the document leaves open (they read it themselves). */
const UNDESCRIBED: Record<
  string,
  { fields: Record<string, FieldSchema>; who?: (x: World) => Who; form?: (x: World) => Promise<{ fields: Record<string, string>; files: FormFile[] }> }
> = {
  'POST /api/voice/clone/create': {
    fields: {
      readerId: { type: 'string', format: 'uuid' },
      recording_ids: { type: 'array', items: { type: 'string', format: 'uuid' } },
      voice_name: { type: 'string' },
    },
  },
  'POST /api/admin/books': {
    fields: {
      title: { type: 'string' },
      author: { type: 'string' },
      description: { type: 'string' },
      narration_text: { type: 'string' },
      is_premium: { type: 'string', enum: [] },
      token_cost: { type: 'string', enum: [] },
    },
    form: async () => ({
      fields: { title: 'Moon Book', author: 'An Author', description: 'About the moon', narration_text: 'The moon rose.', is_premium: 'true', token_cost: '2' },
      files: [
        { name: 'pdf_file', filename: 'moon.pdf', content: await makePdf(['The moon rose.']), type: 'application/pdf' },
        { name: 'attribution_file', filename: 'credits.txt', content: Buffer.from('Public domain'), type: 'text/plain' },
      ],
    }),
  },
  'POST /api/recording/upload': {
    who: (x) => x.reader,
    fields: {
      book_id: { type: 'string', format: 'uuid' },
      recording_type: { type: 'string', enum: [] },
      duration_seconds: { type: 'string', enum: [] },
      kid_ids: { type: 'string', enum: [] },
    },
    form: async (x) => ({
      fields: { book_id: x.book.id, recording_type: 'audio_only', duration_seconds: '2', kid_ids: JSON.stringify([x.kid.id]) },
      files: [{ name: 'recording', filename: 'reading.webm', content: makeMedia('webm-audio'), type: 'audio/webm' }],
    }),
  },
};

const withControl = (value: unknown, control: string): unknown => {
  if (Array.isArray(value)) return [withControl(value[0] ?? 'Story', control), ...value.slice(1)];
  const s = typeof value === 'string' && value.length > 1 ? value : 'Story time';
  return `${s.slice(0, 2)}${control}${s.slice(2)}`;
};

describe('control characters in every text field', () => {
  const doc = () => (ctx.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }).swagger();

  for (const [route, row] of Object.entries(MATRIX)) {
    const [method, path] = route.split(' ') as [Method, string];
    it(`${route} refuses control characters in each text field with 400 and changes nothing`, async () => {
      const op = doc().paths[path]?.[method.toLowerCase()];
      const body = UNDESCRIBED[route]?.fields ?? op?.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      const targets = [
        ...Object.entries(body).map(([name, schema]) => ({ where: 'body' as const, name, schema })),
        ...(op?.parameters ?? [])
          .filter((p) => p.in === 'query' || p.in === 'path')
          .map((p) => ({ where: p.in as 'query' | 'path', name: p.name, schema: p.schema })),
      ].filter((t) => isText(t.schema));
      let sent = 0;
      for (const [i, target] of targets.entries()) {
        for (const control of ['\u0000', CONTROLS[1 + (i % (CONTROLS.length - 1))]!]) {
          const who = UNDESCRIBED[route]?.who?.(w) ?? caller(row.access, w);
          let url = row.url(w);
          let payload: unknown = row.body?.(w) ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
          let headers: Record<string, string> = {};
          if (target.where === 'query') {
            const u = new URL(url, 'http://app');
            u.searchParams.set(target.name, String(withControl(u.searchParams.get(target.name) ?? undefined, control)));
            url = `${u.pathname}${u.search}`;
          } else if (target.where === 'path') {
            const at = path.split('/').indexOf(`{${target.name}}`);
            const segments = url.split('?')[0]!.split('/');
            segments[at] = encodeURIComponent(String(withControl(decodeURIComponent(segments[at]!), control)));
            url = segments.join('/');
          } else if (UNDESCRIBED[route]?.form) {
            const form = await UNDESCRIBED[route].form!(w);
            const built = multipartBody({ ...form.fields, [target.name]: String(withControl(form.fields[target.name], control)) }, form.files);
            payload = built.payload;
            headers = built.headers;
          } else {
            const base = (payload ?? {}) as Record<string, unknown>;
            payload = { ...base, [target.name]: withControl(base[target.name], control) };
          }
          const before = await fingerprint(ctx);
          const res = await call(ctx, method, url, who, payload, headers);
          const what = `${method} ${url} ${target.where} ${target.name} with U+${control.charCodeAt(0).toString(16).padStart(4, '0')} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          // An id in the path may be answered as not found; anything else is the client's input error.
          expect(target.where === 'path' && !isFreeText(target.schema) ? [400, 404] : [400], what).toContain(res.statusCode);
          expect(res.headers['content-type'], what).toMatch(/application\/json/);
          if (isFreeText(target.schema)) expect(res.json().errors?.[target.name] ?? [res.json().error], what).toContain(VALIDATION.controlCharacters);
          const after = await fingerprint(ctx);
          expect(
            Object.keys(after).filter((t) => after[t] !== before[t]),
            what,
          ).toEqual([]);
          sent++;
        }
      }
      expect(sent).toBe(targets.length * 2);
    }, 120_000);
  }
});

// After the control characters: this block really removes the reader (family controls), which they need.
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
          mutation
            ? fc.oneof(
                brokenBody(validBody),
                fc.string().map((raw) => ({ raw })),
              )
            : fc.constant(undefined),
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
