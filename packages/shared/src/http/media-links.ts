/**
 * When a signed media link stops working, read from the link itself: the app's own links carry `exp`
 * (unix seconds), S3 presigned ones `X-Amz-Date` and `X-Amz-Expires`. Null for a link that says neither.
 */
export function linkExpiresAt(link: string): Date | null {
  const params = queryOf(link);
  const exp = params.get('exp');
  if (exp && /^\d{1,12}$/.test(exp)) return new Date(Number(exp) * 1000);
  const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(params.get('X-Amz-Date') ?? '');
  const expires = params.get('X-Amz-Expires');
  if (date && expires && /^\d{1,9}$/.test(expires)) {
    const [, y, mo, d, h, mi, s] = date.map(Number) as [number, number, number, number, number, number, number];
    return new Date(Date.UTC(y, mo - 1, d, h, mi, s) + Number(expires) * 1000);
  }
  return null;
}

// The link's query parameters (this package runs without the DOM's or Node's URL type).
function queryOf(link: string): Map<string, string> {
  const params = new Map<string, string>();
  const query = link.split('#')[0]!.split('?')[1] ?? '';
  for (const pair of query.split('&')) {
    const [name, value = ''] = pair.split('=');
    try {
      if (name) params.set(decodeURIComponent(name), decodeURIComponent(value.replace(/\+/g, ' ')));
    } catch {
      // A malformed escape: that parameter is ignored.
    }
  }
  return params;
}

// A link is renewed this long before it stops working: time for the request and for the player to switch.
export const LINK_RENEW_MARGIN_MS = 2 * 60 * 1000;
// A link that tells no expiry is renewed this often (the server's links live at least 10 minutes).
export const LINK_RENEW_FALLBACK_MS = 8 * 60 * 1000;

/** How long from `now` until `link` should be swapped for a fresh one (never negative). */
export function msUntilRenewal(link: string, now: Date): number {
  const expires = linkExpiresAt(link);
  if (!expires) return LINK_RENEW_FALLBACK_MS;
  return Math.max(0, expires.getTime() - LINK_RENEW_MARGIN_MS - now.getTime());
}
