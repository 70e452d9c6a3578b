import { Worker } from 'node:worker_threads';

/** How espeak-ng speaks: its voice (language and variant), pitch 0–99 and rate in its words per minute. */
export type EspeakSettings = { voice: string; pitch: number; rate: number };

export type Espeak = {
  synthesize(text: string, settings: EspeakSettings): Promise<{ samples: Int16Array; sampleRate: number }>;
  close(): Promise<void>;
};

type Pending = { resolve: (v: { samples: Int16Array; sampleRate: number }) => void; reject: (err: Error) => void };
type Reply = { id: number; samples?: Int16Array; sampleRate?: number; error?: string };

/**
 * espeak-ng (WebAssembly) on a worker thread, started at the first synthesis and kept for the next;
 * a thread that dies fails what it was doing and is started afresh for the next call.
 */
export function createEspeak(): Espeak {
  let worker: Worker | null = null;
  let seq = 0;
  const pending = new Map<number, Pending>();

  function failAll(err: Error) {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  }

  function start(): Worker {
    const w = new Worker(new URL('./espeak-thread.mjs', import.meta.url));
    // An idle synthesizer must not keep the process alive.
    w.unref();
    w.on('message', (reply: Reply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (reply.error || !reply.samples) p.reject(new Error(`espeak-ng failed: ${reply.error ?? 'no audio'}`));
      else p.resolve({ samples: reply.samples, sampleRate: reply.sampleRate! });
    });
    w.on('error', (err) => {
      if (worker === w) worker = null;
      failAll(err);
    });
    w.on('exit', (code) => {
      if (worker === w) worker = null;
      if (pending.size) failAll(new Error(`espeak-ng thread stopped (exit code ${code})`));
    });
    return w;
  }

  return {
    synthesize(text, settings) {
      const w = (worker ??= start());
      const id = ++seq;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ id, text, ...settings });
      });
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
      failAll(new Error('espeak-ng closed'));
    },
  };
}
