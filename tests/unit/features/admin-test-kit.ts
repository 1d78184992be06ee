/** Helpers for the admin screens' page tests: Ionic controls found and driven like a user would. */
import { configure, fireEvent, screen, within } from '@testing-library/react';

// The first render of a page loads its lazy route chunk: slow when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

/** The native input an ion-input renders, found by its label. */
export const ionInput = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

export function typeInto(label: string, value: string) {
  fireEvent.input(ionInput(label), { target: { value } });
}

type IonSelectElement = HTMLElement & { name: string; value: unknown; errorText?: string };

/** An ion-select of the open modal by its field name (its label and picker live in its shadow root). */
export function ionSelect(name: string): IonSelectElement {
  const select = [...document.querySelectorAll<IonSelectElement>('ion-modal ion-select')].find(
    (el) => el.name === name,
  );
  if (!select) throw new Error(`no select ${name}`);
  return select;
}

/** Picks a value the way the select's own picker does: it fires ionChange. */
export function choose(name: string, value: string | number) {
  fireEvent(ionSelect(name), new CustomEvent('ionChange', { detail: { value }, bubbles: true }));
}

/** Clicks the ion-button with this text. */
export function clickButton(text: string) {
  fireEvent.click(screen.getByText(text, { selector: 'ion-button' }));
}

/** The form in the open modal, or null. */
export const modalForm = () => document.querySelector('ion-modal form');

/**
 * The ion-button `text` in the table row headed `rowId` (wide layout). Found by its text: Ionic
 * moves an aria-label from the host to the button in its shadow root once hydrated.
 */
export async function findRowButton(rowId: string, text: string): Promise<HTMLElement> {
  const header = await screen.findByRole('rowheader', { name: rowId });
  return within(header.closest('tr') as HTMLElement).getByText(text, { selector: 'ion-button' });
}
