import { describe, expect, it } from 'vitest';
import { dashboardPath, greeting } from './auth.rules.ts';

describe('dashboardPath', () => {
  it('sends a grandparent to the grandparent dashboard', () => {
    expect(dashboardPath('grandparent')).toBe('/grandparent-dashboard');
  });

  it.each([['parent'], [null], [undefined]] as const)('sends %j to the parent dashboard', (role) => {
    expect(dashboardPath(role)).toBe('/parent-dashboard');
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
