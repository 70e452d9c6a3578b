// The espeak-ng synthesizer (WebAssembly) on its own thread: synthesis is synchronous and would
// otherwise stall the server's requests for the length of every sentence. Plain JavaScript, so the
// thread starts the same under node, tsx and vitest.
import { parentPort } from 'node:worker_threads';

const espeak = await (await import('@echogarden/espeak-ng-emscripten')).default();
const synthesizer = new espeak.eSpeakNGWorker();
const sampleRate = synthesizer.get_samplerate();

parentPort.on('message', ({ id, text, voice, pitch, rate }) => {
  try {
    synthesizer.set_voice(voice);
    synthesizer.set_pitch(pitch);
    synthesizer.set_rate(rate);
    const chunks = [];
    let length = 0;
    synthesizer.synthesize(text, (samples) => {
      chunks.push(samples);
      length += samples.length;
    });
    const all = new Int16Array(length);
    let offset = 0;
    for (const c of chunks) {
      all.set(c, offset);
      offset += c.length;
    }
    parentPort.postMessage({ id, samples: all, sampleRate }, [all.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: String(err?.message ?? err) });
  }
});
