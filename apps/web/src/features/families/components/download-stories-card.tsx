import { familyExportPath } from '@fst/shared/exports/exports.rules';
import { EXPORT_TEXTS } from '@fst/shared/messages';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DownloadIcon } from '../../../components/ui/icons.tsx';
import { notify } from '../../../lib/toast.ts';

/**
 * The family archive (issue 25, docs/decisions/017), for the family's admins: a plain link the browser
 * downloads itself, so it shows the progress and keeps the file however large it is.
 */
export function DownloadStoriesCard({ familyId }: { familyId: string }) {
  return (
    <Card>
      <section aria-labelledby="download-stories-heading" className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0 max-w-xl">
          <h2 id="download-stories-heading" className="mb-1 text-2xl font-bold">
            {EXPORT_TEXTS.familyHeading}
          </h2>
          <p className="text-base text-ink-soft">{EXPORT_TEXTS.familyIntro}</p>
        </div>
        <a
          href={familyExportPath(familyId)}
          download
          className={buttonClasses('secondary', 'md', 'mobile:w-full')}
          onClick={() => notify.info(EXPORT_TEXTS.started)}
        >
          <DownloadIcon /> {EXPORT_TEXTS.familyButton}
        </a>
      </section>
    </Card>
  );
}
