import { randomUUID } from 'node:crypto';
import { countWords } from '@fst/shared/narration/narration.rules';
import { createEspeak, type Espeak, type EspeakSettings } from './espeak.ts';
import { readWav } from './pcm.ts';
import { estimatePitch } from './pitch.ts';
import { SPEECH_SAMPLE_RATE, type Speech, type StoredVoice, type VoiceProfileData, type VoiceProvider, type VoiceSample } from './voice.ts';

/**
 * The local voice provider (decisions.md "AI narration"): speech synthesized offline with espeak-ng,
 * shaped by a profile measured from the reader's own readings — their median pitch and their pace. It
 * resembles the reader; it is not a clone, and the app calls it an approximate voice.
 */

// espeak-ng's American English voice and a higher variant: between them they span deep to high voices.
const VOICES = ['en-us', 'en-us+f3'] as const;
const CALIBRATION_PITCHES = [0, 25, 50, 75, 99];
const PITCH_CALIBRATION_TEXT = 'Once upon a time, a little bear lived by the river with his mother.';
// Pace is measured over sentences with their pauses, as a story is read.
const PACE_CALIBRATION_TEXT =
  'Once upon a time, a little bear lived by the river. Every morning he walked to the old oak tree, and every evening he came home to his mother.';
// A calm bedtime-story pace when a reader's own could not be measured.
const DEFAULT_WORDS_PER_MINUTE = 140;
// Paces outside this range are measuring errors (a reading mostly silent, or the wrong book text).
const PACE_RANGE = { min: 60, max: 260 };
const RATE_RANGE = { min: 80, max: 450 };
// Half a minute of each reading is plenty to know its pitch (and keeps the measuring quick).
const ANALYSIS_SECONDS = 30;

/** What espeak-ng's settings sound like, measured once: pitch in Hz per setting and voice, and actual pace per rate unit. */
export type EspeakCalibration = {
  voices: { voice: string; points: { setting: number; hz: number }[] }[];
  /** Words per minute actually spoken per unit of espeak's rate. */
  wpmPerRate: number;
};

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** The setting that gives `hz` by linear interpolation between calibration points (clamped at the ends). */
function settingFor(points: { setting: number; hz: number }[], hz: number): number {
  if (hz <= points[0]!.hz) return points[0]!.setting;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (hz <= b.hz) return a.setting + ((hz - a.hz) / (b.hz - a.hz || 1)) * (b.setting - a.setting);
  }
  return points.at(-1)!.setting;
}

/** The pitch (Hz) a setting gives, by linear interpolation between calibration points. */
function hzAt(points: { setting: number; hz: number }[], setting: number): number {
  if (setting <= points[0]!.setting) return points[0]!.hz;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (setting <= b.setting) return a.hz + ((setting - a.setting) / (b.setting - a.setting || 1)) * (b.hz - a.hz);
  }
  return points.at(-1)!.hz;
}

/**
 * espeak-ng settings for a measured profile: the voice whose range holds the pitch (nearest its middle
 * when both do, the nearer end when neither does), the pitch setting interpolated from the calibration,
 * and the rate that speaks at the reader's pace.
 */
export function espeakSettings(profile: VoiceProfileData | null, cal: EspeakCalibration): EspeakSettings {
  const wpm = profile?.wordsPerMinute ?? DEFAULT_WORDS_PER_MINUTE;
  const rate = Math.round(clamp(wpm / cal.wpmPerRate, RATE_RANGE.min, RATE_RANGE.max));
  const target = profile?.pitchHz;
  if (!target) return { voice: cal.voices[0]!.voice, pitch: 50, rate };
  const scored = cal.voices.map((v) => {
    const lo = v.points[0]!.hz;
    const hi = v.points.at(-1)!.hz;
    const mid = hzAt(v.points, 50);
    const inside = target >= lo && target <= hi;
    return { v, score: inside ? Math.abs(Math.log(target / mid)) : 10 + Math.min(Math.abs(Math.log(target / lo)), Math.abs(Math.log(target / hi))) };
  });
  const best = scored.reduce((a, b) => (b.score < a.score ? b : a)).v;
  return { voice: best.voice, pitch: Math.round(clamp(settingFor(best.points, target), 0, 99)), rate };
}

