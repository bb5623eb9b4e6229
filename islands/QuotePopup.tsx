import { useCallback, useEffect, useState } from 'react';
import { interceptLinks, Overlay } from './lib/overlay';
import { VisitorForm } from './lib/visitor-form';
import { FORM_DEFINITIONS } from '../shared/forms';

/** The links that open this popup; without JavaScript they lead to the `/quote` page. */
export const QUOTE_TRIGGERS = 'a[href="/quote"]';

/** The Get a Quote popup with its budget slider; closes 3 s after a success. */
export default function QuotePopup(_props: object) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  useEffect(() => interceptLinks(QUOTE_TRIGGERS, () => setOpen(true)), []);
  return (
    <Overlay open={open} onClose={close} title={FORM_DEFINITIONS.quote.title} titleId="quote-popup-title" variant="modal">
      <p className="overlay__lead">{FORM_DEFINITIONS.quote.lead}</p>
      <VisitorForm type="quote" idPrefix="quote-popup" onDone={close} />
    </Overlay>
  );
}
