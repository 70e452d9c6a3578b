import type { ReactNode } from 'react';
import type { Recording } from '@fst/shared/recordings/recordings.schema';
import { formatDuration, recordingTypeLabel } from '@fst/shared/recordings/recordings.rules';

/** The title of a recording's book, or a stand-in when an admin removed the book (the reading stays). */
export const storyTitle = (recording: Pick<Recording, 'book_title'>) => recording.book_title ?? 'A removed book';

/** A triangle "play" mark, decorative (the button it sits in says what it does). */
export function PlayGlyph({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" width="1.1em" height="1.1em" aria-hidden="true" focusable="false" className={className}>
      <path d="M7 4.5v15l12.5-7.5z" fill="currentColor" />
    </svg>
  );
}

/**
 * One story in a list: book title and author, reader, type and length, with badges (e.g. watched) and
 * actions at the end. Wraps on narrow screens.
 */
export function StorySummary({ recording, badges, actions }: { recording: Recording; badges?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-cream-deep px-4 py-3">
      <div className="min-w-0 flex-1 basis-56">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words">{storyTitle(recording)}</span>
          {badges}
        </p>
        <p className="text-base text-ink-soft">
          {recording.book_author ? `by ${recording.book_author} · ` : ''}read by {recording.reader_name}
        </p>
        <p className="text-sm text-ink-soft">
          {recordingTypeLabel(recording.recording_type)} · {formatDuration(recording.duration_seconds)}
        </p>
      </div>
      {actions ? <div className="flex flex-wrap gap-2 mobile:w-full mobile:[&>*]:flex-1">{actions}</div> : null}
    </div>
  );
}
