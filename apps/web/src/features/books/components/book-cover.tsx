import { useState } from 'react';
import { BookIcon } from '../../../components/ui/icons.tsx';

// Warm cover colours; white text keeps AA contrast on each.
const COVERS = [
  'from-[#a8482a] to-[#7a2f18]',
  'from-[#2e2a4f] to-[#1c1936]',
  'from-[#4f6e4b] to-[#35502f]',
  'from-[#8a3a20] to-[#5e2614]',
  'from-[#5b4a8a] to-[#3b2f63]',
  'from-[#2f6b6b] to-[#1d4747]',
] as const;

function coverFor(key: string): string {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COVERS[hash % COVERS.length] ?? COVERS[0];
}

/**
 * A book's cover: the image of its first page (`src`, made by the server's cover job), over a cover-like tile
 * of its own colour, an icon and the title, which shows while there is no image yet or it cannot load.
 * Decorative (the card names the book).
 */
export function BookCover({
  bookId,
  title,
  src,
  size = 'md',
  className = '',
}: {
  bookId: string;
  title: string;
  src?: string | null;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const small = size === 'sm';
  // Keyed by link: a renewed link is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div
      aria-hidden="true"
      className={`relative flex aspect-[4/3] flex-col justify-between overflow-hidden rounded-2xl bg-linear-to-br text-white ${small ? 'p-2' : 'p-4'} ${coverFor(bookId)} ${className}`}
    >
      <span className="absolute -top-6 -right-6 size-24 rounded-full bg-white/10" />
      <span className="absolute -bottom-10 -left-4 size-28 rounded-full bg-honey/25" />
      <BookIcon className={`relative text-honey ${small ? 'size-5' : 'size-8'}`} />
      <span className={`relative line-clamp-2 font-display leading-snug font-bold ${small ? 'text-sm' : 'text-lg'}`}>{title}</span>
      {src && failed !== src ? (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          data-testid="book-cover-image"
          onError={() => setFailed(src)}
          className="absolute inset-0 size-full bg-cream object-cover object-top"
        />
      ) : null}
    </div>
  );
}
