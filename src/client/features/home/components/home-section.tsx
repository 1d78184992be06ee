/** A home-page section: an anchor target (focusable, so a jump to it moves the focus too) with its heading. */
import type { ReactNode } from 'react';
import type { HomeSection as SectionId } from '@client/features/layout';

interface HomeSectionProps {
  id: SectionId;
  title: string;
  children: ReactNode;
  className?: string;
}

export function HomeSection({ id, title, children, className }: HomeSectionProps) {
  return (
    <section
      id={id}
      className={className ? `home-section ${className}` : 'home-section'}
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
