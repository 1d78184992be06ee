/** One enquiry as a card: type, when it came, whether the notification mail went out, and the form. */
import { memo, useMemo } from 'react';
import { formatTimestamp } from '@shared/format';
import type { Enquiry } from '@shared/schemas/admin/inbox';
import { StatusBadge, type BadgeTone } from '@client/components/status-badge';
import { safeHtml } from '../lib/safe-html';

const MAIL_TONES: Record<Enquiry['mail_status'], BadgeTone> = {
  sent: 'success',
  pending: 'warning',
  off: 'neutral',
  failed: 'danger',
};

export const EnquiryCard = memo(function EnquiryCard({ enquiry }: { enquiry: Enquiry }) {
  const form = useMemo(() => safeHtml(enquiry.form_html), [enquiry.form_html]);
  const titleId = `enquiry-${enquiry.id}-title`;
  return (
    <li>
      <article className="responsive-card" aria-labelledby={titleId}>
        <header className="inbox-card-header">
          <h2 id={titleId}>
            {enquiry.type} <span className="inbox-card-id">#{enquiry.id}</span>
          </h2>
          <time dateTime={enquiry.created_at}>{formatTimestamp(enquiry.created_at)}</time>
          <StatusBadge tone={MAIL_TONES[enquiry.mail_status]}>mail {enquiry.mail_status}</StatusBadge>
        </header>
        <div className="inbox-card-form">{form}</div>
      </article>
    </li>
  );
});
