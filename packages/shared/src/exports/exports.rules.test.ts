import { describe, expect, it } from 'vitest';
import { dayOf, extensionOf, familyArchiveName, kidsFolder, readerLabel, safeFileName, storyFileBase, uniquePaths } from './exports.rules.ts';

describe('archive file names', () => {
  it('name a story by its day, title and reader', () => {
    const base = storyFileBase({
      at: '2026-11-21T19:30:00Z',
      title: 'The Sleepy Owl',
      reader: readerLabel({ firstName: 'Rose', lastName: 'Smith', relationship: 'Grandma' }),
    });
    expect(`Ann/${base}.mp4`).toBe('Ann/2026-11-21 The Sleepy Owl - Grandma Rose.mp4');
    expect(storyFileBase({ at: new Date('2026-01-02T00:00:00Z'), title: null, reader: 'Rose Smith', ai: true })).toBe(
      '2026-01-02 Untitled story - Rose Smith (AI voice)',
    );
  });

  it('call the reader as the family does', () => {
    expect(readerLabel({ firstName: 'Rose', lastName: 'Smith', relationship: 'Grandma' })).toBe('Grandma Rose');
    expect(readerLabel({ firstName: 'Rose', lastName: 'Smith', relationship: 'Grandma Rose' })).toBe('Grandma Rose');
    expect(readerLabel({ firstName: 'Rose', lastName: 'Smith', relationship: null })).toBe('Rose Smith');
    expect(readerLabel({ firstName: 'Rose', lastName: 'Smith', relationship: '  ' })).toBe('Rose Smith');
  });

  it('are safe on every system', () => {
    expect(safeFileName('a/b\\c:d*e?f"g<h>i|j')).toBe('a b c d e f g h i j');
    expect(safeFileName('tab\there\u0000nul\u007fdel')).toBe('tab here nul del');
    expect(safeFileName('  ..hidden.. ')).toBe('hidden');
    expect(safeFileName('../../etc/passwd')).toBe('etc passwd');
    expect(safeFileName('...')).toBe('Untitled');
    expect(safeFileName('', 'Stories')).toBe('Stories');
    expect(safeFileName('CON')).toBe('_CON');
    expect(safeFileName('lpt1.txt')).toBe('_lpt1.txt');
    expect(safeFileName('Conrad')).toBe('Conrad');
    expect(safeFileName('x'.repeat(500))).toHaveLength(100);
    // Cut by characters, never inside one.
    expect(safeFileName('🦉'.repeat(150))).toBe('🦉'.repeat(100));
    expect(safeFileName('Ame\u0301lie')).toBe('Amélie');
  });

  it('are unique within the archive, without regard to case', () => {
    const next = uniquePaths();
    expect(next('Ann', 'Owl', 'mp4')).toBe('Ann/Owl.mp4');
    expect(next('Ann', 'Owl', 'mp4')).toBe('Ann/Owl (2).mp4');
    expect(next('Ann', 'OWL', 'mp4')).toBe('Ann/OWL (3).mp4');
    expect(next('Ann', 'Owl', 'm4a')).toBe('Ann/Owl.m4a');
    expect(next('Bob', 'Owl', 'mp4')).toBe('Bob/Owl.mp4');
    expect(next('', 'family', 'json')).toBe('family.json');
  });

  it('put a story of several kids in one folder named for them', () => {
    expect(kidsFolder(['Ann'])).toBe('Ann');
    expect(kidsFolder(['Ann', 'Bob'])).toBe('Ann & Bob');
    expect(kidsFolder([''])).toBe('Stories');
  });

  it('keep the media extension and name the download', () => {
    expect(extensionOf('recordings/1/media.mp4')).toBe('mp4');
    expect(extensionOf('ai/1/story.M4A')).toBe('m4a');
    expect(extensionOf('recordings/1/media')).toBe('bin');
    expect(dayOf(new Date('2026-11-21T23:59:59Z'))).toBe('2026-11-21');
    expect(familyArchiveName('The Smiths/Jones', new Date('2026-11-21T10:00:00Z'))).toBe('Family Story Time - The Smiths Jones - 2026-11-21.zip');
  });
});
