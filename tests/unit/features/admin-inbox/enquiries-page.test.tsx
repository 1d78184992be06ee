import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Enquiry } from '@shared/schemas/admin/inbox';
import '../admin-test-kit';
import { ADMIN, renderApp, setViewportWidth, stubApi } from '../render-app';

const enquiry = (id: number, type: Enquiry['type'], name: string): Enquiry => ({
  id,
  type,
  form_html: `<p><strong>First Name</strong><br>${name}</p><img src=x onerror="window.__pwned=1">`,
  created_at: '2026-11-20T10:00:00.000Z',
  mail_status: 'sent',
});

describe('enquiries inbox', () => {
  beforeEach(() => setViewportWidth(375));

  it('lists enquiries newest first as cards, loads older ones with "Load more", and filters by type', async () => {
    const api = stubApi(ADMIN, {
      'GET /api/admin/enquiries?limit=20': () => ({
        body: {
          items: [enquiry(9, 'Research Enquiry', 'Asha'), enquiry(8, 'Membership Interest', 'Ravi')],
          next_before: 8,
        },
      }),
      'GET /api/admin/enquiries?limit=20&before=8': () => ({
        body: { items: [enquiry(3, 'Portfolio Enquiry', 'Meera')], next_before: null },
      }),
      'GET /api/admin/enquiries?limit=20&type=Portfolio+Enquiry': () => ({
        body: { items: [enquiry(3, 'Portfolio Enquiry', 'Meera')], next_before: null },
      }),
    });
    renderApp('/dashboard/admin/enquiries');
    const list = await screen.findByRole('list', { name: 'Enquiries' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => within(a).getByRole('heading').textContent),
    ).toEqual(['Research Enquiry #9', 'Membership Interest #8']);
    expect(within(list).getByText('Asha')).toBeTruthy();
    expect(list.querySelector('img')).toBeNull();

    fireEvent.click(screen.getByText('Load more', { selector: 'ion-button' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));
    expect(screen.queryByText('Load more', { selector: 'ion-button' })).toBeNull();

    const filter = document.querySelector('ion-select.inbox-filter') as HTMLElement;
    fireEvent(filter, new CustomEvent('ionChange', { detail: { value: 'Portfolio Enquiry' }, bubbles: true }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Enquiries' })).getAllByRole('article')).toHaveLength(1),
    );
    expect(api.callsTo('GET', '/api/admin/enquiries?limit=20&type=Portfolio+Enquiry')).toHaveLength(1);
  });

  it('shows "No enquiries found" when there are none', async () => {
    stubApi(ADMIN, { 'GET /api/admin/enquiries?limit=20': () => ({ body: { items: [], next_before: null } }) });
    renderApp('/dashboard/admin/enquiries');
    expect(await screen.findByText('No enquiries found')).toBeTruthy();
  });

  it('shows "Unauthorized" when the enquiries cannot be loaded', async () => {
    stubApi(ADMIN, { 'GET /api/admin/enquiries?limit=20': () => ({ status: 403, body: { error: 'Forbidden' } }) });
    renderApp('/dashboard/admin/enquiries');
    expect(await screen.findByText('Unauthorized')).toBeTruthy();
  });
});
