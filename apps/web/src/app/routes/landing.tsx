import type { ComponentType, SVGProps } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Role } from '@fst/shared/constants';
import { dashboardPath } from '@fst/shared/auth/auth.rules';
import { DELETION_TEXTS } from '@fst/shared/messages';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { BookIcon, ClockIcon, HeartIcon, MicIcon, MoonIcon, ShieldIcon, SparklesIcon, UsersIcon } from '../../components/ui/icons.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useSession } from '../../lib/api/auth/get-me.ts';
import { saveChosenRole } from '../../features/auth/chosen-role.ts';
import { paths } from '../../lib/paths.ts';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const STEPS: { title: string; text: string }[] = [
  { title: 'Create your family', text: 'A parent sets up the family in a minute and adds the kids.' },
  { title: 'Invite the grandparents', text: 'Share your family code. Grandma and Grandpa join with a few taps.' },
  {
    title: 'Record a story',
    text: 'Grandparents pick a picture book and read it aloud on camera, with the pages right beside them.',
  },
  { title: 'Snuggle in at bedtime', text: 'Kids watch their stories in Bedtime Mode, one after another, then lights out.' },
];

const REASONS: { icon: Icon; title: string; text: string }[] = [
  { icon: HeartIcon, title: 'Real voices, not robots', text: 'Kids hear the people who love them, not a synthetic narrator.' },
  { icon: UsersIcon, title: 'Close across the miles', text: 'Grandparents far away can still be part of every bedtime.' },
  { icon: MoonIcon, title: 'A calm Bedtime Mode', text: 'The evening’s stories play in order, gently, and then say goodnight.' },
  { icon: BookIcon, title: 'A growing book library', text: 'Choose from picture books with the pages shown beside the reader.' },
  { icon: ShieldIcon, title: 'Private to your family', text: 'Recordings are shared only with the family members you invite.' },
  { icon: ClockIcon, title: 'Memories that last', text: 'Every reading is kept, so the stories and the voices stay with your children.' },
];

function StoryPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="absolute -top-6 -right-4 size-24 rounded-full bg-honey/40 blur-2xl" />
      <div className="absolute -bottom-8 -left-6 size-28 rounded-full bg-brand/20 blur-2xl" />
      <div className="relative overflow-hidden rounded-card border border-line bg-paper shadow-card">
        <div className="grid grid-cols-2">
          <div className="flex flex-col justify-between bg-honey-soft p-5">
            <p className="font-display text-lg leading-snug font-bold text-ink">The Sleepy Owl</p>
            <div className="mt-6 flex justify-center">
              <MoonIcon className="size-16 text-brand" />
            </div>
            <p className="mt-6 text-sm text-ink-soft">“Goodnight, little owl,” whispered the moon…</p>
          </div>
          <div className="flex flex-col items-center justify-center gap-3 bg-night p-5 text-center text-white">
            <span className="inline-flex size-20 items-center justify-center rounded-full bg-brand-soft font-display text-3xl font-bold text-brand-dark">
              R
            </span>
            <p className="text-base font-semibold">Grandma Rose</p>
            <p className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-sm">
              <MicIcon className="size-4" /> reading for Mia
            </p>
          </div>
        </div>
      </div>
    </div>
  );
}

