import { Piscina } from 'piscina';

/** How espeak-ng speaks: its voice (language and variant), pitch 0–99 and rate in its words per minute. */
export type EspeakSettings = { voice: string; pitch: number; rate: number };

type Speech = { samples: Int16Array; sampleRate: number };

export type Espeak = {
  synthesize(text: string, settings: EspeakSettings): Promise<Speech>;
  close(): Promise<void>;
};

/**
 * espeak-ng (WebAssembly) on a thread of its own (espeak-thread.mjs, kept by Piscina), started at the first
 * synthesis and kept for the next; a thread that dies fails what it was doing and is started afresh for the
 * next call.
 */
export function createEspeak(): Espeak {
  let pool: Piscina<{ text: string } & EspeakSettings, Speech> | null = null;
  return {
    async synthesize(text, settings) {
      pool ??= new Piscina({
        filename: new URL('./espeak-thread.mjs', import.meta.url).href,
        minThreads: 1,
        maxThreads: 1,
        idleTimeout: Infinity,
      });
      try {
        return await pool.run({ text, ...settings });
      } catch (err) {
        throw new Error(`espeak-ng failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
    },
    async close() {
      const current = pool;
      pool = null;
      await current?.destroy();
    },
  };
}
