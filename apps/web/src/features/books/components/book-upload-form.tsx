import { useId, useRef, useState, type FormEvent } from 'react';
import { BOOK_TOKEN_COST_MAX, BOOK_TOKEN_COST_MIN, checkBookUpload } from '@fst/shared/books/books.rules';
import { ADMIN_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import type { UploadProgress } from '../../../lib/upload.ts';
import { useUploadBook } from '../api/upload-book.ts';

type FieldErrors = Record<string, string[] | undefined>;

/**
 * The admin upload form (spec section 5, decisions.md): title, author, description, the PDF, the
 * attribution text file, and an optional premium flag with a token cost. Checked here with the shared
 * rules; the server checks the same and more.
 */
export function BookUploadForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const progressId = useId();
  const [title, setTitle] = useState('');
  const [author, setAuthor] = useState('');
  const [description, setDescription] = useState('');
  const [narrationText, setNarrationText] = useState('');
  const [pdfFile, setPdfFile] = useState<File | null>(null);
  const [attributionFile, setAttributionFile] = useState<File | null>(null);
  const [isPremium, setIsPremium] = useState(false);
  const [tokenCost, setTokenCost] = useState('1');
  const [summary, setSummary] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = useUploadBook(setProgress);

  const resetForm = () => {
    formRef.current?.reset();
    setTitle('');
    setAuthor('');
    setDescription('');
    setNarrationText('');
    setPdfFile(null);
    setAttributionFile(null);
    setIsPremium(false);
    setTokenCost('1');
    setSummary(null);
    setFieldErrors({});
  };

  const showErrors = (message: string, errors: FieldErrors) => {
    setSummary(message);
    setFieldErrors(errors);
    // The summary is announced (role=alert); bring it into view on a long form.
    requestAnimationFrame(() => summaryRef.current?.scrollIntoView({ block: 'nearest' }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (upload.isPending) return;
    const check = checkBookUpload({
      title,
      author,
      description,
      pdfFileName: pdfFile?.name,
      attributionFileName: attributionFile?.name,
      isPremium,
      tokenCost,
      narrationText,
    });
    if (!check.ok || !pdfFile || !attributionFile) {
      showErrors(check.ok ? ADMIN_TEXTS.uploadFailed : check.error, check.ok ? {} : check.errors);
      return;
    }
    setSummary(null);
    setFieldErrors({});
    setProgress(null);
    upload.mutate(
      { ...check.value, pdfFile, attributionFile },
      {
        onSuccess: ({ book }) => {
          notify.success(ADMIN_TEXTS.uploaded(book.title));
          resetForm();
        },
        onError: (error) => {
          const message = errorText(error, ADMIN_TEXTS.uploadFailed);
          notify.error(message);
          showErrors(message, error instanceof ApiError ? (error.errors ?? {}) : {});
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  /** A field changed since its error: its mark goes, and the summary with the last of them (a refusal of the form itself stays). */
  const edited = (field: string) => {
    if (!fieldErrors[field]) return;
    const rest = Object.fromEntries(Object.entries(fieldErrors).filter(([name]) => name !== field));
    setFieldErrors(rest);
    if (Object.keys(rest).length === 0) setSummary(null);
  };

  /** A field's error: marked invalid always, its text only when the summary above does not already say it. */
  const errorOf = (field: string) => {
    const messages = fieldErrors[field];
    if (!messages?.length) return {};
    const own = messages.find((m) => m !== summary);
    return { error: own, 'aria-invalid': true as const };
  };

  const busy = upload.isPending;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-base text-ink-soft">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">required</span> are required.
      </p>
      <div ref={summaryRef}>{summary ? <Alert tone="error">{summary}</Alert> : null}</div>
      <div className="grid grid-cols-2 gap-4 mobile:grid-cols-1">
        <TextField
          label={<RequiredLabel>Title</RequiredLabel>}
          required
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            edited('title');
          }}
          {...errorOf('title')}
        />
        <TextField
          label={<RequiredLabel>Author</RequiredLabel>}
          required
          value={author}
          onChange={(e) => {
            setAuthor(e.target.value);
            edited('author');
          }}
          {...errorOf('author')}
        />
      </div>
      <TextAreaField
        label="Description"
        optional
        value={description}
        onChange={(e) => {
          setDescription(e.target.value);
          edited('description');
        }}
        {...errorOf('description')}
        className="[&_textarea]:min-h-24"
      />
      <TextAreaField
        label={ADMIN_TEXTS.narrationTextLabel}
        optional
        hint={ADMIN_TEXTS.narrationTextHint}
        value={narrationText}
        onChange={(e) => {
          setNarrationText(e.target.value);
          edited('narration_text');
        }}
        {...errorOf('narration_text')}
        className="[&_textarea]:min-h-24"
      />
      <div className="grid grid-cols-2 gap-4 mobile:grid-cols-1">
        <TextField
          label={<RequiredLabel>Book PDF (.pdf)</RequiredLabel>}
          type="file"
          accept=".pdf,application/pdf"
          required
          onChange={(e) => {
            setPdfFile(e.target.files?.[0] ?? null);
            edited('pdf_file');
          }}
          {...errorOf('pdf_file')}
          className="[&_input]:text-base"
        />
        <TextField
          label={<RequiredLabel>Attribution (.txt)</RequiredLabel>}
          type="file"
          accept=".txt,text/plain"
          required
          onChange={(e) => {
            setAttributionFile(e.target.files?.[0] ?? null);
            edited('attribution_file');
          }}
          hint="Where the story comes from and its licence."
          {...errorOf('attribution_file')}
          className="[&_input]:text-base"
        />
      </div>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <CheckboxField label="Premium book (unlocked with tokens)" checked={isPremium} onChange={(e) => setIsPremium(e.target.checked)} className="min-h-12" />
        {isPremium ? (
          <TextField
            label={<RequiredLabel>Token cost</RequiredLabel>}
            type="number"
            inputMode="numeric"
            min={BOOK_TOKEN_COST_MIN}
            max={BOOK_TOKEN_COST_MAX}
            required
            value={tokenCost}
            onChange={(e) => {
              setTokenCost(e.target.value);
              edited('token_cost');
            }}
            {...errorOf('token_cost')}
            className="w-40"
          />
        ) : null}
      </div>
      {busy ? (
        <div id={progressId} role="status" className="flex flex-col gap-1.5">
          <span className="text-base font-semibold">{progress ? `Uploading… ${progress.percent}%` : 'Uploading…'}</span>
          <progress
            aria-label="Upload progress"
            max={100}
            value={progress?.percent}
            className="h-3 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-cream-deep [&::-webkit-progress-value]:bg-brand"
          />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3 mobile:flex-col mobile:items-stretch">
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? <Spinner className="size-5 border-white/40 border-t-white" /> : null}
          {busy ? 'Uploading...' : 'Upload Book'}
        </Button>
        <Button variant="ghost" onClick={resetForm} disabled={busy}>
          Clear
        </Button>
      </div>
    </form>
  );
}

function RequiredLabel({ children }: { children: string }) {
  return (
    <>
      {children}
      <span aria-hidden="true" className="ml-0.5 text-danger">
        *
      </span>
    </>
  );
}
