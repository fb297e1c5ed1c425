import {
  PaginationContext,
  PaginationEllipsis,
  PaginationItem,
  PaginationNextTrigger,
  PaginationPrevTrigger,
  PaginationRoot,
} from '@ark-ui/react/pagination';
import type { ComponentProps, ReactNode } from 'react';
import { pagination } from '../../styled-system/recipes';
import { ChevronEndIcon, ChevronStartIcon } from '../theme/icons';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(pagination);

const Root = /* @__PURE__ */ ctx.withProvider(PaginationRoot, 'root');
const Item = /* @__PURE__ */ ctx.withContext(PaginationItem, 'item');
const Ellipsis = /* @__PURE__ */ ctx.withContext(PaginationEllipsis, 'ellipsis');
const PrevTrigger = /* @__PURE__ */ ctx.withContext(PaginationPrevTrigger, 'prevTrigger');
const NextTrigger = /* @__PURE__ */ ctx.withContext(PaginationNextTrigger, 'nextTrigger');

interface PagerProps extends Omit<ComponentProps<typeof Root>, 'children' | 'translations'> {
  /** Accessible names, translated by the caller. */
  labels: {
    root: string;
    prev: string;
    next: string;
    /** "Page 3" / "Page 3, current page" style names for the numbered items. */
    page: (page: number, current: boolean) => string;
  };
  /** How a page number is written (the caller's Intl number format: Arabic digits in Arabic). */
  formatNumber?: (value: number) => ReactNode;
}

/**
 * The usual pager: previous, numbered pages with ellipses, next. Ark keeps the state (controlled
 * with `page` + `onPageChange`, `count` items of `pageSize`); buttons keep 44 px targets.
 *
 *   <Pager count={total} pageSize={10} page={page} onPageChange={(e) => go(e.page)} labels={…} />
 */
export function Pager({ labels, formatNumber = String, ...props }: PagerProps) {
  return (
    <Root
      siblingCount={1}
      {...props}
      translations={{
        rootLabel: labels.root,
        prevTriggerLabel: labels.prev,
        nextTriggerLabel: labels.next,
        itemLabel: ({ page, totalPages: _ }) => labels.page(page, page === props.page),
      }}
    >
      <PrevTrigger>
        <ChevronStartIcon />
      </PrevTrigger>
      <PaginationContext>
        {(api) =>
          api.pages.map((page, index) =>
            page.type === 'page' ? (
              <Item key={`p${page.value}`} {...page}>
                {formatNumber(page.value)}
              </Item>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: ellipses have no identity but their place
              <Ellipsis key={`e${index}`} index={index}>
                …
              </Ellipsis>
            ),
          )
        }
      </PaginationContext>
      <NextTrigger>
        <ChevronEndIcon />
      </NextTrigger>
    </Root>
  );
}
