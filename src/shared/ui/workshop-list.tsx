/**
 * The workshops under the page's intro, newest first: a card each, or a line saying none were
 * announced, with the "Register Interest" invitation above them when none is upcoming. The page
 * renders it, and so does the server into workshops.html for a first visit
 * (src/server/pages/workshops-page.ts): it imports no stylesheet and nothing that needs a browser.
 */
import { isWorkshopCompleted } from '../forms/workshop-schedule';
import type { Workshop } from '../schemas/public-forms';
import { WorkshopCard } from './workshop-card';

export interface WorkshopListProps {
  workshops: readonly Workshop[];
  now: Date;
  /** Opens the registration form, for a workshop or (null) for the next one. */
  onRegister: (workshop: Workshop | null) => void;
  /** The visitor may register soon: load the form's code. */
  onIntent: () => void;
}

export function WorkshopList({ workshops, now, onRegister, onIntent }: WorkshopListProps) {
  const hasUpcoming = workshops.some((w) => !isWorkshopCompleted(w, now));
  return (
    <>
      {!hasUpcoming && (
        <div className="workshops-next">
          <p>No upcoming workshop is scheduled right now. Leave your details and we will invite you to the next one.</p>
          <button
            type="button"
            className="app-button"
            onClick={() => onRegister(null)}
            onPointerEnter={onIntent}
            onFocus={onIntent}
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
                onRegister={onRegister}
                onIntent={onIntent}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
