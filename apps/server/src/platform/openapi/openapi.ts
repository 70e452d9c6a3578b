import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { SwaggerOptions } from '@fastify/swagger';
import { IDEMPOTENCY_KEY_PATTERN } from '@fst/shared/http/idempotency';

/**
 * What the served OpenAPI document (/api/docs/json) says besides the routes' own schemas, so a generated
 * client can be built from it: a summary and operationId for each operation, who may call it (`security`),
 * the shared error answer for its 4xx statuses, the multipart bodies, and the two parts that are no JSON
 * operations (resumable uploads, media links). `npm run lint:openapi` holds it to Redocly's recommended rules.
 */

/** One line per operation, as a generated client's method comment and the docs' heading show it. */
const SUMMARIES: Record<string, string> = {
  'GET /api/health': 'Readiness: the database and storage answer',
  'POST /api/auth/signup': 'Create an account and sign in',
  'POST /api/auth/login': 'Sign in',
  'POST /api/auth/logout': 'Sign out',
  'GET /api/auth/me': 'The signed-in account and its families',
  'GET /api/auth/check-session': 'Whether a session is signed in',
  'POST /api/auth/forgot-password': 'Send a password reset link',
  'GET /api/health/live': 'Liveness: the process answers (checks nothing)',
  'POST /api/auth/verify-email': 'Verify an e-mail address with the mailed link',
  'POST /api/auth/resend-verification': 'Mail the verification link again',
  'POST /api/auth/undo-email-change': 'Undo a change of e-mail address from the old address',
  'DELETE /api/family/{id}/members/{userId}': 'Remove a member from the family',
  'PUT /api/family/{id}/members/{userId}': "Change a member's family role (make an admin)",
  'POST /api/family/{id}/leave': 'Leave the family',
  'DELETE /api/family/{id}': 'Delete the family (its exact name typed as confirm_name)',
  'DELETE /api/me': 'Delete the account (its password again); see docs/privacy.md',
  'POST /api/family/{id}/code': 'Make a new family code (the old one stops working)',
  'PUT /api/family/{id}/settings': "Change the family's settings (code joins need approval)",
  'GET /api/family/{id}/activity': "The family's activity, newest first",
  'GET /api/family/{id}/export': "Download the family's stories as a zip (family admins)",
  'GET /api/me/export': "Download the account's own data as a zip",
  'PUT /api/admin/books/{id}/narration-text': "Set a book's text for AI narration",
  'POST /api/auth/reset-password/{token}': 'Set a new password with a reset link',
  'POST /api/auth/change-password': 'Change the password',
  'POST /api/me/change-password': 'Change the password (profile page)',
  'GET /api/me': 'The signed-in profile',
  'PUT /api/me': 'Update the profile',
  'PUT /api/auth/update-profile': 'Update the profile (older path)',
  'POST /api/issue-reports': 'Report an issue',
  'GET /api/admin/issue-reports': 'List issue reports (site admins)',
  'POST /api/family/create': 'Create a family',
  'GET /api/family/my-families': "List the caller's families",
  'POST /api/family/join': 'Join a family by its code',
  'POST /api/auth/join-family': 'Join a family by its code (signup)',
  'GET /api/auth/search-families': 'Search families by name',
  'GET /api/family/{id}': 'A family with its members and kids',
  'POST /api/family/{id}/request-join': 'Ask to join a family',
  'GET /api/family/{id}/requests': "List a family's join requests",
  'GET /api/me/join-requests': "List the caller's pending join requests",
  'DELETE /api/me/join-requests/{requestId}': "Withdraw the caller's pending join request",
  'PUT /api/family/{id}/requests/{requestId}': 'Approve or reject a join request',
  'POST /api/family/{id}/kids': 'Add a kid',
  'PUT /api/family/{id}/kids/{kidId}': 'Update a kid',
  'DELETE /api/family/{id}/kids/{kidId}': 'Remove a kid',
  'GET /api/family/{id}/readers': "List a family's readers",
  'GET /api/family/{familyId}/reader/{readerId}/stats': "A reader's stats in a family",
  'GET /api/stripe/subscription-status': "The caller's subscription",
  'GET /api/user/premium-status': "The caller's plan and token balances",
  'GET /api/voice/subscription/status': "The caller's AI narration allowance",
  'GET /api/stripe/user/{userId}/status': "An account's plan (the caller's own)",
  'GET /api/stripe/config': 'The payment provider and its publishable key',
  'POST /api/stripe/create-checkout-session': 'Start a checkout for a plan',
  'POST /api/stripe/create-portal-session': 'Open the billing portal',
  'POST /api/stripe/purchase-share-tokens': 'Buy share tokens',
  'POST /api/stripe/purchase-story-tokens': 'Buy story tokens',
  'POST /api/premium-books/{id}/unlock': 'Unlock a premium book with tokens',
  'POST /api/stripe/gift-story-tokens': 'Give story tokens to a reader',
  'GET /api/voice/subscription/family/{id}': "A family's AI narration trial",
  'POST /api/voice/subscription/create-trial': 'Start an AI narration trial',
  'GET /api/billing/local/checkout/{sessionId}': 'A test-mode checkout (local provider)',
  'POST /api/billing/local/checkout/{sessionId}/complete': 'Complete a test-mode checkout (local provider)',
  'POST /api/billing/local/payments/{clientSecret}/confirm': 'Pay a test-mode token purchase (local provider)',
  'POST /api/billing/local/portal': 'Change or cancel a test-mode plan (local provider)',
  'POST /api/stripe/webhook': "Receive Stripe's events (signed by Stripe)",
  'GET /api/books': 'List the library',
  'GET /api/books/{id}': 'A book',
  'GET /api/premium-books': 'List the premium library',
  'GET /api/admin/books': 'List every book (site admins)',
  'POST /api/admin/books': 'Add a book (site admins)',
  'DELETE /api/admin/books/{id}': 'Delete a book (site admins)',
  'GET /api/recording/my-recordings': "List the caller's recordings",
  'GET /api/recording/kid_fromGparent/{kidId}': "List the caller's recordings for a kid",
  'GET /api/recording/kid/{kidId}': "List a kid's recordings",
  'GET /api/recording/{id}': 'A recording',
  'DELETE /api/recording/{id}': 'Delete a recording',
  'GET /api/recording/{id}/view-url': "A recording's playable link",
  'POST /api/recording/{id}/assign': 'Assign a recording to kids',
  'GET /api/reader/{id}/recordings': "List a reader's recordings",
  'GET /api/reader/{id}/unrecorded-books': 'List the books a reader has not recorded',
  'GET /api/reader/{id}/premium-unrecorded-books': 'List the premium books a reader has not recorded',
  'GET /api/queue/for-reader': 'List the story requests for the caller',
  'GET /api/queue/kid/{kidId}': "List a kid's story requests",
  'POST /api/queue/request-story': 'Ask a reader for a story',
  'DELETE /api/queue/{id}': 'Withdraw a story request',
  'POST /api/playback/events': 'Record a play event',
  'GET /api/playback/family/{familyId}/stats': "A family's watching stats",
  'GET /api/playback/reader/stats': "The caller's stats as a reader",
  'GET /api/playback/kid/{kidId}/playlist': "A kid's playlist",
  'PUT /api/playback/kid/{kidId}/playlist': "Set a kid's playlist",
  'DELETE /api/playback/kid/{kidId}/playlist': "Clear a kid's playlist",
  'GET /api/playback/kid/{kidId}/bedtime': "A kid's bedtime settings",
  'PUT /api/playback/kid/{kidId}/bedtime': "Set a kid's bedtime settings",
  'POST /api/recording/{id}/reactions': 'React to a recording',
  'GET /api/reactions/for-reader': "List reactions to the caller's recordings",
  'GET /api/me/notifications': "The caller's notification settings",
  'PUT /api/me/notifications': 'Change the notification settings',
  'GET /api/voice/consent': "The caller's voice cloning consent",
  'PUT /api/voice/consent': 'Give or withdraw voice cloning consent',
  'GET /api/voice/clone/my-voice': "The caller's cloned voice",
  'DELETE /api/voice/clone/my-voice': "Delete the caller's cloned voice",
  'GET /api/voice/check-voice-clone/{readerId}': 'Whether a reader has a cloned voice',
  'POST /api/voice/check-availability': 'Whether an AI story can be made',
  'POST /api/voice/generate-story': 'Make an AI story in a cloned voice',
  'GET /api/voice/ai-recordings/{id}': 'An AI story',
  'DELETE /api/voice/ai-recordings/{id}': 'Delete an AI story',
  'GET /api/voice/ai-recordings/{id}/presigned-url': "An AI story's playable link",
  'POST /api/voice/{id}/assign-to-kid': 'Assign an AI story to kids',
  'GET /api/voice/kid/{kidId}/ai-recordings': "List a kid's AI stories",
  'GET /api/voice/kid/{kidId}/all-recordings': "List a kid's recordings and AI stories",
  'POST /api/recording/upload': 'Add a recording',
  'POST /api/voice/clone/create': "Clone the caller's voice",
  'GET /api/family/{id}/all-recordings': "List a family's recordings",
  'GET /api/family/{id}/recent-recordings': "List a family's recent recordings",
  'GET /api/family/{id}/all-ai-recordings': "List a family's AI stories",
  'GET /api/family/{id}/recent-ai-recordings': "List a family's recent AI stories",
  // Kid devices (docs/decisions/018).
  'POST /api/family/{id}/kids/{kidId}/device-code': 'A single-use code that pairs a device to the kid (10 minutes)',
  'POST /api/devices/pair': "Pair this browser as a kid's device with a parent's code",
  'GET /api/family/{id}/devices': "List the family's kid devices",
  'PATCH /api/family/{id}/devices/{deviceId}': "Set how many of the playlist's first stories a kid device keeps offline",
  'DELETE /api/family/{id}/devices/{deviceId}': 'Remove a kid device: its next request is refused',
};

