import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ELEVENLABS_KEY, FAKE_SECONDS_PER_CHARACTER, startFakeElevenLabs, type FakeElevenLabs } from '../../../test/fake-elevenlabs.ts';
import { createElevenLabsVoiceProvider } from './elevenlabs-voice.ts';
import { WavWriter } from './pcm.ts';
import { estimatePitch } from './pitch.ts';
import { SPEECH_SAMPLE_RATE, VoiceServiceError, type VoiceSample } from './voice.ts';

let fake: FakeElevenLabs;
let dir: string;
let samples: VoiceSample[];
beforeAll(async () => {
  fake = await startFakeElevenLabs();
  dir = await mkdtemp(path.join(os.tmpdir(), 'fst-11labs-'));
  const wav = path.join(dir, 'reading.wav');
  const w = await WavWriter.create(wav, SPEECH_SAMPLE_RATE);
  await w.appendSilence(1);
  await w.close();
  const webm = path.join(dir, 'reading.webm');
  await writeFile(webm, Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]));
  samples = [
    { wavFile: wav, mediaFile: webm, mime: 'audio/webm', words: 100, durationSeconds: 60 },
    { wavFile: null, mediaFile: webm, mime: 'audio/webm', words: null, durationSeconds: 30 },
  ];
});
afterAll(async () => {
  await fake?.close();
  await rm(dir, { recursive: true, force: true });
});

const provider = (overrides: Partial<Parameters<typeof createElevenLabsVoiceProvider>[0]> = {}) =>
  createElevenLabsVoiceProvider({ apiKey: FAKE_ELEVENLABS_KEY, apiBase: fake.url, maxRetries: 0, ...overrides });
const last = (method: string, pathPrefix: string) => fake.requests.findLast((r) => r.method === method && r.path.startsWith(pathPrefix))!;

describe('ElevenLabs voice provider (against a local stand-in)', () => {
  it('clones a voice from the readings: the decoded WAV where there is one, else the stored file', async () => {
    const voice = await provider().createVoice({ name: "Rose's Voice", description: 'From 2 readings', samples });
    expect(voice).toEqual({ providerVoiceId: expect.stringMatching(/^voice\d+$/), profile: null });
    const req = last('POST', '/v1/voices/add');
    expect(req.apiKey).toBe(FAKE_ELEVENLABS_KEY);
    expect(req.form!.fields).toMatchObject({ name: "Rose's Voice", description: 'From 2 readings', remove_background_noise: 'false' });
    expect(req.form!.files.map((f) => [f.field, f.filename, f.contentType, f.head])).toEqual([
      ['files', 'reading-1.wav', 'audio/wav', 'RIFF'],
      ['files', 'reading-2', 'audio/webm', '\x1a\x45\xdf\xa3'],
    ]);
    expect(fake.voices.has(voice.providerVoiceId)).toBe(true);
  });

  it('speaks text in the voice as PCM at 22,050 Hz, longer for longer text', async () => {
    const p = provider({ modelId: 'eleven_test_model' });
    const voice = await p.createVoice({ name: 'V', description: '', samples });
    const short = await p.synthesize(voice, 'Good night.');
    const long = await p.synthesize(voice, 'Good night, little bear. Good night, moon. Good night, stars in the sky.');
    expect(short.sampleRate).toBe(SPEECH_SAMPLE_RATE);
    expect(short.samples.length / SPEECH_SAMPLE_RATE).toBeCloseTo(11 * FAKE_SECONDS_PER_CHARACTER, 2);
    expect(long.samples.length).toBeGreaterThan(short.samples.length * 5);
    expect(estimatePitch(long.samples, SPEECH_SAMPLE_RATE)).toBeCloseTo(150, 0);
    const req = last('POST', `/v1/text-to-speech/${voice.providerVoiceId}`);
    expect(req.query.get('output_format')).toBe('pcm_22050');
    expect(req.json).toMatchObject({ text: 'Good night, little bear. Good night, moon. Good night, stars in the sky.', model_id: 'eleven_test_model' });
  });

  it('deletes the voice there, and a voice already gone is no error', async () => {
    const p = provider();
    const voice = await p.createVoice({ name: 'Gone soon', description: '', samples });
    await p.deleteVoice(voice);
    expect(last('DELETE', '/v1/voices/').path).toBe(`/v1/voices/${voice.providerVoiceId}`);
    expect(fake.voices.has(voice.providerVoiceId)).toBe(false);
    await expect(p.deleteVoice(voice)).resolves.toBeUndefined();
  });

  it('tells a refusal from an outage', async () => {
    const p = provider();
    const refused = await p.synthesize({ providerVoiceId: 'voice-unknown', profile: null }, 'Hello').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(VoiceServiceError);
    expect((refused as VoiceServiceError).kind).toBe('refused');
    const badKey = await provider({ apiKey: 'wrong' })
      .createVoice({ name: 'V', description: '', samples })
      .catch((e: unknown) => e);
    expect((badKey as VoiceServiceError).kind).toBe('refused');
    await expect(p.createVoice({ name: 'V', description: '', samples: [] })).rejects.toMatchObject({ kind: 'refused' });

    fake.failNext(1);
    const down = await p.createVoice({ name: 'V', description: '', samples }).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(VoiceServiceError);
    expect((down as VoiceServiceError).kind).toBe('unavailable');
    const unreachable = await provider({ apiBase: 'http://127.0.0.1:9' })
      .synthesize({ providerVoiceId: 'v', profile: null }, 'Hi')
      .catch((e: unknown) => e);
    expect((unreachable as VoiceServiceError).kind).toBe('unavailable');
  });

  it("retries a passing outage with the SDK's own retries", async () => {
    const p = provider({ maxRetries: 2 });
    const voice = await p.createVoice({ name: 'V', description: '', samples });
    fake.failNext(1);
    const speech = await p.synthesize(voice, 'Still here.');
    expect(speech.samples.length).toBeGreaterThan(0);
  });
});
