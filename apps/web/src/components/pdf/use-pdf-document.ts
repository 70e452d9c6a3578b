import { useEffect, useState } from 'react';
import { RECORDING_TEXTS } from '@fst/shared/messages';
import { createPageImages, openPdf, type OpenedPdf, type PageImages } from '../../lib/pdf.ts';
import { notify } from '../../lib/toast.ts';

export type PdfState =
  | { status: 'loading' }
  /** `afterReload`: a Try Again failed too (spec section 8: 'Failed to reload PDF. Please refresh the page.'). */
  | { status: 'failed'; afterReload: boolean }
  | { status: 'loaded'; pdf: OpenedPdf; images: PageImages };

type Request = { url: string; reload: boolean; attempt: number };

/**
 * The PDF load states of spec section 4: loading, failed (with Try Again), loaded. Opened once per
 * mount: a newer signed link for the same file does not reload it (give the component a `key` per
 * book); `refreshUrl` fetches a fresh link for Try Again, in case the old one has expired.
 */
export function usePdfDocument(url: string, refreshUrl?: () => Promise<string | null | undefined>) {
  const [request, setRequest] = useState<Request>({ url, reload: false, attempt: 0 });
  const [state, setState] = useState<PdfState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    let opened: OpenedPdf | null = null;
    openPdf(request.url).then(
      (pdf) => {
        if (!live) {
          void pdf.doc.destroy();
          return;
        }
        opened = pdf;
        setState({ status: 'loaded', pdf, images: createPageImages(pdf.doc) });
        if (request.reload) notify.success(RECORDING_TEXTS.pdfReloaded);
      },
      () => {
        if (live) setState({ status: 'failed', afterReload: request.reload });
      },
    );
    return () => {
      live = false;
      if (opened) void opened.doc.destroy();
    };
  }, [request]);

  const reload = async () => {
    setState({ status: 'loading' });
    let next = request.url;
    if (refreshUrl) {
      try {
        next = (await refreshUrl()) ?? next;
      } catch {
        // Try the link we have; failing that, the failed state says so.
      }
    }
    setRequest((current) => ({ url: next, reload: true, attempt: current.attempt + 1 }));
  };

  return { state, reload };
}
