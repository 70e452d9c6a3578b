import { describe, expect, it } from 'vitest';
import { archiveIndexHtml, relativeHref } from './archive-index.ts';

describe('the archive index page', () => {
  const html = archiveIndexHtml({
    familyName: 'The <Robinsons>',
    exportedAt: '2026-11-21',
    kids: [
      {
        name: 'Mia',
        age: 4,
        stories: [
          {
            title: 'Owl & Moon',
            reader: 'Grandma Rose',
            day: '2026-11-20',
            path: 'Mia/2026-11-20 Owl & Moon - Grandma Rose.mp4',
            kind: 'video',
            ai: false,
            reactions: ['heart'],
          },
          {
            title: 'Bear',
            reader: 'Grandma Rose',
            day: '2026-11-19',
            path: 'Mia/2026-11-19 Bear #1? - Grandma Rose (AI voice).m4a',
            kind: 'audio',
            ai: true,
            reactions: [],
          },
        ],
      },
      { name: 'Leo', age: 6, stories: [] },
    ],
  });

  it('plays each story from the file beside it, with relative, encoded links', () => {
    expect(html).toContain('<video controls preload="none" src="Mia/2026-11-20%20Owl%20%26%20Moon%20-%20Grandma%20Rose.mp4"></video>');
    expect(html).toContain('<audio controls preload="none" src="Mia/2026-11-19%20Bear%20%231%3F%20-%20Grandma%20Rose%20(AI%20voice).m4a"></audio>');
    expect(relativeHref('Mia & Leo/a b.mp4')).toBe('Mia%20%26%20Leo/a%20b.mp4');
  });

  it('escapes names and has no script or network address', () => {
    expect(html).toContain('<h1>The &lt;Robinsons&gt;</h1>');
    expect(html).toContain('<h3>Owl &amp; Moon</h3>');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).toContain("script-src 'none'");
    expect(html).toContain('No stories yet.');
    expect(html).toContain('❤️');
  });
});
