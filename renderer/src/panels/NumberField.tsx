/**
 * A number input that commits on Enter or blur, not per keystroke, so typing "16" is one
 * command (one undo step), and an empty field means "default" (undefined).
 */
import { useEffect, useState } from 'react';

interface Props {
  label: string;
  value: number | undefined;
  placeholder?: string;
  min?: number;
  step?: string;
  disabled?: boolean;
  testId: string;
  /** Explains the field on hover. */
  title?: string;
  onCommit(value: number | undefined): void;
}

export function NumberField({ label, value, placeholder, min, step, disabled, testId, title, onCommit }: Props) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);
  const commit = () => {
    const trimmed = text.trim();
    const next = trimmed === '' ? undefined : Number(trimmed);
    if (next !== undefined && !Number.isFinite(next)) return setText(value === undefined ? '' : String(value));
    if (next !== value) onCommit(next);
  };
  return (
    <label className="field" title={title}>
      <span>{label}</span>
      <input
        type="number"
        value={text}
        placeholder={placeholder}
        min={min}
        step={step}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </label>
  );
}
