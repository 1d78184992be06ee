/**
 * The workshops list of workshops.html, rendered at request time from the stored workshops by the
 * page's own component (WorkshopList), so that a first visit paints the list from the HTML. Its
 * buttons are inert, as in every prerendered page, until the live page takes over (main.tsx).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { WorkshopList } from '@shared/ui/workshop-list';
import type { Db } from '../db/client';
import { listWorkshops } from '../services/workshops';

const ignore = () => undefined;

export async function workshopListMarkup(db: Db, now = new Date()): Promise<string> {
  const workshops = await listWorkshops(db);
  const markup = renderToStaticMarkup(
    createElement(WorkshopList, { workshops, now, onRegister: ignore, onIntent: ignore }),
  );
  return markup.replace(/<button /g, '<button inert="" ');
}
