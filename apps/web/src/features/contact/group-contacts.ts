import type { Contact } from '@ai-edu/contract';

export interface ContactArea {
  area: string;
  contacts: Contact[];
}

/** Areas in the order they first appear in the list, each with its contacts in list order. */
export function groupByArea(contacts: readonly Contact[]): ContactArea[] {
  const areas = new Map<string, Contact[]>();
  for (const contact of contacts) {
    const list = areas.get(contact.area);
    if (list) list.push(contact);
    else areas.set(contact.area, [contact]);
  }
  return [...areas].map(([area, list]) => ({ area, contacts: list }));
}

/** Rows of `size` areas (spec §9: two per row). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}

/** The modal title of spec §2: '{area} - {name}', or the fallback when nothing is selected. */
export function contactTitle(contact: Contact | null, fallback: string): string {
  return contact ? `${contact.area} - ${contact.name}` : fallback;
}
