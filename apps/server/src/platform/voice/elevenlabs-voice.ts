import type * as ElevenLabsSdk from '@elevenlabs/elevenlabs-js';
import type { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { SPEECH_SAMPLE_RATE, VoiceServiceError, type Speech, type StoredVoice, type VoiceProvider } from './voice.ts';

/**
 * The ElevenLabs voice provider, through the official SDK: instant voice cloning from the reader's own
 * readings (`POST /v1/voices/add`), text to speech in that voice as raw PCM at SPEECH_SAMPLE_RATE
 * (`POST /v1/text-to-speech/{voice_id}`), and removal (`DELETE /v1/voices/{voice_id}`).
 */
export type ElevenLabsSettings = {
  apiKey: string;
  /** Another API address (tests point the SDK at a local server); null means ElevenLabs itself. */
  apiBase: string | null;
  modelId?: string;
  timeoutSeconds?: number;
  /** Retries of a failed call by the SDK itself (it waits a little longer before each). */
  maxRetries?: number;
};

const DEFAULT_MODEL = 'eleven_multilingual_v2';
// One text-to-speech request takes at most this much text (the model's own limit is higher).
const MAX_TEXT_LENGTH = 2500;

type Sdk = typeof ElevenLabsSdk;
// The SDK takes about 2 s to load: loaded at the first call, so a server (or test) without ElevenLabs never does.
let sdk: Promise<Sdk> | undefined;
const loadSdk = () => (sdk ??= import('@elevenlabs/elevenlabs-js'));

function providerError(err: unknown, { ElevenLabsError, ElevenLabsTimeoutError }: Sdk): VoiceServiceError {
  if (err instanceof VoiceServiceError) return err;
  if (err instanceof ElevenLabsTimeoutError) return new VoiceServiceError('ElevenLabs timed out', 'unavailable');
  if (err instanceof ElevenLabsError && err.statusCode && err.statusCode >= 400 && err.statusCode < 500 && err.statusCode !== 429) {
    return new VoiceServiceError(`ElevenLabs refused the request (${err.statusCode})`, 'refused');
  }
  const status = err instanceof ElevenLabsError && err.statusCode ? ` (${err.statusCode})` : '';
  return new VoiceServiceError(`ElevenLabs could not be reached${status}: ${(err as Error).message}`, 'unavailable');
}

/** Little-endian 16-bit samples from the bytes of a `pcm_22050` answer. */
function pcmSamples(bytes: Buffer): Int16Array {
  const samples = new Int16Array(Math.floor(bytes.length / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2);
  return samples;
}

export function createElevenLabsVoiceProvider(settings: ElevenLabsSettings): VoiceProvider {
  let client: ElevenLabsClient | undefined;
  const connect = async () => {
    const lib = await loadSdk();
    client ??= new lib.ElevenLabsClient({
      apiKey: settings.apiKey,
      ...(settings.apiBase ? { baseUrl: settings.apiBase } : {}),
      timeoutInSeconds: settings.timeoutSeconds ?? 120,
      maxRetries: settings.maxRetries ?? 2,
    });
    return { lib, client };
  };

  return {
    name: 'elevenlabs',
    maxTextLength: MAX_TEXT_LENGTH,

    async createVoice({ name, description, samples }): Promise<StoredVoice> {
      if (!samples.length) throw new VoiceServiceError('no readings to clone a voice from', 'refused');
      const { lib, client } = await connect();
      try {
        const made = await client.voices.ivc.create({
          name,
          description,
          // The decoded sound where we have it (small, plain WAV); else the reading as it is stored.
          files: samples.map((s, i) =>
            s.wavFile
              ? { path: s.wavFile, filename: `reading-${i + 1}.wav`, contentType: 'audio/wav' }
              : { path: s.mediaFile, filename: `reading-${i + 1}`, contentType: s.mime },
          ),
          removeBackgroundNoise: false,
        });
        if (!made.voiceId) throw new VoiceServiceError('ElevenLabs answered without a voice id', 'unavailable');
        return { providerVoiceId: made.voiceId, profile: null };
      } catch (err) {
        throw providerError(err, lib);
      }
    },

    async synthesize(voice, text): Promise<Speech> {
      const { lib, client } = await connect();
      try {
        const stream = await client.textToSpeech.convert(voice.providerVoiceId, {
          text,
          modelId: settings.modelId ?? DEFAULT_MODEL,
          outputFormat: 'pcm_22050',
        });
        const chunks: Buffer[] = [];
        const reader = stream.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(Buffer.from(value));
        }
        return { samples: pcmSamples(Buffer.concat(chunks)), sampleRate: SPEECH_SAMPLE_RATE };
      } catch (err) {
        throw providerError(err, lib);
      }
    },

    async deleteVoice(voice) {
      const { lib, client } = await connect();
      try {
        await client.voices.delete(voice.providerVoiceId);
      } catch (err) {
        // Already gone there: what we wanted.
        if (err instanceof lib.ElevenLabsError && (err.statusCode === 404 || err.statusCode === 400)) return;
        throw providerError(err, lib);
      }
    },

    async close() {},
  };
}
