import { useEffect, useRef, useState, type ClipboardEvent, type CSSProperties } from 'react';
import { Button, Input, Popconfirm } from 'antd';
import { CloseOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ClassNameInput } from '../../../components/class-name-input.tsx';
import { LIMITS } from '../meta.ts';
import { planExamples, type ClassDraft, type ExamplePlan, type NameProblem } from '../project-state.ts';
import { useTexts } from '../use-texts.ts';

export interface ClassCardProps {
  cls: ClassDraft;
  color: string;
  nameProblem: (name: string) => NameProblem | null;
  onRename: (name: string) => void;
  onDelete: () => void;
  onAdd: (texts: string[]) => void;
  onRemove: (exampleId: number) => void;
}

function feedbackLines(plan: ExamplePlan, t: ReturnType<typeof useTexts>['t']): string[] {
  const line = (key: 'duplicates' | 'tooLong' | 'overflow', n: number) =>
    n === 0
      ? []
      : [
          t(n === 1 ? `data.addProblem.${key}.one` : `data.addProblem.${key}.other`, {
            n,
            limit: key === 'tooLong' ? LIMITS.maxSentenceLength : LIMITS.maxExamplesPerClass,
          }),
        ];
  return [
    ...line('duplicates', plan.duplicates),
    ...line('tooLong', plan.tooLong),
    ...line('overflow', plan.overflow),
  ];
}

/** One class: its name, its example sentences, and the field that adds more. */
export function ClassCard({ cls, color, nameProblem, onRename, onDelete, onAdd, onRemove }: ClassCardProps) {
  const { t } = useTexts();
  const [draft, setDraft] = useState('');
  const [feedback, setFeedback] = useState<string[]>([]);
  const list = useRef<HTMLUListElement>(null);
  const count = cls.examples.length;
  const previous = useRef(count);

  // Keep the newest example in view when one is added (not when one is removed).
  useEffect(() => {
    if (count > previous.current && list.current) list.current.scrollTop = list.current.scrollHeight;
    previous.current = count;
  }, [count]);

  const add = (texts: string[]) => {
    const plan = planExamples(cls, texts);
    if (plan.accepted.length > 0) onAdd([...plan.accepted]);
    setFeedback(feedbackLines(plan, t));
    return plan;
  };

  const submit = () => {
    if (draft.trim() === '') return;
    const plan = add([draft]);
    // Keep a refused sentence in the field so it can be shortened; clear it once it was taken or a repeat.
    if (plan.tooLong === 0) setDraft('');
  };

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!/\r?\n/u.test(text.trim())) return;
    // A one-line field would join the lines: take them as separate examples instead.
    event.preventDefault();
    add([text]);
  };

  const deleteButton = (
    <Button
      type="text"
      size="small"
      className="tt-icon-button"
      icon={<DeleteOutlined />}
      aria-label={t('data.deleteClass')}
      onClick={count === 0 ? onDelete : undefined}
    />
  );

  return (
    <article
      className="tt-class"
      style={{ '--tt-class-color': color } as CSSProperties}
      data-testid="tt-class"
    >
      <header className="tt-class-head">
        <span className="tt-class-dot" aria-hidden />
        <ClassNameInput
          className="tt-class-name"
          name={cls.name}
          ariaLabel={t('data.className')}
          maxLength={LIMITS.maxClassNameLength + 10}
          problemText={(name) => {
            const problem = nameProblem(name);
            return problem && t(`data.nameProblem.${problem}`, { limit: LIMITS.maxClassNameLength });
          }}
          onRename={onRename}
        />
        <span className="tt-class-count">
          {t(count === 1 ? 'data.examples.one' : 'data.examples.other', { n: count })}
        </span>
        {count === 0 ? (
          deleteButton
        ) : (
          <Popconfirm
            title={t('data.deleteConfirm', { name: cls.name })}
            okText={t('data.delete')}
            cancelText={t('data.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={onDelete}
          >
            {deleteButton}
          </Popconfirm>
        )}
      </header>
      {count > 0 ? (
        <ul className="tt-examples" ref={list} aria-label={cls.name}>
          {cls.examples.map((example) => (
            <li key={example.id}>
              <span className="tt-example-text">{example.text}</span>
              <Button
                type="text"
                size="small"
                className="tt-icon-button tt-example-remove"
                icon={<CloseOutlined />}
                aria-label={t('data.remove', { text: example.text })}
                onClick={() => onRemove(example.id)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="tt-class-empty">{t('data.empty')}</p>
      )}
      <div className="tt-add">
        <Input
          value={draft}
          placeholder={t('data.placeholder')}
          aria-label={`${cls.name}: ${t('data.placeholder')}`}
          title={t('data.pasteHint')}
          onChange={(e) => {
            setDraft(e.target.value);
            if (feedback.length > 0) setFeedback([]);
          }}
          onPressEnter={submit}
          onPaste={paste}
        />
        <Button icon={<PlusOutlined />} onClick={submit} disabled={draft.trim() === ''}>
          {t('data.add')}
        </Button>
      </div>
      {feedback.length > 0 && (
        <div className="tt-add-feedback" role="status">
          {feedback.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      )}
    </article>
  );
}
