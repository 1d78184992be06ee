/** Helpers for the admin screens' page tests: Ionic controls found and driven like a user would. */
import { fireEvent, screen } from '@testing-library/react';

/** The native input an ion-input renders, found by its label. */
export const ionInput = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

export function typeInto(label: string, value: string) {
  fireEvent.input(ionInput(label), { target: { value } });
}

/** ion-select draws its label in its shadow root; find it by its name attribute and fire ionChange. */
export function choose(name: string, value: string | number) {
  const select = document.querySelector(`ion-modal ion-select[name="${name}"]`);
  if (!select) throw new Error(`no select ${name}`);
  fireEvent(select, new CustomEvent('ionChange', { detail: { value }, bubbles: true }));
}

/** Clicks the ion-button with this text. */
export function clickButton(text: string) {
  fireEvent.click(screen.getByText(text, { selector: 'ion-button' }));
}

/** The form in the open modal, or null. */
export const modalForm = () => document.querySelector('ion-modal form');
