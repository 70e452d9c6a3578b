import { MY_DATA_EXPORT_PATH } from '@fst/shared/exports/exports.rules';
import { EXPORT_TEXTS } from '@fst/shared/messages';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DownloadIcon } from '../../../components/ui/icons.tsx';
import { notify } from '../../../lib/toast.ts';

/** "Download my data" (issue 25, GDPR Article 20): a zip of the account's own data, as a normal browser download. */
export function DownloadMyDataCard() {
  return (
    <Card>
      <section aria-labelledby="my-data-heading">
        <h2 id="my-data-heading" className="mb-2 text-2xl font-bold">
          {EXPORT_TEXTS.myDataHeading}
        </h2>
        <p className="mb-5 text-base text-ink-soft">{EXPORT_TEXTS.myDataIntro}</p>
        <a href={MY_DATA_EXPORT_PATH} download className={buttonClasses('secondary', 'md', 'mobile:w-full')} onClick={() => notify.info(EXPORT_TEXTS.started)}>
          <DownloadIcon /> {EXPORT_TEXTS.myDataButton}
        </a>
      </section>
    </Card>
  );
}
