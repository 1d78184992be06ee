/**
 * Online Workshops (spec sections 2 and 4): the stored workshops, newest first. Upcoming ones open
 * the registration form; one dated before now shows a disabled Completed button. After one visit
 * the list is also readable offline (with the "as of" notice).
 */
import { useState } from 'react';
import type { Workshop } from '@shared/schemas/public-forms';
import { OfflineNotice } from '@client/components/offline-notice';
import { WorkshopRegistrationModal } from '@client/features/public-forms';
import { useWorkshops } from '../api/get-workshops';
import { WorkshopList } from '@shared/ui/workshop-list';
import { WorkshopsFrame } from './workshops-frame';

export function WorkshopsPage() {
  const { data: workshops, dataUpdatedAt } = useWorkshops();
  const [now] = useState(() => new Date());
  const [modalOpen, setModalOpen] = useState(false);
  const [workshop, setWorkshop] = useState<Workshop | null>(null);

  const register = (chosen: Workshop | null) => {
    setWorkshop(chosen);
    setModalOpen(true);
  };

  return (
    <WorkshopsFrame>
      <OfflineNotice updatedAt={dataUpdatedAt} />
      <WorkshopList
        workshops={workshops}
        now={now}
        onRegister={register}
        onIntent={WorkshopRegistrationModal.preload}
      />
      <WorkshopRegistrationModal isOpen={modalOpen} workshop={workshop} onClose={() => setModalOpen(false)} />
    </WorkshopsFrame>
  );
}
