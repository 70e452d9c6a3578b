import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFfmpeg } from '../../../test/media.ts';
import { createLocalVoiceProvider, espeakSettings, measureProfile, type EspeakCalibration } from './local-voice.ts';
import { createAudioDecoder, readWav, wavHeader, WavWriter } from './pcm.ts';
import { estimatePitch } from './pitch.ts';
import { SPEECH_SAMPLE_RATE, type StoredVoice, type VoiceSample } from './voice.ts';

const SHORT = 'The little bear woke up.';
const LONG =
  'The little bear woke up. He stretched his paws and looked out of the cave. The snow had melted, the river was singing, and somewhere far away a bird was calling his name. It was spring at last, and he was very, very hungry.';

const tone = (hz: number, seconds: number, rate = SPEECH_SAMPLE_RATE, amplitude = 8000) => {
  const s = new Int16Array(Math.round(seconds * rate));
  for (let i = 0; i < s.length; i++) s[i] = Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / rate));
  return s;
};
const seconds = (samples: Int16Array) => samples.length / SPEECH_SAMPLE_RATE;
const voice = (pitchHz: number | null, wordsPerMinute: number | null): StoredVoice => ({ providerVoiceId: 'local_test', profile: { pitchHz, wordsPerMinute } });

let dir: string;
const local = createLocalVoiceProvider();
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'fst-voice-'));
});
afterAll(async () => {
  await local.close();
  await rm(dir, { recursive: true, force: true });
});

describe('pitch estimation', () => {
  it.each([75, 110, 150, 220, 310])('finds a %i Hz tone', (hz) => {
    expect(estimatePitch(tone(hz, 1.5), SPEECH_SAMPLE_RATE)).toBeCloseTo(hz, 0);
    expect(estimatePitch(tone(hz, 1.5, 16_000), 16_000)).toBeCloseTo(hz, 0);
  });
  it('finds nothing in silence, noise or too short a sound', () => {
    expect(estimatePitch(new Int16Array(SPEECH_SAMPLE_RATE), SPEECH_SAMPLE_RATE)).toBeNull();
    let seed = 7;
    const noise = Int16Array.from({ length: SPEECH_SAMPLE_RATE * 2 }, () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return (seed % 16000) - 8000;
    });
    expect(estimatePitch(noise, SPEECH_SAMPLE_RATE)).toBeNull();
    expect(estimatePitch(tone(150, 0.05), SPEECH_SAMPLE_RATE)).toBeNull();
  });
  it('ignores the quiet parts between words', () => {
    const speechLike = new Int16Array(SPEECH_SAMPLE_RATE * 3);
    speechLike.set(tone(140, 1), 0);
    speechLike.set(
      tone(140, 1, SPEECH_SAMPLE_RATE, 300).map((v, i) => (i % 3 ? v : -v)),
      SPEECH_SAMPLE_RATE,
    );
    speechLike.set(tone(140, 1), SPEECH_SAMPLE_RATE * 2);
    expect(estimatePitch(speechLike, SPEECH_SAMPLE_RATE)).toBeCloseTo(140, 0);
  });
});

