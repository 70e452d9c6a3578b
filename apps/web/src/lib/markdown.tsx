import type { ReactNode } from 'react';

// The little Markdown the project's own docs use (headings, paragraphs, lists, tables, `code`, **bold**),
// drawn as React elements: no HTML from the text is ever inserted as HTML.

function inline(text: string, key: string): ReactNode[] {
  const parts = text.split(/(`[^`]+`|\*\*[^*]+\*\*)/g).filter(Boolean);
  return parts.map((part, i) => {
    if (part.startsWith('`') && part.endsWith('`'))
      return (
        <code key={`${key}-${i}`} className="rounded bg-cream px-1 text-base">
          {part.slice(1, -1)}
        </code>
      );
    if (part.startsWith('**') && part.endsWith('**')) return <strong key={`${key}-${i}`}>{part.slice(2, -2)}</strong>;
    return part;
  });
}

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/** Markdown text as React elements; `#` becomes the page's h1. */
export function Markdown({ source }: { source: string }) {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const out: ReactNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const key = `b${i}`;
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (!line.trim()) {
      i++;
    } else if (heading) {
      const level = heading[1]!.length;
      const content = inline(heading[2]!, key);
      if (level === 1)
        out.push(
          <h1 key={key} className="mb-6 text-3xl font-bold mobile:text-2xl">
            {content}
          </h1>,
        );
      else if (level === 2)
        out.push(
          <h2 key={key} className="mb-3 mt-8 text-2xl font-bold">
            {content}
          </h2>,
        );
      else
        out.push(
          <h3 key={key} className="mb-2 mt-6 text-xl font-bold">
            {content}
          </h3>,
        );
      i++;
    } else if (line.trimStart().startsWith('|')) {
      const rows: string[] = [];
      while (i < lines.length && lines[i]!.trimStart().startsWith('|')) rows.push(lines[i++]!);
      const [head, , ...body] = rows;
      out.push(
        <div key={key} className="my-4 overflow-x-auto">
          <table className="w-full border-collapse text-left text-base">
            <thead>
              <tr>
                {cells(head ?? '').map((c, j) => (
                  <th key={j} className="border-b-2 border-line p-2 align-top">
                    {inline(c, `${key}h${j}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {body.map((r, k) => (
                <tr key={k}>
                  {cells(r).map((c, j) => (
                    <td key={j} className="border-b border-line p-2 align-top">
                      {inline(c, `${key}r${k}c${j}`)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>,
      );
    } else if (/^\s*- /.test(line)) {
      const items: string[] = [];
      while (i < lines.length && (/^\s*- /.test(lines[i]!) || (/^\s{2,}\S/.test(lines[i]!) && items.length))) {
        const l = lines[i++]!;
        if (/^\s*- /.test(l)) items.push(l.replace(/^\s*- /, ''));
        else items[items.length - 1] += ` ${l.trim()}`;
      }
      out.push(
        <ul key={key} className="my-3 list-disc space-y-2 pl-6">
          {items.map((item, j) => (
            <li key={j}>{inline(item, `${key}i${j}`)}</li>
          ))}
        </ul>,
      );
    } else {
      const para: string[] = [];
      while (i < lines.length && lines[i]!.trim() && !/^(#{1,4}\s|\s*- |\s*\|)/.test(lines[i]!)) para.push(lines[i++]!.trim());
      out.push(
        <p key={key} className="my-3">
          {inline(para.join(' '), key)}
        </p>,
      );
    }
  }
  return <>{out}</>;
}
