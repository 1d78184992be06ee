import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../render-app';
import {
  choose,
  control,
  fieldErrors,
  modalForm,
  nativeInput,
  pressButton,
  stepHeading,
  typeInto,
} from './public-form-kit';

async function openResearchForm() {
  stubApi(null, {});
  renderApp('/');
  fireEvent.click(await screen.findByRole('button', { name: 'Contact Us about Research and Development' }));
  await waitFor(() => expect(modalForm()).toBeTruthy());
  // Ionic focuses the modal once its opening animation ends, unless the focus is inside it already:
  // wait for that, so it cannot take the focus away from what a test focuses next.
  const modal = modalForm().closest('ion-modal');
  await waitFor(() => expect(modal?.contains(document.activeElement)).toBe(true));
}

describe('a long public form, step by step', { timeout: 20_000 }, () => {
  it('shows "Step 1 of 8" with the step title, and Next on a blank step flags only that step', async () => {
    await openResearchForm();
    expect(stepHeading()).toBe('Step 1 of 8 Contact');
    pressButton('Next');
    await waitFor(() => expect(fieldErrors()).toEqual(['firstName', 'lastName', 'email']));
    expect(stepHeading()).toBe('Step 1 of 8 Contact');
    // Later steps' questions are not on screen, and nothing about them is flagged.
    expect(modalForm().querySelector('[name="traderType"]')).toBeNull();
  });

  it('moves on when the current step is valid although later required questions are blank', async () => {
    await openResearchForm();
    typeInto('First name', 'Asha');
    typeInto('Last name', 'Rao');
    typeInto('Email address', 'asha@example.com');
    pressButton('Next');
    await waitFor(() => expect(stepHeading()).toBe('Step 2 of 8 General'));
    expect(fieldErrors()).toEqual([]);
    // The heading of the new step takes the focus, for keyboard and screen-reader users.
    await waitFor(() => expect(document.activeElement).toBe(modalForm().querySelector('h2')));
  });

  it('puts the focus on the first question in error', async () => {
    await openResearchForm();
    typeInto('First name', 'Asha');
    pressButton('Next');
    await waitFor(() => expect(document.activeElement).toBe(nativeInput('Last name')));
    expect(fieldErrors()).toEqual(['lastName', 'email']);
  });

  it('rejects a malformed email at the field', async () => {
    await openResearchForm();
    typeInto('First name', 'Asha');
    typeInto('Last name', 'Rao');
    typeInto('Email address', 'asha@example');
    pressButton('Next');
    await waitFor(() => expect(fieldErrors()).toEqual(['email']));
    await waitFor(() => expect(modalForm().textContent).toContain('Enter a valid email'));
  });

  it('Back returns to the previous step with every answer kept, and Next again keeps the later ones', async () => {
    await openResearchForm();
    typeInto('First name', 'Asha');
    typeInto('Last name', 'Rao');
    typeInto('Email address', 'asha@example.com');
    pressButton('Next');
    await waitFor(() => expect(stepHeading()).toBe('Step 2 of 8 General'));
    choose('traderType', 'individual');
    pressButton('Back');
    await waitFor(() => expect(stepHeading()).toBe('Step 1 of 8 Contact'));
    expect(nativeInput('First name').value).toBe('Asha');
    expect(nativeInput('Email address').value).toBe('asha@example.com');
    pressButton('Next');
    await waitFor(() => expect(stepHeading()).toBe('Step 2 of 8 General'));
    expect(control<HTMLIonRadioGroupElement>('traderType', 'ion-radio-group').value).toBe('individual');
  });
});