const file = { type: 'string', format: 'binary' } as const;
const text = { type: 'string' } as const;

/** The three routes that take a form: their fields, as a generated client sends them (text fields first). */
const MULTIPART_BODIES: Record<string, { required: string[]; properties: Record<string, object> }> = {
  'POST /api/admin/books': {
    required: ['title', 'author', 'pdf_file', 'attribution_file'],
    properties: {
      title: text,
      author: text,
      description: text,
      is_premium: { type: 'string', enum: ['true', 'false'] },
      token_cost: { type: 'string', description: 'Whole tokens to unlock a premium book' },
      pdf_file: { ...file, description: 'The book, a PDF (.pdf)' },
      attribution_file: { ...file, description: 'Credits and licence, plain text (.txt)' },
    },
  },
  'POST /api/recording/upload': {
    required: ['book_id', 'recording_type'],
    properties: {
      book_id: text,
      recording_type: { type: 'string', enum: ['video', 'audio'] },
      duration_seconds: text,
      kid_ids: { type: 'string', description: 'A JSON list of kid ids' },
      is_premium: { type: 'string', enum: ['true', 'false'] },
      page_track: { type: 'string', description: 'A JSON list of { page, at_seconds }' },
      upload_id: { type: 'string', description: 'A finished upload of /api/uploads, instead of `recording`' },
      recording: { ...file, description: 'The media file, when no upload_id is sent' },
    },
  },
  // Taken as JSON too (recording_ids then a list).
  'POST /api/voice/clone/create': {
    required: ['readerId', 'recording_ids'],
    properties: {
      readerId: text,
      recording_ids: { type: 'string', description: "A JSON list of the reader's ready recording ids, or the field repeated" },
      voice_name: { type: 'string', description: "Default: the reader's first name plus ’s Voice" },
    },
  },
};

