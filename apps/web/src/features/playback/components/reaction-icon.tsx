import type { Reaction } from '@fst/shared/constants';

/**
 * The reactions drawn as SVG, in their own colours: emoji fonts are missing on some systems (Debian's Chromium
 * showed boxes, issue 22), a drawing shows the same everywhere.
 */
export function ReactionIcon({ reaction, className = 'size-6' }: { reaction: Reaction; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false" data-reaction-icon={reaction}>
      {reaction === 'heart' ? (
        <path
          fill="#e5484d"
          d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z"
        />
      ) : reaction === 'star' ? (
        <path fill="#f5b82e" d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z" />
      ) : (
        <>
          <circle cx="12" cy="12" r="10" fill="#f5b82e" />
          {reaction === 'hug' ? (
            <>
              <path d="M7.5 10.2q1.5-1.4 3 0M13.5 10.2q1.5-1.4 3 0" fill="none" stroke="#5b3a14" strokeWidth="1.5" strokeLinecap="round" />
              <path d="M9 14.5q3 2 6 0" fill="none" stroke="#5b3a14" strokeWidth="1.5" strokeLinecap="round" />
              <ellipse cx="6.5" cy="17.5" rx="2.6" ry="1.8" fill="#e89a2c" />
              <ellipse cx="17.5" cy="17.5" rx="2.6" ry="1.8" fill="#e89a2c" />
            </>
          ) : (
            <>
              <circle cx="8.8" cy="9.5" r="1.3" fill="#5b3a14" />
              <circle cx="15.2" cy="9.5" r="1.3" fill="#5b3a14" />
              <path d="M6.8 13h10.4a5.2 5.2 0 0 1-10.4 0z" fill="#5b3a14" />
            </>
          )}
        </>
      )}
    </svg>
  );
}
