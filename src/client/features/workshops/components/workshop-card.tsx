/** One workshop: level, title, date and time, what it covers, and Register or a disabled Completed. */
import { IonBadge, IonButton, IonIcon } from '@ionic/react';
import { calendarOutline, timeOutline } from 'ionicons/icons';
import { useId } from 'react';
import type { Workshop } from '../../../../shared/schemas/public-forms';
import { formatWorkshopDate } from '../lib/workshop-date';

interface WorkshopCardProps {
  workshop: Workshop;
  completed: boolean;
  onRegister: (workshop: Workshop) => void;
  onIntent: () => void;
}

export function WorkshopCard({ workshop, completed, onRegister, onIntent }: WorkshopCardProps) {
  const titleId = useId();
  return (
    <article className="workshop-card" aria-labelledby={titleId} onPointerEnter={completed ? undefined : onIntent}>
      <IonBadge className={`workshop-level workshop-level-${workshop.level.toLowerCase()}`}>{workshop.level}</IonBadge>
      <h2 id={titleId}>{workshop.title}</h2>
      <p className="workshop-when">
        <span>
          <IonIcon icon={calendarOutline} aria-hidden="true" />
          <time dateTime={workshop.workshop_date}>{formatWorkshopDate(workshop.workshop_date)}</time>
        </span>
        <span>
          <IonIcon icon={timeOutline} aria-hidden="true" />
          {workshop.time_label}
        </span>
      </p>
      <p className="workshop-description">{workshop.description}</p>
      {completed ? (
        <IonButton fill="outline" disabled aria-label={`Completed: ${workshop.title}`}>
          Completed
        </IonButton>
      ) : (
        <IonButton
          // The label reaches the button inside Ionic's shadow root (an id reference would not).
          aria-label={`Register for ${workshop.title}`}
          onClick={() => onRegister(workshop)}
          onFocus={onIntent}
        >
          Register
        </IonButton>
      )}
    </article>
  );
}
