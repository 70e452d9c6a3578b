import { createElevenLabsVoiceProvider } from './elevenlabs-voice.ts';
import { createLocalVoiceProvider } from './local-voice.ts';
import type { VoiceProvider } from './voice.ts';

export type VoiceConfig = { provider: 'local' } | { provider: 'elevenlabs'; elevenlabs: { apiKey: string; apiBase: string | null } };

/** The voice provider the configuration names (VOICE_PROVIDER): local by default, or ElevenLabs. */
export function createVoiceProvider(config: VoiceConfig): VoiceProvider {
  return config.provider === 'elevenlabs' ? createElevenLabsVoiceProvider(config.elevenlabs) : createLocalVoiceProvider();
}
