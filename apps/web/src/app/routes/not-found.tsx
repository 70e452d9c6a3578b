import { APP_TEXTS } from '@fst/shared/messages';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { paths } from '../../lib/paths.ts';

export function NotFoundRoute() {
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-4 py-16 focus:outline-none">
      <PageTitle title="Page not found" />
      <Card className="flex flex-col items-center gap-4 text-center">
        <h1 className="text-3xl font-bold">Page not found</h1>
        <p className="text-ink-soft">{APP_TEXTS.pageNotFound}</p>
        <ButtonLink to={paths.home}>Go to home page</ButtonLink>
      </Card>
    </main>
  );
}
