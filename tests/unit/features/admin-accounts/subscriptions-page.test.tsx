import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Algo } from '@shared/schemas/admin/algos';
import type { AlgoSubscription } from '@shared/schemas/admin/members';
import { choose, clickButton, ionInput, ionSelect, modalForm, typeInto, findRowButton } from '../admin-test-kit';
import { ADMIN, renderApp, setViewportWidth, stubApi, type ApiCall } from '../render-app';

const PAGE = '/dashboard/admin/members/5/accounts/12/algos';
const LIST = '/api/admin/accounts/12/algo-subscriptions';
const SAVE = '/api/admin/accounts/12/save-algo-subscription';

const algos: Algo[] = [
  {
    algo_id: 1,
    algo_desc: 'Nifty breakout',
    algo_switch: true,
    approval_mode: 'manual',
    signal_validity_minutes: null,
    exchange_algo_id: null,
  },
  {
    algo_id: 2,
    algo_desc: 'Mean reversion',
    algo_switch: false,
    approval_mode: 'manual',
    signal_validity_minutes: null,
    exchange_algo_id: null,
  },
];
const subscription: AlgoSubscription = {
  row_id: 40,
  algo_id: 1,
  trabot_account_id: 12,
  max_total_capital: 150000,
  risk_percent_pertrade: 1,
  max_percent_allocation_pertrade: 20,
  min_percent_allocation_pertrade: 5,
  min_required_risk_reward: 1.5,
  subscription_status: 'active',
  max_acceptable_loss: 5000,
};

function serve(
  list: AlgoSubscription[],
  algoList: Algo[],
  save?: (call: ApiCall) => { status?: number; body: unknown },
) {
  return stubApi(ADMIN, {
    [`GET ${LIST}`]: () => ({ body: list }),
    'GET /api/algos': () => ({ body: algoList }),
    ...(save ? { [`POST ${SAVE}`]: save } : {}),
  });
}

const NUMBERS = {
  'Max Total Capital': '250000',
  'Risk % Per Trade': '1.25',
  'Max % Allocation Per Trade': '30',
  'Min % Allocation Per Trade': '10',
  'Min Required Risk-Reward': '2',
  'Max Acceptable Loss': '7500.5',
};

describe('account subscriptions page', () => {
  beforeEach(() => setViewportWidth(1024));

  it('lists every subscription field with the algo named, and Edit', async () => {
    serve([subscription], algos);
    renderApp(PAGE);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Row ID',
      'Algo',
      'Account ID',
      'Max Total Capital',
      'Risk % Per Trade',
      'Max % Allocation Per Trade',
      'Min % Allocation Per Trade',
      'Min Required Risk-Reward',
      'Max Acceptable Loss',
      'Subscription Status',
      'Edit',
    ]);
    await waitFor(() => expect(within(table).getByText('1 - Nifty breakout')).toBeTruthy());
    expect(within(table).getByText('1,50,000')).toBeTruthy();
  });

  it('shows "No algo subscriptions found" for an account without any', async () => {
    serve([], algos);
    renderApp(PAGE);
    expect(await screen.findByText('No algo subscriptions found')).toBeTruthy();
  });

  it('shows "No algos found" in the form when there is no algo to choose', async () => {
    serve([], []);
    renderApp(PAGE);
    await screen.findByText('No algo subscriptions found');
    clickButton('Add new Subscription');
    expect(await screen.findByText('No algos found')).toBeTruthy();
    expect(modalForm()).toBeNull();
  });

  it('requires every field before sending', async () => {
    const api = serve([], algos, () => ({ body: subscription }));
    renderApp(PAGE);
    await screen.findByText('No algo subscriptions found');
    clickButton('Add new Subscription');
    await waitFor(() => expect(modalForm()).not.toBeNull());
    clickButton('Save');
    expect(await screen.findByText('Max Total Capital is required')).toBeTruthy();
    expect(ionSelect('algo_id').errorText).toBe('Choose an algo');
    expect(screen.getByText('Max Acceptable Loss is required')).toBeTruthy();
    expect(api.callsTo('POST', SAVE)).toHaveLength(0);
  });

  it('sends a new subscription with the numbers parsed as numbers, then refreshes the list', async () => {
    const api = serve([], algos, () => ({ body: subscription }));
    renderApp(PAGE);
    await screen.findByText('No algo subscriptions found');
    clickButton('Add new Subscription');
    await waitFor(() => expect(modalForm()).not.toBeNull());
    choose('algo_id', 2);
    for (const [label, value] of Object.entries(NUMBERS)) typeInto(label, value);
    choose('subscription_status', 'inactive');
    clickButton('Save');
    expect(await screen.findByText('Algo subscription saved successfully')).toBeTruthy();
    expect(api.callsTo('POST', SAVE)[0]?.body).toEqual({
      row_id: null,
      algo_id: 2,
      trabot_account_id: 12,
      max_total_capital: 250000,
      risk_percent_pertrade: 1.25,
      max_percent_allocation_pertrade: 30,
      min_percent_allocation_pertrade: 10,
      min_required_risk_reward: 2,
      subscription_status: 'inactive',
      max_acceptable_loss: 7500.5,
    });
    await waitFor(() => expect(modalForm()).toBeNull());
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(2));
  });

  it('edits a row starting from its values, keeping its row_id; a failure keeps the modal open and says why', async () => {
    const api = serve([subscription], algos, () => ({ status: 409, body: { error: 'duplicate' } }));
    renderApp(PAGE);
    fireEvent.click(await findRowButton('40', 'Edit'));
    await waitFor(() => expect(ionInput('Max Total Capital').value).toBe('150000'));
    typeInto('Max Acceptable Loss', '6000');
    clickButton('Save');
    // The server's own reason, not the generic "Failed to save algo subscription" (issue 46).
    expect(await screen.findByText('duplicate')).toBeTruthy();
    expect(screen.queryByText('Failed to save algo subscription')).toBeNull();
    expect(api.callsTo('POST', SAVE)[0]?.body).toMatchObject({
      row_id: 40,
      algo_id: 1,
      max_acceptable_loss: 6000,
      min_required_risk_reward: 1.5,
    });
    expect(modalForm()).not.toBeNull();
    expect(ionInput('Max Acceptable Loss').value).toBe('6000');
  });
});
