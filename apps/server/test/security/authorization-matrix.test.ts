// The authorization matrix (issue #9 "Security"): every route of the OpenAPI document, called as each actor
// that must be refused, is refused and changes nothing. A route added without a row fails the first test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../context.ts';
import { MATRIX, call as callAs, fingerprint as fingerprintOf, openApiRoutes, world, type Access, type Method, type Who, type World } from './route-matrix.ts';

let ctx: TestContext;
let w: World;
beforeAll(async () => {
  ctx = await createTestContext();
  w = await world(ctx);
}, 120_000);
afterAll(() => ctx?.close());

const call = (method: Method, url: string, who?: Who, payload?: unknown) => callAs(ctx, method, url, who, payload);
const fingerprint = () => fingerprintOf(ctx);

/** The actors that must be refused a route of each access kind. */
function refusedActors(access: Access, x: World): [string, Who | undefined][] {
  const outsiders: [string, Who][] = [
    ['a parent of another family', x.outsiderParent],
    ['a reader of another family', x.outsiderReader],
  ];
  switch (access) {
    case 'public':
      return [];
    case 'self':
      return [['anonymous', undefined]];
    case 'member':
      return [['anonymous', undefined], ...outsiders];
    case 'parent':
      return [['anonymous', undefined], ...outsiders, ['a reader of the same family', x.reader]];
    case 'family-admin':
      return [
        ['anonymous', undefined],
        ...outsiders,
        ['a reader of the same family', x.reader],
        ['a parent of the same family who is not its admin', x.coParent],
      ];
    case 'admin':
      return [
        ['anonymous', undefined],
        ['a signed-in parent who is not an admin', x.parent],
      ];
  }
}

const ids = (x: World) => [x.family.id, x.kid.id, x.recordingId, x.aiRecordingId, x.requestId, x.family.family_code];
// Search answers families by name so that outsiders can ask to join: it shows their ids, never their codes.
const SHOWS_FAMILY_IDS = new Set(['GET /api/auth/search-families']);

describe('authorization matrix', () => {
  it('has a row for every route of the OpenAPI document', async () => {
    const routes = openApiRoutes(ctx);
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((r) => !(r in MATRIX));
    expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
    const stale = Object.keys(MATRIX).filter((r) => !routes.includes(r));
    expect(stale, 'rows for routes that no longer exist').toEqual([]);
  });

  it('refuses every actor that must be refused, and the refused call changes nothing', async () => {
    const failures: string[] = [];
    let cells = 0;
    for (const [route, row] of Object.entries(MATRIX)) {
      const [method, path] = route.split(' ') as [Method, string];
      for (const [actor, who] of refusedActors(row.access, w)) {
        cells += 1;
        const before = method === 'GET' ? null : await fingerprint();
        const res = await call(method, row.url(w), who, row.body?.(w) ?? (method === 'GET' || method === 'DELETE' ? undefined : {}));
        const expected = who === undefined ? [401] : [403, 404];
        if (!expected.includes(res.statusCode)) failures.push(`${route} as ${actor}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        else if (typeof res.json().error !== 'string') failures.push(`${route} as ${actor}: no error message`);
        if (before) {
          const after = await fingerprint();
          const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
          if (changed.length) failures.push(`${route} as ${actor}: changed ${changed.join(', ')}`);
        }
        void path;
      }
    }
    expect(cells).toBeGreaterThan(150);
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers a signed-in user of another family on their own routes without showing family A', async () => {
    const leaks: string[] = [];
    for (const [route, row] of Object.entries(MATRIX)) {
      const [method] = route.split(' ') as [Method];
      if (row.access !== 'self' || method !== 'GET') continue;
      for (const who of [w.outsiderParent, w.outsiderReader]) {
        const res = await call(method, row.url(w), who);
        const hidden = ids(w).filter((id) => !(SHOWS_FAMILY_IDS.has(route) && id === w.family.id));
        for (const id of hidden) if (res.body.includes(id)) leaks.push(`${route} shows ${id}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('lets the allowed actors through (the matrix is not refusing everyone)', async () => {
    const allowed: [string, Who][] = [
      [`/api/family/${w.family.id}`, w.reader],
      [`/api/family/${w.family.id}/requests`, w.parent],
      [`/api/recording/${w.recordingId}`, w.parent],
      [`/api/playback/kid/${w.kid.id}/bedtime`, w.coParent],
      ['/api/admin/books', w.admin],
    ];
    for (const [url, who] of allowed) expect((await call('GET', url, who)).statusCode, url).toBe(200);
    for (const [route, row] of Object.entries(MATRIX)) {
      if (row.access !== 'public') continue;
      const [method] = route.split(' ') as [Method];
      expect((await call(method, row.url(w), undefined, method === 'GET' ? undefined : {})).statusCode, route).not.toBe(401);
    }
  });

  // Kid devices (issue 26, decision 018): a new kind of caller, across every route.
  it('refuses a kid device every route not open to it with 403, and the refused call changes nothing', async () => {
    const failures: string[] = [];
    for (const [route, row] of Object.entries(MATRIX)) {
      if (row.device) continue;
      const [method] = route.split(' ') as [Method];
      const before = method === 'GET' ? null : await fingerprint();
      const res = await call(method, row.url(w), w.device, row.body?.(w) ?? (method === 'GET' || method === 'DELETE' ? undefined : {}));
      if (res.statusCode !== 403 || typeof res.json().error !== 'string')
        failures.push(`${route} as a kid device: ${res.statusCode} ${res.body.slice(0, 160)}`);
      if (before) {
        const after = await fingerprint();
        const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
        if (changed.length) failures.push(`${route} as a kid device: changed ${changed.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('lets a kid device call the routes open to it for its own kid, and refuses another family’s device', async () => {
    const failures: string[] = [];
    for (const [route, row] of Object.entries(MATRIX)) {
      if (!row.device) continue;
      const [method] = route.split(' ') as [Method];
      const body = row.body?.(w) ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
      const own = await call(method, row.url(w), w.device, body);
      // Sign-in is open to a device (a parent leaving kid mode); an empty body is still refused as input.
      const expected = route === 'POST /api/auth/login' ? [400] : [200, 201];
      if (!expected.includes(own.statusCode)) failures.push(`${route} as the kid's device: ${own.statusCode} ${own.body.slice(0, 160)}`);
      if (row.access === 'public' || row.access === 'self') continue;
      const other = await call(method, row.url(w), w.outsiderDevice, body);
      if (![403, 404].includes(other.statusCode)) failures.push(`${route} as another family's device: ${other.statusCode} ${other.body.slice(0, 160)}`);
      for (const id of ids(w)) if (other.body.includes(id) && !row.url(w).includes(id)) failures.push(`${route} shows ${id} to another family's device`);
    }
    expect(failures).toEqual([]);
  });

  it('notices a change: the fingerprint moves when an allowed parent changes bedtime settings', async () => {
    const before = await fingerprint();
    const res = await call('PUT', `/api/playback/kid/${w.kid.id}/bedtime`, w.parent, { stories_limit: 4, sleep_timer_minutes: 20 });
    expect(res.statusCode).toBe(200);
    const after = await fingerprint();
    expect(Object.keys(after).filter((t) => after[t] !== before[t])).toEqual(['bedtime_settings']);
  });
});
