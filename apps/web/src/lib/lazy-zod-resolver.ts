import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { APP_TEXTS } from '@fst/shared/messages';

/**
 * A react-hook-form resolver whose zod schema loads on demand, with zod itself (about 37 KB gzipped):
 * for a form that must paint fast, such as Sign In. The download starts when the form module is first used
 * (`preload`), so a submit rarely waits for it; if it failed, the form shows the chunk error under `root`
 * and the next submit tries again.
 */
export function lazyZodResolver<Schema extends z.ZodType<unknown, FieldValues>>(load: () => Promise<Schema>) {
  type Input = z.input<Schema> & FieldValues;
  type Output = z.output<Schema>;
  let pending: Promise<Resolver<Input, unknown, Output>> | null = null;
  const get = () =>
    (pending ??= load().then(
      (schema) => zodResolver(schema as never) as unknown as Resolver<Input, unknown, Output>,
      (cause: unknown) => {
        pending = null;
        throw cause;
      },
    ));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => {
    try {
      return await (
        await get()
      )(values, context, options);
    } catch {
      const errors = { root: { type: 'load', message: APP_TEXTS.chunkLoadFailed } } as FieldErrors<Input>;
      return { values: {}, errors };
    }
  };
  return { resolver, preload: () => void get().catch(() => undefined) };
}
