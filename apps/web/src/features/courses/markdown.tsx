import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** Course Markdown (GFM tables, lists …); links open in a new tab. */
export function MarkdownView({ text, className }: { text: string; className?: string }) {
  return (
    <div className={`course-markdown ${className ?? ''}`}>
      <Markdown
        remarkPlugins={[remarkGfm]}
        components={{
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noreferrer">
              {children}
            </a>
          ),
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}
