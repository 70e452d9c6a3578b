// How the family archive and "my data" name their files (issue 25, docs/decisions/017): names that every
// operating system accepts, unique within the archive, in the family's words.

// Characters Windows, macOS or Linux refuse in a file name, and control characters.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f/\\:*?"<>|]/g;
// Names Windows keeps for devices, whatever the extension.
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
export const FILE_NAME_MAX_LENGTH = 100;

/** A file or folder name safe on every system: unsafe characters become spaces, no dot or space at either end. */
export function safeFileName(name: string, fallback = 'Untitled', maxLength = FILE_NAME_MAX_LENGTH): string {
  let safe = name.normalize('NFC').replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  // Cut by code points, so a character is never split in two.
  safe = Array.from(safe).slice(0, maxLength).join('');
  safe = safe.replace(/^[\s.]+|[\s.]+$/g, '');
  if (!safe) return fallback;
  return RESERVED.test(safe) ? `_${safe}` : safe;
}

/** `2026-11-21`: the UTC day, as the archive's names and index show it. */
export const dayOf = (at: Date | string) => new Date(at).toISOString().slice(0, 10);

/** The reader as the family calls them: "Grandma Rose" (relationship and first name), else their full name. */
export function readerLabel(reader: { firstName: string; lastName: string; relationship?: string | null }): string {
  const relationship = reader.relationship?.trim();
  if (relationship) return relationship.toLowerCase().includes(reader.firstName.toLowerCase()) ? relationship : `${relationship} ${reader.firstName}`;
  return `${reader.firstName} ${reader.lastName}`.trim();
}

/** `2026-11-21 The Sleepy Owl - Grandma Rose` (an AI story: `… (AI voice)`), without extension. */
export function storyFileBase(story: { at: Date | string; title: string | null; reader: string; ai?: boolean }): string {
  const title = story.title?.trim() || 'Untitled story';
  return `${dayOf(story.at)} ${title} - ${story.reader}${story.ai ? ' (AI voice)' : ''}`;
}

/** The folder of a story: its kid's first name, or the kids' names joined ("Ann & Bob") for a story of several. */
export const kidsFolder = (kidNames: readonly string[]) => safeFileName(kidNames.join(' & '), 'Stories');

/** The extension of a storage key (`mp4`), or `bin`. */
export const extensionOf = (key: string) => /\.([A-Za-z0-9]{1,5})$/.exec(key)?.[1]?.toLowerCase() ?? 'bin';

/**
 * Hands out paths (`folder/name.ext`) unique within one archive, compared without case (Windows and macOS
 * treat `Owl.mp4` and `owl.mp4` as one file): a repeat becomes `name (2).ext`, `name (3).ext`, ….
 */
export function uniquePaths() {
  const taken = new Set<string>();
  return (folder: string, base: string, ext: string): string => {
    const name = safeFileName(base);
    for (let n = 1; ; n++) {
      const candidate = `${folder ? `${folder}/` : ''}${n === 1 ? name : `${name} (${n})`}.${ext}`;
      if (!taken.has(candidate.toLowerCase())) {
        taken.add(candidate.toLowerCase());
        return candidate;
      }
    }
  };
}

/** `Family Story Time - The Smiths - 2026-11-21.zip`: the name the browser saves the archive under. */
export const familyArchiveName = (familyName: string, at: Date) => `Family Story Time - ${safeFileName(familyName, 'Family')} - ${dayOf(at)}.zip`;
export const myDataArchiveName = (at: Date) => `Family Story Time - my data - ${dayOf(at)}.zip`;

/** The API addresses the browser downloads from (a normal download: `<a href download>`). */
export const familyExportPath = (familyId: string) => `/api/family/${familyId}/export`;
export const MY_DATA_EXPORT_PATH = '/api/me/export';