export function LandingRoute() {
  const navigate = useNavigate();
  const { data: session } = useSession();

  const chooseRole = (role: Role) => {
    saveChosenRole(role);
    void navigate(paths.login);
  };

  return (
    <div className="min-h-dvh">
      <PageTitle />
      <header className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-6 py-5 mobile:px-4">
        <Link
          to={paths.home}
          className="inline-flex items-center gap-2 rounded-full font-display text-2xl font-bold whitespace-nowrap text-brand-dark mobile:text-lg"
        >
          <BookIcon className="text-brand" />
          Family Story Time
        </Link>
        <nav aria-label="Account" className="flex items-center gap-2">
          {session ? (
            <ButtonLink to={dashboardPath(session.user.role)} size="sm">
              My Dashboard
            </ButtonLink>
          ) : (
            <>
              <Link to={paths.login} className="rounded-full px-3 py-2 text-base font-semibold whitespace-nowrap text-ink hover:bg-cream-deep">
                Sign In
              </Link>
              {/* On narrow screens the hero's sign-up link and Get Started Free remain. */}
              <ButtonLink to={paths.signup} size="sm" variant="secondary" className="mobile:hidden">
                Sign Up
              </ButtonLink>
            </>
          )}
        </nav>
      </header>

      <main id="main" tabIndex={-1} className="focus:outline-none">
        <section
          aria-labelledby="hero-heading"
          className="mx-auto grid max-w-6xl items-center gap-12 px-6 pt-8 pb-20 md:grid-cols-[1.1fr_1fr] mobile:px-4 mobile:pb-14"
        >
          <div>
            <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-brand-soft px-4 py-1.5 text-base font-semibold text-brand-dark">
              <SparklesIcon /> Real family voices, not AI narration
            </p>
            <h1 id="hero-heading" className="text-5xl leading-tight font-bold mobile:text-4xl">
              Bedtime stories read by the people your kids love
            </h1>
            <p className="mt-5 max-w-xl text-xl text-ink-soft mobile:text-lg">
              Grandparents record themselves reading real picture books. At bedtime, your children hear Grandma and Grandpa, not a robot narrator, however many
              miles away they live.
            </p>
            <div className="mt-8 flex flex-wrap gap-3 mobile:flex-col">
              <Button size="lg" onClick={() => chooseRole('parent')}>
                I&apos;m a Parent
              </Button>
              <Button size="lg" variant="night" onClick={() => chooseRole('grandparent')}>
                I&apos;m a Grandparent
              </Button>
            </div>
            <p className="mt-5 text-base text-ink-soft">
              New to Family Story Time?{' '}
              <Link to={paths.signup} className="font-semibold text-brand-dark underline underline-offset-4 hover:text-brand">
                Create your free account
              </Link>
            </p>
          </div>
          <StoryPreview />
        </section>

        <section aria-labelledby="how-heading" className="bg-paper py-20 mobile:py-14">
          <div className="mx-auto max-w-6xl px-6 mobile:px-4">
            <h2 id="how-heading" className="text-center text-4xl font-bold mobile:text-3xl">
              How It Works
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-center text-ink-soft">From sign-up to the first goodnight story in an evening.</p>
            <ol className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
              {STEPS.map((step, index) => (
                <li key={step.title} className="rounded-card border border-line bg-cream p-6">
                  <span
                    aria-hidden="true"
                    className="inline-flex size-11 items-center justify-center rounded-full bg-brand font-display text-xl font-bold text-white"
                  >
                    {index + 1}
                  </span>
                  <h3 className="mt-4 text-xl font-bold">
                    <span className="sr-only">Step {index + 1}: </span>
                    {step.title}
                  </h3>
                  <p className="mt-2 text-base text-ink-soft">{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="why-heading" className="py-20 mobile:py-14">
          <div className="mx-auto max-w-6xl px-6 mobile:px-4">
            <h2 id="why-heading" className="text-center text-4xl font-bold mobile:text-3xl">
              Why Families Love Us
            </h2>
            <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {REASONS.map(({ icon: ReasonIcon, title, text }) => (
                <li key={title} className="rounded-card border border-line bg-paper p-6 shadow-card">
                  <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-honey-soft text-2xl text-brand">
                    <ReasonIcon />
                  </span>
                  <h3 className="mt-4 text-xl font-bold">{title}</h3>
                  <p className="mt-2 text-base text-ink-soft">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="start-heading" className="px-6 pb-24 mobile:px-4 mobile:pb-28">
          <div className="mx-auto max-w-4xl rounded-card bg-night px-8 py-14 text-center text-white mobile:px-5 mobile:py-10">
            <h2 id="start-heading" className="text-4xl font-bold text-white mobile:text-3xl">
              Start your family’s story library tonight
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-white/90">Free to start, with unlimited recordings for grandparents. No credit card needed.</p>
            <ButtonLink to={paths.signup} size="lg" variant="honey" className="mt-8">
              Get Started Free
            </ButtonLink>
          </div>
        </section>
      </main>

      {/* Room below the last line for the Report Issue button in the corner (issue 22.6). */}
      <footer className="border-t border-line px-6 pt-8 pb-24 text-center text-base text-ink-soft">
        © {new Date().getFullYear()} Family Story Time · Made for bedtime, with love. ·{' '}
        <Link to={paths.privacy} className="font-semibold underline underline-offset-4 hover:text-ink">
          {DELETION_TEXTS.privacyLink}
        </Link>
      </footer>
    </div>
  );
}
