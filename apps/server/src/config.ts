import path from 'node:path';
import { z } from 'zod';
import { API_PORT } from '@fst/shared/constants';
import { BOOK_PDF_MAX_BYTES } from '@fst/shared/books/books.rules';
import { RECORDING_MAX_BYTES_DEFAULT } from '@fst/shared/recordings/recordings.rules';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const emailList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

// Every setting of decisions.md "Runtime and configuration"; unset means the embedded default.
const envSchema = z
  .object({
    // Unset means development, as across Node; production refuses the test-mode providers unless named.
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(API_PORT),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    TLS_CERT: z.string().min(1).optional(),
    TLS_KEY: z.string().min(1).optional(),
    // How many proxies in front add X-Forwarded-For: the client is the address the farthest of them saw
    // ("true" is one). Trusting every hop would let a client pick its own address by sending the header.
    TRUST_PROXY: z.union([z.enum(['true', 'false']).transform((v) => (v === 'true' ? 1 : 0)), z.coerce.number().int().min(0).max(10)]).default(0),
    // Signups one client address may attempt in an hour (each costs a password hash).
    SIGNUPS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
    // scrypt's cost as log2 N for new password hashes (17: ~0.7 s, 128 MiB). Test servers lower it, never production.
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url().optional(),
    DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: flag.optional(),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1024 ** 4)
      .default(RECORDING_MAX_BYTES_DEFAULT),
    BOOK_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(4 * 1024 ** 3)
      .default(BOOK_PDF_MAX_BYTES),
    FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
    FFPROBE_PATH: z.string().min(1).default('ffprobe'),
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().min(3).default('Family Story Time <no-reply@familystorytime.local>'),
    PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).optional(),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
    STRIPE_PRICE_PREMIUM: z.string().min(1).optional(),
    STRIPE_PRICE_GOLD: z.string().min(1).optional(),
    // Another Stripe API address (tests point the SDK at a local server); unset means api.stripe.com.
    STRIPE_API_BASE: z.url().optional(),
    VOICE_PROVIDER: z.enum(['local', 'elevenlabs']).optional(),
    ELEVENLABS_API_KEY: z.string().min(1).optional(),
    // Another ElevenLabs API address (tests point the SDK at a local server); unset means api.elevenlabs.io.
    ELEVENLABS_API_BASE: z.url().optional(),
    ADMIN_EMAILS: emailList.default([]),
    WEB_DIST: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    const need = (cond: boolean, key: string, why: string) => {
      if (cond) ctx.addIssue({ code: 'custom', path: [key], message: `is required ${why}` });
    };
    need(Boolean(env.TLS_CERT) !== Boolean(env.TLS_KEY), env.TLS_CERT ? 'TLS_KEY' : 'TLS_CERT', 'when the other TLS file is set');
    need(env.STORAGE === 's3' && !env.S3_BUCKET, 'S3_BUCKET', 'when STORAGE=s3');
    need(env.PAYMENTS_PROVIDER === 'stripe' && !env.STRIPE_SECRET_KEY, 'STRIPE_SECRET_KEY', 'when PAYMENTS_PROVIDER=stripe');
    need(env.PAYMENTS_PROVIDER === 'stripe' && !env.STRIPE_WEBHOOK_SECRET, 'STRIPE_WEBHOOK_SECRET', 'when PAYMENTS_PROVIDER=stripe');
    need(env.PAYMENTS_PROVIDER === 'stripe' && !env.STRIPE_PUBLISHABLE_KEY, 'STRIPE_PUBLISHABLE_KEY', 'when PAYMENTS_PROVIDER=stripe');
    need(env.PAYMENTS_PROVIDER === 'stripe' && !env.STRIPE_PRICE_PREMIUM, 'STRIPE_PRICE_PREMIUM', 'when PAYMENTS_PROVIDER=stripe');
    need(env.PAYMENTS_PROVIDER === 'stripe' && !env.STRIPE_PRICE_GOLD, 'STRIPE_PRICE_GOLD', 'when PAYMENTS_PROVIDER=stripe');
    need(env.VOICE_PROVIDER === 'elevenlabs' && !env.ELEVENLABS_API_KEY, 'ELEVENLABS_API_KEY', 'when VOICE_PROVIDER=elevenlabs');
    // A production deployment that forgot a setting must not take test cards or clone voices locally.
    need(env.NODE_ENV === 'production' && !env.PAYMENTS_PROVIDER, 'PAYMENTS_PROVIDER', 'when NODE_ENV=production (stripe, or local for test payments)');
    need(env.NODE_ENV === 'production' && !env.VOICE_PROVIDER, 'VOICE_PROVIDER', 'when NODE_ENV=production (elevenlabs, or local for test voices)');
    if (env.NODE_ENV === 'production' && env.PASSWORD_HASH_COST < 17) {
      ctx.addIssue({ code: 'custom', path: ['PASSWORD_HASH_COST'], message: 'must be at least 17 when NODE_ENV=production' });
    }
  });

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value throws one line naming the setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // Empty strings count as unset, as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid setting ${key}: ${issue.message}`);
  }
  const e = { ...parsed.data, PAYMENTS_PROVIDER: parsed.data.PAYMENTS_PROVIDER ?? 'local', VOICE_PROVIDER: parsed.data.VOICE_PROVIDER ?? 'local' };
  const dataDir = path.resolve(e.DATA_DIR);
  const tls = e.TLS_CERT && e.TLS_KEY ? { cert: e.TLS_CERT, key: e.TLS_KEY } : null;
  const publicUrl = (e.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    tls,
    // Users reach the app over HTTPS, served here or by a proxy in front: cookies are Secure and HSTS is on.
    https: Boolean(tls) || publicUrl.startsWith('https:'),
    trustProxy: e.TRUST_PROXY,
    signupsPerClientPerHour: e.SIGNUPS_PER_CLIENT_PER_HOUR,
    passwordHashCost: e.PASSWORD_HASH_COST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    // PostgreSQL cancels a statement running longer; the request answers 503 (issue 27.8).
    databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
    storage: {
      kind: e.STORAGE,
      dir: path.join(dataDir, 'media'),
      bucket: e.S3_BUCKET,
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
    // Resumable (tus) uploads in progress live on this instance's disk until they become recordings.
    uploads: { dir: path.join(dataDir, 'uploads'), maxBytes: e.UPLOAD_MAX_BYTES },
    books: { maxBytes: e.BOOK_MAX_BYTES },
    media: { ffmpeg: e.FFMPEG_PATH, ffprobe: e.FFPROBE_PATH, workDir: path.join(dataDir, 'work') },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    payments: {
      provider: e.PAYMENTS_PROVIDER,
      stripe:
        e.PAYMENTS_PROVIDER === 'stripe'
          ? {
              secretKey: e.STRIPE_SECRET_KEY!,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
              publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
              prices: { premium: e.STRIPE_PRICE_PREMIUM!, gold: e.STRIPE_PRICE_GOLD! },
              apiBase: e.STRIPE_API_BASE ?? null,
            }
          : null,
    },
    voice:
      e.VOICE_PROVIDER === 'elevenlabs'
        ? { provider: 'elevenlabs' as const, elevenlabs: { apiKey: e.ELEVENLABS_API_KEY!, apiBase: e.ELEVENLABS_API_BASE ?? null } }
        : { provider: 'local' as const },
    adminEmails: e.ADMIN_EMAILS,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : null,
    logLevel: e.LOG_LEVEL,
  };
}
