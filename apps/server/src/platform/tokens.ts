import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token (256 bits) for cookies and e-mailed links. */
export const newToken = () => randomBytes(32).toString('base64url');
/** What the database keeps of a token: its SHA-256, so a leaked table grants nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
