/**
 * The NSE equities the demo trades, copied from NSE's list of listed securities (EQUITY_L.csv:
 * SYMBOL, NAME OF COMPANY, SERIES, ISIN NUMBER, FACE VALUE). Shipped with the code: the demo never
 * reads the data set at run time.
 */
export interface NseInstrument {
  symbol: string;
  name: string;
  series: string;
  isin: string;
  faceValue: number;
}

const rows: NseInstrument[] = [
  { symbol: 'AXISBANK', name: 'Axis Bank Limited', series: 'EQ', isin: 'INE238A01034', faceValue: 2 },
  { symbol: 'BHARTIARTL', name: 'Bharti Airtel Limited', series: 'EQ', isin: 'INE397D01024', faceValue: 5 },
  { symbol: 'HDFCBANK', name: 'HDFC Bank Limited', series: 'EQ', isin: 'INE040A01034', faceValue: 1 },
  { symbol: 'HINDUNILVR', name: 'Hindustan Unilever Limited', series: 'EQ', isin: 'INE030A01027', faceValue: 1 },
  { symbol: 'ICICIBANK', name: 'ICICI Bank Limited', series: 'EQ', isin: 'INE090A01021', faceValue: 2 },
  { symbol: 'INFY', name: 'Infosys Limited', series: 'EQ', isin: 'INE009A01021', faceValue: 5 },
  { symbol: 'ITC', name: 'ITC Limited', series: 'EQ', isin: 'INE154A01025', faceValue: 1 },
  { symbol: 'KOTAKBANK', name: 'Kotak Mahindra Bank Limited', series: 'EQ', isin: 'INE237A01036', faceValue: 1 },
  { symbol: 'LT', name: 'Larsen & Toubro Limited', series: 'EQ', isin: 'INE018A01030', faceValue: 2 },
  { symbol: 'MARUTI', name: 'Maruti Suzuki India Limited', series: 'EQ', isin: 'INE585B01010', faceValue: 5 },
  { symbol: 'RELIANCE', name: 'Reliance Industries Limited', series: 'EQ', isin: 'INE002A01018', faceValue: 10 },
  { symbol: 'SBIN', name: 'State Bank of India', series: 'EQ', isin: 'INE062A01020', faceValue: 1 },
  { symbol: 'SUNPHARMA', name: 'Sun Pharmaceutical Industries Limited', series: 'EQ', isin: 'INE044A01036', faceValue: 1 },
  { symbol: 'TITAN', name: 'Titan Company Limited', series: 'EQ', isin: 'INE280A01028', faceValue: 1 },
];

export const NSE_INSTRUMENTS: ReadonlyMap<string, NseInstrument> = new Map(rows.map((row) => [row.symbol, row]));

export function nseInstrument(symbol: string): NseInstrument {
  const instrument = NSE_INSTRUMENTS.get(symbol);
  if (!instrument) throw new Error(`${symbol} is not in the demo's NSE instrument list`);
  return instrument;
}
