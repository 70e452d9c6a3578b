import { describe, expect, it } from 'vitest';
import { formatDate, type DateFormat } from './view.ts';

// Intl writes a narrow no-break space before AM/PM; the page writes a plain one.
const intl = (date: Date, format: DateFormat) => new Intl.DateTimeFormat('en-US', format).format(date).replace(/\u202f/g, ' ');

describe('formatDate', () => {
  const formats: DateFormat[] = [
    { dateStyle: 'medium' },
    { dateStyle: 'long' },
    { timeStyle: 'short' },
    { dateStyle: 'medium', timeStyle: 'short' },
    { dateStyle: 'long', timeStyle: 'short' },
  ];
  // Every month, midnight, noon, one minute either side, and single- and double-digit days and hours.
  const dates = Array.from({ length: 12 }, (_, m) => [
    new Date(2026, m, 1, 0, 0),
    new Date(2026, m, 9, 11, 59),
    new Date(2025, m, 28, 12, 0),
    new Date(2024, m, 15, 23, 7),
  ]).flat();

  it('writes each style as Intl writes it in American English, in the local time zone', () => {
    for (const format of formats) for (const date of dates) expect(formatDate(date, format), JSON.stringify([date, format])).toBe(intl(date, format));
  });

  it('reads ISO strings and timestamps', () => {
    const date = new Date(2026, 10, 28, 20, 5);
    expect(formatDate(date.toISOString(), { dateStyle: 'medium', timeStyle: 'short' })).toBe('Nov 28, 2026, 8:05 PM');
    expect(formatDate(date.getTime(), { dateStyle: 'long' })).toBe('November 28, 2026');
  });

  it('gives back a value that is no date as it came', () => {
    expect(formatDate('soon', { dateStyle: 'medium' })).toBe('soon');
  });
});
