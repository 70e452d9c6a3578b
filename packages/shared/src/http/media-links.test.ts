import { describe, expect, it } from 'vitest';
import { linkExpiresAt, LINK_RENEW_FALLBACK_MS, LINK_RENEW_MARGIN_MS, msUntilRenewal } from './media-links.ts';

describe('media link expiry', () => {
  it('reads the app’s own links and S3 presigned links', () => {
    expect(linkExpiresAt('/api/media/recordings/a/video.mp4?exp=1900000000&sig=abc')).toEqual(new Date(1_900_000_000_000));
    const s3 = 'https://b.s3.eu-west-1.amazonaws.com/x/a.mp4?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20300601T120000Z&X-Amz-Expires=900&X-Amz-Signature=f';
    expect(linkExpiresAt(s3)).toEqual(new Date('2030-06-01T12:15:00Z'));
    expect(linkExpiresAt('/api/media/x.mp4')).toBeNull();
    expect(linkExpiresAt('/api/media/x.mp4?exp=soon')).toBeNull();
  });

  it('renews a link a margin before it stops working, at once when that has passed, on a schedule when unknown', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const exp = now.getTime() / 1000 + 600;
    expect(msUntilRenewal(`/api/media/a.mp4?exp=${exp}&sig=s`, now)).toBe(600_000 - LINK_RENEW_MARGIN_MS);
    expect(msUntilRenewal(`/api/media/a.mp4?exp=${exp - 590}&sig=s`, now)).toBe(0);
    expect(msUntilRenewal('/api/media/a.mp4', now)).toBe(LINK_RENEW_FALLBACK_MS);
  });
});
