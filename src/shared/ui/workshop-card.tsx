/** One workshop: level, title, date and time, what it covers, and Register or a disabled Completed. */
import { calendarOutline, timeOutline } from 'ionicons/icons';
import { useId } from 'react';
import { Icon } from './icon';
import type { Workshop } from '../schemas/public-forms';
import { formatWorkshopDate } from './workshop-date';

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
      <span className={`workshop-level workshop-level-${workshop.level.toLowerCase()}`}>{workshop.level}</span>
      <h2 id={titleId}>{workshop.title}</h2>
      <p className="workshop-when">
        <span>
          <Icon icon={calendarOutline} />
          <time dateTime={workshop.workshop_date}>{formatWorkshopDate(workshop.workshop_date)}</time>
        </span>
        <span>
          <Icon icon={timeOutline} />
          {workshop.time_label}
        </span>
      </p>
      <p className="workshop-description">{workshop.description}</p>
      {completed ? (
        <button
          type="button"
          className="app-button app-button-outline"
          disabled
          aria-label={`Completed: ${workshop.title}`}
        >
          Completed
        </button>
      ) : (
        <button
          type="button"
          className="app-button"
          aria-label={`Register for ${workshop.title}`}
          onClick={() => onRegister(workshop)}
          onFocus={onIntent}
        >
          Register
        </button>
      )}
    </article>
  );
}
