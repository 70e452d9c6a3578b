import { execFile } from 'node:child_process';
import { open, readFile, type FileHandle } from 'node:fs/promises';

/**
 * 16-bit mono PCM and its WAV files: decoding any recording with ffmpeg, reading a WAV, and writing one
 * piece by piece (a book's narration never sits whole in memory).
 */

const WAV_HEADER_BYTES = 44;

/** The 44-byte header of a 16-bit mono PCM WAV file holding `dataBytes` of samples. */
export function wavHeader(dataBytes: number, sampleRate: number): Buffer {
  const h = Buffer.alloc(WAV_HEADER_BYTES);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** The samples of a 16-bit mono PCM WAV file (its chunks walked, so extra chunks ffmpeg writes are skipped). */
export async function readWav(file: string): Promise<{ samples: Int16Array; sampleRate: number }> {
  const buf = await readFile(file);
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let offset = 12;
  let sampleRate = 0;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      const format = buf.readUInt16LE(body);
      const channels = buf.readUInt16LE(body + 2);
      sampleRate = buf.readUInt32LE(body + 4);
      const bits = buf.readUInt16LE(body + 14);
      if (format !== 1 || channels !== 1 || bits !== 16) throw new Error('not 16-bit mono PCM');
    } else if (id === 'data') {
      if (!sampleRate) throw new Error('WAV data before its format');
      // ffmpeg writing to a pipe leaves the size unknown (0xFFFFFFFF): the data runs to the end.
      const end = Math.min(buf.length, size === 0xffffffff ? buf.length : body + size);
      const bytes = buf.subarray(body, end - ((end - body) % 2));
      const samples = new Int16Array(bytes.length / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2);
      return { samples, sampleRate };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV file without data');
}

/** Writes a WAV file piece by piece; its header is completed on close. */
export class WavWriter {
  private samplesWritten = 0;
  private constructor(
    private readonly file: FileHandle,
    readonly sampleRate: number,
  ) {}

  static async create(path: string, sampleRate: number): Promise<WavWriter> {
    const file = await open(path, 'w');
    await file.write(wavHeader(0, sampleRate), 0, WAV_HEADER_BYTES, 0);
    return new WavWriter(file, sampleRate);
  }

  /** Seconds written so far. */
  get seconds() {
    return this.samplesWritten / this.sampleRate;
  }

  async append(samples: Int16Array) {
    if (!samples.length) return;
    const bytes = Buffer.alloc(samples.length * 2);
    for (let i = 0; i < samples.length; i++) bytes.writeInt16LE(samples[i]!, i * 2);
    await this.file.write(bytes, 0, bytes.length, WAV_HEADER_BYTES + this.samplesWritten * 2);
    this.samplesWritten += samples.length;
  }

  async appendSilence(seconds: number) {
    await this.append(new Int16Array(Math.round(seconds * this.sampleRate)));
  }

  /** Completes the header and closes the file; answers the length in seconds. */
  async close(): Promise<number> {
    await this.file.write(wavHeader(this.samplesWritten * 2, this.sampleRate), 0, WAV_HEADER_BYTES, 0);
    await this.file.close();
    return this.seconds;
  }

  /** Closes without completing (the file is being thrown away). */
  async abandon() {
    await this.file.close().catch(() => {});
  }
}

/** A recording ffmpeg could not decode: the recording's fault. */
export class AudioDecodeError extends Error {}

/** Decodes the sound of any recording ffmpeg reads into 16-bit mono WAV. */
export type AudioDecoder = {
  toWav(input: string, output: string, opts: { sampleRate: number; maxSeconds: number }): Promise<void>;
};

// Decoding a few minutes of audio takes seconds; far longer means something is stuck.
const DECODE_TIMEOUT_MS = 5 * 60 * 1000;

export function createAudioDecoder(ffmpeg: string): AudioDecoder {
  return {
    toWav(input, output, opts) {
      const args = [
        '-nostdin',
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-i',
        input,
        '-vn',
        '-map',
        '0:a:0',
        '-ac',
        '1',
        '-ar',
        String(opts.sampleRate),
        '-t',
        String(opts.maxSeconds),
        '-c:a',
        'pcm_s16le',
        '-f',
        'wav',
        output,
      ];
      return new Promise((resolve, reject) => {
        execFile(ffmpeg, args, { timeout: DECODE_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024 }, (err, _stdout, stderr) => {
          if (!err) return resolve();
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return reject(err);
          reject(
            new AudioDecodeError(
              `ffmpeg could not decode the audio: ${String(stderr || err.message)
                .trim()
                .split('\n')
                .slice(-2)
                .join(' | ')}`,
            ),
          );
        });
      });
    },
  };
}
