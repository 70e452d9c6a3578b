import { paths } from '../../../lib/paths.ts';

/** `/record?bookId=…&childId=…&premium=true`: the recorder for a book (spec section 2). */
export function recordPath(bookId: string, options: { childId?: string | null | undefined; premium?: boolean } = {}): string {
  const search = new URLSearchParams({ bookId });
  if (options.childId) search.set('childId', options.childId);
  if (options.premium) search.set('premium', 'true');
  return `${paths.record}?${search.toString()}`;
}
