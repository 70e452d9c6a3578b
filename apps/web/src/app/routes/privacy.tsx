import { Card } from '../../components/ui/card.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Markdown } from '../../lib/markdown.tsx';
// The retention rules as the repository writes them (docs/privacy.md): one text, read by people and the app.
import privacy from '../../../../../docs/privacy.md?raw';

/** The privacy page (public): what is kept about whom, for how long, who sees it, how deletion works. */
export default function PrivacyRoute() {
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-6 py-10 focus:outline-none mobile:px-4 mobile:py-6">
      <PageTitle title="Privacy" />
      <Card>
        <article className="text-lg leading-relaxed">
          <Markdown source={privacy} />
        </article>
      </Card>
    </main>
  );
}
