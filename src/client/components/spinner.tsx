/** A spinning ring drawn with CSS (the look of Ionic's "crescent" spinner, without Ionic). */
import './spinner.css';

export function Spinner({ className }: { className?: string }) {
  return <span className={className ? `spinner ${className}` : 'spinner'} aria-hidden="true" />;
}
