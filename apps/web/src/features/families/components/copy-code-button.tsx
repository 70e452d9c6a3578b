import { useEffect, useState } from 'react';
import { TIMINGS } from '@fst/shared/constants';
import { FAMILY_PAGE_TEXTS, FAMILY_TEXTS } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { CheckIcon, CopyIcon } from '../../../components/ui/icons.tsx';
import { notify } from '../../../lib/toast.ts';

/** Copies the family code; the button says "Copied!" for 2 s (spec section 2). */
export function CopyCodeButton({ code, size = 'md' }: { code: string; size?: 'sm' | 'md' }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), TIMINGS.copyFeedback);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      notify.error(FAMILY_PAGE_TEXTS.copyFailed);
    }
  };

  return (
    <>
      <Button variant={copied ? 'primary' : 'secondary'} size={size} onClick={() => void copy()}>
        {copied ? <CheckIcon /> : <CopyIcon />}
        {copied ? FAMILY_TEXTS.copied : 'Copy'}
      </Button>
      <span role="status" className="sr-only">
        {copied ? FAMILY_TEXTS.copied : ''}
      </span>
    </>
  );
}
