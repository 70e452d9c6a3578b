import { RECORDING_PAGE_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';

export type UploadState = { status: 'idle' } | { status: 'sending'; percent: number } | { status: 'failed'; message: string };

/** The upload's percent bar, or why it failed. */
export function UploadProgress({ upload }: { upload: UploadState }) {
  if (upload.status === 'idle') return null;
  if (upload.status === 'failed') return <Alert tone="error">{upload.message}</Alert>;
  return (
    <div className="flex flex-col gap-2">
      <p className="font-semibold" aria-live="polite">
        {RECORDING_PAGE_TEXTS.uploading(upload.percent)}
      </p>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={upload.percent}
        className="h-3 w-full overflow-hidden rounded-full bg-cream-deep"
      >
        <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${upload.percent}%` }} />
      </div>
    </div>
  );
}