/** Answers that are files, not JSON: their 200 as a generated client should read it. */
const FILE_ANSWERS: Record<string, { type: string; description: string }> = {
  'GET /api/family/{id}/export': {
    type: 'application/zip',
    description: 'The family archive: index.html, family.json, reactions.json and every story as a file',
  },
  'GET /api/me/export': { type: 'application/zip', description: "The account's data: README.txt, my-data.json and the readings it recorded" },
};

const ERROR_SCHEMA: Record<string, unknown> = {
  type: 'object',
  required: ['error', 'code', 'requestId'],
  properties: {
    error: { type: 'string', description: 'What went wrong, in words to show the user' },
    code: { type: 'string', description: 'invalid_input, unauthenticated, forbidden, not_found, conflict, …' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'Messages per field' },
    requestId: { type: 'string', description: 'The request id, as in the X-Request-Id header and the logs' },
  },
};

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'The input is not valid: `errors` names the fields',
  '401': 'Not signed in',
  '403': 'Signed in, but not allowed',
  '404': "Not found, or outside the caller's families",
  '413': 'The body is too large',
  '415': 'The file is not of a type taken here',
  '429': 'Too many tries: wait and try again',
};

const DESCRIPTION = `The JSON API of Family Story Time. Every answer that is not a success is \`{ error, code, errors?, requestId }\`
with a 4xx status (503 while a service it needs is down). Signing in (\`POST /api/auth/login\` or \`/api/auth/signup\`)
sets the \`fst_session\` cookie the other calls need; state-changing calls must come from the app's own origin.
The calls that name an \`Idempotency-Key\` header take one: the same request sent again with it is answered once.
A browser paired as a kid's device (\`POST /api/devices/pair\`) gets its own kind of session in the same cookie: it may
call only the routes its kid's page, player and Bedtime Mode need (\`GET /api/auth/me\` answers \`{ device }\`);
every other route answers it 403.

## Resumable uploads (tus)
\`/api/uploads\` is a [tus 1.0.0](https://tus.io/protocols/resumable-upload) endpoint for large recordings, signed in:
\`OPTIONS /api/uploads\` tells the protocol's version, extensions and largest size (no cookie needed);
\`POST /api/uploads\` with \`Upload-Length\` and \`Upload-Metadata\` (filename, filetype) creates an upload and answers its
address in \`Location\`; \`HEAD\` on that address tells the \`Upload-Offset\` reached; \`PATCH\` with
\`Content-Type: application/offset+octet-stream\` and \`Upload-Offset\` sends the next bytes; \`DELETE\` drops it. Once
complete, send its id as \`upload_id\` to \`POST /api/recording/upload\` in place of the file.

## Media links
Recordings, AI stories, posters and books are served from \`/api/media/{key}?exp=…&sig=…\`: the signed, expiring links
that the answers above hand out (\`video_url\`, \`pdf_url\`, …). They need no cookie, take \`Range\` (answering 206, or 416),
send \`ETag\` and \`Last-Modified\` and honour \`If-Range\`, \`If-None-Match\` and \`If-Modified-Since\`; an expired or altered link
answers 403. With S3 storage the links point at the bucket instead.`;

