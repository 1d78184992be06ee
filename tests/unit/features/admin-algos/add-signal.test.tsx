import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, renderApp, setViewportWidth, stubApi, type ApiCall } from '../render-app';
import { INSTRUMENTS, makeSignal } from './fixtures';
import {
  chooseOption,
  ionButton,
  ionInput,
  modalForm,
  openModalWith,
  queryModalForm,
  selectError,
  setChecked,
  typeInto,
} from './ionic-controls';

const SIGNALS = '/api/algos/2/signals?status=all';
const PUT_PATH = '/api/algos/2/signals';
const BHAV = '/api/admin/nse/bhav-copy';

type Answer = { status?: number; body: unknown };

function serve(put: (call: ApiCall) => Answer | Promise<Answer> = () => ({ status: 201, body: { signal_id: 900 } })) {
  let listed = [makeSignal({ signal_id: 1 })];
  return stubApi(ADMIN, {
    [`GET ${SIGNALS}`]: () => ({ body: listed }),
    [`GET ${BHAV}`]: () => ({ body: INSTRUMENTS }),
    [`PUT ${PUT_PATH}`]: async (call) => {
      const answer = await put(call);
      if ((answer.status ?? 200) < 400) listed = [...listed, makeSignal({ signal_id: 900, instrument_symbol: 'TCS' })];
      return answer;
    },
  });
}

async function openAddSignal() {
  renderApp('/dashboard/admin/algos/2/signals');
  await openModalWith(await screen.findByText('Add Signal', { selector: 'ion-button' }));
  // The first opening in a file loads the form's chunk (with downshift): slow when the machine is busy.
  const form = await screen.findByRole('form', { name: 'Add Signal' }, { timeout: 5000 });
  await within(form).findByRole('combobox', { name: 'Instrument Symbol' });
  return form;
}

const picker = () => screen.getByRole('combobox', { name: 'Instrument Symbol' }) as HTMLInputElement;

