import type { Article } from '../../../../shared/api/news.ts';

/**
 * An article's body: plain-text paragraphs drawn as text, or the operator's rich text, which the server sanitised
 * when it was saved (no script, no handler, no `javascript:` link: decision 0084).
 */
export function Paragraphs({ article }: { article: Article }) {
  if (article.html !== null) return <div className="qp-news-body" dangerouslySetInnerHTML={{ __html: article.html }} />;
  return (
    <div className="qp-news-body">
      {article.paragraphs.map((text, i) => (
        <p key={i}>{text}</p>
      ))}
    </div>
  );
}
