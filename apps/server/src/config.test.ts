import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** The ConfigError a bad environment throws. */
function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('expected loadConfig to throw');
}

const stripeKeys = {
  STRIPE_SECRET_KEY: 'sk_test_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
  STRIPE_PRICE_PREMIUM: 'price_premium',
  STRIPE_PRICE_GOLD: 'price_gold',
};

describe('loadConfig defaults', () => {
  const config = loadConfig({});

  it('listens on port 8443 on all interfaces, in development mode', () => {
    expect(config.port).toBe(8443);
    expect(config.host).toBe('0.0.0.0');
    expect(config.env).toBe('development');
  });

  it('keeps data in ./data resolved to an absolute path, with the outbox inside it', () => {
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.mail.outboxDir).toBe(path.join(path.resolve('./data'), 'outbox'));
  });

  it('serves http://localhost:8443 without TLS', () => {
    expect(config.publicUrl).toBe('http://localhost:8443');
    expect(config.tls).toBeNull();
  });

  it('uses the local adapters for storage, payments, voice and mail', () => {
    expect(config.storage.kind).toBe('local');
    expect(config.payments.provider).toBe('local');
    expect(config.voice.provider).toBe('local');
    expect(config.mail.smtpUrl).toBeNull();
    expect(config.databaseUrl).toBeNull();
  });

  it('has no admins, no proxy trust and no web build by default', () => {
    expect(config.adminEmails).toEqual([]);
    expect(config.trustProxy).toBe(0);
    expect(config.https).toBe(false);
    expect(config.webDist).toBeNull();
    expect(config.logLevel).toBe('info');
  });
});

describe('loadConfig settings', () => {
  it('treats empty strings as unset', () => {
    const config = loadConfig({
      PORT: '',
      DATA_DIR: '',
      PUBLIC_URL: '',
      STORAGE: '',
      PAYMENTS_PROVIDER: '',
      VOICE_PROVIDER: '',
      SMTP_URL: '',
      ADMIN_EMAILS: '',
      TLS_CERT: '',
    });
    expect(config).toEqual(loadConfig({}));
  });

  it('reads the port and derives the public URL from it, https with TLS', () => {
    const config = loadConfig({ PORT: '9000', TLS_CERT: '/tls/cert.pem', TLS_KEY: '/tls/key.pem' });
    expect(config.port).toBe(9000);
    expect(config.tls).toEqual({ cert: '/tls/cert.pem', key: '/tls/key.pem' });
    expect(config.publicUrl).toBe('https://localhost:9000');
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://stories.example.com/' }).publicUrl).toBe('https://stories.example.com');
  });

  it('parses ADMIN_EMAILS: comma separated, trimmed, lower-cased, blanks skipped', () => {
    const config = loadConfig({ ADMIN_EMAILS: ' Ada@Example.COM , ,bob@example.org,' });
    expect(config.adminEmails).toEqual(['ada@example.com', 'bob@example.org']);
  });

  it('accepts s3 storage with a bucket and stripe payments with its keys', () => {
    const config = loadConfig({ STORAGE: 's3', S3_BUCKET: 'books', PAYMENTS_PROVIDER: 'stripe', ...stripeKeys });
    expect(config.storage).toMatchObject({ kind: 's3', bucket: 'books' });
    expect(config.payments.provider).toBe('stripe');
    expect(config.payments.stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      publishableKey: 'pk_test_1',
      prices: { premium: 'price_premium', gold: 'price_gold' },
      apiBase: null,
    });
    expect(loadConfig({}).payments.stripe).toBeNull();
  });

  it('takes the S3 endpoint, region and path style, and the recording limits and tools', () => {
    const config = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-1',
      S3_FORCE_PATH_STYLE: '0',
      UPLOAD_MAX_BYTES: '1048576',
      FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg',
      DATA_DIR: '/srv/fst',
    });
    expect(config.storage).toMatchObject({ bucket: 'media', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-1', forcePathStyle: false });
    expect(config.uploads).toEqual({ dir: '/srv/fst/uploads', maxBytes: 1048576 });
    expect(config.media).toEqual({ ffmpeg: '/opt/ffmpeg/bin/ffmpeg', ffprobe: 'ffprobe', workDir: '/srv/fst/work' });
  });

  it('limits recordings to 2 GiB and finds ffmpeg on the PATH by default', () => {
    const config = loadConfig({});
    expect(config.uploads.maxBytes).toBe(2 * 1024 ** 3);
    expect(config.media).toMatchObject({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
    expect(config.storage.forcePathStyle).toBeUndefined();
  });

  it.each([
    ['1', 1],
    ['true', 1],
    ['2', 2],
    ['0', 0],
    ['false', 0],
  ])('reads TRUST_PROXY=%s as %s proxy hops', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected);
  });

  it('serves over HTTPS when its own TLS is set or PUBLIC_URL is https (a TLS-terminating proxy)', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://stories.example.com' }).https).toBe(true);
    expect(loadConfig({ TLS_CERT: '/c.pem', TLS_KEY: '/k.pem' }).https).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://stories.example.com' }).https).toBe(false);
  });
});

