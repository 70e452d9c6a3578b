/**
 * The refine arguments that check a password was typed the same twice: reported on `confirm_password`,
 * and also while other fields still have errors (as soon as both fields hold text).
 * Use as `.refine(...samePasswordTwice('password', message))`.
 */
export function samePasswordTwice<K extends string>(passwordField: K, message: string) {
  const check = (values: Record<K | 'confirm_password', string>) => values[passwordField] === values.confirm_password;
  return [
    check,
    {
      path: ['confirm_password'] as PropertyKey[],
      message,
      when: ({ value }: { value: unknown }) => {
        const v = value as Record<string, unknown>;
        return typeof v[passwordField] === 'string' && typeof v.confirm_password === 'string';
      },
    },
  ] as const;
}
