import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BookIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../lib/paths.ts';

type AuthCardProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
};

/** The centred card of the sign-in, sign-up and password pages. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    // Room below the card, so that its last button scrolls clear of the Report Issue button.
    <div className="flex min-h-dvh flex-col items-center px-4 pt-10 pb-28 mobile:pt-6">
      <header className="mb-6">
        <Link to={paths.home} className="inline-flex items-center gap-2 rounded-full px-2 font-display text-2xl font-bold text-brand-dark">
          <BookIcon className="text-brand" />
          Family Story Time
        </Link>
      </header>
      <main id="main" tabIndex={-1} className="w-full max-w-md focus:outline-none">
        <div className="rounded-card border border-line bg-paper p-8 shadow-card mobile:p-5">
          <h1 className="text-3xl font-bold mobile:text-2xl">{title}</h1>
          {subtitle ? <p className="mt-2 text-ink-soft">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-base text-ink-soft">{footer}</div> : null}
      </main>
    </div>
  );
}

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-brand-dark underline underline-offset-4 hover:text-brand">
      {children}
    </Link>
  );
}
