/**
 * /dashboard/admin/enquiries (beyond the spec): what visitors sent through the public forms, newest
 * first, filtered by type, a page at a time.
 */
import { IonButton } from '@client/lib/ionic/ion-button';
import { IonSelect } from '@client/lib/ionic/ion-select';
import { IonSelectOption } from '@client/lib/ionic/ion-select-option';
import { useMemo, useState } from 'react';
import { ENQUIRY_TYPES, type EnquiryType } from '@shared/schemas/public-forms';
import { BackButton } from '@client/components/back-button';
import { Page } from '@client/components/page';
import { LoadState } from '@client/components/load-state';
import { useEnquiries } from '../api/get-enquiries';
import { EnquiryCard } from './enquiry-card';
import '@client/components/responsive-list.css';
import './inbox.css';

const ALL = 'all';

export function EnquiriesPage() {
  const [type, setType] = useState<EnquiryType | null>(null);
  const enquiries = useEnquiries(type);
  const items = useMemo(() => enquiries.data?.pages.flatMap((page) => page.items) ?? null, [enquiries.data]);

  return (
    <Page title="Enquiries">
      <div className="admin-toolbar">
        <BackButton />
        <IonSelect
          className="inbox-filter"
          label="Type"
          labelPlacement="stacked"
          fill="outline"
          interface="popover"
          value={type ?? ALL}
          onIonChange={(e) => setType(e.detail.value === ALL ? null : (e.detail.value as EnquiryType))}
        >
          <IonSelectOption value={ALL}>All</IonSelectOption>
          {ENQUIRY_TYPES.map((t) => (
            <IonSelectOption key={t} value={t}>
              {t}
            </IonSelectOption>
          ))}
        </IonSelect>
      </div>
      <LoadState query={enquiries} />
      {items &&
        (items.length === 0 ? (
          <p className="admin-state">No enquiries found</p>
        ) : (
          <ul className="responsive-cards" aria-label="Enquiries">
            {items.map((enquiry) => (
              <EnquiryCard key={enquiry.id} enquiry={enquiry} />
            ))}
          </ul>
        ))}
      {enquiries.hasNextPage && (
        <IonButton
          fill="outline"
          className="inbox-more"
          disabled={enquiries.isFetchingNextPage}
          onClick={() => void enquiries.fetchNextPage()}
        >
          {enquiries.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </IonButton>
      )}
    </Page>
  );
}
