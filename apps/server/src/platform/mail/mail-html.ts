/**
 * The HTML part of the app's e-mails, made from their plain text so the two always say the same: paragraphs
 * from blank lines, links from the addresses, in the app's colours (apps/web/src/index.css). Every piece of
 * text is escaped: names and titles come from users.
 */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

/** One line of text, escaped, with its web addresses as links. */
function lineHtml(line: string): string {
  let out = '';
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    // A sentence's closing punctuation is not part of the address.
    const url = match[0].replace(/[.,;:!?)”’]+$/, '');
    out += escapeHtml(line.slice(last, match.index)) + `<a href="${escapeHtml(url)}" style="color:#a8482a;font-weight:bold">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return out + escapeHtml(line.slice(last));
}

export function mailHtml(text: string, opts: { subject: string; image?: { src: string; alt: string } }): string {
  // A signature (after "--") is set apart, smaller, as the footer.
  const [body = '', footer] = text.split(/\n--\n/);
  const paragraphs = (part: string, style: string) =>
    part
      .trim()
      .split(/\n{2,}/)
      .filter(Boolean)
      .map((p) => `<p style="${style}">${p.split('\n').map(lineHtml).join('<br>')}</p>`)
      .join('\n');
  const image = opts.image
    ? `<img src="${escapeHtml(opts.image.src)}" alt="${escapeHtml(opts.image.alt)}" width="240" style="display:block;max-width:100%;height:auto;border-radius:12px;margin:0 0 16px">`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(opts.subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:#fff8ee;color:#2f241d;font-family:Georgia,'Times New Roman',serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e8d9c6;border-radius:16px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#a8482a">Family Story Time</p>
${image}${paragraphs(body, 'margin:0 0 16px;font-size:17px;line-height:1.5')}
</div>
${footer ? `<div style="max-width:560px;margin:16px auto 0">${paragraphs(footer, 'margin:0;font-size:14px;line-height:1.5;color:#6b5546')}</div>` : ''}
</body></html>
`;
}