/** Measures a profile from readings: the median of their pitches, and words read per minute overall. */
export async function measureProfile(samples: VoiceSample[]): Promise<VoiceProfileData> {
  const pitches: number[] = [];
  for (const s of samples) {
    if (!s.wavFile) continue;
    const { samples: pcm, sampleRate } = await readWav(s.wavFile);
    const hz = estimatePitch(pcm.subarray(0, ANALYSIS_SECONDS * sampleRate), sampleRate);
    if (hz) pitches.push(hz);
  }
  let words = 0;
  let seconds = 0;
  for (const s of samples) {
    if (!s.words || s.durationSeconds <= 0) continue;
    words += s.words;
    seconds += s.durationSeconds;
  }
  const pace = seconds > 0 ? (words / seconds) * 60 : null;
  return {
    pitchHz: pitches.length ? Math.round(median(pitches) * 10) / 10 : null,
    wordsPerMinute: pace && pace >= PACE_RANGE.min && pace <= PACE_RANGE.max ? Math.round(pace) : null,
  };
}

// The same espeak-ng build always sounds the same: one calibration serves every provider of the process.
let calibration: Promise<EspeakCalibration> | undefined;

export function createLocalVoiceProvider(opts: { espeak?: Espeak } = {}): VoiceProvider & { calibration(): Promise<EspeakCalibration> } {
  const espeak = opts.espeak ?? createEspeak();

  async function synth(text: string, settings: EspeakSettings): Promise<Speech> {
    const { samples, sampleRate } = await espeak.synthesize(text, settings);
    if (sampleRate !== SPEECH_SAMPLE_RATE) throw new Error(`espeak-ng speaks at ${sampleRate} Hz, expected ${SPEECH_SAMPLE_RATE}`);
    return { samples, sampleRate: SPEECH_SAMPLE_RATE };
  }

  async function calibrate(): Promise<EspeakCalibration> {
    const voices: EspeakCalibration['voices'] = [];
    for (const voice of VOICES) {
      const points: { setting: number; hz: number }[] = [];
      for (const setting of CALIBRATION_PITCHES) {
        const { samples } = await synth(PITCH_CALIBRATION_TEXT, { voice, pitch: setting, rate: 175 });
        const hz = estimatePitch(samples, SPEECH_SAMPLE_RATE);
        if (hz && (!points.length || hz > points.at(-1)!.hz)) points.push({ setting, hz });
      }
      if (points.length >= 2) voices.push({ voice, points });
    }
    if (!voices.length) throw new Error('espeak-ng could not be calibrated');
    const { samples } = await synth(PACE_CALIBRATION_TEXT, { voice: VOICES[0], pitch: 50, rate: 175 });
    const wpm = (countWords(PACE_CALIBRATION_TEXT) / (samples.length / SPEECH_SAMPLE_RATE)) * 60;
    return { voices, wpmPerRate: wpm / 175 };
  }

  const calibrated = () =>
    (calibration ??= calibrate().catch((err) => {
      calibration = undefined;
      throw err;
    }));

  return {
    name: 'local',
    maxTextLength: 2000,
    calibration: calibrated,

    async createVoice({ samples }): Promise<StoredVoice> {
      return { providerVoiceId: `local_${randomUUID()}`, profile: await measureProfile(samples) };
    },

    async synthesize(voice, text) {
      return synth(text, espeakSettings(voice.profile, await calibrated()));
    },

    // The voice is only its profile, kept in our own database: nothing to remove elsewhere.
    async deleteVoice() {},

    close: () => espeak.close(),
  };
}
