/**
 * The building blocks of the public site's content pages, in one import: the page's frame (hero,
 * sections, the form's place; frame.tsx), what sections hold (paragraphs, lists, cards, callouts;
 * blocks.tsx), rich text in messages (rich-text.tsx) and the page's meta (meta.ts).
 */
export * from './blocks';
export * from './frame';
export * from './meta';
export * from './rich-text';
