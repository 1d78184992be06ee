/**
 * The enquiry's formString (spec section 3): HTML of each question title and its answer in form
 * order, one `<p><strong>Title</strong><br>Answer</p>` per question. Unanswered shows
 * "Not provided"; multiple choices and the lines of a long answer are joined with `<br>`; choices
 * show their labels. Every title and answer is HTML-escaped: the visitor's text is never markup.
 */
import { formFields, type FieldDefinition, type FormAnswers, type FormDefinition } from './forms/form-definition';
import type { ContactUsBody, EnquiryFormDefinition } from './schemas/public-forms';

export const NOT_PROVIDED = 'Not provided';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

type AnswerValue = string | readonly string[] | null | undefined;
type Answers<D extends FormDefinition> = Partial<Record<keyof FormAnswers<D>, AnswerValue>>;

/** The visible lines of one answer: labels for choices, the typed lines for text. */
function answerLines(field: FieldDefinition, answer: AnswerValue): string[] {
  const values = (typeof answer === 'string' ? [answer] : (answer ?? [])).map((v) => v.trim()).filter((v) => v !== '');
  if ('options' in field) {
    return values.map((v) => field.options.find((o) => o.value === v)?.label ?? v);
  }
  return values.flatMap((v) => v.split(/\r\n|\r|\n/));
}

export function buildFormString<D extends FormDefinition>(definition: D, answers: Answers<D>): string {
  return formFields(definition)
    .map((field) => {
      const lines = answerLines(field, answers[field.name as keyof FormAnswers<D>]);
      const answer = lines.length ? lines.map(escapeHtml).join('<br>') : NOT_PROVIDED;
      return `<p><strong>${escapeHtml(field.title)}</strong><br>${answer}</p>`;
    })
    .join('');
}

/** The POST /api/contact-us payload of an enquiry form. */
export function buildEnquiryBody<D extends EnquiryFormDefinition>(definition: D, answers: Answers<D>): ContactUsBody {
  return { type: definition.enquiryType, formString: buildFormString(definition, answers) };
}
