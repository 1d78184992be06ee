/**
 * What a visitor did on the prerendered page before the app took it over, carried to
 * the live page: the text typed in its fields, the boxes ticked (the login's "I'm not a robot"),
 * the field that had the focus, and the last button tapped (kept by boot.ts), tapped again. Each element of the static copy is found again in the
 * live page by what a person would recognise it by: a field by its name, a button by its label,
 * and its place among the elements so named.
 */

const FIELDS = 'input, textarea, select';
const BUTTONS = 'button, [data-prerendered-tag="ion-button"], ion-button';

function nameOf(element: Element): string {
  if (element.matches(FIELDS)) return `field:${element.getAttribute('name') ?? element.id}`;
  return `button:${element.getAttribute('aria-label') ?? element.textContent.trim()}`;
}

/** The element of `to` that is `element` of `from`. */
function twinOf(element: Element, from: HTMLElement, to: HTMLElement): HTMLElement | undefined {
  const selector = element.matches(FIELDS) ? FIELDS : BUTTONS;
  const name = nameOf(element);
  const named = (root: HTMLElement) =>
    Array.from(root.querySelectorAll<HTMLElement>(selector)).filter((e) => nameOf(e) === name);
  return named(to)[named(from).indexOf(element as HTMLElement)];
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const typedIn = (field: Field) =>
  field instanceof HTMLSelectElement
    ? Array.from(field.options).some((o) => o.selected !== o.defaultSelected)
    : field.value !== field.defaultValue;
const isBox = (field: Field): field is HTMLInputElement => field.type === 'checkbox' || field.type === 'radio';

/** Sets a value the way typing does, so React sees it. */
function type(field: Field, value: string) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** Call with the static copy still in the document; `afterSwap` once the live page replaced it. */
export function carryEarlyInput(prerendered: HTMLElement, live: HTMLElement): { afterSwap: () => void } {
  // A box is ticked by clicking its twin once it is on screen, so the live page's handlers run.
  const toTick: HTMLInputElement[] = [];
  for (const field of prerendered.querySelectorAll<Field>(FIELDS)) {
    if (isBox(field)) {
      const twin =
        field.checked !== field.defaultChecked
          ? (twinOf(field, prerendered, live) as HTMLInputElement | undefined)
          : undefined;
      if (twin && twin.checked !== field.checked) toTick.push(twin);
      continue;
    }
    if (!typedIn(field)) continue;
    const twin = twinOf(field, prerendered, live) as Field | undefined;
    if (twin && twin.value === '') type(twin, field.value);
  }
  const focused = prerendered.contains(document.activeElement)
    ? twinOf(document.activeElement!, prerendered, live)
    : undefined;
  const tapped = window.trabotEarlyTaps?.at(-1);
  const tapAgain = tapped && prerendered.contains(tapped) ? twinOf(tapped, prerendered, live) : undefined;
  window.trabotEarlyTaps = undefined;
  return {
    afterSwap: () => {
      for (const box of toTick) box.click();
      focused?.focus();
      tapAgain?.click();
    },
  };
}
