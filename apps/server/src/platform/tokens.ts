import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token (256 bits) for cookies and e-mailed links. */
export const newToken = () => randomBytes(32).toString('base64url');
/** What the database keeps of a token: its SHA-256, so a leaked table grants nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

// A kid device's cookie (docs/decisions/018) shares the session cookie; its prefix (never in base64url) says
// which table to look in, so a request reads one table, not two.
const DEVICE_TOKEN_PREFIX = 'kd.';
export const newDeviceToken = () => `${DEVICE_TOKEN_PREFIX}${newToken()}`;
export const isDeviceToken = (token: string | undefined): token is string => token !== undefined && token.startsWith(DEVICE_TOKEN_PREFIX);
