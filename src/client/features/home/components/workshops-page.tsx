/**
 * Online workshops (spec section 2). Past workshops show a disabled Completed button; the
 * registration form arrives with the public-forms issue, until then Register writes an e-mail.
 */
import { IonButton } from '@ionic/react';
import { format, parseISO } from 'date-fns';
import { Page } from '../../../components/page';
import { SITE } from '../../../site-config';
import { isWorkshopCompleted, workshopLabel } from '../../../../shared/forms/workshop-schedule';
import { WORKSHOPS } from '../workshops';
import './workshops-page.css';

export function WorkshopsPage() {
  const now = new Date();
  return (
    <Page title="Online Workshops">
      <p className="page-intro">
        Free, expert-led workshops on systematic trading. Seats are limited; every session starts at 10:00 AM IST
        and the joining link is sent by e-mail 24 hours before it begins.
      </p>
      <ul className="workshop-list">
        {WORKSHOPS.map((workshop) => {
          const date = format(parseISO(workshop.workshop_date), 'd MMMM yyyy');
          return (
            <li key={workshop.workshop_date} className="workshop-card">
              <div>
                <h2>{workshop.title}</h2>
                <p>
                  {date}, 10:00 AM IST · {workshop.level}
                </p>
              </div>
              {isWorkshopCompleted(workshop, now) ? (
                <IonButton disabled fill="outline">
                  Completed
                </IonButton>
              ) : (
                <IonButton
                  href={`mailto:${SITE.email}?subject=${encodeURIComponent(`Workshop registration: ${workshopLabel(workshop)}`)}`}
                >
                  Register
                </IonButton>
              )}
            </li>
          );
        })}
      </ul>
    </Page>
  );
}
