/** The broker access key: dots until the eye toggle reveals the server's masked view of it. */
import '@client/lib/ionic/setup-ionic';
import { IonIcon } from '@ionic/react';
import { eyeOffOutline, eyeOutline } from 'ionicons/icons';
import { useState } from 'react';
import { HIDDEN_SECRET, NA } from '@shared/format';

export function AccessKeyField({ maskedKey }: { maskedKey: string }) {
  const [revealed, setRevealed] = useState(false);
  if (maskedKey === '') return <span>{NA}</span>;
  return (
    <span className="access-key">
      <span className="access-key-value">{revealed ? maskedKey : HIDDEN_SECRET}</span>
      <button
        type="button"
        className="icon-button"
        aria-label={revealed ? 'Hide access key' : 'Show access key'}
        aria-pressed={revealed}
        onClick={() => setRevealed((v) => !v)}
      >
        <IonIcon icon={revealed ? eyeOffOutline : eyeOutline} aria-hidden="true" />
      </button>
    </span>
  );
}
