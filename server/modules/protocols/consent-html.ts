import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list for consent text (issue 12): what the rich-text editor makes (headings 1-3,
 * paragraphs, lists, bold, italic, links, line breaks) and nothing else. Everything else is dropped
 * with its content where it can carry code (script, style, svg, math, iframe...), or unwrapped to its
 * text. Links keep only http, https and mailto targets and always open apart from the app.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'p', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'a', 'br'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'svg',
    'math',
    'iframe',
    'object',
    'embed',
    'template',
    'xmp',
    'noembed',
    'noframes',
    'title',
  ],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        target: '_blank',
        rel: 'noopener noreferrer nofollow',
      },
    }),
  },
};

/** Consent HTML as it may be stored and shown. */
export const sanitizeConsentHtml = (html: string) => sanitizeHtml(html, OPTIONS).trim();
