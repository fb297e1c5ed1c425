import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useDocumentTitleText } from '../useDocumentTitle';

/** Tab title "<page> · Amina" and the page's meta description, both from message ids. */
export function usePageMeta(titleId: string, descriptionId: string) {
  const intl = useIntl();
  usePageMetaText(intl.formatMessage({ id: titleId }), intl.formatMessage({ id: descriptionId }));
}

/** The same from texts already known (an article's own title and summary); nothing until they are. */
export function usePageMetaText(title: string | null | undefined, description: string | null | undefined) {
  useDocumentTitleText(title);
  useEffect(() => {
    if (!description) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      if (!meta) return;
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [description]);
}
