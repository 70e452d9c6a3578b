import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the app made of the ElevenLabs API. */
export type ElevenLabsApiRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  apiKey: string | undefined;
  contentType: string;
  /** JSON bodies parsed; multipart bodies as their field names, file names and file sizes. */
  json?: Record<string, unknown>;
  form?: { fields: Record<string, string>; files: { field: string; filename: string; contentType: string; bytes: number; head: string }[] };
};

export const FAKE_ELEVENLABS_KEY = 'xi_test_family_story_time';
// The fake speaks at about the pace of a person: this long per character of text.
export const FAKE_SECONDS_PER_CHARACTER = 0.06;
export const FAKE_SAMPLE_RATE = 22_050;

/** The parts of a multipart/form-data body (enough of RFC 7578 for what the SDK sends). */
function parseMultipart(body: Buffer, contentType: string): NonNullable<ElevenLabsApiRequest['form']> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const form: NonNullable<ElevenLabsApiRequest['form']> = { fields: {}, files: [] };
  if (!boundary) return form;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, split).toString('utf8');
    const content = part.subarray(split + 4);
    const name = /name="([^"]*)"/.exec(headers)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(headers)?.[1];
    if (filename !== undefined) {
      form.files.push({
        field: name,
        filename,
        contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1] ?? '',
        bytes: content.length,
        head: content.subarray(0, 4).toString('latin1'),
      });
    } else form.fields[name] = content.toString('utf8');
    start = next;
  }
  return form;
}

/** Little-endian 16-bit PCM of a tone lasting as long as the text would take to say. */
function speech(text: string): Buffer {
  const samples = Math.round(text.length * FAKE_SECONDS_PER_CHARACTER * FAKE_SAMPLE_RATE);
  const out = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) out.writeInt16LE(Math.round(6000 * Math.sin((2 * Math.PI * 150 * i) / FAKE_SAMPLE_RATE)), i * 2);
  return out;
}

/**
 * A stand-in for the ElevenLabs API on 127.0.0.1, answering the calls the official SDK makes for
 * instant voice cloning (`POST /v1/voices/add`), text to speech (`POST /v1/text-to-speech/{voice_id}`,
 * raw PCM for `output_format=pcm_22050`) and voice removal (`DELETE /v1/voices/{voice_id}`). It checks
 * the API key, remembers the voices it made and records every request. Nothing leaves the machine.
 */
export async function startFakeElevenLabs() {
  const requests: ElevenLabsApiRequest[] = [];
  const voices = new Map<string, { name: string }>();
  let seq = 0;
  // While set, the next calls fail as the service does when it has trouble of its own.
  let failures = 0;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks);
      const contentType = req.headers['content-type'] ?? '';
      const request: ElevenLabsApiRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        apiKey: req.headers['xi-api-key'] as string | undefined,
        contentType,
      };
      if (contentType.startsWith('application/json') && body.length) request.json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      if (contentType.startsWith('multipart/form-data')) request.form = parseMultipart(body, contentType);
      requests.push(request);

      if (request.apiKey !== FAKE_ELEVENLABS_KEY) return send(res, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
      if (failures > 0) {
        failures -= 1;
        return send(res, 503, { detail: { status: 'service_unavailable', message: 'Try again later' } });
      }
      if (request.method === 'POST' && url.pathname === '/v1/voices/add') {
        const form = request.form;
        if (!form?.fields.name || !form.files.length)
          return send(res, 422, { detail: [{ loc: ['body', 'files'], msg: 'field required', type: 'value_error' }] });
        const id = `voice${String(++seq).padStart(16, '0')}`;
        voices.set(id, { name: form.fields.name });
        return send(res, 200, { voice_id: id, requires_verification: false });
      }
      const tts = /^\/v1\/text-to-speech\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'POST' && tts) {
        if (!voices.has(tts[1]!)) return send(res, 404, { detail: { status: 'voice_not_found', message: 'A voice with the voice_id was not found.' } });
        const text = String(request.json?.text ?? '');
        if (!text.trim()) return send(res, 400, { detail: { status: 'invalid_text', message: 'Text is empty' } });
        if (url.searchParams.get('output_format') !== 'pcm_22050') return send(res, 400, { detail: { status: 'unsupported_format' } });
        res.writeHead(200, { 'content-type': 'audio/pcm' });
        return res.end(speech(text));
      }
      const voice = /^\/v1\/voices\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'DELETE' && voice) {
        if (!voices.delete(voice[1]!)) return send(res, 400, { detail: { status: 'voice_does_not_exist', message: 'Voice does not exist' } });
        return send(res, 200, { status: 'ok' });
      }
      send(res, 404, { detail: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    voices,
    /** The next `n` calls answer 503. */
    failNext(n = 1) {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeElevenLabs = Awaited<ReturnType<typeof startFakeElevenLabs>>;