describe('WAV files', () => {
  it('writes piece by piece and reads back the same samples', async () => {
    const file = path.join(dir, 'pieces.wav');
    const w = await WavWriter.create(file, SPEECH_SAMPLE_RATE);
    await w.append(tone(200, 0.5));
    await w.appendSilence(0.25);
    await w.append(Int16Array.from([1, -1, 32767, -32768]));
    const written = 0.5 * SPEECH_SAMPLE_RATE + Math.round(0.25 * SPEECH_SAMPLE_RATE) + 4;
    expect(await w.close()).toBeCloseTo(written / SPEECH_SAMPLE_RATE, 9);
    const back = await readWav(file);
    expect(back.sampleRate).toBe(SPEECH_SAMPLE_RATE);
    expect(back.samples.length).toBe(written);
    expect([...back.samples.slice(-4)]).toEqual([1, -1, 32767, -32768]);
    expect(back.samples.slice(Math.round(0.5 * SPEECH_SAMPLE_RATE), Math.round(0.75 * SPEECH_SAMPLE_RATE)).every((v) => v === 0)).toBe(true);
  });
  it('refuses what is not 16-bit mono PCM WAV', async () => {
    const notWav = path.join(dir, 'not.wav');
    await writeFile(notWav, 'hello');
    await expect(readWav(notWav)).rejects.toThrow(/not a WAV/);
    const stereo = wavHeader(4, 8000);
    stereo.writeUInt16LE(2, 22);
    await writeFile(path.join(dir, 'stereo.wav'), Buffer.concat([stereo, Buffer.alloc(4)]));
    await expect(readWav(path.join(dir, 'stereo.wav'))).rejects.toThrow(/mono/);
  });
  it.runIf(hasFfmpeg)('decodes any recording to WAV with ffmpeg, cut at a length', async () => {
    const webm = path.join(dir, 'tone.webm');
    const made = spawnSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=180:duration=4', '-c:a', 'libopus', webm]);
    expect(made.status).toBe(0);
    const out = path.join(dir, 'tone.wav');
    await createAudioDecoder('ffmpeg').toWav(webm, out, { sampleRate: SPEECH_SAMPLE_RATE, maxSeconds: 3 });
    const { samples, sampleRate } = await readWav(out);
    expect(sampleRate).toBe(SPEECH_SAMPLE_RATE);
    expect(seconds(samples)).toBeCloseTo(3, 1);
    expect(estimatePitch(samples, sampleRate)).toBeCloseTo(180, -1);
    await expect(createAudioDecoder('ffmpeg').toWav(path.join(dir, 'stereo.wav'), out, { sampleRate: 8000, maxSeconds: 1 })).resolves.toBeUndefined();
    await writeFile(path.join(dir, 'junk.webm'), 'not media at all');
    await expect(createAudioDecoder('ffmpeg').toWav(path.join(dir, 'junk.webm'), out, { sampleRate: 8000, maxSeconds: 1 })).rejects.toThrow(/could not decode/);
  });
});

describe('the voice profile', () => {
  it('measures the median pitch of the readings and their pace against the book text', async () => {
    const samples: VoiceSample[] = [];
    for (const [i, hz] of [165, 170, 240].entries()) {
      const file = path.join(dir, `reading-${i}.wav`);
      const w = await WavWriter.create(file, SPEECH_SAMPLE_RATE);
      await w.append(tone(hz, 2));
      await w.close();
      samples.push({ wavFile: file, mediaFile: file, mime: 'audio/wav', words: 120, durationSeconds: 60 });
    }
    const profile = await measureProfile(samples);
    expect(profile.pitchHz).toBeCloseTo(170, 0);
    expect(profile.wordsPerMinute).toBe(120);
  });
  it('leaves out what it cannot measure', async () => {
    expect(await measureProfile([{ wavFile: null, mediaFile: 'x', mime: 'video/webm', words: null, durationSeconds: 30 }])).toEqual({
      pitchHz: null,
      wordsPerMinute: null,
    });
    // A pace far outside speech (a reading mostly silent) is a measuring error, not a pace.
    expect((await measureProfile([{ wavFile: null, mediaFile: 'x', mime: 'video/webm', words: 10, durationSeconds: 600 }])).wordsPerMinute).toBeNull();
    expect(
      (
        await measureProfile([
          { wavFile: null, mediaFile: 'x', mime: 'video/webm', words: 150, durationSeconds: 60 },
          { wavFile: null, mediaFile: 'y', mime: 'video/webm', words: 50, durationSeconds: 60 },
        ])
      ).wordsPerMinute,
    ).toBe(100);
  });
});

