import type { VNode } from 'preact';
import { render } from 'preact-render-to-string';

/**
 * A page component rendered to the HTML document the server sends. preact-render-to-string
 * escapes every text child and attribute value, so a template cannot emit markup from data
 * unless it says `dangerouslySetInnerHTML` (which no page does).
 */
export function renderDocument(page: VNode): string {
  return `<!doctype html>${render(page)}`;
}
