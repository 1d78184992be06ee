/**
 * NSE's UDiFF common bhavcopy from 8 July 2024 (`BhavCopy_NSE_CM_0_0_0_YYYYMMDD_F_0000.csv`):
 * TradDt,BizDt,Sgmt,Src,FinInstrmTp,FinInstrmId,ISIN,TckrSymb,SctySrs,...,FinInstrmNm,OpnPric,
 * HghPric,LwPric,ClsPric,LastPric,PrvsClsgPric,...,TtlTradgVol,TtlTrfVal,TtlNbOfTxsExctd,...
 * The same layout carries every segment: only cash-market (Sgmt CM) stock (FinInstrmTp STK) rows are kept.
 */
import { amount, code, isoDate, optionalText, series, type BhavCopyFormat } from './bhav-copy-format';

export const udiffBhavCopy: BhavCopyFormat = {
  name: 'udiff',
  columns: [
    'TradDt',
    'Sgmt',
    'FinInstrmTp',
    'ISIN',
    'TckrSymb',
    'SctySrs',
    'FinInstrmNm',
    'OpnPric',
    'HghPric',
    'LwPric',
    'ClsPric',
    'LastPric',
    'PrvsClsgPric',
    'TtlTradgVol',
  ],
  keep: (record) => record.get('Sgmt') === 'CM' && record.get('FinInstrmTp') === 'STK',
  toRow: (record) => ({
    symbol: code(record, 'TckrSymb'),
    series: series(record, 'SctySrs'),
    name: optionalText(record, 'FinInstrmNm'),
    isin: optionalText(record, 'ISIN'),
    open: amount(record, 'OpnPric'),
    high: amount(record, 'HghPric'),
    low: amount(record, 'LwPric'),
    close: amount(record, 'ClsPric'),
    last: amount(record, 'LastPric'),
    prevclose: amount(record, 'PrvsClsgPric'),
    tottrdqty: amount(record, 'TtlTradgVol'),
    date: isoDate(record, 'TradDt', record.get('TradDt')),
  }),
};
