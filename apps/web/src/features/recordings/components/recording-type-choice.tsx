import { RECORDING_TYPES, type RecordingType } from '@fst/shared/constants';
import { recordingTypeLabel } from '@fst/shared/recordings/recordings.rules';

const HINTS: Record<RecordingType, string> = {
  video_with_pdf: 'The book’s pages beside your face, in one video',
  webcam_only: 'Just you on camera, turning the pages of the book view',
  audio_only: 'Only your voice',
};

/** The recording type (spec section 4), as radio buttons; locked unless the recorder is idle. */
export function RecordingTypeChoice({ value, onChange, disabled }: { value: RecordingType; onChange: (type: RecordingType) => void; disabled: boolean }) {
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="mb-2 text-lg font-bold">Recording type</legend>
      <div className="flex flex-col gap-2">
        {RECORDING_TYPES.map((type) => (
          <label
            key={type}
            className="flex cursor-pointer items-start gap-3 rounded-2xl border-2 border-line-strong bg-paper px-4 py-2.5 has-checked:border-brand has-checked:bg-brand-soft has-disabled:cursor-not-allowed has-disabled:opacity-70"
          >
            <input
              type="radio"
              name="recording-type"
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
              className="mt-1 size-5 accent-brand"
            />
            <span>
              <span className="block font-semibold">{recordingTypeLabel(type)}</span>
              <span className="block text-base text-ink-soft">{HINTS[type]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
