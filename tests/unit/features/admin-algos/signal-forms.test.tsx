/** Edit Levels and Manual Entry / Manual Exit, through the signals page. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, renderApp, setViewportWidth, stubApi, type ApiCall } from '../render-app';
import { makeSignal } from './fixtures';
import {
  chooseOption,
  ionButton,
  ionInput,
  modalForm,
  queryModalForm,
  selectValue,
  setChecked,
  typeInto,
} from './ionic-controls';

const SIGNALS = '/api/algos/2/signals?status=all';
const signal = makeSignal({
  signal_id: 31,
  trade_gen_ts: '2026-11-20',
  entry_level: 100,
  stop_loss_level: 95,
  target_level: 110,
  trade_status: 'approved',
  algo_process_ind: true,
  instrument_symbol: 'TCS',
  trade_direction: 'long',
});

type Answer = { status?: number; body: unknown };

function serve(
  path: string,
  method: 'POST' | 'PUT',
  answer: (call: ApiCall) => Answer = () => ({ body: { ok: true } }),
) {
  let listed = [signal];
  return stubApi(ADMIN, {
    [`GET ${SIGNALS}`]: () => ({ body: listed }),
    [`${method} ${path}`]: (call) => {
      const a = answer(call);
      if ((a.status ?? 200) < 400) listed = [{ ...signal, trade_status: 'running' }];
      return a;
    },
  });
}

async function open(action: 'Edit Levels' | 'Manual Entry' | 'Manual Exit') {
  renderApp('/dashboard/admin/algos/2/signals');
  fireEvent.click(await screen.findByRole('button', { name: `${action}, signal 31` }));
  return screen.findByRole('form', { name: action });
}

const submit = (form: string, label: string) => fireEvent.click(ionButton(label, modalForm(form)));

// Ionic's components render asynchronously in jsdom: these page tests are slow-ish.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => setViewportWidth(1280));

describe('Edit Levels', () => {
  const PATH = '/api/signals/31/update';

  it('starts from the signal and sends date, levels, status and process flag', async () => {
    const api = serve(PATH, 'POST');
    await open('Edit Levels');
    expect(ionInput('Signal Date').value).toBe('2026-11-20');
    expect(ionInput('Entry Level').value).toBe('100');
    expect(selectValue('Trade Status')).toBe('approved');
    typeInto('Entry Level', '101.25');
    typeInto('Target Level', '120');
    chooseOption('Trade Status', 'cancelled');
    setChecked('Process signal', false);
    submit('Edit Levels', 'Save');
    expect(await screen.findByText('Values edited successfully')).toBeTruthy();
    expect(api.callsTo('POST', PATH).map((c) => c.body)).toEqual([
      {
        trade_gen_ts: '2026-11-20',
        entry_level: 101.25,
        stop_loss_level: 95,
        target_level: 120,
        trade_status: 'cancelled',
        process_signal: false,
        expected_updated_at: signal.updated_at,
      },
    ]);
    await waitFor(() => expect(queryModalForm('Edit Levels')).toBeNull());
    // The list refreshed: the server's new status shows.
    await waitFor(() => expect(api.callsTo('GET', SIGNALS)).toHaveLength(2));
    expect(await screen.findByText('running', { selector: '.status-badge' })).toBeTruthy();
  });

  const statusOptions = () =>
    Array.from(
      Array.from(document.querySelectorAll('ion-select'))
        .find((e) => (e as { label?: string }).label === 'Trade Status')!
        .querySelectorAll('ion-select-option'),
    ).map((o) => (o as { value?: string }).value);

  it("offers the signal's own status and the moves a superadmin may make from it", async () => {
    serve(PATH, 'POST');
    await open('Edit Levels');
    // An approved signal may only be cancelled by hand (src/shared/states/signals.ts).
    expect(statusOptions()).toEqual(['approved', 'cancelled']);
  });

  it('says the signal changed since it was opened, shows the current one and saves against it', async () => {
    const current = { ...signal, stop_loss_level: 97, trade_status: 'running', updated_at: '2026-11-20T05:00:00.000Z' };
    const api = serve(PATH, 'POST', (call) =>
      (call.body as { expected_updated_at: string }).expected_updated_at === signal.updated_at
        ? { status: 409, body: { error: 'This signal changed since you opened it: review it again', current } }
        : { body: current },
    );
    await open('Edit Levels');
    typeInto('Target Level', '120');
    submit('Edit Levels', 'Save');
    // In the dialog (the toast says it too).
    await waitFor(
      () =>
        expect(modalForm('Edit Levels').querySelector('[role="alert"]')?.textContent).toBe(
          'This signal changed since you opened it: review it again',
        ),
      { timeout: 4000 },
    );
    // The dialog now shows the current signal: its levels, its status and the moves from there.
    await waitFor(() => expect(ionInput('Stop-loss Level').value).toBe('97'));
    expect(ionInput('Target Level').value).toBe('110');
    expect(selectValue('Trade Status')).toBe('running');
    expect(statusOptions()).toEqual(['running', 'completed', 'cancelled']);
    submit('Edit Levels', 'Save');
    expect(await screen.findByText('Values edited successfully')).toBeTruthy();
    expect(
      api.callsTo('POST', PATH).map((c) => (c.body as { expected_updated_at: string }).expected_updated_at),
    ).toEqual([signal.updated_at, current.updated_at]);
    await waitFor(() => expect(queryModalForm('Edit Levels')).toBeNull());
  });

  it('says "Invalid values, please correct and try again" for a level that is not a number', async () => {
    const api = serve(PATH, 'POST');
    await open('Edit Levels');
    typeInto('Stop-loss Level', 'x');
    typeInto('Target Level', '');
    submit('Edit Levels', 'Save');
    await waitFor(() => expect(screen.getAllByText('Invalid values, please correct and try again')).toHaveLength(2));
    expect(api.callsTo('POST', PATH)).toHaveLength(0);
  });

  it('says "Failed to edit values" and keeps the typed values when the save fails', async () => {
    serve(PATH, 'POST', () => ({ status: 500, body: { error: 'boom' } }));
    await open('Edit Levels');
    typeInto('Entry Level', '99');
    submit('Edit Levels', 'Save');
    expect(await screen.findByText('Failed to edit values', {}, { timeout: 4000 })).toBeTruthy();
    expect(queryModalForm('Edit Levels')).not.toBeNull();
    expect(ionInput('Entry Level').value).toBe('99');
  });
});

describe.each([
  {
    side: 'entry',
    action: 'Manual Entry',
    submitLabel: 'Place Manual Entry',
    tradeTypes: ['swing', 'intraday'],
    success: 'Manual entry added successfully',
    failure: 'Failed to add manual entry',
    limitRequired: 'Valid Limit price is required for limit orders.',
    triggerRequired: 'Valid limit price and trigger price are required for trigger orders.',
    wrongOrder: {
      limit: '99',
      trigger: '100',
      message: 'Limit price must be greater than trigger price for trigger orders.',
    },
    rightOrder: { limit: '101', trigger: '100' },
  },
  {
    side: 'exit',
    action: 'Manual Exit',
    submitLabel: 'Place Manual Exit',
    tradeTypes: ['swing', 'intra'],
    success: 'Manual exit added successfully',
    failure: 'Failed to add manual exit',
    limitRequired: 'Valid Limit price is required for limit order.',
    triggerRequired: 'Valid limit price and trigger price are required for trigger order.',
    wrongOrder: {
      limit: '101',
      trigger: '100',
      message: 'Limit price must be less than trigger price for trigger order.',
    },
    rightOrder: { limit: '99', trigger: '100' },
  },
] as const)('$action', (c) => {
  const PATH = `/api/signals/31/manual-${c.side}`;
  const open_ = () => open(c.action);
  const send = () => submit(c.action, c.submitLabel);
  const hasField = (label: string) => screen.queryByLabelText(label, { selector: 'input' }) !== null;
  /** The price fields shown (an ion-input draws its native input a moment after it mounts). */
  const expectFields = (limit: boolean, trigger: boolean) =>
    waitFor(() => expect([hasField('Limit Price'), hasField('Trigger Price')]).toEqual([limit, trigger]));

  it('shows the limit price for limit and trigger orders, the trigger price for trigger orders only', async () => {
    serve(PATH, 'PUT');
    await open_();
    expect(selectValue('Order Type')).toBe('market');
    await expectFields(false, false);
    chooseOption('Order Type', 'limit');
    await expectFields(true, false);
    chooseOption('Order Type', 'trigger');
    await expectFields(true, true);
    chooseOption('Order Type', 'market');
    await expectFields(false, false);
  });

  it(`offers portions 1, 0.5, 0.25, 0.33 and trade types ${c.tradeTypes.join(', ')}`, async () => {
    serve(PATH, 'PUT');
    await open_();
    const options = (label: string) =>
      Array.from(
        Array.from(document.querySelectorAll('ion-select'))
          .find((e) => (e as { label?: string }).label === label)!
          .querySelectorAll('ion-select-option'),
      ).map((o) => (o as { value?: unknown }).value);
    expect(options('Portion')).toEqual([1, 0.5, 0.25, 0.33]);
    expect(options('Trade Type')).toEqual([...c.tradeTypes]);
  });

  it('resets the order type to market when the modal closes', async () => {
    serve(PATH, 'PUT');
    const form = await open_();
    chooseOption('Order Type', 'trigger');
    await expectFields(true, true);
    await act(async () => fireEvent.click(ionButton('Cancel', form)));
    await waitFor(() => expect(queryModalForm(c.action)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: `${c.action}, signal 31` }));
    await screen.findByRole('form', { name: c.action });
    expect(selectValue('Order Type')).toBe('market');
    await expectFields(false, false);
  });

  it("gives the spec's messages for missing and misordered prices", async () => {
    const api = serve(PATH, 'PUT');
    await open_();
    chooseOption('Order Type', 'limit');
    await expectFields(true, false);
    send();
    expect(await screen.findByText(c.limitRequired)).toBeTruthy();
    typeInto('Limit Price', '0');
    send();
    expect(await screen.findByText(c.limitRequired)).toBeTruthy();

    chooseOption('Order Type', 'trigger');
    await expectFields(true, true);
    typeInto('Limit Price', '100');
    send();
    expect(await screen.findByText(c.triggerRequired)).toBeTruthy();
    typeInto('Limit Price', c.wrongOrder.limit);
    typeInto('Trigger Price', c.wrongOrder.trigger);
    send();
    expect(await screen.findByText(c.wrongOrder.message)).toBeTruthy();
    expect(api.callsTo('PUT', PATH)).toHaveLength(0);
  });

  it("sends the order with the signal's fields, toasts success and refreshes the list", async () => {
    const api = serve(PATH, 'PUT');
    await open_();
    chooseOption('Order Type', 'trigger');
    await expectFields(true, true);
    typeInto('Limit Price', c.rightOrder.limit);
    typeInto('Trigger Price', c.rightOrder.trigger);
    chooseOption('Portion', 0.33);
    chooseOption('Trade Type', c.tradeTypes[1]);
    send();
    expect(await screen.findByText(c.success)).toBeTruthy();
    expect(api.callsTo('PUT', PATH).map((call) => call.body)).toEqual([
      {
        portion: 0.33,
        trade_type: c.tradeTypes[1],
        order_type: 'trigger',
        limit_price: Number(c.rightOrder.limit),
        trigger_price: Number(c.rightOrder.trigger),
        algo_id: 2,
        instrument_symbol: 'TCS',
        signal_id: 31,
        trade_direction: 'long',
        trade_exchange: 'NSE',
        entry_level: 100,
        stop_loss_level: 95,
        expected_updated_at: signal.updated_at,
      },
    ]);
    await waitFor(() => expect(queryModalForm(c.action)).toBeNull());
    await waitFor(() => expect(api.callsTo('GET', SIGNALS)).toHaveLength(2));
  });

  it('sends a market order without prices', async () => {
    const api = serve(PATH, 'PUT');
    await open_();
    chooseOption('Order Type', 'limit');
    await expectFields(true, false);
    typeInto('Limit Price', '98');
    chooseOption('Order Type', 'market');
    send();
    await screen.findByText(c.success);
    expect(api.callsTo('PUT', PATH)[0]!.body).toMatchObject({
      order_type: 'market',
      limit_price: null,
      trigger_price: null,
      portion: 1,
    });
  });

  it(`says "${c.failure}" and stays open when the order is refused`, async () => {
    serve(PATH, 'PUT', () => ({ status: 400, body: { error: 'no open trade' } }));
    await open_();
    chooseOption('Order Type', 'limit');
    await expectFields(true, false);
    typeInto('Limit Price', '98');
    send();
    expect(await screen.findByText(c.failure)).toBeTruthy();
    expect(queryModalForm(c.action)).not.toBeNull();
    expect(ionInput('Limit Price').value).toBe('98');
  });

  it('says the signal changed since it was opened, keeps the order typed and places it against the current signal', async () => {
    const current = { ...signal, stop_loss_level: 96, updated_at: '2026-11-20T05:00:00.000Z' };
    const api = serve(PATH, 'PUT', (call) =>
      (call.body as { expected_updated_at: string }).expected_updated_at === signal.updated_at
        ? { status: 409, body: { error: 'This signal changed since you opened it: review it again', current } }
        : { status: 201, body: { id: 1 } },
    );
    const form = await open_();
    chooseOption('Order Type', 'limit');
    await expectFields(true, false);
    typeInto('Limit Price', '98');
    send();
    await waitFor(
      () =>
        expect(form.querySelector('[role="alert"]')?.textContent).toBe(
          'This signal changed since you opened it: review it again',
        ),
      { timeout: 4000 },
    );
    expect(form.textContent).toContain('stop-loss 96');
    expect(ionInput('Limit Price').value).toBe('98');
    // Toasts of the file's earlier orders may still show: this order adds one more.
    const shown = screen.queryAllByText(c.success).length;
    send();
    await waitFor(() => expect(screen.queryAllByText(c.success)).toHaveLength(shown + 1));
    expect(
      api.callsTo('PUT', PATH).map((call) => (call.body as { expected_updated_at: string }).expected_updated_at),
    ).toEqual([signal.updated_at, current.updated_at]);
  });
});
