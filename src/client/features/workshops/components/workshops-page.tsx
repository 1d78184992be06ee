/**
 * Online Workshops (spec sections 2 and 4): the stored workshops, newest first. Upcoming ones open
 * the registration form; one dated before now shows a disabled Completed button. After one visit
 * the list is also readable offline (with the "as of" notice).
 */
import { useState } from 'react';
import { isWorkshopCompleted } from '../../../../shared/forms/workshop-schedule';
import type { Workshop } from '../../../../shared/schemas/public-forms';
import { OfflineNotice } from '../../../components/offline-notice';
import { Page } from '../../../components/page';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { SITE } from '../../../site-config';
import { WorkshopRegistrationModal } from '../../public-forms/components/form-modals';
import { useWorkshops } from '../api/get-workshops';
import { WorkshopCard } from './workshop-card';
import './workshops-page.css';

const WORKSHOPS_TITLE = 'Online Workshops';
const WORKSHOPS_DESCRIPTION =
  'Free, expert-led online workshops on technical analysis and algorithmic trading for Indian markets. Limited seats, Sundays at 10:00AM IST.';

export function WorkshopsPage() {
  useDocumentMeta({ title: `${WORKSHOPS_TITLE} | ${SITE.name}`, description: WORKSHOPS_DESCRIPTION, path: '/workshops' });
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
    <Page title={WORKSHOPS_TITLE}>
      <p className="page-intro">
        Free, expert-led workshops on technical analysis and systematic trading in Indian markets, run online by the
        research team behind {SITE.name}'s algorithms. Seats are limited so that every participant can ask questions.
      </p>
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
    </Page>
  );
}
