import { ownThread } from '../thread.ts';

/** How espeak-ng speaks: its voice (language and variant), pitch 0–99 and rate in its words per minute. */
export type EspeakSettings = { voice: string; pitch: number; rate: number };

type Speech = { samples: Int16Array; sampleRate: number };

export type Espeak = {
  synthesize(text: string, settings: EspeakSettings): Promise<Speech>;
  close(): Promise<void>;
};

/**
 * espeak-ng (WebAssembly) on a thread of its own (espeak-thread.mjs, `ownThread`), started at the first
 * synthesis and kept for the next; a thread that dies fails what it was doing and is started afresh for the
 * next call.
 */
export function createEspeak(): Espeak {
  const thread = ownThread<{ text: string } & EspeakSettings, Speech>(new URL('./espeak-thread.mjs', import.meta.url));
  return {
    async synthesize(text, settings) {
      try {
        return await thread.run({ text, ...settings });
      } catch (err) {
        throw new Error(`espeak-ng failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
    },
    close: () => thread.close(),
  };
}
