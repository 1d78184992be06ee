/**
 * The one stored field that is HTML: an enquiry's formString. A visitor can post any markup (not
 * only what the form builds), so a corpus of script, handler, URL-scheme and mutation-XSS payloads
 * is posted raw to /api/contact-us, and what the admin inbox receives must be only the allow-listed
 * tags (p, br, strong, em, ul, ol, li, b, i) with no attribute at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENQUIRY_TYPES } from '@shared/schemas/public-forms';
import { stats } from './support/inspect';
import { createWorld, jsonPayload, send, type World } from './support/world';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(async () => {
  console.info(`[security] stored HTML: ${stats.requests} requests`);
  await w.close();
});

const CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt&colon;alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<style>@import "javascript:alert(1)";</style>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<p onclick=alert(1) class=x id=y title="t">attributes</p>',
  '<strong onmouseover=alert(1)>bold</strong>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<template><img src=x onerror=alert(1)></template>',
  '<textarea></textarea><img src=x onerror=alert(1)></textarea>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<!--><img src=x onerror=alert(1)>-->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img """><script>alert(1)</script>">',
  '<<img src=x onerror=alert(1)>>',
  '<p>unclosed <b>bold <i>italic',
  '"\'><img src=x onerror=alert(1)>',
  '&lt;img src=x onerror=alert(1)&gt;',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#49;&#41;>',
  '<div>' + '<b>'.repeat(200) + 'deep' + '</b>'.repeat(200) + '</div>',
];

const ALLOWED = new Set(['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'b', 'i']);

/** Problems in stored HTML: any tag outside the allow-list, any attribute, a stray '<'. */
function problems(html: string): string[] {
  const found: string[] = [];
  for (const [tag, name, attributes] of html.matchAll(/<\/?([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    if (!ALLOWED.has(name!.toLowerCase())) found.push(`tag ${tag}`);
    if (attributes!.replace(/\s*\/$/, '').trim() !== '') found.push(`attributes in ${tag}`);
  }
  const withoutTags = html.replace(/<\/?(p|br|strong|em|ul|ol|li|b|i)\s*\/?>/gi, '');
  if (withoutTags.includes('<') || withoutTags.includes('>'))
    found.push(`raw angle bracket in ${JSON.stringify(withoutTags.slice(0, 120))}`);
  return found;
}

describe('raw enquiry HTML', () => {
  it('reaches the inbox as allow-listed tags without attributes, whatever was posted', async () => {
    const posted: number[] = [];
    for (const [i, payload] of CORPUS.entries()) {
      const res = await send(
        w.t.client(),
        'POST',
        '/api/contact-us',
        jsonPayload({ type: ENQUIRY_TYPES[i % ENQUIRY_TYPES.length], formString: `<p>probe ${i}</p>${payload}` }),
      );
      expect(res.status, `${payload}: ${res.text}`).toBe(201);
      posted.push((res.json as { id: number }).id);
    }
    const inbox = await send(w.clients.superadmin, 'GET', '/api/admin/enquiries?limit=100');
    const items = (inbox.json as { items: { id: number; form_html: string }[] }).items;
    for (const [i, id] of posted.entries()) {
      const stored = items.find((e) => e.id === id);
      expect(stored, `enquiry ${id}`).toBeDefined();
      expect(problems(stored!.form_html), `${CORPUS[i]} -> ${stored!.form_html}`).toEqual([]);
      expect(stored!.form_html).toContain(`probe ${i}`);
    }
  });
});
