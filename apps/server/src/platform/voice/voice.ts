/**
 * The voice port (architecture.md "AI voice"): a voice made from a reader's own readings, and speech
 * in it. The local adapter (default) synthesizes offline with espeak-ng shaped by a measured profile;
 * the ElevenLabs adapter clones the voice. Speech always comes back as 16-bit mono PCM at
 * SPEECH_SAMPLE_RATE, so pages can be joined and timed exactly whatever the provider.
 */

export const SPEECH_SAMPLE_RATE = 22_050;

/** What was measured of a reader's readings: their median pitch and speaking pace. */
export type VoiceProfileData = { pitchHz: number | null; wordsPerMinute: number | null };

/** One of the reader's readings a voice is made from. */
export type VoiceSample = {
  /** The reading as 16-bit mono WAV at SPEECH_SAMPLE_RATE (decoded with ffmpeg), or null without ffmpeg. */
  wavFile: string | null;
  /** The stored media file itself (used as is when it could not be decoded). */
  mediaFile: string;
  mime: string;
  /** Words of the book pages read in it (for the pace), when the book's text is known. */
  words: number | null;
  /** The whole reading's length. */
  durationSeconds: number;
};

/** A voice as the provider keeps it: its id there, and what we measured (local). */
export type StoredVoice = { providerVoiceId: string; profile: VoiceProfileData | null };

export type Speech = { samples: Int16Array; sampleRate: typeof SPEECH_SAMPLE_RATE };

export type VoiceProvider = {
  readonly name: 'local' | 'elevenlabs';
  /** The longest text one `synthesize` call takes; longer texts are split by the caller. */
  readonly maxTextLength: number;
  createVoice(input: { name: string; description: string; samples: VoiceSample[] }): Promise<StoredVoice>;
  /** Speech of `text` in the voice, as PCM at SPEECH_SAMPLE_RATE. */
  synthesize(voice: StoredVoice, text: string): Promise<Speech>;
  /** Removes the voice at the provider; a voice already gone there is not an error. */
  deleteVoice(voice: StoredVoice): Promise<void>;
  /** Frees what the adapter holds (the local synthesizer's thread). */
  close(): Promise<void>;
};

/**
 * The provider failed: `unavailable` (could not be reached, or failed on its side: worth retrying) or
 * `refused` (it rejected what we sent: retrying the same will not help).
 */
export class VoiceServiceError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'refused',
  ) {
    super(message);
  }
}
