import { Children, isValidElement, memo, type ReactElement, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CopyButton } from './copy-button.tsx';

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

/** A fenced code block: language label, copy button, scrolls sideways rather than wrapping. */
function CodeBlock({ children }: { children?: ReactNode }) {
  const code = Children.toArray(children).find(isValidElement) as
    ReactElement<{ className?: string; children?: ReactNode }> | undefined;
  const language = /language-([\w+#.-]+)/.exec(code?.props.className ?? '')?.[1];
  const text = textOf(code?.props.children ?? children).replace(/\n$/, '');
  return (
    <div className="chat-code">
      <div className="chat-code-head">
        <span className="chat-code-lang">{language ?? 'text'}</span>
        <CopyButton text={text} withLabel className="chat-code-copy" />
      </div>
      <pre>
        <code className={code?.props.className}>{text}</code>
      </pre>
    </div>
  );
}

const components: Components = {
  pre: ({ children }) => <CodeBlock>{children}</CodeBlock>,
  // Links leave the page in a new tab and carry no referrer.
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  // Images are never loaded from wherever a model points (privacy, and nothing leaves our origin): a link.
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <a href={src} target="_blank" rel="noopener noreferrer nofollow">
        {alt || src}
      </a>
    ) : null,
  table: ({ children }) => (
    <div className="chat-table-wrap">
      <table>{children}</table>
    </div>
  ),
};

/** Markdown of an answer (GitHub flavour: tables, task lists, strikethrough); raw HTML is not rendered. */
export const ChatMarkdown = memo(function ChatMarkdown({ text }: { text: string }) {
  return (
    <div className="chat-markdown">
      <Markdown remarkPlugins={[remarkGfm]} components={components}>
        {text}
      </Markdown>
    </div>
  );
});
