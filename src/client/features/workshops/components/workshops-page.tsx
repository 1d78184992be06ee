/**
 * Online Workshops (spec sections 2 and 4): the stored workshops, newest first. Upcoming ones open
 * the registration form; one dated before now shows a disabled Completed button. After one visit
 * the list is also readable offline (with the "as of" notice).
 */
import { useState } from 'react';
import { isWorkshopCompleted } from '../../../../shared/forms/workshop-schedule';
import type { Workshop } from '../../../../shared/schemas/public-forms';
import { OfflineNotice } from '../../../components/offline-notice';
import { WorkshopRegistrationModal } from '../../public-forms/components/form-modals';
import { useWorkshops } from '../api/get-workshops';
import { WorkshopCard } from './workshop-card';
import { WorkshopsFrame } from './workshops-frame';

export function WorkshopsPage() {
  const { data: workshops, dataUpdatedAt } = useWorkshops();
  const [now] = useState(() => new Date());
  const [modalOpen, setModalOpen] = useState(false);
  const [workshop, setWorkshop] = useState<Workshop | null>(null);
  const hasUpcoming = workshops.some((w) => !isWorkshopCompleted(w, now));

  const register = (chosen: Workshop | null) => {
    setWorkshop(chosen);
    setModalOpen(true);
  };

  return (
    <WorkshopsFrame>
      <OfflineNotice updatedAt={dataUpdatedAt} />
      {!hasUpcoming && (
        <div className="workshops-next">
          <p>
            No upcoming workshop is scheduled right now. Leave your details and we will invite you to the next one.
          </p>
          <button
            type="button"
            className="app-button"
            onClick={() => register(null)}
            onPointerEnter={WorkshopRegistrationModal.preload}
            onFocus={WorkshopRegistrationModal.preload}
          >
            Register Interest
          </button>
        </div>
      )}
      {workshops.length === 0 ? (
        <p>No workshops have been announced yet.</p>
      ) : (
        <ul className="workshop-list">
          {workshops.map((w) => (
            <li key={w.workshop_id}>
              <WorkshopCard
                workshop={w}
                completed={isWorkshopCompleted(w, now)}
                onRegister={register}
                onIntent={WorkshopRegistrationModal.preload}
              />
            </li>
          ))}
        </ul>
      )}
      <WorkshopRegistrationModal isOpen={modalOpen} workshop={workshop} onClose={() => setModalOpen(false)} />
    </WorkshopsFrame>
  );
}
