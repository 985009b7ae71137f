import { useMemo } from 'react';
import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';

// The same allow-list as the server's (server/modules/protocols/consent-html.ts): headings 1-3, paragraphs,
// lists, bold, italic, links. The server sanitises before storing; the browser sanitises again before
// rendering, so a stored payload from any other path (an import, a database edit) still never executes.
const ALLOWED_TAGS = ['h1', 'h2', 'h3', 'p', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'a', 'br'];
const ALLOWED_ATTR = ['href', 'target', 'rel'];
const SAFE_URL = /^(?:https?:|mailto:)/i;

let hooked = false;
function purifier() {
  if (!hooked) {
    // Links open in a new tab without access to this page; any other scheme (javascript:, data:) loses its href.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName !== 'A') return;
      const href = node.getAttribute('href') ?? '';
      if (!SAFE_URL.test(href.trim())) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    });
    hooked = true;
  }
  return DOMPurify;
}

/** Consent text (HTML) sanitised in the browser with an allow-list. */
export function sanitizeConsentHtml(html: string): string {
  return purifier().sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}

/** Renders consent text: always through the sanitiser, never raw. */
export function ConsentHtml({ html, label }: { html: string; label?: string }) {
  const clean = useMemo(() => sanitizeConsentHtml(html), [html]);
  if (!clean.trim()) return null;
  return (
    <Typography>
      {/* The text is sanitised just above (sanitizeConsentHtml). */}
      <div aria-label={label} dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
