/** Ionic marks a control invalid through these classes; it then shows its errorText and sets aria-invalid. */
export const invalidClass = (invalid: boolean) => (invalid ? 'ion-invalid ion-touched' : undefined);
