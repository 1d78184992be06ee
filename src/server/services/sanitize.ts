/**
 * Enquiry HTML from the browser is untrusted. An allow-list keeps only paragraphs, line breaks,
 * emphasis and lists, with no attributes at all; everything else is dropped (script and style
 * with their content) and text is re-escaped, so the stored HTML can never run script.
 */
import sanitizeHtml from 'sanitize-html';

const FORM_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'b', 'i'],
  allowedAttributes: {},
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'title',
    'xmp',
    'iframe',
    'noembed',
    'noframes',
  ],
};

const TEXT_ONLY: sanitizeHtml.IOptions = { ...FORM_HTML, allowedTags: [] };

export function sanitizeFormHtml(html: string): string {
  return sanitizeHtml(html, FORM_HTML).trim();
}

/** Whether sanitized HTML shows any text at all (a payload that was only markup does not). */
export function hasVisibleText(html: string): boolean {
  return sanitizeHtml(html, TEXT_ONLY).replace(/&nbsp;|\s/g, '') !== '';
}