type Route = { method: string | string[]; url: string; config?: { public?: boolean; idempotent?: boolean } };
type SchemaLike = Record<string, unknown> & { response?: Record<string, unknown> };

/** `getFamilyByIdKids` from `GET /api/family/{id}/kids`: stable, unique per method and path. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') || part.startsWith('{') ? `by-${part.replace(/[:{}]/g, '')}` : part))
    .flatMap((part) => part.split(/[-_]/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The header of the routes marked `config: { idempotent: true }` (platform/idempotency). */
const IDEMPOTENCY_KEY_PARAMETER = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  description: 'Sent again with the same request, its first answer is given again (`idempotent-replayed: true`) instead of doing it twice; kept a day.',
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
};

export function openApiOptions(sessionCookie: string): SwaggerOptions {
  // Operations whose route takes an Idempotency-Key, noted as each route is read and documented in transformObject.
  const idempotent = new Set<string>();
  return {
    openapi: {
      info: { title: 'Family Story Time API', version: '1.0.0', description: DESCRIPTION },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: sessionCookie, description: 'The session cookie set by signing in' } },
        schemas: { Error: ERROR_SCHEMA as never },
      },
    },
    transform(input) {
      const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]) as { schema: SchemaLike; url: string };
      const route = (input as { route: Route }).route;
      const method = (Array.isArray(route.method) ? route.method[0]! : route.method).toUpperCase();
      const key = `${method} ${openApiPath(out.url)}`;
      const schema: SchemaLike = { ...out.schema };
      schema.operationId ??= operationIdOf(method, out.url);
      if (SUMMARIES[key]) schema.summary ??= SUMMARIES[key];
      if (route.config?.idempotent) idempotent.add(key);
      // Public calls need no session; every other one answers 401 without it.
      schema.security ??= route.config?.public ? [] : [{ session: [] }];
      return { ...out, schema };
    },
    transformObject(documentObject) {
      const doc = (documentObject as { openapiObject: Record<string, unknown> }).openapiObject as {
        paths?: Record<
          string,
          Record<string, { security?: unknown[]; parameters?: { in: string }[]; responses?: Record<string, unknown>; requestBody?: unknown }>
        >;
      };
      for (const [path, operations] of Object.entries(doc.paths ?? {})) {
        for (const [method, op] of Object.entries(operations)) {
          const key = `${method.toUpperCase()} ${path}`;
          if (idempotent.has(key)) op.parameters = [...(op.parameters ?? []), IDEMPOTENCY_KEY_PARAMETER];
          const form = MULTIPART_BODIES[key];
          if (form) {
            const content: Record<string, unknown> = { 'multipart/form-data': { schema: { type: 'object', ...form } } };
            if (key === 'POST /api/voice/clone/create') {
              content['application/json'] = {
                schema: { type: 'object', ...form, properties: { ...form.properties, recording_ids: { type: 'array', items: text } } },
              };
            }
            op.requestBody = { required: true, content };
          }
          const fileAnswer = FILE_ANSWERS[key];
          if (fileAnswer) {
            op.responses = { ...op.responses, '200': { description: fileAnswer.description, content: { [fileAnswer.type]: { schema: file } } } };
          }
          // The 4xx statuses each call can answer, all with the shared error answer.
          const statuses = ['400'];
          if (op.security?.length) statuses.push('401', '403');
          if (op.parameters?.some((p) => p.in === 'path')) statuses.push('404');
          if (form) statuses.push('413', '415');
          if (key === 'POST /api/auth/login' || key === 'POST /api/auth/forgot-password' || key.includes('reset-password')) statuses.push('429');
          op.responses ??= {};
          for (const status of statuses) op.responses[status] ??= { $ref: `#/components/responses/Error${status}` };
        }
      }
      const responses = Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([status, description]) => [
          `Error${status}`,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ]),
      );
      const components = ((doc as { components?: Record<string, unknown> }).components ??= {});
      components.responses = { ...(components.responses as object), ...responses };
      return doc;
    },
  };
}
