import { describe, expect, it } from 'vitest';
import { NOT_PROVIDED, buildEnquiryBody, buildFormString, escapeHtml } from '@shared/form-string';
import type { FormDefinition } from '@shared/forms/form-definition';
import { labelled } from '@shared/forms/form-definition';
import { multi, radio, shortText, longText } from '@shared/forms/fields';
import { membershipInterestForm } from '@shared/forms/membership-interest';
import { researchEnquiryForm } from '@shared/forms/research-enquiry';
import { validAnswers } from './form-test-kit';

const form = {
  id: 'mini',
  title: 'Mini',
  steps: [
    {
      id: 'a',
      title: 'A',
      fields: [
        shortText('name', 'Your name?'),
        radio('kind', 'Firm or individual?', [
          { value: 'firm', label: 'A firm' },
          { value: 'individual', label: 'Individual' },
        ]),
      ],
    },
    {
      id: 'b',
      title: 'B',
      fields: [
        multi('markets', 'Markets <traded>', labelled('Equities', 'Bonds & Fixed Income')),
        longText('notes', 'Notes', { required: false }),
      ],
    },
  ],
} as const satisfies FormDefinition;

describe('buildFormString', () => {
  it('writes one paragraph per question, in form order, with choice labels', () => {
    expect(buildFormString(form, { name: 'Asha', kind: 'firm', markets: ['Equities'], notes: 'Call after 5' })).toBe(
      '<p><strong>Your name?</strong><br>Asha</p>' +
        '<p><strong>Firm or individual?</strong><br>A firm</p>' +
        '<p><strong>Markets &lt;traded&gt;</strong><br>Equities</p>' +
        '<p><strong>Notes</strong><br>Call after 5</p>',
    );
  });

  it('shows Not provided for empty strings, blanks, undefined and empty arrays', () => {
    const html = buildFormString(form, { name: '', kind: undefined, markets: [], notes: '   ' });
    expect(html.match(new RegExp(`<br>${NOT_PROVIDED}</p>`, 'g'))).toHaveLength(4);
    expect(buildFormString(form, {})).toBe(buildFormString(form, { name: '', kind: '', markets: [], notes: '' }));
  });

  it('joins multiple choices and the lines of a long answer with line breaks', () => {
    const html = buildFormString(form, {
      markets: ['Equities', 'Bonds & Fixed Income'],
      notes: 'line one\nline two\r\nline three',
    });
    expect(html).toContain('<strong>Markets &lt;traded&gt;</strong><br>Equities<br>Bonds &amp; Fixed Income</p>');
    expect(html).toContain('<strong>Notes</strong><br>line one<br>line two<br>line three</p>');
  });

  it('escapes every answer: the visitor text is never markup', () => {
    const html = buildFormString(form, {
      name: '<script>alert("x")</script>',
      kind: '<img src=x onerror=alert(1)>',
      markets: ["O'Neil & <b>co</b>"],
    });
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('O&#39;Neil &amp; &lt;b&gt;co&lt;/b&gt;');
  });

  it('covers every question of a real form', () => {
    const html = buildFormString(researchEnquiryForm, validAnswers(researchEnquiryForm));
    expect(html.match(/<p><strong>/g)).toHaveLength(29);
    expect(html).not.toContain(NOT_PROVIDED);
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('buildEnquiryBody', () => {
  it('pairs the form enquiry type with its formString', () => {
    const answers = validAnswers(membershipInterestForm);
    expect(buildEnquiryBody(membershipInterestForm, answers)).toEqual({
      type: 'Membership Interest',
      formString: buildFormString(membershipInterestForm, answers),
    });
  });
});