describe('espeak settings for a profile', () => {
  const cal: EspeakCalibration = {
    voices: [
      {
        voice: 'low',
        points: [
          { setting: 0, hz: 70 },
          { setting: 50, hz: 105 },
          { setting: 99, hz: 175 },
        ],
      },
      {
        voice: 'high',
        points: [
          { setting: 0, hz: 155 },
          { setting: 50, hz: 220 },
          { setting: 99, hz: 345 },
        ],
      },
    ],
    wpmPerRate: 1.3,
  };
  it.each([
    [null, 'low', 50],
    [70, 'low', 0],
    [105, 'low', 50],
    [140, 'low', 75],
    [220, 'high', 50],
    [345, 'high', 99],
    [40, 'low', 0],
    [500, 'high', 99],
  ] as const)('pitch %s Hz → %s voice, setting %i', (hz, v, pitch) => {
    const s = espeakSettings({ pitchHz: hz, wordsPerMinute: 130 }, cal);
    expect(s.voice).toBe(v);
    expect(s.pitch).toBeCloseTo(pitch, -0.5);
    expect(s.rate).toBe(100);
  });
  it('paces by the reader, within what espeak can do', () => {
    expect(espeakSettings(null, cal).rate).toBe(Math.round(140 / 1.3));
    expect(espeakSettings({ pitchHz: null, wordsPerMinute: 65 }, cal).rate).toBe(80);
    expect(espeakSettings({ pitchHz: null, wordsPerMinute: 260 }, cal).rate).toBe(200);
  });
});

describe('local speech (espeak-ng)', () => {
  it('speaks real audio whose length grows with the text', async () => {
    const v = voice(null, 140);
    const short = await local.synthesize(v, SHORT);
    const long = await local.synthesize(v, LONG);
    expect(short.sampleRate).toBe(SPEECH_SAMPLE_RATE);
    expect(seconds(short.samples)).toBeGreaterThan(0.8);
    // Not silence: real speech has loud samples and a pitch.
    expect(Math.max(...short.samples.map(Math.abs))).toBeGreaterThan(3000);
    expect(estimatePitch(long.samples, SPEECH_SAMPLE_RATE)).not.toBeNull();
    // About as much longer as the text has more words (45 against 5).
    const ratio = seconds(long.samples) / seconds(short.samples);
    expect(ratio).toBeGreaterThan(5);
    expect(ratio).toBeLessThan(12);
  });

  it('speaks at the pace of the profile', async () => {
    const slow = await local.synthesize(voice(null, 100), LONG);
    const fast = await local.synthesize(voice(null, 200), LONG);
    expect(seconds(slow.samples) / seconds(fast.samples)).toBeGreaterThan(1.6);
    // Close to the words per minute asked for: 45 words at 100 wpm is 27 s.
    expect(seconds(slow.samples)).toBeGreaterThan(27 * 0.75);
    expect(seconds(slow.samples)).toBeLessThan(27 * 1.25);
  });

  it('speaks in a voice whose pitch follows the profile', async () => {
    const measured: number[] = [];
    for (const hz of [95, 135, 210, 280]) {
      const { samples } = await local.synthesize(voice(hz, 140), LONG);
      const pitch = estimatePitch(samples, SPEECH_SAMPLE_RATE)!;
      expect(pitch).toBeGreaterThan(hz * 0.85);
      expect(pitch).toBeLessThan(hz * 1.15);
      measured.push(pitch);
    }
    expect(measured).toEqual([...measured].sort((a, b) => a - b));
  });

  it('makes a voice from readings with nothing to remove elsewhere', async () => {
    const file = path.join(dir, 'reader.wav');
    const w = await WavWriter.create(file, SPEECH_SAMPLE_RATE);
    await w.append(tone(200, 2));
    await w.close();
    const made = await local.createVoice({
      name: "Rose's Voice",
      description: 'test',
      samples: [{ wavFile: file, mediaFile: file, mime: 'audio/wav', words: 300, durationSeconds: 120 }],
    });
    expect(made.providerVoiceId).toMatch(/^local_/);
    expect(made.profile).toEqual({ pitchHz: expect.closeTo(200, 0), wordsPerMinute: 150 });
    await expect(local.deleteVoice(made)).resolves.toBeUndefined();
    const { samples } = await local.synthesize(made, LONG);
    expect(estimatePitch(samples, SPEECH_SAMPLE_RATE)).toBeCloseTo(200, -1.5);
  });

  it('keeps working after its thread is closed', async () => {
    const p = createLocalVoiceProvider();
    await p.synthesize(voice(null, null), SHORT);
    await p.close();
    expect(seconds((await p.synthesize(voice(null, null), SHORT)).samples)).toBeGreaterThan(0.5);
    await p.close();
  });
});