describe('loadConfig in production', () => {
  it('runs the test-mode providers only when they are named', () => {
    const config = loadConfig({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'local', VOICE_PROVIDER: 'local' });
    expect(config.env).toBe('production');
    expect(config.payments.provider).toBe('local');
    expect(config.voice.provider).toBe('local');
  });

  it('hashes passwords at scrypt cost 17 unless told, and lower only outside production (test servers)', () => {
    expect(loadConfig({}).passwordHashCost).toBe(17);
    expect(loadConfig({ PASSWORD_HASH_COST: '12' }).passwordHashCost).toBe(12);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'local', VOICE_PROVIDER: 'local', PASSWORD_HASH_COST: '18' }).passwordHashCost).toBe(18);
  });

  it('runs with Stripe and ElevenLabs named', () => {
    const config = loadConfig({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'stripe', ...stripeKeys, VOICE_PROVIDER: 'elevenlabs', ELEVENLABS_API_KEY: 'k' });
    expect(config.payments.provider).toBe('stripe');
    expect(config.voice.provider).toBe('elevenlabs');
  });
});

describe('loadConfig refuses bad values, naming the setting', () => {
  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['STORAGE', { STORAGE: 'ftp' }],
    ['S3_BUCKET', { STORAGE: 's3' }],
    ['STRIPE_SECRET_KEY', { PAYMENTS_PROVIDER: 'stripe' }],
    ['STRIPE_WEBHOOK_SECRET', { PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk' }],
    ['STRIPE_PRICE_PREMIUM', { PAYMENTS_PROVIDER: 'stripe', ...stripeKeys, STRIPE_PRICE_PREMIUM: '' }],
    ['STRIPE_PRICE_GOLD', { PAYMENTS_PROVIDER: 'stripe', ...stripeKeys, STRIPE_PRICE_GOLD: '' }],
    ['STRIPE_API_BASE', { STRIPE_API_BASE: 'not a url' }],
    ['TLS_KEY', { TLS_CERT: '/tls/cert.pem' }],
    ['TLS_CERT', { TLS_KEY: '/tls/key.pem' }],
    ['ADMIN_EMAILS', { ADMIN_EMAILS: 'notanemail' }],
    ['ADMIN_EMAILS', { ADMIN_EMAILS: 'ada@example.com, notanemail' }],
    ['ELEVENLABS_API_KEY', { VOICE_PROVIDER: 'elevenlabs' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'yes' }],
    ['TRUST_PROXY', { TRUST_PROXY: '-1' }],
    ['TRUST_PROXY', { TRUST_PROXY: '1.5' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'not a url' }],
    ['UPLOAD_MAX_BYTES', { UPLOAD_MAX_BYTES: 'lots' }],
    ['UPLOAD_MAX_BYTES', { UPLOAD_MAX_BYTES: '10' }],
    ['S3_FORCE_PATH_STYLE', { S3_FORCE_PATH_STYLE: 'maybe' }],
    ['PAYMENTS_PROVIDER', { NODE_ENV: 'production', VOICE_PROVIDER: 'local' }],
    ['VOICE_PROVIDER', { NODE_ENV: 'production', PAYMENTS_PROVIDER: 'local' }],
    ['PASSWORD_HASH_COST', { PASSWORD_HASH_COST: '9' }],
    ['PASSWORD_HASH_COST', { NODE_ENV: 'production', PAYMENTS_PROVIDER: 'local', VOICE_PROVIDER: 'local', PASSWORD_HASH_COST: '12' }],
  ] as const)('names %s', (setting, env) => {
    const err = configError(env);
    expect(err.message).toMatch(new RegExp(`^Invalid setting ${setting}: `));
    // One line, so it reads well in a log.
    expect(err.message).not.toContain('\n');
  });
});
