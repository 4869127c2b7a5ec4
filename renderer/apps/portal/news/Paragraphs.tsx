import type { Article } from '../../../../shared/api/news.ts';

/** An article's body: plain-text paragraphs drawn as text, so nothing in it can run or style the page. */
export function Paragraphs({ article }: { article: Article }) {
  return (
    <div className="qp-news-body">
      {article.paragraphs.map((text, i) => (
        <p key={i}>{text}</p>
      ))}
    </div>
  );
}
