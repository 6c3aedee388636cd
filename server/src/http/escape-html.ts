/**
 * Escapes text for HTML element content and double-quoted attribute values: one helper for every
 * server-rendered page (sign-in pages, mails, the development listings).
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`);
}
