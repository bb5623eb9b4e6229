import { useId, type FormEvent, type ReactNode } from 'react';

interface FormCardProps {
  /** The card's heading, which also names the form for screen readers. */
  title: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
  /** The form checks its fields itself (its messages beside each field, not the browser's bubbles). */
  noValidate?: boolean;
}

/** A form of its own on a card ("Add an account", "Change your password"), named by its heading. */
export function FormCard({ title, onSubmit, children, noValidate }: FormCardProps) {
  const id = useId();
  return (
    <form className="admin-card admin-form" onSubmit={onSubmit} aria-labelledby={id} noValidate={noValidate}>
      <h2 id={id} className="admin-card__title">
        {title}
      </h2>
      {children}
    </form>
  );
}

/**
 * A card of a view that is not a form ("Your sessions", "Two-factor sign-in"): a section named by
 * its heading, whose `id` pages and tests find it by.
 */
export function Card({ id, title, className, children }: { id: string; title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section className={className ? `admin-card ${className}` : 'admin-card'} aria-labelledby={id}>
      <h2 id={id} className="admin-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
