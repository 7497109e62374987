import type { PendingInterruptRecord } from "../logic/wire-types.js";
import { cardKey, type Card } from "./card.js";

/** What a refresh changed. */
interface ReconcileResult {
  added: number;
  removed: number;
  /** A removed card held the keyboard focus; the caller must put it somewhere sensible. */
  lostFocus: boolean;
}

/**
 * Brings the list in line with the inbox without disturbing the reviewer: cards whose payload
 * did not change keep their DOM node (and so what was typed and where the focus is), busy cards
 * stay until their request ends, changed ones are rebuilt in place, new ones are inserted in
 * inbox order.
 *
 * @example
 * ```ts
 * reconcile(list, cards, page.items, (record) => cardFor(record));
 * ```
 */
export function reconcile(list: HTMLElement, cards: Map<string, Card>, records: readonly PendingInterruptRecord[], create: (record: PendingInterruptRecord) => Card): ReconcileResult {
  const wanted = new Set(records.map((record) => record.interruptId));
  const result: ReconcileResult = { added: 0, removed: 0, lostFocus: false };
  for (const [interruptId, card] of cards) {
    if (wanted.has(interruptId) || card.busy) continue;
    result.lostFocus ||= card.element.contains(document.activeElement);
    card.element.remove();
    cards.delete(interruptId);
    result.removed += 1;
  }
  const listed = new Set<Element>();
  for (const record of records) {
    let card = cards.get(record.interruptId);
    if (card === undefined || (card.key !== cardKey(record) && !card.busy)) {
      const fresh = create(record);
      if (card === undefined) result.added += 1;
      else {
        result.lostFocus ||= card.element.contains(document.activeElement);
        card.element.replaceWith(fresh.element);
      }
      cards.set(record.interruptId, fresh);
      card = fresh;
    }
    listed.add(card.element);
  }
  // Only move nodes that are out of place (moving a node blurs whatever is focused inside it);
  // busy cards the inbox no longer lists are stepped over where they are.
  let cursor: Element | null = list.firstElementChild;
  for (const record of records) {
    const element = cards.get(record.interruptId)?.element;
    if (element === undefined) continue;
    while (cursor !== null && cursor !== element && !listed.has(cursor)) cursor = cursor.nextElementSibling;
    if (element !== cursor) list.insertBefore(element, cursor);
    cursor = element.nextElementSibling;
  }
  return result;
}
