/** An Ionic button that is a router link (real href: open in new tab works, client-side navigation). */
import { IonButton } from '@ionic/react';
import { createLink } from '@tanstack/react-router';

export const ButtonLink = createLink(IonButton);
