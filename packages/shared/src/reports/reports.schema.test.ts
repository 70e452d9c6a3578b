import { describe, expect, it } from 'vitest';
import { ISSUE_TYPES } from '../constants.ts';
import { VALIDATION } from '../messages.ts';
import { issueReportBody, issueReportEmail } from './reports.schema.ts';

const valid = { type: 'bug', description: 'The player froze', page: '/parent-dashboard' };

function messagesFor(body: unknown, field: string): string[] {
  const result = issueReportBody.safeParse(body);
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).filter((i) => i.path[0] === field).map((i) => i.message);
}

describe('issueReportBody', () => {
  it.each(ISSUE_TYPES)('accepts the type %s', (type) => {
    expect(issueReportBody.parse({ ...valid, type }).type).toBe(type);
  });

  it('has exactly the four issue types', () => {
    expect([...ISSUE_TYPES]).toEqual(['bug', 'feature', 'improvement', 'other']);
  });

  it.each(['Bug', 'crash', '', undefined])('refuses the type %j', (type) => {
    expect(messagesFor({ ...valid, type }, 'type')).toHaveLength(1);
  });

  it('trims the description and page', () => {
    const parsed = issueReportBody.parse({ ...valid, description: '  froze \n', page: ' /books ' });
    expect(parsed).toEqual({ type: 'bug', description: 'froze', page: '/books' });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['only whitespace', ' \n\t  '],
  ])('requires a description (%s)', (_label, description) => {
    expect(messagesFor({ ...valid, description }, 'description')).toEqual([VALIDATION.issueDescriptionRequired]);
  });

  it('limits the description to 5000 characters', () => {
    expect(issueReportBody.safeParse({ ...valid, description: 'x'.repeat(5000) }).success).toBe(true);
    expect(messagesFor({ ...valid, description: 'x'.repeat(5001) }, 'description')).toEqual([VALIDATION.tooLong(5000)]);
  });

  it('requires a page', () => {
    expect(messagesFor({ ...valid, page: '  ' }, 'page')).toHaveLength(1);
  });

  it('leaves the email optional', () => {
    const parsed = issueReportBody.parse(valid);
    expect(parsed.email).toBeUndefined();
  });

  it.each(['', '   '])('allows a blank email %j (as an empty string)', (email) => {
    expect(issueReportBody.parse({ ...valid, email }).email).toBe('');
  });

  it('trims a valid email', () => {
    expect(issueReportBody.parse({ ...valid, email: ' ada@example.com ' }).email).toBe('ada@example.com');
  });

  it.each(['ada', 'ada@example', 'ada @example.com'])('refuses the invalid email %j', (email) => {
    expect(messagesFor({ ...valid, email }, 'email')).toEqual([VALIDATION.invalidEmail]);
  });
});

describe('issueReportEmail', () => {
  const time = new Date('2025-03-04T05:06:07.089Z');

  it('builds the subject as "Bug Report: {type} - {page}"', () => {
    const mail = issueReportEmail({
      type: 'feature',
      page: '/books',
      email: 'ada@example.com',
      description: 'Please add dark mode',
      time,
      userAgent: 'Firefox',
    });
    expect(mail.subject).toBe('Bug Report: feature - /books');
  });

  it('lists type, page, email, description, ISO time and user agent, one per line', () => {
    const mail = issueReportEmail({
      type: 'bug',
      page: '/parent-dashboard',
      email: 'ada@example.com',
      description: 'The player froze',
      time,
      userAgent: 'Mozilla/5.0 (X11)',
    });
    expect(mail.text.split('\n')).toEqual([
      'Type: bug',
      'Page: /parent-dashboard',
      'Email: ada@example.com',
      'Description: The player froze',
      'Time: 2025-03-04T05:06:07.089Z',
      'User agent: Mozilla/5.0 (X11)',
    ]);
  });

  it('says "unknown" when there is no user agent', () => {
    const mail = issueReportEmail({ type: 'other', page: '/', email: '', description: 'd', time, userAgent: null });
    expect(mail.text).toContain('\nUser agent: unknown');
    expect(mail.text).toContain('\nEmail: \n');
  });
});
