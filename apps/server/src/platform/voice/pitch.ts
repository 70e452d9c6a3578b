/**
 * Pitch and loudness of speech in 16-bit mono PCM, measured without any outside service: the median
 * fundamental frequency of the voiced frames, found by normalised autocorrelation.
 */

/** Lowest and highest speaking pitch looked for (Hz): deep male voices to children's. */
export const PITCH_MIN_HZ = 60;
export const PITCH_MAX_HZ = 400;

// 40 ms frames every 20 ms: a few periods of the lowest pitch fit in one frame.
const FRAME_SECONDS = 0.04;
const HOP_SECONDS = 0.02;
// A frame is voiced when its autocorrelation peak is this strong and it is not near silence.
const VOICING_THRESHOLD = 0.55;
const SILENCE_FRACTION = 0.1;
// Analysis runs at about this rate: speech pitch needs no more, and it keeps the work small.
const ANALYSIS_RATE = 11_025;

/** Averages neighbouring samples down to about ANALYSIS_RATE (a crude low-pass filter as well). */
function downsample(samples: Int16Array, sampleRate: number): { data: Float32Array; rate: number } {
  const factor = Math.max(1, Math.floor(sampleRate / ANALYSIS_RATE));
  const data = new Float32Array(Math.floor(samples.length / factor));
  for (let i = 0; i < data.length; i++) {
    let sum = 0;
    for (let j = 0; j < factor; j++) sum += samples[i * factor + j]!;
    data[i] = sum / factor / 32768;
  }
  return { data, rate: sampleRate / factor };
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/**
 * The median pitch (Hz) of the voiced frames, or null when there are too few voiced frames to say
 * (silence, noise, music without a clear pitch).
 */
export function estimatePitch(samples: Int16Array, sampleRate: number): number | null {
  const { data, rate } = downsample(samples, sampleRate);
  const frame = Math.round(FRAME_SECONDS * rate);
  const hop = Math.round(HOP_SECONDS * rate);
  const minLag = Math.floor(rate / PITCH_MAX_HZ);
  const maxLag = Math.ceil(rate / PITCH_MIN_HZ);
  if (data.length < frame + maxLag) return null;

  const energies: number[] = [];
  for (let start = 0; start + frame + maxLag <= data.length; start += hop) {
    let e = 0;
    for (let i = start; i < start + frame; i++) e += data[i]! * data[i]!;
    energies.push(e);
  }
  const loudest = Math.max(...energies);
  if (loudest <= 0) return null;

  const pitches: number[] = [];
  const corr = new Float32Array(maxLag + 2);
  energies.forEach((energy, n) => {
    if (energy < loudest * SILENCE_FRACTION * SILENCE_FRACTION) return;
    const start = n * hop;
    for (let lag = minLag; lag <= maxLag + 1; lag++) {
      let xy = 0;
      let yy = 0;
      for (let i = start; i < start + frame; i++) {
        const y = data[i + lag]!;
        xy += data[i]! * y;
        yy += y * y;
      }
      corr[lag] = yy > 0 ? xy / Math.sqrt(energy * yy) : 0;
    }
    // The first strong peak, not merely the highest: a multiple of the period can score as high.
    let best = -1;
    let bestLag = 0;
    for (let lag = minLag + 1; lag <= maxLag; lag++) {
      if (corr[lag]! > corr[lag - 1]! && corr[lag]! >= corr[lag + 1]! && corr[lag]! > best) {
        best = corr[lag]!;
        bestLag = lag;
      }
    }
    if (best < VOICING_THRESHOLD) return;
    for (let lag = minLag + 1; lag < bestLag; lag++) {
      if (corr[lag]! > corr[lag - 1]! && corr[lag]! >= corr[lag + 1]! && corr[lag]! >= best * 0.9) {
        bestLag = lag;
        break;
      }
    }
    // Parabolic interpolation around the peak for a pitch between whole lags.
    const a = corr[bestLag - 1]!;
    const b = corr[bestLag]!;
    const c = corr[bestLag + 1]!;
    const shift = a - 2 * b + c === 0 ? 0 : (0.5 * (a - c)) / (a - 2 * b + c);
    pitches.push(rate / (bestLag + shift));
  });
  // Fewer than a quarter second of voiced speech says nothing reliable.
  if (pitches.length < 12) return null;
  return median(pitches);
}
