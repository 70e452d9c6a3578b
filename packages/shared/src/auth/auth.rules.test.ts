import { describe, expect, it } from 'vitest';
import { afterSignIn, dashboardPath, greeting, RETURN_PATH_MAX_LENGTH, signInFrom } from './auth.rules.ts';

describe('dashboardPath', () => {
  it('sends a grandparent to the grandparent dashboard', () => {
    expect(dashboardPath('grandparent')).toBe('/grandparent-dashboard');
  });

  it.each([['parent'], [null], [undefined]] as const)('sends %j to the parent dashboard', (role) => {
    expect(dashboardPath(role)).toBe('/parent-dashboard');
  });
});

describe('afterSignIn', () => {
  it.each(['/story/7f2c1a4e-8d3b-4c5a-9e6f-0a1b2c3d4e5f', '/record?bookId=b1&childId=k1', '/family', '/child/k1?bedtimeMode=true', '/'])(
    'goes back to the app page %j',
    (next) => {
      expect(afterSignIn('parent', next)).toBe(next);
    },
  );

  it.each([
    null,
    undefined,
    '',
    'family',
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    '/\\/evil.example',
    'javascript:alert(1)',
    '/story/1\n',
    '/login',
    '/login?next=%2Ffamily',
    '/signup',
    '/forgot-password',
    '/reset-password/abc',
    `/${'a'.repeat(RETURN_PATH_MAX_LENGTH)}`,
  ])('goes to the dashboard instead of %j', (next) => {
    expect(afterSignIn('grandparent', next)).toBe('/grandparent-dashboard');
    expect(afterSignIn('parent', next)).toBe('/parent-dashboard');
  });

  it('keeps a page whose name only starts like a sign-in page', () => {
    expect(afterSignIn('parent', '/login-help')).toBe('/login-help');
  });
});

describe('signInFrom', () => {
  it('names the page to come back to, a dashboard too, except a page that may not be one', () => {
    expect(signInFrom('/record?bookId=b1&childId=k1')).toBe('/login?next=%2Frecord%3FbookId%3Db1%26childId%3Dk1');
    expect(signInFrom('/parent-dashboard')).toBe('/login?next=%2Fparent-dashboard');
    expect(signInFrom('/grandparent-dashboard')).toBe('/login?next=%2Fgrandparent-dashboard');
    expect(signInFrom('/login?next=%2Fbook')).toBe('/login');
    expect(signInFrom('//evil.example')).toBe('/login');
  });
});

describe('greeting', () => {
  it.each([
    [0, 'Good morning'],
    [6, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Good afternoon'],
    [17, 'Good afternoon'],
    [18, 'Good evening'],
    [23, 'Good evening'],
  ])('at hour %i says %j', (hour, expected) => {
    expect(greeting(hour)).toBe(expected);
  });
});
