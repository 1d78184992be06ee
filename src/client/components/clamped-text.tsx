/**
 * Long text (an algo's description) clamped to two lines, with "more" / "less" when it does not
 * fit: a card stays short, the whole text one tap away.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import './clamped-text.css';

export function ClampedText({ text }: { text: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || open) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return; // (jsdom)
    // Again whenever its box changes: a narrower screen, or its stylesheet arriving after it.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [open, text]);
  return (
    <span className="clamped">
      <span ref={ref} className={open ? undefined : 'clamped-text'}>
        {text}
      </span>
      {(overflows || open) && (
        <button type="button" className="clamped-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'less' : 'more'}
        </button>
      )}
    </span>
  );
}
