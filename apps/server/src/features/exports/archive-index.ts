// The family archive's index.html (issue 25): opened from the unzipped folder, it lists every story and plays
// it with the browser's own player. Relative links, styles inline, no script and nothing from the network, so
// it works offline for as long as the files are kept.

export type IndexStory = { title: string; reader: string; day: string; path: string; kind: 'video' | 'audio'; ai: boolean; reactions: string[] };
export type IndexKid = { name: string; age: number; stories: IndexStory[] };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A relative link to a file of the archive: each path segment encoded, so spaces, `#` and `?` stay in the name. */
export const relativeHref = (path: string) => path.split('/').map(encodeURIComponent).join('/');

const REACTION_SIGNS: Record<string, string> = { heart: '❤️', star: '⭐', hug: '🤗', laugh: '😄' };

function storyHtml(story: IndexStory): string {
  const href = escapeHtml(relativeHref(story.path));
  // preload="none": opening the page reads no file until a story is played.
  const player = story.kind === 'video' ? `<video controls preload="none" src="${href}"></video>` : `<audio controls preload="none" src="${href}"></audio>`;
  const reactions = story.reactions.length
    ? `<p class="reactions" aria-label="Reactions">${story.reactions.map((r) => REACTION_SIGNS[r] ?? escapeHtml(r)).join(' ')}</p>`
    : '';
  return `<li class="story">
<h3>${escapeHtml(story.title)}</h3>
<p class="meta">${escapeHtml(story.day)} · read by ${escapeHtml(story.reader)}${story.ai ? ' · AI voice' : ''}</p>
${player}
<p><a href="${href}">${escapeHtml(story.path)}</a></p>
${reactions}</li>`;
}

export function archiveIndexHtml(input: { familyName: string; exportedAt: string; kids: IndexKid[] }): string {
  const sections = input.kids
    .map(
      (kid) => `<section>
<h2>${escapeHtml(kid.name)} <span class="meta">(${kid.age})</span></h2>
${kid.stories.length ? `<ul>\n${kid.stories.map(storyHtml).join('\n')}\n</ul>` : '<p class="meta">No stories yet.</p>'}
</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="script-src 'none'; connect-src 'none'; object-src 'none'; base-uri 'none'">
<title>${escapeHtml(input.familyName)} · Family Story Time</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 960px; padding: 24px; color: #2b2118; background: #fffaf3; }
h1 { margin-bottom: 4px; } h2 { margin-top: 32px; border-bottom: 2px solid #f0e2cf; padding-bottom: 4px; }
ul { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: 16px; }
.story { background: #fff; border: 1px solid #f0e2cf; border-radius: 16px; padding: 12px 16px; }
.story h3 { margin: 0 0 4px; font-size: 1.1rem; } .meta { color: #6b5a4a; margin: 0 0 8px; font-size: 0.95rem; }
video, audio { width: 100%; } video { border-radius: 8px; background: #000; } a { color: #8a4b14; word-break: break-all; font-size: 0.85rem; }
</style>
</head>
<body>
<h1>${escapeHtml(input.familyName)}</h1>
<p class="meta">Our stories from Family Story Time, saved ${escapeHtml(input.exportedAt)}. Keep this folder together: the stories play from the files beside this page.</p>
${sections || '<p class="meta">No kids yet.</p>'}
</body>
</html>
`;
}
