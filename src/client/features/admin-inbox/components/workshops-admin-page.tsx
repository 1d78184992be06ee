/**
 * /dashboard/admin/workshops (beyond the spec): the workshops the public page lists, with their
 * registration counts; add and edit them, see who registered.
 */
import { IonButton } from '@client/lib/ionic/ion-button';
import { useState } from 'react';
import { formatDate } from '@shared/format';
import { workshopLabel } from '@shared/forms/workshop-schedule';
import type { AdminWorkshop } from '@shared/schemas/admin/inbox';
import { BackButton } from '@client/components/back-button';
import { Modal } from '@client/components/modal';
import { Page } from '@client/components/page';
import { ResponsiveList, type ResponsiveColumn } from '@client/components/responsive-list';
import { LoadState } from '@client/components/load-state';
import { useAdminWorkshops } from '../api/get-admin-workshops';
import { WorkshopForm } from './workshop-form';
import { WorkshopRegistrations } from './workshop-registrations';

type Open =
  { kind: 'edit'; workshop: AdminWorkshop | null } | { kind: 'registrations'; workshop: AdminWorkshop } | null;

function modalTitle(open: Open): string | undefined {
  if (!open) return undefined;
  if (open.kind === 'registrations') return `Registrations: ${workshopLabel(open.workshop)}`;
  return open.workshop ? `Edit Workshop ${open.workshop.workshop_id}` : 'Add Workshop';
}

export function WorkshopsAdminPage() {
  const workshops = useAdminWorkshops();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  const columns: ResponsiveColumn<AdminWorkshop>[] = [
    { key: 'id', header: 'ID', cell: (w) => w.workshop_id },
    { key: 'title', header: 'Title', cell: (w) => w.title, primary: true },
    { key: 'date', header: 'Date', cell: (w) => formatDate(w.workshop_date), primary: true },
    { key: 'time', header: 'Time', cell: (w) => w.time_label },
    { key: 'level', header: 'Level', cell: (w) => w.level },
    { key: 'count', header: 'Registrations', cell: (w) => w.registration_count, primary: true },
    {
      key: 'actions',
      header: 'Actions',
      cell: (w) => (
        <div className="admin-row-actions">
          <IonButton
            size="small"
            fill="outline"
            aria-label={`Edit workshop ${w.title}`}
            onClick={() => setOpen({ kind: 'edit', workshop: w })}
          >
            Edit
          </IonButton>
          <IonButton
            size="small"
            fill="outline"
            aria-label={`Registrations of ${w.title}`}
            onClick={() => setOpen({ kind: 'registrations', workshop: w })}
          >
            Registrations
          </IonButton>
        </div>
      ),
    },
  ];

  return (
    <Page title="Workshops">
      <div className="admin-toolbar">
        <BackButton />
        <IonButton className="admin-toolbar-end" onClick={() => setOpen({ kind: 'edit', workshop: null })}>
          Add Workshop
        </IonButton>
      </div>
      <LoadState query={workshops} />
      {workshops.data && (
        <ResponsiveList
          items={workshops.data}
          columns={columns}
          rowKey={(w) => w.workshop_id}
          empty="No workshops found"
          caption="Workshops"
          cardTitle={(w) => w.title}
        />
      )}
      <Modal isOpen={open !== null} title={modalTitle(open)} onClose={close}>
        {open?.kind === 'edit' && <WorkshopForm workshop={open.workshop} onDone={close} />}
        {open?.kind === 'registrations' && <WorkshopRegistrations workshopId={open.workshop.workshop_id} />}
      </Modal>
    </Page>
  );
}
