/** Drives the admin forms' Ionic controls in jsdom the way their own events would. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

/** The native input an ion-input renders, by its label. */
export const ionInput = (label: string, root: HTMLElement = document.body) =>
  within(root).getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

export function typeInto(label: string, value: string, root?: HTMLElement) {
  fireEvent.input(ionInput(label, root), { target: { value } });
}

function ionElement(tag: 'ion-select' | 'ion-checkbox', label: string, root: ParentNode = document) {
  const el = Array.from(root.querySelectorAll(tag)).find(
    (e) => (e as HTMLElement & { label?: string }).label === label || e.textContent.trim() === label,
  );
  if (!el) throw new Error(`no ${tag} labelled ${label}`);
  return el as HTMLElement & { value?: unknown; checked?: boolean };
}

/** ion-select draws its picker in an overlay; the element itself fires ionChange. */
export function chooseOption(label: string, value: string | number, root?: ParentNode) {
  fireEvent(ionElement('ion-select', label, root), new CustomEvent('ionChange', { detail: { value }, bubbles: true }));
}

export const selectValue = (label: string, root?: ParentNode) => ionElement('ion-select', label, root).value;

/** ion-select draws its error text in its shadow root, out of the testing library's reach. */
export const selectError = (label: string, root?: ParentNode) => {
  const el = ionElement('ion-select', label, root) as HTMLElement & { errorText?: string };
  return el.classList.contains('ion-invalid') ? el.errorText : undefined;
};

export function setChecked(label: string, checked: boolean, root?: ParentNode) {
  fireEvent(
    ionElement('ion-checkbox', label, root),
    new CustomEvent('ionChange', { detail: { checked, value: 'on' }, bubbles: true }),
  );
}

export const ionButton = (text: string, root: HTMLElement = document.body) =>
  within(root).getByText(text, { selector: 'ion-button' });

/** The open modal (ion-modal) holding a form with this accessible name. */
export const modalForm = (name: string) => screen.getByRole('form', { name });
export const queryModalForm = (name: string) => screen.queryByRole('form', { name });

/**
 * Clicks what opens a modal and waits until Ionic has begun to present it. Ionic's present() may
 * start after the modal's content is in the DOM, and begins by blurring whatever has the focus (to
 * give it back on dismiss): a field typed into before then loses the focus, and the instrument
 * picker, whose list opens with the focus in its field, closes the list under a pick. The
 * ionModalWillPresent event follows that blur; the enter animation need not be waited for.
 */
export async function openModalWith(trigger: HTMLElement) {
  let presenting = false;
  document.addEventListener('ionModalWillPresent', () => (presenting = true), { once: true });
  fireEvent.click(trigger);
  await waitFor(
    () => {
      if (!presenting) throw new Error('Ionic has not begun to present the modal');
    },
    // Ionic schedules present() on its own clock: slow when the machine is busy.
    { timeout: 5000 },
  );
}
