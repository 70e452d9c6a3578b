import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/**
 * Writes a scanned-picture-book-like PDF of about `targetBytes` to `file`, without holding it in memory:
 * each page a full-page picture (an uncompressed RGB image, as large as a scan) and a line of text.
 * Answers its size and page count. Made here, never committed: a 200 MB file is seconds to write.
 */
export async function writeBigPdf(file: string, targetBytes: number, opts: { imageWidth?: number; imageHeight?: number } = {}) {
  const width = opts.imageWidth ?? 2400;
  const height = opts.imageHeight ?? 2400;
  const imageBytes = width * height * 3;
  const pages = Math.max(1, Math.round(targetBytes / imageBytes));
  // Noise that no filter would shrink; one block, repeated, so writing it costs no CPU.
  const block = randomBytes(1024 * 1024);

  const out = createWriteStream(file);
  let offset = 0;
  const offsets: number[] = [];
  const write = async (chunk: Buffer | string) => {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    offset += buf.length;
    if (!out.write(buf)) await once(out, 'drain');
  };
  const object = async (id: number, body: string) => {
    offsets[id] = offset;
    await write(`${id} 0 obj\n${body}\nendobj\n`);
  };

  // Objects: 1 catalog, 2 pages, 3 font, then per page n: page 4+3n, contents 5+3n, image 6+3n.
  await write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  await object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  const kids = Array.from({ length: pages }, (_, n) => `${4 + 3 * n} 0 R`).join(' ');
  await object(2, `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  await object(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let n = 0; n < pages; n++) {
    const [page, contents, image] = [4 + 3 * n, 5 + 3 * n, 6 + 3 * n];
    await object(
      page,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 720 720] /Resources << /Font << /F1 3 0 R >> /XObject << /Im ${image} 0 R >> >> /Contents ${contents} 0 R >>`,
    );
    const draw = `q 720 0 0 720 0 0 cm /Im Do Q BT /F1 24 Tf 40 40 Td (Page ${n + 1} of the big picture book.) Tj ET`;
    await object(contents, `<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`);
    offsets[image] = offset;
    await write(
      `${image} 0 obj\n<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${imageBytes} >>\nstream\n`,
    );
    for (let left = imageBytes; left > 0; left -= block.length) await write(left >= block.length ? block : block.subarray(0, left));
    await write('\nendstream\nendobj\n');
  }
  const count = 4 + 3 * pages;
  const xref = offset;
  let table = `xref\n0 ${count}\n0000000000 65535 f \n`;
  for (let id = 1; id < count; id++) table += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  await write(`${table}trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  out.end();
  await once(out, 'finish');
  return { size: offset, pages };
}
