/**
 * A question with a typed answer, in the app (Electron has no window.prompt): `ask` shows it and
 * resolves with the text on OK or Enter, null on Cancel or Esc. One question at a time.
 */
import { useEffect, useRef } from 'react';
import { Store, useSlice } from '../state/store.ts';

interface Question {
  message: string;
  initial: string;
  resolve(answer: string | null): void;
}

const askStore = new Store<{ question: Question | null }>({ question: null });

export function ask(message: string, initial: string): Promise<string | null> {
  askStore.get().question?.resolve(null);
  return new Promise((resolve) => askStore.set({ question: { message, initial, resolve } }));
}

function answer(value: string | null): void {
  const question = askStore.get().question;
  askStore.set({ question: null });
  question?.resolve(value);
}

export function AskDialog() {
  const question = useSlice(askStore, (s) => s.question);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [question]);
  if (!question) return null;
  return (
    <div className="help-backdrop" data-testid="ask-dialog">
      <form
        className="help-dialog ask-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={question.message}
        onSubmit={(e) => {
          e.preventDefault();
          answer(input.current?.value ?? '');
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            answer(null);
          }
        }}
      >
        <p data-testid="ask-message">{question.message}</p>
        <input ref={input} defaultValue={question.initial} data-testid="ask-input" aria-label="Answer" />
        <div className="field-row ask-buttons">
          <button type="button" onClick={() => answer(null)} data-testid="ask-cancel">
            Cancel
          </button>
          <button type="submit" className="primary" data-testid="ask-ok">
            OK
          </button>
        </div>
      </form>
    </div>
  );
}
