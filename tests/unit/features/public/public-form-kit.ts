/**
 * Driving the public forms in jsdom the way a visitor does: Ionic controls are found by their label
 * and changed through the events Ionic itself fires (a native `input`, or `ionChange` on the host).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { FieldDefinition, FormDefinition } from '@shared/forms/form-definition';

// jsdom lays nothing out: focusing a question first scrolls it into view.
Element.prototype.scrollIntoView = vi.fn();

/** The open modal's form (ion-modal keeps its content in the light DOM). */
export function modalForm(): HTMLFormElement {
  const form = document.querySelector<HTMLFormElement>('ion-modal form.step-form');
  if (!form) throw new Error('no form is open');
  return form;
}

export const inModal = () => within(modalForm());

export const nativeInput = (label: string) =>
  inModal().getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement | HTMLTextAreaElement;

export function typeInto(label: string, value: string) {
  fireEvent.input(nativeInput(label), { target: { value } });
}

/**
 * The native text control of the question `name`. (In jsdom a text area's label also holds Ionic's
 * hidden notch copy of the text, so text areas are found by their question instead of their label.)
 */
export const textControl = (name: string) => control<HTMLInputElement | HTMLTextAreaElement>(name, 'input, textarea');

/** The Ionic control of the question `name` (each question sits in a `data-field` wrapper). */
export function control<E extends Element = HTMLElement>(name: string, selector: string): E {
  const el = modalForm().querySelector(`[data-field="${name}"]`)?.querySelector<E>(selector);
  if (!el) throw new Error(`no ${selector} for ${name}`);
  return el;
}

/** A radio group or select answer, by field name and option value. */
export function choose(name: string, value: string) {
  fireEvent(
    control(name, 'ion-radio-group, ion-select'),
    new CustomEvent('ionChange', { detail: { value }, bubbles: true }),
  );
}

/** Ticks (or unticks) the checkbox of `label` in the multi-choice question `name`. */
export function tick(name: string, label: string, checked = true) {
  const box = [...modalForm().querySelectorAll(`[data-field="${name}"] ion-checkbox`)].find(
    (el) => el.textContent === label,
  );
  if (!box) throw new Error(`no checkbox ${label} in ${name}`);
  fireEvent(box, new CustomEvent('ionChange', { detail: { checked }, bubbles: true }));
}

export const pressButton = (text: string) => fireEvent.click(inModal().getByText(text, { selector: 'ion-button' }));

/** Ionic buttons have no button role in jsdom (it sits in their shadow root): found by their text. */
export const pageButton = async (text: string) =>
  (await screen.findAllByText(text, { selector: 'ion-button, button' }))[0]!;

export const stepHeading = () => modalForm().querySelector('h2')?.textContent ?? '';

export const isModalOpen = () => document.querySelector('ion-modal form.step-form') !== null;

/** The questions of the open form marked invalid, by field name, in form order. */
export function fieldErrors(): string[] {
  return [...modalForm().querySelectorAll<HTMLElement>('[data-field]')]
    .filter((el) => el.querySelector('.ion-invalid, [aria-invalid="true"]'))
    .map((el) => el.dataset.field ?? '');
}

/** A toast; failures show after the one retry of a failed request (about a second later). */
export const toastText = (text: string) => screen.findByText(text, { selector: '.toaster *' }, { timeout: 4000 });

/** Answers one question the way a visitor would (text typed, option chosen, boxes ticked). */
export function answer(field: FieldDefinition, value: string | readonly string[]) {
  if (field.kind === 'radio' || field.kind === 'select') return choose(field.name, value as string);
  if (field.kind === 'checkbox-multi') {
    for (const v of value as readonly string[]) tick(field.name, field.options.find((o) => o.value === v)!.label);
    return;
  }
  fireEvent.input(textControl(field.name), { target: { value } });
}

/** Fills every step of the open form from `answers`, pressing Next after each, then `submitLabel`. */
export async function fillAndSubmit(
  definition: FormDefinition,
  answers: Record<string, string | readonly string[]>,
  submitLabel = 'Submit',
) {
  for (const [i, step] of definition.steps.entries()) {
    await waitFor(() => expect(stepHeading(), `errors: ${fieldErrors().join(', ')}`).toContain(step.title));
    for (const field of step.fields) answer(field, answers[field.name] ?? '');
    pressButton(i === definition.steps.length - 1 ? submitLabel : 'Next');
  }
}
