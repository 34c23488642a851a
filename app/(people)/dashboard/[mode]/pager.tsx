import ui from './ui.module.css';

/** Newer and older pages of a paged list (the API's `page` and `has_more`); nothing when there is one page. */
export function Pager({
  page,
  hasMore,
  hrefOf,
  words,
}: {
  page: number;
  hasMore: boolean;
  hrefOf: (page: number) => string;
  words: { newer: string; older: string };
}) {
  if (page <= 1 && !hasMore) return null;
  return (
    <p className={ui.row}>
      {page > 1 && (
        <a className={ui.link} href={hrefOf(page - 1)}>
          {words.newer}
        </a>
      )}
      {hasMore && (
        <a className={ui.link} href={hrefOf(page + 1)}>
          {words.older}
        </a>
      )}
    </p>
  );
}
