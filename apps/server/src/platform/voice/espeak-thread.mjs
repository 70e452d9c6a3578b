// The espeak-ng synthesizer (WebAssembly) on its own thread, run by Piscina (espeak.ts): synthesis is
// synchronous and would otherwise stall the server's requests for the length of every sentence. Plain
// JavaScript, so the thread starts the same under node, tsx and vitest.
const espeak = await (await import('@echogarden/espeak-ng-emscripten')).default();
const synthesizer = new espeak.eSpeakNGWorker();
const sampleRate = synthesizer.get_samplerate();

/** One text spoken: `{ text, voice, pitch, rate }` → `{ samples, sampleRate }` (16-bit mono). */
export default function synthesize({ text, voice, pitch, rate }) {
  synthesizer.set_voice(voice);
  synthesizer.set_pitch(pitch);
  synthesizer.set_rate(rate);
  const chunks = [];
  let length = 0;
  synthesizer.synthesize(text, (samples) => {
    chunks.push(samples);
    length += samples.length;
  });
  const samples = new Int16Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    samples.set(chunk, offset);
    offset += chunk.length;
  }
  return { samples, sampleRate };
}
