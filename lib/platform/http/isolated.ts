/**
 * For plain text (mail, a page's title, an `<option>`, an aria-label, a sentence built as a string):
 * the name between U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE, so a right-to-left
 * name, or one holding a direction control stored before names were checked (a U+202E), cannot
 * reorder the text around it. A page that renders the name as an element puts it in a `<bdi>`
 * instead. No dependencies: client components import it too.
 */
export const isolated = (name: string) => `\u2068${name}\u2069`;