async function pickInstrument(text: string, label: string) {
  fireEvent.change(picker(), { target: { value: text } });
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

function fillValid() {
  chooseOption('Trade Direction', 'long');
  typeInto('Entry Level', '100');
  typeInto('Stop-loss Level', '95');
  typeInto('Target Level', '110.5');
}

const submit = () => fireEvent.click(ionButton('Add Signal', modalForm('Add Signal')));

beforeEach(() => setViewportWidth(1024));

describe('Add Signal', () => {
  it('starts with today, NSE fixed and disabled, swing, 100% and no risk-reward', async () => {
    serve();
    await openAddSignal();
    // Today in India (the market's day), as a date input value.
    expect(ionInput('Signal Date').value).toBe(new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }));
    expect(ionInput('Exchange').value).toBe('NSE');
    expect(ionInput('Exchange').disabled).toBe(true);
    expect(ionInput('Instrument Type').readOnly).toBe(true);
    expect(ionInput('Risk Reward').value).toBe('');
    expect(ionInput('Entry Level').step).toBe('0.01');
    expect(ionInput('Entry Level').type).toBe('number');
  });

  it("fills the instrument type from the chosen symbol's series", async () => {
    serve();
    await openAddSignal();
    await pickInstrument('reliance (b', 'RELIANCE (BE)');
    expect(picker().value).toBe('RELIANCE (BE)');
    expect(ionInput('Instrument Type').value).toBe('BE');
    fireEvent.change(picker(), { target: { value: 'RELIANCE (B' } });
    expect(ionInput('Instrument Type').value).toBe('');
  });

  it('shows risk-reward live to 2 decimals only when all three levels are numbers and entry differs from stop-loss', async () => {
    serve();
    await openAddSignal();
    const rr = () => ionInput('Risk Reward').value;
    typeInto('Entry Level', '100');
    typeInto('Stop-loss Level', '90');
    expect(rr()).toBe('');
    typeInto('Target Level', '133.33');
    expect(rr()).toBe('3.33');
    typeInto('Stop-loss Level', '100');
    expect(rr()).toBe('');
    typeInto('Stop-loss Level', '105'); // a short: still (target - entry) / (entry - stop loss)
    typeInto('Target Level', '90');
    expect(rr()).toBe('2.00');
    typeInto('Entry Level', '');
    expect(rr()).toBe('');
  });

  it('says "Invalid instrument symbol, please select again" for text that is no known symbol and series', async () => {
    const api = serve();
    await openAddSignal();
    fillValid();
    fireEvent.change(picker(), { target: { value: 'RELIANCE' } });
    submit();
    expect(await screen.findByText('Invalid instrument symbol, please select again')).toBeTruthy();
    expect(picker().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(picker(), { target: { value: 'RELIANCE (XX)' } });
    submit();
    expect(await screen.findByText('Invalid instrument symbol, please select again')).toBeTruthy();
    expect(api.callsTo('PUT', PUT_PATH)).toHaveLength(0);
  });

  it('says "Invalid numeric values, please correct and try again" for missing or non-numeric levels, and requires a direction', async () => {
    const api = serve();
    await openAddSignal();
    await pickInstrument('tcs', 'TCS (EQ)');
    typeInto('Entry Level', 'abc');
    typeInto('Target Level', '110');
    submit();
    const form = modalForm('Add Signal');
    await waitFor(() =>
      expect(within(form).getAllByText('Invalid numeric values, please correct and try again')).toHaveLength(2),
    );
    expect(selectError('Trade Direction')).toBe('Trade direction is required (long or short)');
    expect(within(form).queryByText('Invalid instrument symbol, please select again')).toBeNull();
    expect(api.callsTo('PUT', PUT_PATH)).toHaveLength(0);
  });

  it('sends the signal, says "Signal added successfully", closes and refreshes the list', async () => {
    const api = serve();
    await openAddSignal();
    await pickInstrument('infy', 'INFY (EQ)');
    fillValid();
    chooseOption('Trade Type', 'intraday');
    chooseOption('Portion in Trade', 25);
    setChecked('Process signal', true);
    typeInto('Signal Date', '2026-11-18');
    submit();
    expect(await screen.findByText('Signal added successfully')).toBeTruthy();
    expect(api.callsTo('PUT', PUT_PATH).map((c) => c.body)).toEqual([
      {
        trade_gen_ts: '2026-11-18',
        exchange: 'NSE',
        instrument_symbol: 'INFY',
        instrument_type: 'EQ',
        trade_direction: 'long',
        trade_type: 'intraday',
        entry_level: 100,
        stop_loss_level: 95,
        target_level: 110.5,
        risk_reward: 2.1,
        portion_in_trade: 25,
        process_signal: true,
      },
    ]);
    await waitFor(() => expect(queryModalForm('Add Signal')).toBeNull());
    await waitFor(() => expect(api.callsTo('GET', SIGNALS)).toHaveLength(2));
    expect(await screen.findByText('TCS')).toBeTruthy();
  });

  it('refuses levels on the wrong side of the entry at their fields, keeping what was typed', async () => {
    const api = serve();
    await openAddSignal();
    await pickInstrument('tcs', 'TCS (EQ)');
    fillValid();
    typeInto('Stop-loss Level', '100');
    typeInto('Target Level', '99.5');
    submit();
    expect(await screen.findByText('For a long trade the stop-loss must be below the entry')).toBeTruthy();
    expect(screen.getByText('For a long trade the target must be above the entry')).toBeTruthy();
    expect(api.callsTo('PUT', PUT_PATH)).toHaveLength(0);
    expect(ionInput('Stop-loss Level').value).toBe('100');

    chooseOption('Trade Direction', 'short');
    typeInto('Stop-loss Level', '104');
    typeInto('Target Level', '92');
    submit();
    await screen.findByText('Signal added successfully');
    expect(api.callsTo('PUT', PUT_PATH)[0]!.body).toMatchObject({
      trade_direction: 'short',
      entry_level: 100,
      stop_loss_level: 104,
      target_level: 92,
      risk_reward: 2,
    });
  });

  it('says "Failed to add signal" when the server refuses, and keeps the modal open with the values', async () => {
    serve(() => ({ status: 400, body: { error: 'entry_level: Entry must be above zero' } }));
    await openAddSignal();
    await pickInstrument('tcs', 'TCS (EQ)');
    fillValid();
    submit();
    expect(await screen.findByText('Failed to add signal')).toBeTruthy();
    expect(queryModalForm('Add Signal')).not.toBeNull();
    expect(picker().value).toBe('TCS (EQ)');
    expect(ionInput('Target Level').value).toBe('110.5');
  });

  it('says "Offline" when the request gets no answer at all', async () => {
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    await openAddSignal();
    await pickInstrument('tcs', 'TCS (EQ)');
    fillValid();
    submit();
    // A server that cannot be reached is offline, not a failure of the save.
    expect(await screen.findByText('Offline', {}, { timeout: 4000 })).toBeTruthy();
    expect(queryModalForm('Add Signal')).not.toBeNull();
  });

  it('loads the instrument list once and keeps it for the next Add Signal', async () => {
    const api = serve();
    await openAddSignal();
    await act(async () => fireEvent.click(ionButton('Cancel', modalForm('Add Signal'))));
    await waitFor(() => expect(queryModalForm('Add Signal')).toBeNull());
    await openModalWith(screen.getByText('Add Signal', { selector: 'ion-button' }));
    await screen.findByRole('form', { name: 'Add Signal' });
    await pickInstrument('hdfc', 'HDFCBANK (EQ)');
    expect(api.callsTo('GET', BHAV)).toHaveLength(1);
  });
});
