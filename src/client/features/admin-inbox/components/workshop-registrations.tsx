/** Who registered for one workshop (in the workshops page's modal). */
import { formatTimestamp } from '@shared/format';
import type { WorkshopRegistration } from '@shared/schemas/admin/inbox';
import { ResponsiveList, type ResponsiveColumn } from '@client/components/responsive-list';
import { LoadState } from '@client/components/load-state';
import { useWorkshopRegistrations } from '../api/get-workshop-registrations';

/** The joining-link mail: not yet queued (24 hours before), or its outbox status and when it went. */
export function linkMailText(r: Pick<WorkshopRegistration, 'link_mail_status' | 'link_mail_sent_at'>): string {
  if (r.link_mail_status === null) return 'not yet (24 hours before)';
  if (r.link_mail_status === 'sent' && r.link_mail_sent_at) return `sent ${formatTimestamp(r.link_mail_sent_at)}`;
  return r.link_mail_status;
}

/** Whether the registrant confirmed the address (only a confirmed one is mailed the joining link). */
export const confirmedText = (r: Pick<WorkshopRegistration, 'confirmed_at'>): string =>
  r.confirmed_at ? `confirmed ${formatTimestamp(r.confirmed_at)}` : 'not confirmed';

const columns: ResponsiveColumn<WorkshopRegistration>[] = [
  { key: 'name', header: 'Name', cell: (r) => r.name, primary: true },
  { key: 'email', header: 'Email', cell: (r) => <a href={`mailto:${r.email}`}>{r.email}</a>, primary: true },
  { key: 'source', header: 'Source', cell: (r) => r.source },
  { key: 'comments', header: 'Comments', cell: (r) => r.comments || '-' },
  { key: 'created', header: 'Registered At', cell: (r) => formatTimestamp(r.created_at) },
  { key: 'mail', header: 'Mail', cell: (r) => r.mail_status },
  { key: 'confirmed', header: 'Confirmed', cell: confirmedText },
  { key: 'link', header: 'Joining Link Mail', cell: linkMailText },
];

export function WorkshopRegistrations({ workshopId }: { workshopId: number }) {
  const registrations = useWorkshopRegistrations(workshopId);
  if (!registrations.data) return <LoadState query={registrations} />;
  return (
    <ResponsiveList
      items={registrations.data}
      columns={columns}
      rowKey={(r) => r.id}
      empty="No registrations yet"
      caption="Registrations"
    />
  );
}
