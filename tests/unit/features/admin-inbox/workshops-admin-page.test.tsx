import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminWorkshop, WorkshopRegistration } from '@shared/schemas/admin/inbox';
import { choose, clickButton, ionInput, modalForm, typeInto, findRowButton } from '../admin-test-kit';
import { ADMIN, renderApp, setViewportWidth, stubApi } from '../render-app';

const workshop: AdminWorkshop = {
  workshop_id: 4,
  title: 'Price Action Basics',
  description: 'Reading candles.',
  workshop_date: '2026-12-13',
  time_label: '10:00AM IST',
  level: 'Beginner',
  registration_count: 1,
  joining_link: 'https://meet.example.com/price-action',
};
const registration: WorkshopRegistration = {
  id: 1,
  workshop_id: 4,
  workshop_label: 'Price Action Basics (13 December 2026)',
  name: 'Asha',
  email: 'asha@example.com',
  source: 'youtube',
  comments: '',
  created_at: '2026-11-20T10:00:00.000Z',
  mail_status: 'off',
  confirmed_at: '2026-11-20T10:05:00.000Z',
  link_mail_status: 'sent',
  link_mail_sent_at: '2026-12-12T04:30:00.000Z',
};

describe('workshops management', () => {
  beforeEach(() => setViewportWidth(1024));

  it('lists workshops with their registration counts and shows who registered', async () => {
    stubApi(ADMIN, {
      'GET /api/admin/workshops': () => ({ body: [workshop] }),
      'GET /api/admin/workshops/4/registrations': () => ({ body: [registration] }),
    });
    renderApp('/dashboard/admin/workshops');
    const table = await screen.findByRole('table', { name: 'Workshops' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('13/12/2026');
    expect(row.textContent).toContain('Beginner');
    fireEvent.click(await findRowButton('4', 'Registrations'));
    expect(await screen.findByText('asha@example.com')).toBeTruthy();
    expect(screen.getByText(/^sent 12\/12\/2026/)).toBeTruthy();
    expect(screen.getByText(/^confirmed 20\/11\/2026/)).toBeTruthy();
    expect(screen.getByText('Registrations: Price Action Basics (13 December 2026)')).toBeTruthy();
  });

  it('adds a workshop at 10:00AM IST unless told otherwise, and refreshes the list', async () => {
    const api = stubApi(ADMIN, {
      'GET /api/admin/workshops': () => ({ body: [] }),
      'PUT /api/admin/workshops': () => ({ status: 201, body: workshop }),
    });
    renderApp('/dashboard/admin/workshops');
    await screen.findByText('No workshops found');
    clickButton('Add Workshop');
    await waitFor(() => expect(modalForm()).not.toBeNull());
    expect(ionInput('Time').value).toBe('10:00AM IST');
    clickButton('Save');
    expect(await screen.findByText('Title is required')).toBeTruthy();
    typeInto('Title', 'Options 101');
    fireEvent.input(document.querySelector('textarea[name="description"]') as HTMLTextAreaElement, {
      target: { value: 'Calls and puts.' },
    });
    typeInto('Date', '2027-01-10');
    choose('level', 'Intermediate');
    typeInto('Joining link', 'http://meet.example.com/x');
    clickButton('Save');
    expect(await screen.findByText('Joining link must be an https:// URL')).toBeTruthy();
    typeInto('Joining link', 'https://meet.example.com/options-101');
    clickButton('Save');
    expect(await screen.findByText('Workshop saved successfully')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/admin/workshops')[0]?.body).toEqual({
      title: 'Options 101',
      description: 'Calls and puts.',
      workshop_date: '2027-01-10',
      time_label: '10:00AM IST',
      level: 'Intermediate',
      joining_link: 'https://meet.example.com/options-101',
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/workshops')).toHaveLength(2));
  });
});
