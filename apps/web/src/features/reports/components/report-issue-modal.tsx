import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { ISSUE_TYPE_LABELS, ISSUE_TYPES, TIMINGS, type IssueType } from '@fst/shared/constants';
import { REPORT_TEXTS, VALIDATION } from '@fst/shared/messages';
import { EMAIL_PATTERN } from '@fst/shared/auth/credentials.schema';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCreateIssueReport } from '../api/create-issue-report.ts';

type ReportIssueModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The path the user is on; sent with the report. */
  page: string;
};

export function ReportIssueModal({ open, onOpenChange, page }: ReportIssueModalProps) {
  const create = useCreateIssueReport();
  const [type, setType] = useState<IssueType>('bug');
  const [email, setEmail] = useState('');
  const [description, setDescription] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [sent, setSent] = useState(false);

  const resetForm = () => {
    setType('bug');
    setEmail('');
    setDescription('');
    setEmailError(undefined);
    setSent(false);
    create.reset();
  };

  // Closing in any way (Cancel, Escape, backdrop, after success) starts the next report afresh.
  const handleOpenChange = (next: boolean) => {
    if (!next) resetForm();
    onOpenChange(next);
  };

  const closeAfterSuccess = useEffectEvent(() => handleOpenChange(false));
  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => closeAfterSuccess(), TIMINGS.issueModalClose);
    return () => window.clearTimeout(timer);
  }, [sent]);

  const canSubmit = description.trim() !== '' && !create.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    const trimmedEmail = email.trim();
    if (trimmedEmail !== '' && !EMAIL_PATTERN.test(trimmedEmail)) {
      setEmailError(VALIDATION.invalidEmail);
      return;
    }
    setEmailError(undefined);
    create.mutate(
      { type, page, description: description.trim(), ...(trimmedEmail ? { email: trimmedEmail } : {}) },
      {
        onSuccess: () => {
          setType('bug');
          setEmail('');
          setDescription('');
          setSent(true);
        },
      },
    );
  };

  return (
    <Modal open={open} onOpenChange={handleOpenChange} title={REPORT_TEXTS.title}>
      {sent ? (
        <div className="flex flex-col gap-5">
          <Alert tone="success">{REPORT_TEXTS.success}</Alert>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={() => handleOpenChange(false)}>
              Close
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {create.isError ? <Alert tone="error">{REPORT_TEXTS.failed}</Alert> : null}
          <SelectField label="Issue Type" value={type} onChange={(e) => setType(e.target.value as IssueType)}>
            {ISSUE_TYPES.map((value) => (
              <option key={value} value={value}>
                {ISSUE_TYPE_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <TextField label="Current Page" value={page} readOnly />
          <TextField
            label="Email"
            optional
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            hint={REPORT_TEXTS.emailNote}
            error={emailError}
          />
          <TextAreaField
            label="Description"
            required
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            placeholder="What happened, and what did you expect?"
          />
          <div className="mt-2 flex flex-wrap justify-end gap-3 mobile:flex-col-reverse mobile:items-stretch">
            <Button variant="secondary" onClick={() => handleOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSubmit} aria-busy={create.isPending || undefined}>
              {create.isPending ? <Spinner className="size-5 border-white/40 border-t-white" /> : null}
              Submit Report
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
