import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Book } from '@fst/shared/books/books.schema';
import { BookCover } from './book-cover.tsx';

type BookCardProps = {
  book: Book;
  /** Where the card leads: the book page. */
  to: string;
  headingLevel?: 'h3' | 'h4';
  /** Badges or actions under the text (they stay clickable above the card's link). */
  footer?: ReactNode;
};

/** A book in a library grid: cover tile, title (the link, stretched over the card), author, description. */
export function BookCard({ book, to, headingLevel: Heading = 'h3', footer }: BookCardProps) {
  return (
    <article className="group relative flex h-full flex-col gap-3 rounded-card border border-line bg-paper p-3 shadow-card transition-shadow has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-focus hover:border-brand/50 hover:shadow-lg">
      <BookCover bookId={book.id} title={book.title} src={book.thumbnail_url} />
      <div className="flex flex-1 flex-col gap-1 px-1 pb-1">
        <Heading className="font-display text-xl leading-snug font-bold">
          {/* The card's one link; its ::after covers the card so the whole tile is clickable. */}
          <Link to={to} className="rounded outline-none after:absolute after:inset-0 after:rounded-card after:content-[''] group-hover:text-brand-dark">
            {book.title}
          </Link>
        </Heading>
        <p className="text-base text-ink-soft">by {book.author}</p>
        {book.description ? <p className="line-clamp-3 text-base text-ink">{book.description}</p> : null}
        {footer ? <div className="relative z-10 mt-auto pt-2">{footer}</div> : null}
      </div>
    </article>
  );
}

/** Placeholder cards while a page of books loads. */
export function BookCardSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} aria-hidden="true">
          <div className="flex h-full animate-pulse-late flex-col gap-3 rounded-card border border-line bg-paper p-3">
            <div className="aspect-[4/3] rounded-2xl bg-cream-deep" />
            <div className="h-6 w-3/4 rounded-full bg-cream-deep" />
            <div className="h-4 w-1/2 rounded-full bg-cream-deep" />
            <div className="h-4 w-full rounded-full bg-cream-deep" />
          </div>
        </li>
      ))}
    </>
  );
}
