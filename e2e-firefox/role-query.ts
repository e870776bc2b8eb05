import type { CustomQueryHandler } from 'puppeteer-core';

/**
 * Finds elements by role and accessible name from the page's DOM, as `::-p-role(link|Users)`.
 * Puppeteer's own `::-p-aria` asks Firefox for its accessibility tree on every poll: a second or
 * more per query here, and on a busy machine long enough to starve the page it waits for. This
 * covers the roles and naming the smoke set relies on: an explicit role or the tag's own, and a
 * name from aria-labelledby, aria-label, a label element or the text.
 */
export const roleQueryHandler: CustomQueryHandler = {
  queryAll: (root, selector) => {
    const [role = '', name] = selector.split('|');
    const implicitRoles: Record<string, string> = {
      A: 'link',
      BUTTON: 'button',
      H1: 'heading',
      H2: 'heading',
      H3: 'heading',
      H4: 'heading',
      H5: 'heading',
      H6: 'heading',
      NAV: 'navigation',
      TABLE: 'table',
      FORM: 'form',
      SECTION: 'region',
      INPUT: 'textbox',
      TEXTAREA: 'textbox',
    };
    const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
    // The text a reader hears: what aria-hidden hides is not part of a name.
    const textOf = (node: Node): string =>
      node instanceof Element
        ? node.getAttribute('aria-hidden') === 'true'
          ? ''
          : [...node.childNodes].map(textOf).join('')
        : node.nodeType === Node.TEXT_NODE
          ? (node.textContent ?? '')
          : '';
    const accessibleName = (element: Element): string => {
      const labelledBy = element.getAttribute('aria-labelledby');
      if (labelledBy) {
        return clean(
          labelledBy
            .split(/\s+/)
            .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
            .join(' '),
        );
      }
      const label = element.getAttribute('aria-label');
      if (label) return clean(label);
      const labels = 'labels' in element ? (element.labels as NodeListOf<HTMLLabelElement>) : null;
      if (labels && labels.length > 0) {
        // A required field's label ends with its marker (" *"), which is not part of the name.
        return clean([...labels].map((each) => each.textContent).join(' ')).replace(/\s*\*$/, '');
      }
      return clean(textOf(element));
    };
    const roleOf = (element: Element) =>
      element.getAttribute('role') ??
      (element.tagName === 'A' && !element.hasAttribute('href')
        ? ''
        : (implicitRoles[element.tagName] ?? ''));
    const scope = root instanceof Document || root instanceof Element ? root : document;
    return [...scope.querySelectorAll('*')].filter(
      (element) =>
        (role === '' || roleOf(element) === role) &&
        (name === undefined || accessibleName(element) === name),
    );
  },
};
